// Bad command lines given to the built hamgamctl and hamgam-agent: unknown
// options and commands, missing values, ports, rates, timeouts and counts out
// of range or not numbers, an interface that does not exist. Each must end normally (no crash) with the
// bad-usage exit code 2, say what is wrong on stderr, print nothing on stdout,
// and leave nothing on disk.
#include "agentaccess.h"
#include "fingerprintstore.h"
#include "identity.h"
#include "version.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void badArguments_data();
    void badArguments();
    void helpNamesTheSubcommand_data();
    void helpNamesTheSubcommand();
    void agentHelpNamesTheAgent();
    void agentFingerprintReadsAsTheAppShowsIt();
    void appAnswersHelpWithoutADisplay_data();
    void appAnswersHelpWithoutADisplay();
    void messagesAreTranslated_data();
    void messagesAreTranslated();

private:
    struct Result
    {
        QProcess::ExitStatus status = QProcess::CrashExit;
        int code = -1;
        QString out;
        QString err;
    };
    /// Runs a built program with a private home and the given language; nothing of the user's is read or
    /// written.
    static Result run(const QString &program, const QStringList &arguments, const QString &home,
                      const QString &language = QStringLiteral("C"));
};

TestCommandLine::Result TestCommandLine::run(const QString &program, const QStringList &arguments,
                                             const QString &home, const QString &language)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("LC_ALL"), language);
    env.insert(QStringLiteral("LANG"), language);
    env.remove(QStringLiteral("LANGUAGE"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HAMGAM_BIN_DIR "/") + program, arguments);
    Result r;
    if (!p.waitForFinished(15000)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("(did not exit within 15 s)");
        return r;
    }
    r.status = p.exitStatus();
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

void TestCommandLine::badArguments_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message"); // on stderr

    const QString ctl = QStringLiteral("hamgamctl");
    QTest::newRow("ctl: no command") << ctl << QStringList() << "Usage: hamgamctl COMMAND";
    QTest::newRow("ctl: unknown command")
        << ctl << QStringList{QStringLiteral("frobnicate")} << "hamgamctl: unknown command \"frobnicate\"";
    QTest::newRow("ctl: option for a command")
        << ctl << QStringList{QStringLiteral("--json")} << "hamgamctl: unknown command \"--json\"";
    QTest::newRow("ctl nodes: unknown option")
        << ctl << QStringList{QStringLiteral("nodes"), QStringLiteral("--bogus")}
        << "hamgamctl nodes: Unknown option 'bogus'";
    QTest::newRow("ctl runs: unknown option")
        << ctl << QStringList{QStringLiteral("runs"), QStringLiteral("--frobnicate")}
        << "hamgamctl runs: Unknown option 'frobnicate'";
    QTest::newRow("ctl run: unknown short option")
        << ctl << QStringList{QStringLiteral("run"), QStringLiteral("-z"), QStringLiteral("x.json")}
        << "hamgamctl run: Unknown option 'z'";
    QTest::newRow("ctl nodes: missing value")
        << ctl << QStringList{QStringLiteral("nodes"), QStringLiteral("--discovery-port")}
        << "hamgamctl nodes: Missing value after '--discovery-port'";
    QTest::newRow("ctl attach: missing value")
        << ctl << QStringList{QStringLiteral("attach"), QStringLiteral("x"), QStringLiteral("--history")}
        << "hamgamctl attach: Missing value after '--history'";
    QTest::newRow("ctl nodes: port 70000")
        << ctl
        << QStringList{QStringLiteral("nodes"), QStringLiteral("--discovery-port"), QStringLiteral("70000")}
        << "--discovery-port: \"70000\" is not a port number";
    QTest::newRow("ctl runs: port 0")
        << ctl << QStringList{QStringLiteral("runs"), QStringLiteral("--discovery-port"), QStringLiteral("0")}
        << "--discovery-port: \"0\" is not a port number";
    QTest::newRow("ctl nodes: port not a number")
        << ctl
        << QStringList{QStringLiteral("nodes"), QStringLiteral("--discovery-port"), QStringLiteral("http")}
        << "--discovery-port: \"http\" is not a port number";
    QTest::newRow("ctl nodes: wait not a number")
        << ctl << QStringList{QStringLiteral("nodes"), QStringLiteral("--wait"), QStringLiteral("soon")}
        << "--wait: \"soon\" is not a number of milliseconds";
    QTest::newRow("ctl nodes: negative wait")
        << ctl << QStringList{QStringLiteral("nodes"), QStringLiteral("--wait"), QStringLiteral("-5")}
        << "--wait: \"-5\" is not a number of milliseconds";
    QTest::newRow("ctl nodes: bad discovery targets")
        << ctl
        << QStringList{QStringLiteral("nodes"), QStringLiteral("--discovery-targets"),
                       QStringLiteral("lab.example")}
        << "--discovery-targets: not a list of IP addresses";
    QTest::newRow("ctl run: no config")
        << ctl << QStringList{QStringLiteral("run")} << "hamgamctl run: give one config file";
    // Issue #21: the usage line names the subcommand, not the program's path.
    QTest::newRow("ctl run: usage line")
        << ctl << QStringList{QStringLiteral("run")} << "Usage: hamgamctl run [options] CONFIG";
    QTest::newRow("ctl show: usage line after an unknown option")
        << ctl << QStringList{QStringLiteral("show"), QStringLiteral("--bogus")}
        << "Usage: hamgamctl show [options] RUN";
    QTest::newRow("ctl trust: usage line")
        << ctl << QStringList{QStringLiteral("trust")} << "Usage: hamgamctl trust [options] NODE";
    // Numbers a command waits for or counts by: never a non-number taken as 0.
    QTest::newRow("ctl stop: timeout not a number")
        << ctl
        << QStringList{QStringLiteral("stop"), QStringLiteral("run-1"), QStringLiteral("--timeout"),
                       QStringLiteral("soon")}
        << "hamgamctl stop: --timeout: \"soon\" is not a whole number from 1 to 86400";
    QTest::newRow("ctl stop: timeout 0")
        << ctl
        << QStringList{QStringLiteral("stop"), QStringLiteral("run-1"), QStringLiteral("--timeout"),
                       QStringLiteral("0")}
        << "hamgamctl stop: --timeout: \"0\" is not a whole number from 1 to 86400";
    QTest::newRow("ctl abort: timeout 1.5")
        << ctl
        << QStringList{QStringLiteral("abort"), QStringLiteral("run-1"), QStringLiteral("--timeout"),
                       QStringLiteral("1.5")}
        << "hamgamctl abort: --timeout: \"1.5\" is not a whole number from 1 to 86400";
    QTest::newRow("ctl abort: timeout empty")
        << ctl << QStringList{QStringLiteral("abort"), QStringLiteral("run-1"), QStringLiteral("--timeout=")}
        << "hamgamctl abort: --timeout: \"\" is not a whole number from 1 to 86400";
    QTest::newRow("ctl abort: timeout past a day")
        << ctl
        << QStringList{QStringLiteral("abort"), QStringLiteral("run-1"), QStringLiteral("--timeout"),
                       QStringLiteral("86401")}
        << "hamgamctl abort: --timeout: \"86401\" is not a whole number from 1 to 86400";
    QTest::newRow("ctl watch: count not a number")
        << ctl << QStringList{QStringLiteral("watch"), QStringLiteral("--count"), QStringLiteral("many")}
        << "hamgamctl watch: --count: \"many\" is not a whole number from 0 to 1000000";
    QTest::newRow("ctl watch: negative count")
        << ctl << QStringList{QStringLiteral("watch"), QStringLiteral("--count"), QStringLiteral("-1")}
        << "hamgamctl watch: --count: \"-1\" is not a whole number from 0 to 1000000";
    QTest::newRow("ctl watch: count beyond int")
        << ctl
        << QStringList{QStringLiteral("watch"), QStringLiteral("node0"), QStringLiteral("--count"),
                       QStringLiteral("99999999999")}
        << "hamgamctl watch: --count: \"99999999999\" is not a whole number from 0 to 1000000";
    QTest::newRow("ctl install: unknown option")
        << ctl << QStringList{QStringLiteral("install"), QStringLiteral("--bogus"), QStringLiteral("host")}
        << "hamgamctl install: Unknown option 'bogus'";
    QTest::newRow("ctl install: port 0") << ctl
                                         << QStringList{QStringLiteral("install"), QStringLiteral("--port"),
                                                        QStringLiteral("0"), QStringLiteral("host")}
                                         << "--port: \"0\" is not a port number";

    const QString agent = QStringLiteral("hamgam-agent");
    QTest::newRow("agent: unknown option")
        << agent << QStringList{QStringLiteral("--bogus")} << "hamgam-agent: Unknown option 'bogus'";
    QTest::newRow("agent: stray argument")
        << agent << QStringList{QStringLiteral("trust"), QStringLiteral("AB:CD")}
        << "hamgam-agent: unexpected argument \"trust\"";
    QTest::newRow("agent: missing value")
        << agent << QStringList{QStringLiteral("--port")} << "hamgam-agent: Missing value after '--port'";
    QTest::newRow("agent: missing value of the last option")
        << agent << QStringList{QStringLiteral("--no-discovery"), QStringLiteral("--worker-interface")}
        << "hamgam-agent: Missing value after '--worker-interface'";
    QTest::newRow("agent: port 70000")
        << agent << QStringList{QStringLiteral("--port"), QStringLiteral("70000")}
        << "hamgam-agent: --port: \"70000\" is not a port number";
    QTest::newRow("agent: port -1") << agent << QStringList{QStringLiteral("--port"), QStringLiteral("-1")}
                                    << "--port: \"-1\" is not a port number";
    QTest::newRow("agent: port not a number")
        << agent << QStringList{QStringLiteral("--port"), QStringLiteral("eighty")}
        << "--port: \"eighty\" is not a port number";
    QTest::newRow("agent: discovery port 0")
        << agent << QStringList{QStringLiteral("--discovery-port"), QStringLiteral("0")}
        << "--discovery-port: \"0\" is not a port number";
    for (const char *hz : {"0", "0.09", "10.5", "-1", "fast", "nan", "inf", ""})
        QTest::addRow("agent: --telemetry-hz '%s'", hz)
            << agent << QStringList{QStringLiteral("--telemetry-hz"), QString::fromLatin1(hz)}
            << "hamgam-agent: --telemetry-hz: must be between 0.1 and 10";
    QTest::newRow("agent: no such interface")
        << agent << QStringList{QStringLiteral("--worker-interface"), QStringLiteral("nosuch0")}
        << "hamgam-agent: --worker-interface: this machine has no network interface \"nosuch0\"";
    QTest::newRow("agent: bind to a name")
        << agent << QStringList{QStringLiteral("--bind"), QStringLiteral("lab.example")}
        << "--bind: \"lab.example\" is not an IP address";
    QTest::newRow("agent: max-runs 0")
        << agent << QStringList{QStringLiteral("--max-runs"), QStringLiteral("0")}
        << "--max-runs: must be between 1 and 64";
    QTest::newRow("agent: relative allow-dir")
        << agent << QStringList{QStringLiteral("--allow-dir"), QStringLiteral("data")}
        << "--allow-dir: \"data\" is not an absolute path of a directory";
}

void TestCommandLine::badArguments()
{
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const Result r = run(program, arguments, home.path());
    const QByteArray context =
        (QStringLiteral("exit %1, stdout: %2, stderr: %3").arg(r.code).arg(r.out, r.err)).toUtf8();
    QVERIFY2(r.status == QProcess::NormalExit, context.constData());
    QVERIFY2(r.code == 2, context.constData());
    QVERIFY2(r.err.contains(message), context.constData());
    QVERIFY2(r.out.isEmpty(), context.constData());
    // A mistyped command line creates no profile, key or history.
    QVERIFY2(
        QDir(home.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
        qPrintable(
            QDir(home.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).join(u' ')));
}

void TestCommandLine::helpNamesTheSubcommand_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("usage"); // the first line of --help
    QTest::newRow("check") << QStringList{QStringLiteral("check"), QStringLiteral("--help")}
                           << "Usage: hamgamctl check [options] CONFIG";
    QTest::newRow("run") << QStringList{QStringLiteral("run"), QStringLiteral("--help")}
                         << "Usage: hamgamctl run [options] CONFIG";
    QTest::newRow("compare") << QStringList{QStringLiteral("compare"), QStringLiteral("-h")}
                             << "Usage: hamgamctl compare [options] RUN RUN...";
    QTest::newRow("watch") << QStringList{QStringLiteral("watch"), QStringLiteral("--help")}
                           << "Usage: hamgamctl watch [options] [NODE]";
    QTest::newRow("install") << QStringList{QStringLiteral("install"), QStringLiteral("--help")}
                             << "Usage: hamgamctl install [options] HOST...";
}

void TestCommandLine::helpNamesTheSubcommand()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, usage);
    QTemporaryDir home;
    const Result r = run(QStringLiteral("hamgamctl"), arguments, home.path());
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.section(QLatin1Char('\n'), 0, 0), usage);
    QVERIFY2(!r.out.contains(QLatin1String(HAMGAM_BIN_DIR)), qPrintable(r.out));
}

void TestCommandLine::agentHelpNamesTheAgent()
{
    QTemporaryDir home;
    const Result r = run(QStringLiteral("hamgam-agent"), {QStringLiteral("--help")}, home.path());
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.section(QLatin1Char('\n'), 0, 0), QStringLiteral("Usage: hamgam-agent [options]"));
}

void TestCommandLine::agentFingerprintReadsAsTheAppShowsIt()
{
    // A person compares the agent's own print with the app's trust dialog and hamgamctl's message:
    // one form everywhere ("AB:CD:…"), and that form is accepted back by --trust and --untrust.
    QTemporaryDir home;
    const QString dir = home.path() + QStringLiteral("/agent");
    const Result own =
        run(QStringLiteral("hamgam-agent"),
            {QStringLiteral("--config-dir"), dir, QStringLiteral("--fingerprint")}, home.path());
    QCOMPARE(own.code, 0);
    const auto identity =
        Identity::loadOrCreate(dir, QStringLiteral("agent"), QStringLiteral("hamgam-agent"));
    QVERIFY2(identity, qPrintable(identity.error()));
    QCOMPARE(own.out.trimmed(), Identity::displayFingerprint(identity->fingerprint()));
    QCOMPARE(own.out.trimmed().size(), 32 * 3 - 1);

    const QString controller = Identity::displayFingerprint(QString(64, QLatin1Char('a')));
    const QStringList config{QStringLiteral("--config-dir"), dir};
    FingerprintStore trusted(AgentAccess::trustListPath(dir));
    QVERIFY(trusted.load());
    QVERIFY(trusted.add(controller, QStringLiteral("a controller")));
    const Result listed = run(QStringLiteral("hamgam-agent"),
                              config + QStringList{QStringLiteral("--list-trusted")}, home.path());
    QCOMPARE(listed.code, 0);
    QVERIFY2(listed.out.startsWith(controller + QStringLiteral("  ")), qPrintable(listed.out));
    const Result removed = run(QStringLiteral("hamgam-agent"),
                               config + QStringList{QStringLiteral("--untrust"), controller}, home.path());
    QCOMPARE(removed.code, 0);
    QVERIFY2(removed.out.contains(controller), qPrintable(removed.out));
}

void TestCommandLine::appAnswersHelpWithoutADisplay_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("first"); // the first line printed
    QTest::newRow("--help") << "--help"
                            << "Usage: hamgam [options]";
    QTest::newRow("--version") << "--version" << QStringLiteral("hamgam ") + QLatin1String(Hamgam::kVersion);
}

void TestCommandLine::appAnswersHelpWithoutADisplay()
{
    // Over ssh on a lab server (issue #31, item 6): no display, and the platform asked for is X11's,
    // which a QApplication would fail to open before it read a single option.
    QFETCH(QString, option);
    QFETCH(QString, first);
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QStringLiteral("/data"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HAMGAM_BIN_DIR "/hamgam"), {option});
    QVERIFY(p.waitForFinished(15000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QByteArray context = QStringLiteral("exit %1, stdout: %2, stderr: %3")
                                   .arg(p.exitCode())
                                   .arg(out, QString::fromUtf8(p.readAllStandardError()))
                                   .toUtf8();
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, context.constData());
    QCOMPARE(out.section(QLatin1Char('\n'), 0, 0), first);
}

void TestCommandLine::messagesAreTranslated_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("ctl")
        << "hamgamctl"
        << QStringList{QStringLiteral("nodes"), QStringLiteral("--discovery-port"), QStringLiteral("70000")}
        // The option in a left-to-right isolate: "--discovery-port" reads so in a Persian line.
        << "\u2066--discovery-port:\u2069 «70000» شمارهٔ درگاه نیست";
    QTest::newRow("ctl stop") << "hamgamctl"
                              << QStringList{QStringLiteral("stop"), QStringLiteral("run-1"),
                                             QStringLiteral("--timeout"), QStringLiteral("soon")}
                              << "--timeout: «soon» عدد صحیحی از 1 تا 86400 نیست";
    QTest::newRow("agent") << "hamgam-agent" << QStringList{QStringLiteral("stray")}
                           << "آرگومان نابه‌جای «stray»";
}

void TestCommandLine::messagesAreTranslated()
{
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QTemporaryDir home;
    const Result r = run(program, arguments, home.path(), QStringLiteral("fa_IR.UTF-8"));
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
