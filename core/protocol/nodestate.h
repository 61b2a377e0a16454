#pragma once

#include <QString>
#include <QStringView>

/// A run's state on one node, as its agent reports it: in `state` events,
/// `run_state` pushes, `list_runs` and the journal's state.json, all as the
/// state's name. A name this version does not know (or none yet) is Unknown.
enum class NodeState : quint8
{
    Starting, ///< journal created, workers not started yet
    Running,
    Stopping, ///< a stop was asked: the workers finish their step and checkpoint
    Finished,
    Failed,
    Stopped,
    Aborted,
    Queued, ///< journaled in the lab's queue: starts when its devices are free (docs/lab.md)
    Unknown ///< last: every state before it has a name
};

namespace NodeStates {
/// The state `name` stands for; Unknown for an empty or unknown name.
NodeState fromString(QStringView name);
/// The name agents send and journal; empty for Unknown.
QString name(NodeState state);
/// Nothing of the run goes on on that node any more: finished, failed, stopped or aborted.
bool isFinal(NodeState state);
} // namespace NodeStates
