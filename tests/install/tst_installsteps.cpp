// The SSH installer's step tables, without a machine to install on: for each
// mode and action, the rows the job runs (in order, with the function each
// names) and the steps it announces. The expected orders are those InstallJob
// ran before it was cut into tables (its plan() and run()); tst_install checks
// the per-user ones again against a real job.
#include "installsteps.h"

#include <QTest>

using Mode = InstallSteps::Mode;
using Action = InstallRequest::Action;

Q_DECLARE_METATYPE(InstallSteps::Mode)
Q_DECLARE_METATYPE(InstallRequest::Action)
Q_DECLARE_METATYPE(InstallRequest::Mode)

class TestInstallSteps : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data();
    void table();
    void plannedMode_data();
    void plannedMode();
    void autoInstallThatFindsAPackageAnnouncesTheShorterPlan();

private:
    /// "a|b|c" as a list.
    static QStringList list(const char *names) { return QString::fromLatin1(names).split(QLatin1Char('|')); }
    static QStringList rowNames(const QList<InstallSteps::Step> &rows);
    static QStringList stepNames(const QList<InstallStep> &steps);
};

QStringList TestInstallSteps::rowNames(const QList<InstallSteps::Step> &rows)
{
    QStringList out;
    for (const InstallSteps::Step &row : rows)
        out.append(QString::fromLatin1(row.name));
    return out;
}

QStringList TestInstallSteps::stepNames(const QList<InstallStep> &steps)
{
    QStringList out;
    for (InstallStep step : steps)
        out.append(InstallText::step(step));
    return out;
}

void TestInstallSteps::table_data()
{
    QTest::addColumn<Mode>("mode");
    QTest::addColumn<Action>("action");
    QTest::addColumn<bool>("start");
    QTest::addColumn<QStringList>("rows");  ///< after the session's four, which every table starts with
    QTest::addColumn<QStringList>("steps"); ///< as announced: Connect (1/n) ... n

    const QStringList session = list("Connect|Host key|Sign in|Inspect the machine");
    const auto steps = [&](const QStringList &more) { return session + more; };
    const QStringList userInstall = list("user: check the programs to upload|user: upload the programs|"
                                         "user: check the shared libraries|user: put the files in place|"
                                         "user: trust this controller|user: set up autostart");
    const QStringList userInstallSteps = list("Upload|Check libraries|Install files|Trust|Autostart");
    const QStringList userStart = list("user: start the agent|user: wait for the agent");
    const QStringList packageInstall = list("package: check the package|package: upload the package|"
                                            "package: install the package|package: trust this controller");
    const QStringList packageInstallSteps = list("Upload|Install package|Trust");
    const QStringList packageStart = list("package: start the service|wait for the agent");
    const QStringList startSteps = list("Start|Wait for the agent");
    const QStringList uninstallSteps = list("Stop|Remove");

    for (Action action : {Action::Install, Action::Upgrade}) {
        const QString a = InstallText::actionKey(action);
        QTest::addRow("user %s, start", qPrintable(a))
            << Mode::User << action << true << userInstall + userStart
            << steps(userInstallSteps + startSteps);
        QTest::addRow("user %s, no start", qPrintable(a))
            << Mode::User << action << false << userInstall << steps(userInstallSteps);
        QTest::addRow("package %s, start", qPrintable(a))
            << Mode::Package << action << true << packageInstall + packageStart
            << steps(packageInstallSteps + startSteps);
        QTest::addRow("package %s, no start", qPrintable(a))
            << Mode::Package << action << false << packageInstall << steps(packageInstallSteps);
    }
    // The other actions do the same with or without --no-start.
    for (bool start : {true, false}) {
        const char *s = start ? "start" : "no start";
        QTest::addRow("user restart, %s", s)
            << Mode::User << Action::Restart << start << list("user: read what is installed") + userStart
            << steps(startSteps);
        QTest::addRow("user status, %s", s)
            << Mode::User << Action::Status << start
            << list("user: read what is installed|user: ask the agent") << steps(list("Wait for the agent"));
        QTest::addRow("user uninstall, %s", s)
            << Mode::User << Action::Uninstall << start
            << list("user: read what is installed|user: stop the agent|user: remove the files")
            << steps(uninstallSteps);
        QTest::addRow("package restart, %s", s)
            << Mode::Package << Action::Restart << start
            << list("package: read what is installed") + packageStart << steps(startSteps);
        QTest::addRow("package status, %s", s)
            << Mode::Package << Action::Status << start
            << list("package: read what is installed|ask the agent") << steps(list("Wait for the agent"));
        QTest::addRow("package uninstall, %s", s)
            << Mode::Package << Action::Uninstall << start
            << list("package: read what is installed|package: stop the service|package: remove the package")
            << steps(uninstallSteps);
        // Nothing installed: status still announces its last step (and finds nothing to ask);
        // restart and uninstall end at Inspect with an error, so nothing follows it.
        QTest::addRow("nothing installed, status, %s", s)
            << Mode::Unknown << Action::Status << start << list("ask the agent")
            << steps(list("Wait for the agent"));
        QTest::addRow("nothing installed, restart, %s", s)
            << Mode::Unknown << Action::Restart << start << QStringList() << session;
        QTest::addRow("nothing installed, uninstall, %s", s)
            << Mode::Unknown << Action::Uninstall << start << QStringList() << session;
    }
}

void TestInstallSteps::table()
{
    QFETCH(Mode, mode);
    QFETCH(Action, action);
    QFETCH(bool, start);
    QFETCH(QStringList, rows);
    QFETCH(QStringList, steps);

    const QList<InstallSteps::Step> session = InstallSteps::session();
    QCOMPARE(rowNames(session), list("connect|check the host key|sign in|inspect the machine"));
    const InstallSteps::Table table = InstallSteps::table(mode, action, start);
    QCOMPARE(rowNames(table.steps), rows);
    QCOMPARE(stepNames(InstallSteps::plan(table)), steps);
    for (const InstallSteps::Step &row : session + table.steps)
        QVERIFY2(row.run != nullptr, row.name);
    // A step's rows stand together, so each step is announced once, in the order the rows run.
    QList<InstallStep> seen;
    for (const InstallSteps::Step &row : session + table.steps) {
        if (seen.isEmpty() || seen.last() != row.step) {
            QVERIFY2(!seen.contains(row.step), row.name);
            seen.append(row.step);
        }
    }
    QCOMPARE(seen, InstallSteps::plan(table));
    // Per-user and package leave files to tidy on the machine; with nothing installed there is nothing.
    QCOMPARE(table.finish != nullptr, mode != Mode::Unknown);
}

void TestInstallSteps::plannedMode_data()
{
    QTest::addColumn<InstallRequest::Mode>("requested");
    QTest::addColumn<Mode>("planned");
    QTest::newRow("auto plans per-user") << InstallRequest::Mode::Auto << Mode::User;
    QTest::newRow("per-user") << InstallRequest::Mode::User << Mode::User;
    QTest::newRow("package") << InstallRequest::Mode::Package << Mode::Package;
}

void TestInstallSteps::plannedMode()
{
    QFETCH(InstallRequest::Mode, requested);
    QFETCH(Mode, planned);
    QCOMPARE(InstallSteps::planned(requested), planned);
}

void TestInstallSteps::autoInstallThatFindsAPackageAnnouncesTheShorterPlan()
{
    // "Inspect the machine (4/11)" until it finds the package, then "(4/9)": the counts the job announces.
    const Mode guess = InstallSteps::planned(InstallRequest::Mode::Auto);
    const auto planned = InstallSteps::plan(InstallSteps::table(guess, Action::Install, true));
    const auto settled = InstallSteps::plan(InstallSteps::table(Mode::Package, Action::Install, true));
    QCOMPARE(planned.size(), 11);
    QCOMPARE(settled.size(), 9);
    QCOMPARE(planned.indexOf(InstallStep::Inspect), 3);
    QCOMPARE(settled.indexOf(InstallStep::Inspect), 3);
}

QTEST_APPLESS_MAIN(TestInstallSteps)
#include "tst_installsteps.moc"
