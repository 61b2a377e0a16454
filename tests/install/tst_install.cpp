// The SSH agent installer against a real OpenSSH server on 127.0.0.1 (SshLab):
// hamgamctl install -> the agent runs, trusts us and is pinned -> hamgamctl
// nodes shows it trusted and online -> uninstall leaves nothing behind; the
// crontab fallback; unknown, changed and other-type host keys; a wrong
// password; and a cancel in the middle of the upload (in process, as the app
// drives AgentInstaller).
#include "agentinstaller.h"
#include "controllerprofile.h"
#include "sshlab.h"

#include <atomic>
#include <csignal>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

class TestInstall : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void unknownHostKeyIsRefusedWithoutYes();
    void installRunsTrustedAgentAndUninstallLeavesNothing();
    void crontabWhenSystemctlUserIsMissing();
    void changedHostKeyIsRefusedAndNothingSent_data();
    void changedHostKeyIsRefusedAndNothingSent();
    void wrongPasswordNamesTheStep();
    void declinedHostKeyQuestionRefuses();
    void cancelMidUploadLeavesNoPartialFiles();

private:
    int ctl(const QStringList &args, QByteArray *out, QByteArray *err, const QByteArray &input = {});
    QStringList installArgs(const QString &command, const QString &knownHosts) const;
    QString knownHosts() const { return m_controller.filePath(QStringLiteral("home/.ssh/known_hosts")); }
    QString sshdLogSince(qsizetype offset) const { return m_lab->sshdLog().mid(offset); }
    QStringList agentPids() const
    {
        return toStrings(SshLab::processesMatching(m_lab->remoteHome() + QStringLiteral("/.local/bin")));
    }
    static QStringList toStrings(const QList<qint64> &pids)
    {
        QStringList out;
        for (qint64 p : pids)
            out.append(QString::number(p));
        return out;
    }
    InstallRequest inProcessRequest(const QString &knownHostsFile) const;
    /// The steps hamgamctl announced on stderr ("[host] Connect (1/11)"), each as "Connect 1/11".
    static QStringList announcedSteps(const QByteArray &err);
    /// The steps an AgentInstaller announced, each as "Connect 1/11".
    static QStringList announcedSteps(const QSignalSpy &spy);
    /// What a per-user job really runs, step by step (the order tst_installsteps checks in the tables).
    static const QStringList &userInstallSteps();

    std::unique_ptr<SshLab> m_lab;
    QTemporaryDir m_controller; ///< the controller's HOME and XDG directories
    quint16 m_agentPort = 0;
    quint16 m_discoveryPort = 0;
};

void TestInstall::initTestCase()
{
    if (!QFileInfo::exists(QStringLiteral("/usr/sbin/sshd")) ||
        !QFileInfo::exists(QStringLiteral("/usr/bin/ssh-keygen")))
        QSKIP("openssh-server and openssh-client are needed (scripts/install-deps installs them)");
    // No ssh-agent of the person running the tests, and no keys of theirs.
    qunsetenv("SSH_AUTH_SOCK");
    QDir(m_controller.path()).mkpath(QStringLiteral("home"));
    qputenv("HOME", m_controller.filePath(QStringLiteral("home")).toUtf8());
    m_lab = std::make_unique<SshLab>();
    QString error;
    QVERIFY2(m_lab->start(&error), qPrintable(error));
    m_agentPort = SshLab::freePort();
    m_discoveryPort = quint16(40000 + QRandomGenerator::global()->bounded(20000));
}

void TestInstall::cleanup()
{
    // Whatever a failed case left: agents, files in the remote HOME, fake state.
    for (const QString &pid : agentPids())
        ::kill(pid.toInt(), SIGKILL);
    QDir(m_lab->remoteHome()).removeRecursively();
    QDir().mkpath(m_lab->remoteHome());
    for (const char *name : {"crontab", "linger", "no-user-systemd", "hamgam-agent.service.pid"})
        QFile::remove(m_lab->statePath(QString::fromLatin1(name)));
}

int TestInstall::ctl(const QStringList &args, QByteArray *out, QByteArray *err, const QByteArray &input)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_controller.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_controller.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_controller.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.remove(QStringLiteral("SSH_AUTH_SOCK"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HAMGAM_BIN_DIR "/hamgamctl"), args);
    if (!p.waitForStarted(5000))
        return -1;
    p.write(input);
    p.closeWriteChannel();
    if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 60000)) {
        p.kill();
        p.waitForFinished(2000);
        return -1;
    }
    *out = p.readAllStandardOutput();
    *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QStringList TestInstall::installArgs(const QString &command, const QString &knownHostsFile) const
{
    QStringList args{command,
                     QStringLiteral("%1@127.0.0.1:%2").arg(m_lab->userName()).arg(m_lab->port()),
                     QStringLiteral("--known-hosts"),
                     knownHostsFile,
                     QStringLiteral("--no-ssh-config"),
                     QStringLiteral("--agent-port"),
                     QString::number(m_agentPort)};
    if (command == QLatin1String("install"))
        args << QStringLiteral("--timeout") << QStringLiteral("20") << QStringLiteral("--agent-args")
             << QStringLiteral("--bind 127.0.0.1 --discovery-port %1 --discovery-targets 127.255.255.255 "
                               "--beacon-interval-ms 500 --name remote-lab")
                    .arg(m_discoveryPort);
    return args;
}

InstallRequest TestInstall::inProcessRequest(const QString &knownHostsFile) const
{
    InstallRequest r;
    r.host = QStringLiteral("127.0.0.1");
    r.sshPort = m_lab->port();
    r.user = m_lab->userName();
    r.identityFile = m_lab->userKey();
    r.knownHostsFile = knownHostsFile;
    r.readSshConfig = false;
    r.agentBinary = QStringLiteral(HAMGAM_BIN_DIR "/hamgam-agent");
    r.agentPort = m_agentPort;
    return r;
}

QStringList TestInstall::announcedSteps(const QByteArray &err)
{
    static const QRegularExpression line(QStringLiteral("^\\[[^\\]]*\\] (.+) \\((\\d+)/(\\d+)\\)$"));
    QStringList out;
    for (const QString &text : QString::fromUtf8(err).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = line.match(text);
        if (m.hasMatch())
            out.append(QStringLiteral("%1 %2/%3").arg(m.captured(1), m.captured(2), m.captured(3)));
    }
    return out;
}

QStringList TestInstall::announcedSteps(const QSignalSpy &spy)
{
    QStringList out;
    for (const QList<QVariant> &args : spy)
        out.append(QStringLiteral("%1 %2/%3")
                       .arg(InstallText::step(args.at(0).value<InstallStep>()))
                       .arg(args.at(1).toInt() + 1)
                       .arg(args.at(2).toInt()));
    return out;
}

const QStringList &TestInstall::userInstallSteps()
{
    static const QStringList steps{QStringLiteral("Connect 1/11"),
                                   QStringLiteral("Host key 2/11"),
                                   QStringLiteral("Sign in 3/11"),
                                   QStringLiteral("Inspect the machine 4/11"),
                                   QStringLiteral("Upload 5/11"),
                                   QStringLiteral("Check libraries 6/11"),
                                   QStringLiteral("Install files 7/11"),
                                   QStringLiteral("Trust 8/11"),
                                   QStringLiteral("Autostart 9/11"),
                                   QStringLiteral("Start 10/11"),
                                   QStringLiteral("Wait for the agent 11/11")};
    return steps;
}

void TestInstall::unknownHostKeyIsRefusedWithoutYes()
{
    QFile::remove(knownHosts());
    const qsizetype logStart = m_lab->sshdLog().size();
    QByteArray out, err;
    const int rc = ctl(installArgs(QStringLiteral("install"), knownHosts())
                           << QStringLiteral("--identity") << m_lab->userKey(),
                       &out, &err);
    QCOMPARE(rc, 4);
    QVERIFY2(err.contains("host key fingerprint is") && err.contains("SHA256:"), err.constData());
    QVERIFY2(err.contains("stdin is not a terminal"), err.constData());
    QVERIFY2(out.contains("REFUSED"), out.constData());
    QVERIFY(!QFileInfo::exists(knownHosts()));
    QVERIFY(!sshdLogSince(logStart).contains(QLatin1String("Accepted")));
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
}

void TestInstall::installRunsTrustedAgentAndUninstallLeavesNothing()
{
    QFile::remove(knownHosts());
    const QStringList before = m_lab->remoteHomeTree();
    QByteArray out, err;
    QElapsedTimer timer;
    timer.start();
    int rc = ctl(installArgs(QStringLiteral("install"), knownHosts())
                     << QStringLiteral("--identity") << m_lab->userKey() << QStringLiteral("--yes"),
                 &out, &err);
    QVERIFY2(rc == 0, QByteArray(out + err).constData());
    qInfo("install took %lld ms", timer.elapsed());
    QCOMPARE(announcedSteps(err), userInstallSteps());
    QVERIFY2(out.contains("done") && out.contains("trusted, answering on 127.0.0.1"), out.constData());
    QVERIFY2(err.contains("Accepted (--yes)"), err.constData());

    // The host key was remembered; the agent runs from the user unit, with lingering.
    QFile kh(knownHosts());
    QVERIFY(kh.open(QIODevice::ReadOnly));
    QVERIFY(kh.readAll().contains(QStringLiteral("[127.0.0.1]:%1").arg(m_lab->port()).toUtf8()));
    QFile calls(m_lab->statePath(QStringLiteral("calls.log")));
    QVERIFY(calls.open(QIODevice::ReadOnly));
    const QByteArray log = calls.readAll();
    QVERIFY2(log.contains("systemctl --user enable hamgam-agent.service"), log.constData());
    QVERIFY2(log.contains("systemctl --user restart hamgam-agent.service"), log.constData());
    QVERIFY2(log.contains("loginctl enable-linger"), log.constData());
    QVERIFY(!agentPids().isEmpty());
    const QStringList tree = m_lab->remoteHomeTree();
    QVERIFY2(tree.contains(QStringLiteral(".local/bin/hamgam-agent")),
             qPrintable(tree.join(QLatin1Char(' '))));
    QVERIFY(tree.contains(QStringLiteral(".config/systemd/user/hamgam-agent.service")));
    QVERIFY(tree.filter(QStringLiteral(".upload-")).isEmpty());

    // The agent trusts this controller, and this controller pinned the agent.
    auto profile = ControllerProfile::open(m_controller.filePath(QStringLiteral("config/hamgam")),
                                           m_controller.filePath(QStringLiteral("data/hamgam")));
    QVERIFY2(profile, qPrintable(profile.error()));
    QFile trust(m_lab->remoteHome() + QStringLiteral("/.config/hamgam-agent/trusted-controllers.json"));
    QVERIFY(trust.open(QIODevice::ReadOnly));
    QVERIFY(trust.readAll().contains(profile->identity().fingerprint().toLatin1()));
    QCOMPARE(profile->pins().entries().size(), 1);
    QVERIFY(profile->manualMachines().contains(QStringLiteral("127.0.0.1:%1").arg(m_agentPort)));

    // hamgamctl nodes: trusted and online, without a trust prompt.
    rc = ctl({QStringLiteral("nodes"), QStringLiteral("--json"), QStringLiteral("--discovery-port"),
              QString::number(m_discoveryPort), QStringLiteral("--discovery-targets"),
              QStringLiteral("127.255.255.255"), QStringLiteral("--wait"), QStringLiteral("4000")},
             &out, &err);
    QCOMPARE(rc, 0);
    bool found = false;
    for (const QJsonValue v : QJsonDocument::fromJson(out).array()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("port")).toInt() != m_agentPort)
            continue;
        found = true;
        QVERIFY2(o.value(QStringLiteral("trusted")).toBool(), out.constData());
        QVERIFY2(o.value(QStringLiteral("online")).toBool(), out.constData());
        QCOMPARE(o.value(QStringLiteral("name")).toString(), QStringLiteral("remote-lab"));
    }
    QVERIFY2(found, out.constData());

    rc = ctl(installArgs(QStringLiteral("agent-status"), knownHosts())
                 << QStringLiteral("--identity") << m_lab->userKey(),
             &out, &err);
    QVERIFY2(rc == 0, QByteArray(out + err).constData());
    QVERIFY2(out.contains("systemd user unit") && out.contains("yes, 127.0.0.1"), out.constData());
    QCOMPARE(announcedSteps(err),
             QStringList({QStringLiteral("Connect 1/5"), QStringLiteral("Host key 2/5"),
                          QStringLiteral("Sign in 3/5"), QStringLiteral("Inspect the machine 4/5"),
                          QStringLiteral("Wait for the agent 5/5")}));

    rc = ctl(installArgs(QStringLiteral("uninstall"), knownHosts())
                 << QStringLiteral("--identity") << m_lab->userKey(),
             &out, &err);
    QVERIFY2(rc == 0, QByteArray(out + err).constData());
    QVERIFY2(out.contains("removed"), out.constData());
    QCOMPARE(announcedSteps(err),
             QStringList({QStringLiteral("Connect 1/6"), QStringLiteral("Host key 2/6"),
                          QStringLiteral("Sign in 3/6"), QStringLiteral("Inspect the machine 4/6"),
                          QStringLiteral("Stop 5/6"), QStringLiteral("Remove 6/6")}));
    const QStringList after = m_lab->remoteHomeTree();
    QVERIFY2(after == before,
             qPrintable(QStringLiteral("left in the remote home: ") + after.join(QLatin1Char(' '))));
    QVERIFY(QTest::qWaitFor([&] { return agentPids().isEmpty(); }, 5000));
    QVERIFY(!QFileInfo::exists(m_lab->statePath(QStringLiteral("linger"))));
    QVERIFY(!QFileInfo::exists(m_lab->statePath(QStringLiteral("crontab"))));
    QVERIFY(profile->pins().entries().isEmpty());
    QVERIFY(profile->manualMachines().isEmpty());
}

void TestInstall::crontabWhenSystemctlUserIsMissing()
{
    QFile marker(m_lab->statePath(QStringLiteral("no-user-systemd")));
    QVERIFY(marker.open(QIODevice::WriteOnly));
    marker.close();
    QByteArray out, err;
    int rc = ctl(installArgs(QStringLiteral("install"), knownHosts())
                     << QStringLiteral("--identity") << m_lab->userKey() << QStringLiteral("--yes"),
                 &out, &err);
    QVERIFY2(rc == 0, QByteArray(out + err).constData());
    QCOMPARE(announcedSteps(err), userInstallSteps());
    QVERIFY2(out.contains("crontab @reboot instead of a systemd user unit") ||
                 out.contains("crontab @reboot entry"),
             out.constData());
    QFile crontab(m_lab->statePath(QStringLiteral("crontab")));
    QVERIFY(crontab.open(QIODevice::ReadOnly));
    const QByteArray entry = crontab.readAll();
    QVERIFY2(entry.startsWith("@reboot ") && entry.contains("run-agent") && entry.contains("# hamgam-agent"),
             entry.constData());
    crontab.close();
    QVERIFY(!agentPids().isEmpty());
    QVERIFY(!m_lab->remoteHomeTree().contains(QStringLiteral(".config/systemd/user/hamgam-agent.service")));

    rc = ctl(installArgs(QStringLiteral("uninstall"), knownHosts())
                 << QStringLiteral("--identity") << m_lab->userKey(),
             &out, &err);
    QVERIFY2(rc == 0, QByteArray(out + err).constData());
    QVERIFY(!QFileInfo::exists(crontab.fileName()));
    const QStringList left = m_lab->remoteHomeTree();
    QVERIFY2(left.isEmpty(),
             qPrintable(QStringLiteral("left in the remote home: ") + left.join(QLatin1Char(' '))));
    QVERIFY(QTest::qWaitFor([&] { return agentPids().isEmpty(); }, 5000));
}

void TestInstall::changedHostKeyIsRefusedAndNothingSent_data()
{
    QTest::addColumn<QString>("storedType");
    QTest::addColumn<QString>("expected");
    QTest::newRow("same type, other key") << QStringLiteral("ed25519") << QStringLiteral("has CHANGED");
    QTest::newRow("other key type") << QStringLiteral("ecdsa") << QStringLiteral("a key of another type");
}

void TestInstall::changedHostKeyIsRefusedAndNothingSent()
{
    QFETCH(QString, storedType);
    QFETCH(QString, expected);
    const QString kh = m_controller.filePath(QStringLiteral("changed_known_hosts"));
    QFile file(kh);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(m_lab->otherKnownHostsLine(storedType).toUtf8());
    file.close();
    const qsizetype logStart = m_lab->sshdLog().size();
    QByteArray out, err;
    // Even with --yes and a password at hand, nothing may be sent.
    const int rc = ctl(installArgs(QStringLiteral("install"), kh)
                           << QStringLiteral("--yes") << QStringLiteral("--password-stdin"),
                       &out, &err, "not-to-be-sent\n");
    QCOMPARE(rc, 4);
    QVERIFY2(out.contains(expected.toUtf8()) && out.contains("Nothing was sent") && out.contains("Host key:"),
             out.constData());
    const QString log = sshdLogSince(logStart);
    QVERIFY2(!log.contains(QLatin1String("Failed")) && !log.contains(QLatin1String("Accepted")) &&
                 !log.contains(QLatin1String("authenticating user")),
             qPrintable(log));
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), m_lab->otherKnownHostsLine(storedType));
}

void TestInstall::wrongPasswordNamesTheStep()
{
    // The controller's HOME has no keys and there is no ssh-agent: only the password is tried.
    const qsizetype logStart = m_lab->sshdLog().size();
    QByteArray out, err;
    const int rc = ctl(installArgs(QStringLiteral("install"), knownHosts())
                           << QStringLiteral("--yes") << QStringLiteral("--password-stdin"),
                       &out, &err, "wrong-password\n");
    QCOMPARE(rc, 1);
    QVERIFY2(out.contains("Sign in: the server refused the password for"), out.constData());
    QVERIFY2(sshdLogSince(logStart).contains(QLatin1String("Failed password")),
             qPrintable(sshdLogSince(logStart)));
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
}

void TestInstall::declinedHostKeyQuestionRefuses()
{
    auto profile = ControllerProfile::open(m_controller.filePath(QStringLiteral("config/hamgam")),
                                           m_controller.filePath(QStringLiteral("data/hamgam")));
    QVERIFY(profile);
    const QString kh = m_controller.filePath(QStringLiteral("declined_known_hosts"));
    AgentInstaller installer(inProcessRequest(kh), profile->identity(), &profile->pins());
    QSignalSpy questions(&installer, &AgentInstaller::questionAsked);
    QSignalSpy steps(&installer, &AgentInstaller::stepStarted);
    QSignalSpy finished(&installer, &AgentInstaller::finished);
    connect(&installer, &AgentInstaller::questionAsked, this, [&] { installer.answer(std::nullopt); });
    installer.start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(questions.size(), 1);
    const auto q = questions.first().first().value<InstallQuestion>();
    QCOMPARE(int(q.kind), int(InstallQuestion::Kind::HostKey));
    QVERIFY(q.fingerprint.startsWith(QLatin1String("SHA256:")));
    QVERIFY(q.text.contains(q.fingerprint));
    const InstallResult &r = installer.result();
    QCOMPARE(int(r.outcome), int(InstallResult::Outcome::Refused));
    QCOMPARE(int(r.failedStep), int(InstallStep::HostKey));
    QVERIFY2(r.error.contains(QLatin1String("was not accepted; nothing was sent")), qPrintable(r.error));
    QCOMPARE(announcedSteps(steps), userInstallSteps().mid(0, 2));
    QVERIFY(!QFileInfo::exists(kh));
}

void TestInstall::cancelMidUploadLeavesNoPartialFiles()
{
    auto profile = ControllerProfile::open(m_controller.filePath(QStringLiteral("config/hamgam")),
                                           m_controller.filePath(QStringLiteral("data/hamgam")));
    QVERIFY(profile);
    const QString kh = m_controller.filePath(QStringLiteral("cancel_known_hosts"));
    InstallRequest request = inProcessRequest(kh);
    request.workerBinary = request.agentBinary;
    AgentInstaller installer(request, profile->identity(), &profile->pins());
    QSignalSpy steps(&installer, &AgentInstaller::stepStarted);
    QSignalSpy finished(&installer, &AgentInstaller::finished);
    // The app's way: the question arrives as a signal; accepting the key goes on.
    connect(&installer, &AgentInstaller::questionAsked, this, [&](const InstallQuestion &q) {
        installer.answer(q.kind == InstallQuestion::Kind::HostKey
                             ? std::optional<QString>(QStringLiteral("yes"))
                             : std::nullopt);
    });
    // Two files go up (the agent stands in for the worker too). Cancel from the upload
    // thread itself, in the first chunk of the second file: deterministic, and both the
    // finished first upload and the partial second one must go.
    const qint64 fileSize = QFileInfo(QStringLiteral(HAMGAM_BIN_DIR "/hamgam-agent")).size();
    std::atomic_int cancels{0};
    std::atomic<qint64> total{0};
    std::atomic<qint64> cancelledAt{0};
    connect(
        &installer, &AgentInstaller::uploadProgress, &installer,
        [&](qint64 done, qint64 all) {
            if (done > fileSize && cancels++ == 0) {
                total = all;
                cancelledAt = done;
                installer.cancel();
            }
        },
        Qt::DirectConnection);
    installer.start();
    QVERIFY(finished.wait(30000));
    const InstallResult &r = installer.result();
    QCOMPARE(int(r.outcome), int(InstallResult::Outcome::Cancelled));
    QCOMPARE(int(r.failedStep), int(InstallStep::Upload));
    QCOMPARE(announcedSteps(steps), userInstallSteps().mid(0, 5));
    QCOMPARE(cancels.load(), 1);
    QCOMPARE(total.load(), 2 * fileSize);
    QVERIFY(cancelledAt.load() < total.load());
    QVERIFY(QFileInfo::exists(kh)); // the accepted key was remembered
    // Neither the partial upload nor the directories made for it stay behind.
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
    QVERIFY(agentPids().isEmpty());
    QVERIFY(profile->pins().entries().isEmpty());
}

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
