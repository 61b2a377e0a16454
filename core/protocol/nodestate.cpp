#include "nodestate.h"

#include <iterator>

namespace {
// Indexed by NodeState: the names agents of every version send.
constexpr const char *kNames[] = {
    "starting", "running", "stopping", "finished", "failed", "stopped", "aborted", "queued",
};
static_assert(std::size(kNames) == size_t(NodeState::Unknown), "a name for every NodeState");
} // namespace

NodeState NodeStates::fromString(QStringView name)
{
    for (size_t i = 0; i < std::size(kNames); ++i) {
        if (name == QLatin1String(kNames[i]))
            return NodeState(i);
    }
    return NodeState::Unknown;
}

QString NodeStates::name(NodeState state)
{
    return state < NodeState::Unknown ? QString::fromLatin1(kNames[size_t(state)]) : QString();
}

bool NodeStates::isFinal(NodeState state)
{
    switch (state) {
    case NodeState::Finished:
    case NodeState::Failed:
    case NodeState::Stopped:
    case NodeState::Aborted:
        return true;
    case NodeState::Starting:
    case NodeState::Running:
    case NodeState::Stopping:
    case NodeState::Queued:
    case NodeState::Unknown:
        return false;
    }
    return false;
}
