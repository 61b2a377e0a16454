#include "error.h"

namespace hamgam::engine {

int exitCode(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Config:
        return 1;
    case ErrorKind::Usage:
        return 2;
    case ErrorKind::Communication:
        return 3;
    case ErrorKind::Data:
        return 4;
    case ErrorKind::Checkpoint:
        return 5;
    case ErrorKind::Internal:
        return 6;
    }
    return 6;
}

const char *causeName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Config:
        return "config";
    case ErrorKind::Usage:
        return "usage";
    case ErrorKind::Communication:
        return "communication";
    case ErrorKind::Data:
        return "data";
    case ErrorKind::Checkpoint:
        return "checkpoint";
    case ErrorKind::Internal:
        return "internal";
    }
    return "internal";
}

std::string firstLine(const std::string &text)
{
    const auto start = text.find_first_not_of(" \n");
    if (start == std::string::npos)
        return "unknown error";
    const auto end = text.find('\n', start);
    return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

} // namespace hamgam::engine
