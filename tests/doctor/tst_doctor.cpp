// The utilization doctor: one crafted metric stream per reason, each named
// with its evidence and an action; a healthy run gets no finding.
#include "utilizationdoctor.h"

#include <QTest>

using Doctor = UtilizationDoctor;

class TestDoctor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void healthyRunHasNoFindings();
    void reasons_data();
    void reasons();
    void stragglerActionDependsOnStrategy();
    void mostSevereFirst();
    void aNetworkBoundRunIsPointedAtTheApproximateModes();
    void aGroupSlowerThanItsFastestMachineSaysTrainOnItAlone();

private:
    static Doctor::Input healthy()
    {
        Doctor::Input in;
        in.strategy = QStringLiteral("dp");
        in.globalBatch = 256;
        for (int r = 0; r < 2; ++r) {
            in.ranks.append({{1.0, 100.0, 2.0, 10.0, 3.0}, r, QStringLiteral("node%1").arg(r), 0, 128});
            in.devices.append(
                {QStringLiteral("node%1").arg(r), 0, 95.0, 8LL << 30, 24LL << 30, 0, 500, 1000});
        }
        return in;
    }
};

void TestDoctor::healthyRunHasNoFindings()
{
    QVERIFY(Doctor::diagnose(healthy()).isEmpty());
}

void TestDoctor::reasons_data()
{
    QTest::addColumn<int>("reason");
    QTest::addColumn<QString>("evidence");
    QTest::newRow("stragglers") << int(Doctor::Reason::WaitingOnStragglers)
                                << QStringLiteral("waits 60.0 ms");
    QTest::newRow("communication") << int(Doctor::Reason::CommunicationBound)
                                   << QStringLiteral("exchanging gradients");
    QTest::newRow("data") << int(Doctor::Reason::DataBound) << QStringLiteral("for its next batch");
    QTest::newRow("small batch") << int(Doctor::Reason::TooLittleWork)
                                 << QStringLiteral("a batch of 4 samples");
    QTest::newRow("memory") << int(Doctor::Reason::MemoryPressure) << QStringLiteral("(96 %)");
    QTest::newRow("shared device") << int(Doctor::Reason::SharedDevice) << QStringLiteral("other process");
    QTest::newRow("silent agent") << int(Doctor::Reason::AgentSilent) << QStringLiteral("no report for 10 s");
}

void TestDoctor::reasons()
{
    QFETCH(int, reason);
    QFETCH(QString, evidence);
    Doctor::Input in = healthy();
    switch (Doctor::Reason(reason)) {
    case Doctor::Reason::WaitingOnStragglers:
        in.ranks[0].waitMs = 60;
        break;
    case Doctor::Reason::CommunicationBound:
        in.ranks[1].commMs = 120;
        break;
    case Doctor::Reason::DataBound:
        in.ranks[0].dataMs = 50;
        break;
    case Doctor::Reason::TooLittleWork:
        in.ranks[1].localBatch = 4;
        in.devices[1].utilization = 20;
        break;
    case Doctor::Reason::MemoryPressure:
        in.devices[0].memoryUsed = qint64(0.96 * double(24LL << 30));
        break;
    case Doctor::Reason::SharedDevice:
        in.devices[1].foreignProcesses = 1;
        break;
    case Doctor::Reason::AgentSilent:
        in.devices[0].silentForMs = 10000;
        break;
    }
    const auto findings = Doctor::diagnose(in);
    QCOMPARE(findings.size(), 1);
    const Doctor::Finding &f = findings.first();
    QCOMPARE(int(f.reason), reason);
    QVERIFY2(f.evidence.contains(evidence), qPrintable(f.evidence));
    QVERIFY(!f.action.isEmpty());
    QVERIFY(!Doctor::reasonTitle(f.reason).isEmpty());
}

void TestDoctor::stragglerActionDependsOnStrategy()
{
    Doctor::Input in = healthy();
    in.ranks[0].waitMs = 60;
    in.predictedGain = 0.31;
    auto f = Doctor::diagnose(in);
    QCOMPARE(f.size(), 1);
    QVERIFY2(f.first().action.contains(QLatin1String("hdp")) &&
                 f.first().action.contains(QLatin1String("31")),
             qPrintable(f.first().action));
    in.strategy = QStringLiteral("lsdp");
    f = Doctor::diagnose(in);
    QVERIFY(f.first().action.contains(QLatin1String("lshdp")));
    in.strategy = QStringLiteral("lshdp");
    f = Doctor::diagnose(in);
    QVERIFY(f.first().action.contains(QLatin1String("re-balancing")));
}

void TestDoctor::aNetworkBoundRunIsPointedAtTheApproximateModes()
{
    // #32 item 4: the exchange is 60 % of the step, where no exact setting wins.
    Doctor::Input in = healthy();
    in.ranks[1].commMs = 200;
    auto action = [&] {
        for (const auto &f : Doctor::diagnose(in))
            if (f.reason == Doctor::Reason::CommunicationBound)
                return f.action;
        return QString();
    };
    QVERIFY2(action().contains(QLatin1String("sync.mode local")), qPrintable(action()));
    QVERIFY(action().contains(QLatin1String("comm.compression powersgd")));
    in.localSteps = true;
    in.localEvery = 16;
    QVERIFY2(action().contains(QLatin1String("raise sync.every above 16")), qPrintable(action()));
    // A third of the step: a larger batch or a narrower wire is still the first advice.
    in = healthy();
    in.ranks[1].commMs = 60;
    QVERIFY2(!action().isEmpty() && !action().contains(QLatin1String("sync.mode")), qPrintable(action()));
}

void TestDoctor::aGroupSlowerThanItsFastestMachineSaysTrainOnItAlone()
{
    // #32 items 4 and 5, from the run's link event: exact 1.12 s a step, local every 64 0.4 s, node0 alone
    // 0.48 s.
    Doctor::Input in = healthy();
    in.ranks[1].commMs = 200;
    hamgam::contracts::LinkEvent link;
    link.bytesPerS = 10e6;
    link.modes = {{"exact", 1, 1120, 0.71}, {"local", 16, 370, 0.14}, {"local", 64, 332, 0.04}};
    link.fastestNode = "node0";
    link.fastestAloneMs = 480;
    in.link = link;
    auto findings = Doctor::diagnose(in);
    const auto reasonOf = [&](Doctor::Reason reason) {
        for (const auto &f : findings)
            if (f.reason == reason)
                return f;
        return Doctor::Finding{reason, {}, -1, -1, {}, {}, -1};
    };
    // The group's best mode is faster than node0 alone: no such finding, and the forecast in the advice.
    QCOMPARE(reasonOf(Doctor::Reason::SlowerThanAlone).severity, -1.0);
    const QString action = reasonOf(Doctor::Reason::CommunicationBound).action;
    QVERIFY2(action.contains(QString::fromUtf8("are predicted 3.4× faster on the measured link")) &&
                 action.contains(QLatin1String("sync.mode auto")),
             qPrintable(action));
    // Without local steps in sight (a slower link), node0 alone wins: it says so, first.
    link.modes = {{"exact", 1, 2500, 0.9}, {"local", 64, 520, 0.1}};
    in.link = link;
    findings = Doctor::diagnose(in);
    const auto alone = reasonOf(Doctor::Reason::SlowerThanAlone);
    QCOMPARE(findings.first().reason, Doctor::Reason::SlowerThanAlone);
    QCOMPARE(alone.node, QStringLiteral("node0"));
    QVERIFY2(
        alone.evidence.contains(QLatin1String("node0 alone would take 0.48 s a step; this group takes at "
                                              "least 0.52 s")),
        qPrintable(alone.evidence));
    QVERIFY2(alone.action.contains(QLatin1String("Train on node0 alone")), qPrintable(alone.action));
    QCOMPARE(Doctor::reasonFromKey(Doctor::reasonKey(Doctor::Reason::SlowerThanAlone)),
             std::optional(Doctor::Reason::SlowerThanAlone));
}

void TestDoctor::mostSevereFirst()
{
    Doctor::Input in = healthy();
    in.ranks[0].waitMs = 30;           // mild
    in.devices[1].silentForMs = 60000; // the worst: nothing is known
    const auto f = Doctor::diagnose(in);
    QCOMPARE(f.size(), 2);
    QCOMPARE(f.first().reason, Doctor::Reason::AgentSilent);
}

QTEST_APPLESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
