// Telemetry: /proc parsing from fixtures and from the real /proc, the NVML
// probe without a driver, the sampler's rate, and the wire form.
#include "beacon.h"
#include "fakeprobe.h"
#include "nvmlprobe.h"
#include "procprobe.h"
#include "telemetrysampler.h"
#include "translations.h"

#include <QCborArray>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestTelemetry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cpuLine_data();
    void cpuLine();
    void utilizationFromTwoSnapshots();
    void memInfoFixture();
    void realProc();
    void nvmlWithoutDriverIsNotAnError();
    void cgroupQuotaMakesTheDevice_data();
    void cgroupQuotaMakesTheDevice();
    void samplerRunsOnlyWhenActive();
    void snapshotRoundTrip();
    void cpuLabel();

private:
    Translations m_translations; // English plurals ("1 core", "8 cores") come from the catalogue

    static void writeFile(const QString &path, const QByteArray &content)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
};

void TestTelemetry::initTestCase()
{
    QVERIFY(m_translations.setLanguage(QStringLiteral("en")));
}

void TestTelemetry::cpuLine_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<quint64>("busy");
    QTest::addColumn<quint64>("total");
    QTest::newRow("full") << QByteArray("cpu  100 10 50 800 40 5 5 0 0 0\ncpu0 1 2 3 4\n") << true << quint64(170) << quint64(1010);
    QTest::newRow("old kernel, 4 fields") << QByteArray("cpu 10 0 10 80\n") << true << quint64(20) << quint64(100);
    QTest::newRow("not stat") << QByteArray("intr 12345\n") << false << quint64(0) << quint64(0);
    QTest::newRow("empty") << QByteArray() << false << quint64(0) << quint64(0);
}

void TestTelemetry::cpuLine()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, ok);
    QFETCH(quint64, busy);
    QFETCH(quint64, total);
    quint64 b = 0;
    quint64 t = 0;
    QCOMPARE(ProcProbe::parseCpuLine(line, &b, &t), ok);
    if (ok) {
        QCOMPARE(b, busy);
        QCOMPARE(t, total);
    }
}

void TestTelemetry::utilizationFromTwoSnapshots()
{
    QTemporaryDir root;
    for (const char *name : {"meminfo", "loadavg", "cpuinfo"})
        QVERIFY(QFile::copy(QStringLiteral(HAMGAM_SOURCE_DIR "/tests/telemetry/data/%1").arg(QLatin1String(name)), root.filePath(QLatin1String(name))));
    writeFile(root.filePath(QStringLiteral("stat")), "cpu  1000 0 0 9000 0 0 0 0 0 0\n");
    ProcProbe probe(root.path());
    // 300 busy jiffies out of 400: 75 %.
    writeFile(root.filePath(QStringLiteral("stat")), "cpu  1250 0 50 9100 0 0 0 0 0 0\n");
    const auto devices = probe.sampleDevices();
    QCOMPARE(devices.size(), 1);
    QCOMPARE(devices.first().kind, DeviceSample::Kind::Cpu);
    QCOMPARE(devices.first().utilization, 75.0);
    // The model alone; the cores travel apart and are worded by the controller.
    QCOMPARE(devices.first().name, QStringLiteral("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz"));
    QVERIFY(devices.first().cores > 0);
    QCOMPARE(devices.first().coreQuota, 0.0);
    QCOMPARE(devices.first().label(),
             QStringLiteral("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz (%1 cores)").arg(devices.first().cores));
    QCOMPARE(devices.first().memoryTotal, 16314752LL * 1024);
    QCOMPARE(devices.first().memoryUsed, (16314752LL - 8157376LL) * 1024);
    // A counter that went backwards (wrapped, or a new boot) gives 0, not garbage.
    writeFile(root.filePath(QStringLiteral("stat")), "cpu  10 0 0 10 0 0 0 0 0 0\n");
    QCOMPARE(probe.sampleDevices().first().utilization, 0.0);
    const HostInfo host = probe.sampleHost();
    QCOMPARE(host.load1, 1.5);
    QCOMPARE(host.memoryAvailable, 8157376LL * 1024);
}

void TestTelemetry::memInfoFixture()
{
    QFile f(QStringLiteral(HAMGAM_SOURCE_DIR "/tests/telemetry/data/meminfo"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    qint64 total = 0;
    qint64 available = 0;
    QVERIFY(ProcProbe::parseMemInfo(f.readAll(), &total, &available));
    QCOMPARE(total, 16314752LL * 1024);
    QVERIFY(!ProcProbe::parseMemInfo("MemTotal: 5 kB\n", &total, &available));
}

void TestTelemetry::realProc()
{
    ProcProbe probe;
    QTest::qWait(200);
    const auto devices = probe.sampleDevices();
    QCOMPARE(devices.size(), 1);
    QVERIFY(devices.first().utilization >= 0 && devices.first().utilization <= 100);
    QVERIFY(devices.first().memoryTotal > 0);
    QVERIFY(devices.first().memoryUsed > 0 && devices.first().memoryUsed <= devices.first().memoryTotal);
    const HostInfo host = probe.sampleHost();
    QVERIFY(host.cores > 0);
    QVERIFY(!host.hostname.isEmpty());
}

void TestTelemetry::cgroupQuotaMakesTheDevice_data()
{
    QTest::addColumn<QByteArray>("selfCgroup");
    QTest::addColumn<QString>("quotaFile");
    QTest::addColumn<QByteArray>("quota");
    QTest::addColumn<QString>("usageFile");
    QTest::addColumn<QByteArray>("usage");
    QTest::newRow("v2") << QByteArray("0::/lab/node1\n") << "lab/node1/cpu.max" << QByteArray("60000 100000\n")
                        << "lab/node1/cpu.stat" << QByteArray("usage_usec 5000000\nuser_usec 4000000\n");
    QTest::newRow("v1") << QByteArray("2:cpuacct:/lab/node1\n1:cpu:/lab/node1\n") << "cpu/lab/node1/cpu.cfs_quota_us"
                        << QByteArray("60000\n") << "cpuacct/lab/node1/cpuacct.usage" << QByteArray("5000000000\n");
}

void TestTelemetry::cgroupQuotaMakesTheDevice()
{
    // A node confined to 0.6 of a core (labsim, a container): the device is that share, busy by its own use.
    QFETCH(QByteArray, selfCgroup);
    QFETCH(QString, quotaFile);
    QFETCH(QByteArray, quota);
    QFETCH(QString, usageFile);
    QFETCH(QByteArray, usage);
    QTemporaryDir proc;
    QTemporaryDir cgroups;
    QDir().mkpath(proc.filePath(QStringLiteral("self")));
    writeFile(proc.filePath(QStringLiteral("self/cgroup")), selfCgroup);
    writeFile(proc.filePath(QStringLiteral("stat")), "cpu  1000 0 0 9000 0 0 0 0 0 0\n");
    QDir().mkpath(QFileInfo(cgroups.filePath(quotaFile)).absolutePath());
    QDir().mkpath(QFileInfo(cgroups.filePath(usageFile)).absolutePath());
    writeFile(cgroups.filePath(quotaFile), quota);
    if (quotaFile.endsWith(QLatin1String("cfs_quota_us")))
        writeFile(QFileInfo(cgroups.filePath(quotaFile)).absolutePath() + QStringLiteral("/cpu.cfs_period_us"), "100000\n");
    writeFile(cgroups.filePath(usageFile), usage);
    ProcProbe probe(proc.path(), cgroups.path());
    QCOMPARE(probe.cpuQuotaCores(), 0.6);
    QTest::qWait(50);
    const auto devices = probe.sampleDevices();
    QCOMPARE(devices.first().coreQuota, 0.6);
    QVERIFY2(devices.first().label().contains(QLatin1String("(0.6 of ")), qPrintable(devices.first().label()));
    QCOMPARE(devices.first().utilization, 0.0); // no CPU time used since the probe started
}

void TestTelemetry::nvmlWithoutDriverIsNotAnError()
{
    NvmlProbe nvml;
    if (nvml.available())
        QVERIFY(!nvml.sampleDevices().isEmpty()); // a GPU machine: real readings
    else
        QVERIFY(nvml.sampleDevices().isEmpty());
    QVERIFY(!nvml.status().isEmpty());
}

void TestTelemetry::samplerRunsOnlyWhenActive()
{
    auto probe = std::make_unique<FakeProbe>();
    FakeProbe *raw = probe.get();
    TelemetrySampler sampler(std::move(probe), 10);
    QSignalSpy spy(&sampler, &TelemetrySampler::sampled);
    QVERIFY(!spy.wait(300));
    sampler.setActive(true);
    QTRY_VERIFY_WITH_TIMEOUT(spy.count() >= 5, 2000);
    sampler.setActive(false);
    const int after = raw->samples;
    QTest::qWait(300);
    QCOMPARE(raw->samples, after);
    QCOMPARE(sampler.latest().devices.first().name, QStringLiteral("Fake GPU 3090"));
}

void TestTelemetry::snapshotRoundTrip()
{
    FakeProbe probe;
    TelemetrySnapshot s;
    s.timeMs = 1700000000000;
    s.host = probe.sampleHost();
    s.devices = probe.sampleDevices();
    s.devices.first().processes = {{4242, QStringLiteral("python3"), 5LL << 30}};
    auto back = TelemetrySnapshot::fromCbor(s.toCbor());
    QVERIFY(back.ok());
    QCOMPARE(back->timeMs, s.timeMs);
    QCOMPARE(back->host.hostname, QStringLiteral("fakehost"));
    QCOMPARE(back->devices.first().temperature, 71.0);
    QCOMPARE(back->devices.first().processes.first().pid, 4242);
    QCOMPARE(back->devices.first().processes.first().memoryBytes, 5LL << 30);
    QCborMap broken = s.toCbor();
    broken[QStringLiteral("devices")] = QCborArray{QCborMap{{QStringLiteral("util"), 5}}};
    QVERIFY(!TelemetrySnapshot::fromCbor(broken).ok());
}

void TestTelemetry::cpuLabel()
{
    // A CPU's cores travel as numbers and are worded where they are shown.
    TelemetrySnapshot s;
    DeviceSample cpu;
    cpu.name = QStringLiteral("AMD EPYC 7B13");
    cpu.cores = 8;
    cpu.coreQuota = 0.6;
    s.devices = {cpu};
    auto back = TelemetrySnapshot::fromCbor(s.toCbor());
    QVERIFY(back.ok());
    const DeviceSample &d = back->devices.first();
    QCOMPARE(d.name, QStringLiteral("AMD EPYC 7B13"));
    QCOMPARE(d.cores, 8);
    QCOMPARE(d.coreQuota, 0.6);
    QCOMPARE(d.label(), QStringLiteral("AMD EPYC 7B13 (0.6 of 8 cores)"));
    QCOMPARE(DeviceSample::label(d.name, 1, 0), QStringLiteral("AMD EPYC 7B13 (1 core)"));
    QCOMPARE(DeviceSample::label(d.name, 8, 0), QStringLiteral("AMD EPYC 7B13 (8 cores)"));

    // An older agent put the cores into the name, in English, and sends none apart: shown as it is.
    QCborMap old = s.toCbor();
    QCborArray devices = old.value(QStringLiteral("devices")).toArray();
    QCborMap oldCpu = devices.at(0).toMap();
    oldCpu.remove(QStringLiteral("cores"));
    oldCpu.remove(QStringLiteral("core_quota"));
    oldCpu[QStringLiteral("name")] = QStringLiteral("AMD EPYC 7B13 (8 cores)");
    devices[0] = oldCpu;
    old[QStringLiteral("devices")] = devices;
    auto fromOld = TelemetrySnapshot::fromCbor(old);
    QVERIFY(fromOld.ok());
    QCOMPARE(fromOld->devices.first().cores, 0);
    QCOMPARE(fromOld->devices.first().label(), QStringLiteral("AMD EPYC 7B13 (8 cores)"));

    // The beacon carries the same fields.
    Beacon b;
    b.nodeId = QStringLiteral("n1");
    b.controlPort = 45455;
    b.fingerprint = QString(64, u'a');
    b.devices = {{cpu.name, QStringLiteral("cpu"), cpu.cores, cpu.coreQuota}};
    auto decoded = Beacon::decode(b.encode());
    QVERIFY2(decoded.ok(), qPrintable(decoded.error()));
    QCOMPARE(decoded->devices.first().label(), QStringLiteral("AMD EPYC 7B13 (0.6 of 8 cores)"));

    // In Persian: the catalogue's words and the locale's digits.
    QVERIFY(m_translations.setLanguage(QStringLiteral("fa")));
    const QString persian = d.label();
    QVERIFY(m_translations.setLanguage(QStringLiteral("en")));
    QCOMPARE(persian, QChar(0x2066) + QStringLiteral("AMD EPYC 7B13") + QChar(0x2069) + QStringLiteral(" (۰٫۶ از ۸ هسته)"));
}

QTEST_GUILESS_MAIN(TestTelemetry)
#include "tst_telemetry.moc"
