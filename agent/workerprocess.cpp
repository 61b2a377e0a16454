#include "workerprocess.h"

#include "eventkind.h"

#include <csignal>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QTimer>
#include <sys/prctl.h>
#include <sys/wait.h>

namespace {
constexpr qsizetype kMaxStderrLine = 1024 * 1024;
constexpr int kStderrLines = 20;
constexpr qsizetype kMaxLogText = 4096;

QJsonObject logEvent(const QByteArray &line, int rank)
{
    return QJsonObject{{QStringLiteral("event"), EventKinds::name(EventKind::Log)},
                       {QStringLiteral("rank"), rank},
                       {QStringLiteral("text"), QString::fromUtf8(line.left(kMaxLogText))}};
}
} // namespace

WorkerProcess::WorkerProcess(Spec spec, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
{
    m_process.setProgram(m_spec.program);
    m_process.setArguments(m_spec.arguments);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &kv : std::as_const(m_spec.environment))
        env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    m_process.setProcessEnvironment(env);
    m_process.setChildProcessModifier([] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // Its own process group: a signal to the agent's group does not hit the workers twice.
        ::setpgid(0, 0);
    });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &WorkerProcess::onStdout);
    connect(&m_process, &QProcess::readyReadStandardError, this, &WorkerProcess::onStderr);
    connect(&m_process, &QProcess::finished, this, &WorkerProcess::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && !m_finished) {
            m_finished = true;
            Q_EMIT finished(-1, true,
                            QCoreApplication::translate("WorkerProcess", "cannot start %1: %2")
                                .arg(m_spec.program, m_process.errorString()));
        }
    });
}

WorkerProcess::~WorkerProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

void WorkerProcess::start()
{
    m_process.start(QIODevice::ReadWrite);
}

void WorkerProcess::requestStop()
{
    if (m_process.state() == QProcess::Running)
        m_process.write("{\"cmd\":\"stop\"}\n");
}

void WorkerProcess::terminate(int graceMs)
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    QTimer::singleShot(graceMs, this, [this] {
        if (m_process.state() != QProcess::NotRunning)
            m_process.kill();
    });
}

void WorkerProcess::onStdout()
{
    const QList<QJsonObject> events =
        takeEvents(m_stdoutBuffer, m_process.readAllStandardOutput(), m_spec.rank);
    for (const QJsonObject &event : events) {
        const EventKind kind = EventKinds::fromString(event.value(QStringLiteral("event")).toString());
        if (kind == EventKind::Error)
            m_lastError = event;
        else if (kind == EventKind::Done)
            m_done = event;
        Q_EMIT eventReceived(event);
    }
}

QList<QJsonObject> WorkerProcess::takeEvents(LineBuffer &buffer, const QByteArray &chunk, int rank)
{
    QList<QJsonObject> events;
    qsizetype start = 0;
    while (start < chunk.size()) {
        const qsizetype nl = chunk.indexOf('\n', start);
        const qsizetype end = nl < 0 ? chunk.size() : nl;
        if (!buffer.skipping) {
            buffer.pending.append(chunk.constData() + start, end - start);
            if (buffer.pending.size() > kMaxLine) {
                events.append(logEvent(buffer.pending.trimmed(), rank));
                buffer.pending.clear();
                buffer.skipping = true;
            } else if (nl >= 0) {
                const QByteArray line = buffer.pending.trimmed();
                buffer.pending.clear();
                if (!line.isEmpty())
                    events.append(parseEventLine(line, rank));
            }
        }
        if (nl < 0)
            break;
        buffer.skipping = false; // the newline ends a skipped line too
        start = nl + 1;
    }
    return events;
}

void WorkerProcess::onStderr()
{
    m_stderrBuffer += m_process.readAllStandardError();
    const qsizetype nl = m_stderrBuffer.lastIndexOf('\n');
    if (nl < 0) {
        if (m_stderrBuffer.size() > kMaxStderrLine)
            m_stderrBuffer.clear();
        return;
    }
    for (const QByteArray &line : m_stderrBuffer.left(nl).split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        m_stderrTail.append(QString::fromUtf8(line.left(1000)));
        if (m_stderrTail.size() > kStderrLines)
            m_stderrTail.removeFirst();
    }
    m_stderrBuffer.remove(0, nl + 1);
}

void WorkerProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    onStdout();
    onStderr();
    if (m_finished)
        return;
    m_finished = true;
    if (status == QProcess::CrashExit) {
        // QProcess does not expose the signal; the exit code of a crash is the signal number on Linux.
        Q_EMIT finished(exitCode, true,
                        QCoreApplication::translate("WorkerProcess", "killed by signal %1 (%2)")
                            .arg(exitCode)
                            .arg(QString::fromLatin1(strsignal(exitCode))));
        return;
    }
    Q_EMIT finished(exitCode, false,
                    QCoreApplication::translate("WorkerProcess", "exited with code %1").arg(exitCode));
}

QJsonObject WorkerProcess::parseEventLine(const QByteArray &line, int rank)
{
    if (line.contains('\0')) // never in JSON text; do not let a parser stop short at it
        return logEvent(line, rank);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    const QJsonObject event = doc.object();
    const QJsonValue kindValue = event.value(QStringLiteral("event"));
    const QString kind = kindValue.toString();
    if (error.error == QJsonParseError::NoError && doc.isObject() && kindValue.isString() &&
        !kind.isEmpty() && kind.size() <= 64 && EventKinds::fromString(kind) != EventKind::State &&
        EventKinds::fromString(kind) != EventKind::WorkerExit)
        return event;
    return logEvent(line, rank);
}
