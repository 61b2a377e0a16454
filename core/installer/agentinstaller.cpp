#include "agentinstaller.h"

#include "fingerprintstore.h"
#include "installjob.h"
#include "logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSysInfo>
#include <QThread>

AgentInstaller::AgentInstaller(InstallRequest request, const Identity &controller, FingerprintStore *pins,
                               QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_identity(controller)
    , m_pins(pins)
{
    m_result.host = m_request.host;
}

AgentInstaller::~AgentInstaller()
{
    if (m_thread) {
        // The worker never waits on this thread (questions time out on cancel), so this cannot deadlock.
        cancel();
        m_thread->wait();
        delete m_thread;
    }
}

void AgentInstaller::start()
{
    if (m_thread)
        return;
    m_thread = QThread::create([this, request = m_request]() mutable {
        InstallJob::Hooks hooks;
        hooks.stepStarted = [this](InstallStep step, int index, int count) {
            Q_EMIT stepStarted(step, index, count);
        };
        hooks.uploadProgress = [this](qint64 done, qint64 total) { Q_EMIT uploadProgress(done, total); };
        hooks.note = [this](const QString &text) { Q_EMIT noteAdded(text); };
        hooks.ask = [this](const InstallQuestion &q) { return ask(q); };
        InstallJob job(std::move(request), m_identity, hooks, m_cancelled);
        m_jobResult = job.run();
    });
    m_thread->setObjectName(QStringLiteral("install %1").arg(m_request.host));
    connect(m_thread, &QThread::finished, this, &AgentInstaller::onThreadFinished);
    m_request.secret.clear(); // the job has its own copy and wipes it
    m_thread->start();
}

void AgentInstaller::cancel()
{
    m_cancelled.store(true);
    QMutexLocker lock(&m_mutex);
    m_answered.wakeAll();
}

void AgentInstaller::answer(const std::optional<QString> &reply)
{
    QMutexLocker lock(&m_mutex);
    if (!m_waiting)
        return;
    m_answer = reply;
    m_hasAnswer = true;
    m_answered.wakeAll();
}

std::optional<QString> AgentInstaller::ask(const InstallQuestion &question)
{
    {
        QMutexLocker lock(&m_mutex);
        m_waiting = true;
        m_hasAnswer = false;
        m_answer.reset();
    }
    // Emitted without the lock held, so a directly connected slot may answer at once.
    Q_EMIT questionAsked(question);
    QMutexLocker lock(&m_mutex);
    while (!m_hasAnswer && !m_cancelled.load())
        m_answered.wait(&m_mutex, 100);
    m_waiting = false;
    std::optional<QString> reply = m_cancelled.load() ? std::nullopt : m_answer;
    m_answer.reset();
    return reply;
}

void AgentInstaller::onThreadFinished()
{
    m_result = m_jobResult;
    m_finished = true;
    const InstallRequest::Action action = m_request.action;
    if (m_pins && m_result.ok()) {
        const bool installing =
            action == InstallRequest::Action::Install || action == InstallRequest::Action::Upgrade;
        if (installing && !m_result.nodeId.isEmpty() && !m_result.fingerprint.isEmpty() &&
            m_pins->fingerprintForNode(m_result.nodeId) != m_result.fingerprint) {
            // The fingerprint came over SSH, which the user authenticated: pin it without a second prompt.
            if (auto s = m_pins->add(m_result.fingerprint, m_result.host, m_result.nodeId); !s)
                m_result.notes.append(s.error());
            else
                qCInfo(lcTrust).noquote() << "pinned" << m_result.host << "installed over SSH"
                                          << Identity::displayFingerprint(m_result.fingerprint);
        } else if (!installing && !m_result.nodeId.isEmpty() && !m_result.fingerprint.isEmpty()) {
            const QString pinned = m_pins->fingerprintForNode(m_result.nodeId);
            if (!pinned.isEmpty() && pinned != m_result.fingerprint)
                m_result.notes.append(
                    tr("This controller has pinned another fingerprint for %1 (%2); the agent now "
                       "shows %3. Forget the machine and install again to trust it.")
                        .arg(m_result.host, Identity::displayFingerprint(pinned),
                             Identity::displayFingerprint(m_result.fingerprint)));
        }
        if (action == InstallRequest::Action::Uninstall && !m_result.nodeId.isEmpty())
            (void)m_pins->removeNode(m_result.nodeId);
    }
    Q_EMIT finished(m_result);
}

QString AgentInstaller::defaultAgentBinary()
{
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hamgam-agent"));
}

QString AgentInstaller::defaultWorkerBinary()
{
    const QString path =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hamgam-worker"));
    return QFileInfo(path).isExecutable() ? path : QString();
}

QString AgentInstaller::defaultPackageFile()
{
    // `cmake --build build --target package` leaves the .deb files in the build directory, above bin/.
    const QString arch = QSysInfo::buildCpuArchitecture() == QLatin1String("x86_64")
                             ? QStringLiteral("amd64")
                             : QSysInfo::buildCpuArchitecture();
    const QStringList dirs{QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("..")),
                           QStringLiteral("/usr/share/hamgam/packages")};
    for (const QString &dir : dirs) {
        const QFileInfoList found = QDir(dir).entryInfoList(
            {QStringLiteral("hamgam-agent_*_%1.deb").arg(arch)}, QDir::Files, QDir::Time);
        if (!found.isEmpty())
            return found.first().canonicalFilePath();
    }
    return {};
}
