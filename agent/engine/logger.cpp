#include "logger.h"

#include <chrono>
#include <ctime>

namespace hamgam::engine {

Logger::Logger(int rank, Level threshold, std::FILE *out)
    : m_rank(rank)
    , m_threshold(threshold)
    , m_out(out)
{}

void Logger::log(Level level, const std::string &message)
{
    if (level < m_threshold)
        return;
    static const char *const kNames[] = {"debug", "info", "warning", "error"};
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm tm{};
    localtime_r(&seconds, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
    std::lock_guard lock(m_mutex);
    std::fprintf(m_out, "[%s.%03d hamgam-worker r%d %s] %s\n", stamp, static_cast<int>(ms), m_rank,
                 kNames[static_cast<int>(level)], message.c_str());
    std::fflush(m_out);
}

} // namespace hamgam::engine
