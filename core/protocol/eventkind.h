#pragma once

#include <QString>
#include <QStringView>

/// What a run event is (RunEvent::kind): the worker's events
/// (docs/worker-events.md), the agent's and the controller's. The wire, the
/// journals and the history keep the kind's name as text, byte for byte; code
/// parses it once and compares the enum. A kind this version does not know (a
/// newer worker's or agent's) is Unknown: its event is still stored and shown,
/// under the name it came with.
enum class EventKind : quint8
{
    // The worker's, one line of its stdout each.
    Ready,
    Plan,
    Step,
    Rebalance,
    Eval,
    Checkpoint,
    Done,
    Error,
    // The agent's: a line of the worker that is no event, a run's state on the node, a worker's end.
    Log,
    State,
    WorkerExit,
    // The controller's notes in the history.
    Launch,
    Elastic,
    StopRequested,
    AbortRequested,
    Finished,
    Diagnosis,
    Warning,
    // The worker's, after the first version: the trained model was written (issue #20).
    Model,
    Unknown ///< last: every kind before it has a name
};

namespace EventKinds {
/// The kind `name` stands for ("worker_exit": WorkerExit); Unknown for any other name.
EventKind fromString(QStringView name);
/// The name on the wire, in journals and in the history; empty for Unknown.
QString name(EventKind kind);
} // namespace EventKinds
