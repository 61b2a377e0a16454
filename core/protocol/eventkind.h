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
    // The worker's: the link measured and each sync mode's forecast (issue #32).
    Link,
    Unknown ///< last: every kind before it has a name
};

namespace EventKinds {
/// The kind `name` stands for ("worker_exit": WorkerExit); Unknown for any other name.
EventKind fromString(QStringView name);
/// The name on the wire, in journals and in the history; empty for Unknown.
QString name(EventKind kind);
} // namespace EventKinds

/// A run event's kind as it travels and as code compares it (RunEvent::kind): the
/// name, kept byte for byte for the wire, the journals and the history, and the enum,
/// parsed once when the event is made rather than at every reader.
class RunEventKind
{
public:
    RunEventKind() = default;
    /// From the wire, a journal or the history: an unknown name stays, as Unknown.
    RunEventKind(const QString &name) // NOLINT(google-explicit-constructor): a kind reads as its name
        : m_name(name)
        , m_value(EventKinds::fromString(name))
    {}
    RunEventKind(QLatin1StringView name)
        : RunEventKind(QString(name))
    {}
    /// From code that makes an event.
    RunEventKind(EventKind kind)
        : m_name(EventKinds::name(kind))
        , m_value(kind)
    {}

    EventKind value() const { return m_value; }
    const QString &name() const { return m_name; }
    operator const QString &() const { return m_name; }

    friend bool operator==(const RunEventKind &a, const RunEventKind &b) { return a.m_name == b.m_name; }
    friend bool operator!=(const RunEventKind &a, const RunEventKind &b) { return !(a == b); }
    friend bool operator==(const RunEventKind &a, EventKind b) { return a.m_value == b; }
    friend bool operator!=(const RunEventKind &a, EventKind b) { return a.m_value != b; }
    friend bool operator==(const RunEventKind &a, const QString &b) { return a.m_name == b; }
    friend bool operator!=(const RunEventKind &a, const QString &b) { return a.m_name != b; }
    friend bool operator==(const RunEventKind &a, QLatin1StringView b) { return a.m_name == b; }
    friend bool operator!=(const RunEventKind &a, QLatin1StringView b) { return a.m_name != b; }

private:
    QString m_name;
    EventKind m_value = EventKind::Unknown;
};
