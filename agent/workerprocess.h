#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QStringList>

/// One hamgam-worker process of a run: started with its rank's arguments,
/// its stdout read as newline-delimited JSON events, its stderr kept (the
/// last lines explain a crash), stopped politely ("stop" on stdin: checkpoint,
/// then exit) or killed. It dies with the agent (PR_SET_PDEATHSIG), so an
/// agent that is killed never leaves orphan workers holding a device.
class WorkerProcess final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkerProcess)

public:
    struct Spec
    {
        QString program;
        QStringList arguments;
        QStringList environment; ///< extra KEY=VALUE entries
        int rank = 0;
        int device = 0;
    };

    explicit WorkerProcess(Spec spec, QObject *parent = nullptr);
    ~WorkerProcess() override;

    void start();
    /// Asks the worker to checkpoint and exit.
    void requestStop();
    /// SIGTERM now, SIGKILL after graceMs.
    void terminate(int graceMs = 3000);

    int rank() const { return m_spec.rank; }
    int device() const { return m_spec.device; }
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    qint64 pid() const { return m_process.processId(); }
    QStringList lastStderrLines() const { return m_stderrTail; }
    /// One line of a worker's stdout as an event; a line that is not an event
    /// becomes a "log" event carrying its text (nothing the worker says is lost).
    /// Not an event: not JSON, not an object, no `event` string (or an empty or
    /// over-long one), a NUL byte, or a kind the agent itself journals (`state`,
    /// `worker_exit`), which a worker must not be able to forge.
    static QJsonObject parseEventLine(const QByteArray &line, int rank);

    /// What is left of a worker's stdout between reads: the start of a line,
    /// or the rest of an over-long line that is being skipped.
    struct LineBuffer
    {
        QByteArray pending;
        bool skipping = false;
    };
    /// The longest line kept whole (1 MiB). A longer one becomes a "log" event
    /// with its beginning, and the rest of it up to its newline is skipped, so
    /// a runaway line neither grows memory nor turns up later as a fragment.
    static constexpr qsizetype kMaxLine = 1024 * 1024;
    /// Appends one chunk of stdout, as it arrived, and returns the events of
    /// the lines it completes; a line may be split over any number of chunks.
    static QList<QJsonObject> takeEvents(LineBuffer &buffer, const QByteArray &chunk, int rank);
    QJsonObject lastError() const { return m_lastError; }
    /// The worker's `done` event (empty if it printed none): its `reason` tells a completed run from a
    /// stopped one.
    QJsonObject doneEvent() const { return m_done; }

Q_SIGNALS:
    void eventReceived(const QJsonObject &event);
    /// exitCode is meaningful when crashed is false; otherwise signal holds the signal number if known.
    void finished(int exitCode, bool crashed, const QString &description);

private:
    void onStdout();
    void onStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);

    Spec m_spec;
    QProcess m_process;
    LineBuffer m_stdoutBuffer;
    QByteArray m_stderrBuffer;
    QStringList m_stderrTail;
    QJsonObject m_lastError;
    QJsonObject m_done;
    bool m_finished = false;
};
