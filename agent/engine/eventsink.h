#pragma once

#include "eventjson.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace hamgam::engine {

/// Writes the worker's events (docs/worker-events.md): one JSON object per
/// line on stdout, each with "event", "rank" and "time" (unix ms), flushed at
/// once so the agent sees them live. Safe to call from any thread.
class EventSink
{
public:
    explicit EventSink(int rank, std::FILE *out = stdout);

    /// A declared event (agent/contracts/workerevents.h), under its name.
    template<class Event> void publish(const Event &event)
    {
        publish(Event::kName, EventJsonWriter::object(event));
    }
    void publish(const std::string &event, const nlohmann::json &fields);
    void setRank(int rank) { m_rank = rank; }

private:
    std::mutex m_mutex;
    int m_rank;
    std::FILE *m_out;
};

} // namespace hamgam::engine
