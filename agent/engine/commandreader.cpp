#include "commandreader.h"

#include <cerrno>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <unistd.h>

namespace hamgam::engine {

CommandReader::CommandReader(std::atomic<bool> &stopFlag, Warn warn, std::FILE *in)
    : m_stop(stopFlag)
    , m_warn(std::move(warn))
    , m_in(in)
{
    m_thread = std::thread([this] { run(); });
}

CommandReader::~CommandReader()
{
    m_quit = true;
    if (m_thread.joinable())
        m_thread.join();
}

bool CommandReader::isStop(const std::string &line, std::string *unknown)
{
    std::string text = line;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    while (!text.empty() && text.front() == ' ')
        text.erase(text.begin());
    if (text.empty())
        return false;
    if (text == "stop")
        return true;
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_object() && j.contains("cmd") && j["cmd"].is_string()) {
        if (j["cmd"].get<std::string>() == "stop")
            return true;
    }
    if (unknown)
        *unknown = text;
    return false;
}

void CommandReader::run()
{
    // poll() with a short timeout rather than a blocking read, so the
    // destructor can end the thread even when stdin stays open and silent.
    const int fd = fileno(m_in);
    std::string pending;
    char buffer[4096];
    while (!m_quit) {
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, 200);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; // end of input: not a stop
        pending.append(buffer, static_cast<size_t>(n));
        for (auto nl = pending.find('\n'); nl != std::string::npos; nl = pending.find('\n')) {
            const std::string line = pending.substr(0, nl);
            pending.erase(0, nl + 1);
            std::string unknown;
            if (isStop(line, &unknown))
                m_stop = true;
            else if (!unknown.empty() && m_warn)
                m_warn("unknown command ignored: " + unknown.substr(0, 200));
        }
    }
    if (!pending.empty() && isStop(pending))
        m_stop = true;
}

} // namespace hamgam::engine
