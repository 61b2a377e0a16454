#pragma once

#include <exception>
#include <string>

namespace hamgam::engine {

/// What kind of failure ended (or would end) a run; decides the exit code and
/// the "cause" of the error event.
enum class ErrorKind
{
    Config,        ///< the run config is invalid: exit 1
    Usage,         ///< bad command line: exit 2
    Communication, ///< a peer died, timed out or could not be reached: exit 3
    Data,          ///< a dataset is missing, truncated or corrupt: exit 4
    Checkpoint,    ///< a checkpoint cannot be written or read: exit 5
    Internal,      ///< anything else (a LibTorch error, a bug): exit 6
};

/// A failure with the message a user reads.
struct Error
{
    ErrorKind kind = ErrorKind::Internal;
    std::string message;
};

/// The process exit code for an error kind (0 is success, never returned here).
int exitCode(ErrorKind kind);
/// The "cause" field of the error event: config, usage, communication, data, checkpoint, internal.
const char *causeName(ErrorKind kind);
/// The first line of a LibTorch, Gloo or TorchScript message (they may start with a blank line and
/// end with a C++ backtrace): what a user reads in an event. "unknown error" when it is empty.
std::string firstLine(const std::string &text);
inline std::string firstLine(const std::exception &e)
{
    return firstLine(std::string(e.what()));
}

} // namespace hamgam::engine
