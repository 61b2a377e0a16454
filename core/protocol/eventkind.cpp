#include "eventkind.h"

#include <iterator>

namespace {
// Indexed by EventKind. These names are the contract with workers, agents and
// histories of every version: never rename one.
constexpr const char *kNames[] = {
    "ready",           "plan",     "step",      "rebalance",   "eval",   "checkpoint", "done",
    "error",           "log",      "state",     "worker_exit", "launch", "elastic",    "stop_requested",
    "abort_requested", "finished", "diagnosis", "warning",     "model",  "link",
};
static_assert(std::size(kNames) == size_t(EventKind::Unknown), "a name for every EventKind");
} // namespace

EventKind EventKinds::fromString(QStringView name)
{
    for (size_t i = 0; i < std::size(kNames); ++i) {
        if (name == QLatin1String(kNames[i]))
            return EventKind(i);
    }
    return EventKind::Unknown;
}

QString EventKinds::name(EventKind kind)
{
    return kind < EventKind::Unknown ? QString::fromLatin1(kNames[size_t(kind)]) : QString();
}
