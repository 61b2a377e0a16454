#include "eventsink.h"

#include <chrono>
#include <nlohmann/json.hpp>

namespace hamgam::engine {

EventSink::EventSink(int rank, std::FILE *out)
    : m_rank(rank)
    , m_out(out)
{}

void EventSink::publish(const std::string &event, const nlohmann::json &fields)
{
    nlohmann::json line = nlohmann::json::object();
    line["event"] = event;
    line["rank"] = m_rank;
    line["time"] = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
    if (fields.is_object())
        for (auto it = fields.begin(); it != fields.end(); ++it)
            line[it.key()] = it.value();
    // Invalid UTF-8 (a file name, say) must not end the process: replace it.
    const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::lock_guard lock(m_mutex);
    std::fwrite(text.data(), 1, text.size(), m_out);
    std::fputc('\n', m_out);
    std::fflush(m_out);
}

} // namespace hamgam::engine
