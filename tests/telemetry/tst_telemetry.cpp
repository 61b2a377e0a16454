// Telemetry: /proc parsing from fixtures and from the real /proc, the NVML
// probe without a driver and against a test double of libnvidia-ml.so.1
// (several GPUs, processes of several users, error codes, a GPU that
// disappears, four kinds of driver), the sampler's rate, and the wire form.
#include "beacon.h"
#include "fakeprobe.h"
#include "nvmldoublelibrary.h"
#include "nvmlprobe.h"
#include "procprobe.h"
#include "telemetrysampler.h"
#include "translations.h"

#include <grp.h>
#include <pwd.h>
#include <QCborArray>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

namespace {
constexpr unsigned long long kNotAvailable = ~0ULL; // NVML_VALUE_NOT_AVAILABLE
constexpr qint64 kGiB = 1LL << 30;

/// GPU `i` of a scenario: every reading different from the other GPUs'.
NvmlDoubleGpu testGpu(unsigned int i)
{
    NvmlDoubleGpu g{};
    qstrncpy(g.name, QByteArray("NVIDIA Test GPU " + QByteArray::number(i)).constData(), sizeof g.name);
    qstrncpy(g.uuid,
             QByteArray("GPU-0000000" + QByteArray::number(i) + "-1111-2222-3333-444444444444").constData(),
             sizeof g.uuid);
    g.memoryTotal = 80ULL * kGiB + i;
    g.memoryReserved = 512ULL << 20;
    g.memoryUsed = (10ULL + i) * kGiB;
    g.utilGpu = 50 + i;
    g.utilMemory = 20 + i;
    g.temperature = 60 + i;
    g.powerMw = 250000 + i * 1000;
    g.powerLimitMw = 400000;
    g.enforcedLimitMw = 350000 + i * 1000;
    g.clockGraphics = 1400 + i;
    g.clockSm = 1410 + i;
    g.clockMemory = 1593 + i;
    g.clockReasons =
        i == 0 ? DeviceSample::SwPowerCap : DeviceSample::GpuIdle | DeviceSample::HwThermalSlowdown;
    g.pcieTxKBs = 1000 * (i + 1);
    g.pcieRxKBs = 500 * (i + 1);
    return g;
}

NvmlDoubleScenario testScenario(unsigned int gpus)
{
    NvmlDoubleScenario s{};
    s.gpuCount = gpus;
    for (unsigned int i = 0; i < gpus; ++i)
        s.gpus[i] = testGpu(i);
    return s;
}

void addProcess(NvmlDoubleGpu &gpu, bool graphics, qint64 pid, unsigned long long memory)
{
    NvmlDoubleProcess &p = graphics ? gpu.graphics[gpu.graphicsCount++] : gpu.compute[gpu.computeCount++];
    p.pid = unsigned(pid);
    p.memory = memory;
}

/// A pid no process can have: above the kernel's pid_max.
qint64 missingPid(int offset = 0)
{
    QFile f(QStringLiteral("/proc/sys/kernel/pid_max"));
    const qint64 max = f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 4194304;
    return max + 1000 + offset;
}

QString userName(uid_t uid)
{
    const passwd *p = getpwuid(uid);
    return p ? QString::fromLocal8Bit(p->pw_name) : QString::number(uid);
}

const DeviceProcess *findProcess(const DeviceSample &d, qint64 pid)
{
    for (const DeviceProcess &p : d.processes) {
        if (p.pid == pid)
            return &p;
    }
    return nullptr;
}
} // namespace

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
    void nvmlReadingsOfEachDriver_data();
    void nvmlReadingsOfEachDriver();
    void nvmlProcessesOfSeveralUsers_data();
    void nvmlProcessesOfSeveralUsers();
    void nvmlInsufficientSizeIsAskedAgain_data();
    void nvmlInsufficientSizeIsAskedAgain();
    void nvmlErrorsLeaveReadingsUnknown();
    void nvmlInitFailure();
    void nvmlGpuThatDisappears();
    void nvmlPcieNeverHoldsASample();
    void nvmlProbeProgramReadsAsTheAgent();
    void cgroupQuotaMakesTheDevice_data();
    void cgroupQuotaMakesTheDevice();
    void samplerRunsOnlyWhenActive();
    void snapshotRoundTrip();
    void gpuFieldsTravelAndOldAgentsStillRead();
    void slowdownReasons();
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
    QTest::newRow("full") << QByteArray("cpu  100 10 50 800 40 5 5 0 0 0\ncpu0 1 2 3 4\n") << true
                          << quint64(170) << quint64(1010);
    QTest::newRow("old kernel, 4 fields")
        << QByteArray("cpu 10 0 10 80\n") << true << quint64(20) << quint64(100);
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
        QVERIFY(
            QFile::copy(QStringLiteral(HAMGAM_SOURCE_DIR "/tests/telemetry/data/%1").arg(QLatin1String(name)),
                        root.filePath(QLatin1String(name))));
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

// Issue #28: hamgam-nvml-probe reads the GPUs with the agent's own NVML code
// (NvmlReader, no Qt) and prints one JSON object, which scripts/gpu-check
// holds against nvidia-smi. Here it loads the double through the dynamic
// loader's path (the agent's default name, no option), and the double takes
// its scenario from a file: the probe's report must be the agent's reading.
void TestTelemetry::nvmlProbeProgramReadsAsTheAgent()
{
    const QString program = QStringLiteral(HAMGAM_BIN_DIR "/hamgam-nvml-probe");
    QVERIFY2(QFileInfo::exists(program), qPrintable(program));
    // Asked before this process loads the double, whose soname dlopen() would find then.
    const bool noDriver = NvmlProbe().status() == QLatin1String("NVML not found (no NVIDIA driver)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    struct Report
    {
        int exitCode = -1;
        QJsonObject json;
        QString errors;
    };
    const auto probe = [&](const QString &libraryDir, const NvmlDoubleScenario &scenario) {
        const QString file = dir.filePath(QStringLiteral("scenario.bin"));
        writeFile(file, QByteArray(reinterpret_cast<const char *>(&scenario), sizeof scenario));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), libraryDir);
        env.insert(QStringLiteral("NVML_DOUBLE_SCENARIO"), file);
        p.setProcessEnvironment(env);
        p.start(program, {});
        Report r;
        if (!p.waitForFinished(30000))
            return r;
        r.exitCode = p.exitCode();
        r.json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        r.errors = QString::fromUtf8(p.readAllStandardError());
        return r;
    };
    const QString modern = QStringLiteral(HAMGAM_NVML_DOUBLE_DIR "/modern");

    const qint64 self = QCoreApplication::applicationPid();
    const qint64 gone = missingPid();
    NvmlDoubleScenario scenario = testScenario(2);
    addProcess(scenario.gpus[0], false, self, 3 * kGiB + 5);
    addProcess(scenario.gpus[0], true, self, kGiB); // a graphics context too
    addProcess(scenario.gpus[0], false, gone, kNotAvailable);
    addProcess(scenario.gpus[1], true, gone + 1, 700ULL << 20);
    const Report report = probe(modern, scenario);
    QVERIFY2(report.exitCode == 0, qPrintable(report.errors));
    QCOMPARE(report.json.value(QStringLiteral("status")).toString(), QStringLiteral("NVML: 2 GPU(s)"));

    // The agent's reading of the same scenario, in this process.
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    lib.setScenario(scenario);
    NvmlProbe agent(lib.path());
    const QList<DeviceSample> devices = agent.sampleDevices();
    const QJsonArray gpus = report.json.value(QStringLiteral("gpus")).toArray();
    QCOMPARE(gpus.size(), devices.size());
    QCOMPARE(gpus.size(), 2);
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject g = gpus[i].toObject();
        const DeviceSample &d = devices[i];
        QCOMPARE(g.value(QStringLiteral("index")).toInt(), d.index);
        QCOMPARE(g.value(QStringLiteral("uuid")).toString(), d.uuid);
        QCOMPARE(g.value(QStringLiteral("name")).toString(), d.name);
        QCOMPARE(g.value(QStringLiteral("lost")).toBool(), false);
        // The v2 reading, as nvidia-smi shows it (the v1 call would add the reserved 512 MiB).
        QCOMPARE(qint64(g.value(QStringLiteral("memory_used_bytes")).toDouble()), d.memoryUsed);
        QCOMPARE(qint64(g.value(QStringLiteral("memory_total_bytes")).toDouble()), d.memoryTotal);
        QCOMPARE(g.value(QStringLiteral("memory_used_mib")).toInt(), int(d.memoryUsed >> 20));
        QCOMPARE(g.value(QStringLiteral("memory_total_mib")).toInt(), int(d.memoryTotal >> 20));
        const QJsonArray processes = g.value(QStringLiteral("processes")).toArray();
        QCOMPARE(processes.size(), d.processes.size());
        for (qsizetype k = 0; k < processes.size(); ++k) {
            const QJsonObject p = processes[k].toObject();
            const DeviceProcess &q = d.processes[k];
            QCOMPARE(p.value(QStringLiteral("pid")).toInteger(), q.pid);
            QCOMPARE(p.value(QStringLiteral("user")).toString(), q.user);
            QCOMPARE(p.value(QStringLiteral("name")).toString(), q.name);
            QCOMPARE(p.value(QStringLiteral("command")).toString(), q.command);
            if (q.memoryBytes < 0)
                QVERIFY(p.value(QStringLiteral("used_mib")).isNull());
            else
                QCOMPARE(p.value(QStringLiteral("used_mib")).toInteger(), q.memoryBytes >> 20);
        }
    }
    // What the scenario says, as the probe prints it.
    QCOMPARE(gpus[0].toObject().value(QStringLiteral("memory_used_mib")).toInt(), 10 * 1024);
    const QJsonArray first = gpus[0].toObject().value(QStringLiteral("processes")).toArray();
    QCOMPARE(first.size(), 2);
    const QJsonObject test = first[0].toObject();
    QCOMPARE(test.value(QStringLiteral("pid")).toInteger(), self);
    QCOMPARE(test.value(QStringLiteral("used_mib")).toInt(), 3 * 1024);
    QCOMPARE(qint64(test.value(QStringLiteral("used_bytes")).toDouble()), 3 * kGiB + 5);
    QCOMPARE(test.value(QStringLiteral("type")).toString(), QStringLiteral("compute+graphics"));
    QCOMPARE(test.value(QStringLiteral("user")).toString(), userName(getuid()));
    QVERIFY(test.value(QStringLiteral("command")).toString().contains(QLatin1String("tst_telemetry")));
    const QJsonObject missing = first[1].toObject();
    QCOMPARE(missing.value(QStringLiteral("pid")).toInteger(), gone);
    QCOMPARE(missing.value(QStringLiteral("type")).toString(), QStringLiteral("compute"));
    QVERIFY(missing.value(QStringLiteral("user")).toString().isEmpty());
    const QJsonArray second = gpus[1].toObject().value(QStringLiteral("processes")).toArray();
    QCOMPARE(second.size(), 1);
    QCOMPARE(second[0].toObject().value(QStringLiteral("type")).toString(), QStringLiteral("graphics"));
    QCOMPARE(second[0].toObject().value(QStringLiteral("used_mib")).toInt(), 700);

    // NVML there but failing, and NVML there without GPUs: exit 1, the reason on stderr.
    NvmlDoubleScenario failing = testScenario(2);
    failing.initError = 9;
    const Report failed = probe(modern, failing);
    QCOMPARE(failed.exitCode, 1);
    QVERIFY2(failed.errors.contains(QLatin1String("error 9")), qPrintable(failed.errors));
    const Report none = probe(QStringLiteral(HAMGAM_NVML_DOUBLE_DIR "/minimal"), testScenario(0));
    QCOMPARE(none.exitCode, 1);
    QCOMPARE(none.json.value(QStringLiteral("status")).toString(), QStringLiteral("NVML: 0 GPU(s)"));
    QVERIFY(none.json.value(QStringLiteral("gpus")).toArray().isEmpty());

    // No NVML at all: exit 2 (a machine with a driver finds its own instead).
    if (noDriver) {
        const Report absent = probe(dir.path(), testScenario(1));
        QCOMPARE(absent.exitCode, 2);
        QVERIFY2(absent.errors.contains(QLatin1String("NVML not found")), qPrintable(absent.errors));
        QVERIFY(absent.json.value(QStringLiteral("gpus")).toArray().isEmpty());
    } else {
        qWarning("this machine has NVML: the exit without it is not checked");
    }
}

void TestTelemetry::cgroupQuotaMakesTheDevice_data()
{
    QTest::addColumn<QByteArray>("selfCgroup");
    QTest::addColumn<QString>("quotaFile");
    QTest::addColumn<QByteArray>("quota");
    QTest::addColumn<QString>("usageFile");
    QTest::addColumn<QByteArray>("usage");
    QTest::newRow("v2") << QByteArray("0::/lab/node1\n") << "lab/node1/cpu.max"
                        << QByteArray("60000 100000\n") << "lab/node1/cpu.stat"
                        << QByteArray("usage_usec 5000000\nuser_usec 4000000\n");
    QTest::newRow("v1") << QByteArray("2:cpuacct:/lab/node1\n1:cpu:/lab/node1\n")
                        << "cpu/lab/node1/cpu.cfs_quota_us" << QByteArray("60000\n")
                        << "cpuacct/lab/node1/cpuacct.usage" << QByteArray("5000000000\n");
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
        writeFile(QFileInfo(cgroups.filePath(quotaFile)).absolutePath() +
                      QStringLiteral("/cpu.cfs_period_us"),
                  "100000\n");
    writeFile(cgroups.filePath(usageFile), usage);
    ProcProbe probe(proc.path(), cgroups.path());
    QCOMPARE(probe.cpuQuotaCores(), 0.6);
    QTest::qWait(50);
    const auto devices = probe.sampleDevices();
    QCOMPARE(devices.first().coreQuota, 0.6);
    QVERIFY2(devices.first().label().contains(QLatin1String("(0.6 of ")),
             qPrintable(devices.first().label()));
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

void TestTelemetry::nvmlReadingsOfEachDriver_data()
{
    QTest::addColumn<QString>("variant");
    QTest::addColumn<bool>("named");    // nvmlDeviceGetName and _UUID are there
    QTest::addColumn<bool>("memoryV2"); // nvmlDeviceGetMemoryInfo_v2: memory as nvidia-smi shows it
    QTest::addColumn<bool>("enforced"); // nvmlDeviceGetEnforcedPowerLimit
    QTest::addColumn<bool>("readings"); // utilization, temperature, power, clocks
    QTest::addColumn<bool>("pcie");
    QTest::newRow("modern") << "modern" << true << true << true << true << true;
    QTest::newRow("r535") << "r535" << true << true << true << true << true;
    QTest::newRow("legacy: v1 calls only") << "legacy" << true << false << false << true << false;
    QTest::newRow("minimal: every optional call missing")
        << "minimal" << false << false << false << false << false;
}

void TestTelemetry::nvmlReadingsOfEachDriver()
{
    QFETCH(QString, variant);
    QFETCH(bool, named);
    QFETCH(bool, memoryV2);
    QFETCH(bool, enforced);
    QFETCH(bool, readings);
    QFETCH(bool, pcie);
    NvmlDoubleLibrary lib(variant);
    QVERIFY2(lib.problem(variant).isEmpty(), qPrintable(lib.problem(variant)));
    const NvmlDoubleScenario scenario = testScenario(3);
    lib.setScenario(scenario);
    {
        NvmlProbe probe(lib.path());
        QVERIFY(probe.available());
        QCOMPARE(probe.status(), QStringLiteral("NVML: 3 GPU(s)"));
        QCOMPARE(lib.counters().inits, 1u);
        const QList<DeviceSample> devices = probe.sampleDevices();
        QCOMPARE(devices.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const NvmlDoubleGpu &g = scenario.gpus[i];
            const DeviceSample &d = devices[i];
            QCOMPARE(d.index, i);
            QCOMPARE(d.kind, DeviceSample::Kind::Gpu);
            QCOMPARE(d.name, named ? QString::fromLatin1(g.name) : QStringLiteral("GPU %1").arg(i));
            QCOMPARE(d.uuid, named ? QString::fromLatin1(g.uuid) : QString());
            QVERIFY(!d.lost);
            // nvidia-smi's "used" leaves the driver's reservation out; the v1 call counts it in.
            QCOMPARE(d.memoryTotal, readings ? qint64(g.memoryTotal) : 0);
            QCOMPARE(d.memoryUsed, !readings  ? 0
                                   : memoryV2 ? qint64(g.memoryUsed)
                                              : qint64(g.memoryUsed + g.memoryReserved));
            QCOMPARE(d.utilization, readings ? double(g.utilGpu) : 0.0);
            QCOMPARE(d.memoryUtilization, readings ? double(g.utilMemory) : -1.0);
            QCOMPARE(d.temperature, readings ? double(g.temperature) : -1.0);
            QCOMPARE(d.power, readings ? g.powerMw / 1000.0 : -1.0);
            QCOMPARE(d.powerLimit,
                     !readings ? -1.0 : (enforced ? g.enforcedLimitMw : g.powerLimitMw) / 1000.0);
            QCOMPARE(d.clockGraphics, readings ? int(g.clockGraphics) : -1);
            QCOMPARE(d.clockSm, readings ? int(g.clockSm) : -1);
            QCOMPARE(d.clockMemory, readings ? int(g.clockMemory) : -1);
            QCOMPARE(d.throttleReasons, readings ? qint64(g.clockReasons) : -1);
            // The first sample asks for PCIe readings; none has been taken yet.
            QCOMPARE(d.pcieTx, -1);
            QCOMPARE(d.pcieRx, -1);
            QVERIFY(d.processes.isEmpty());
        }
        if (pcie) {
            QTRY_COMPARE_WITH_TIMEOUT(probe.sampleDevices().at(2).pcieTx, 3000 * 1024, 5000);
            const DeviceSample d = probe.sampleDevices().at(1);
            QCOMPARE(d.pcieTx, 2000 * 1024);
            QCOMPARE(d.pcieRx, 1000 * 1024);
        } else {
            QTest::qWait(100);
            QCOMPARE(probe.sampleDevices().at(0).pcieTx, -1);
        }
        // The probe's structs matched the double's: the v2 memory struct carried its version.
        QCOMPARE(lib.counters().memoryVersionMismatches, 0u);
        QCOMPARE(lib.counters().invalidArguments, 0u);
    }
    QCOMPARE(lib.counters().shutdowns, 1u);
    QCOMPARE(lib.counters().initialised, 0);
}

void TestTelemetry::nvmlProcessesOfSeveralUsers_data()
{
    QTest::addColumn<QString>("variant");
    QTest::newRow("modern: _v3, 24-byte entries") << "modern";
    QTest::newRow("r535: _v3, 32-byte entries") << "r535";
    QTest::newRow("legacy: v1, 16-byte entries") << "legacy";
}

void TestTelemetry::nvmlProcessesOfSeveralUsers()
{
    QFETCH(QString, variant);
    NvmlDoubleLibrary lib(variant);
    QVERIFY2(lib.problem(variant).isEmpty(), qPrintable(lib.problem(variant)));

    // Real processes for the probe to find in /proc: a sleep of ours, one of
    // another user (root can start it as nobody), this test, and a pid nobody has.
    const QString me = userName(getuid());
    QProcess mine;
    mine.start(QStringLiteral("sleep"), {QStringLiteral("3001")});
    QVERIFY(mine.waitForStarted());
    QProcess theirs;
    QString them;
    qint64 theirPid = 0;
    QString theirCommand;
    if (geteuid() == 0) {
        const passwd *nobody = getpwnam("nobody");
        QVERIFY(nobody);
        const uid_t uid = nobody->pw_uid;
        const gid_t gid = nobody->pw_gid;
        theirs.setChildProcessModifier([uid, gid] {
            if (setgroups(0, nullptr) != 0 || setgid(gid) != 0 || setuid(uid) != 0)
                _exit(127);
        });
        theirs.start(QStringLiteral("sleep"), {QStringLiteral("3002")});
        QVERIFY(theirs.waitForStarted());
        theirPid = theirs.processId();
        them = QStringLiteral("nobody");
        theirCommand = QStandardPaths::findExecutable(QStringLiteral("sleep")) + QStringLiteral(" 3002");
    } else if (QFileInfo(QStringLiteral("/proc/1")).ownerId() != getuid()) {
        theirPid = 1; // init, as another user runs it on an ordinary machine
        them = userName(QFileInfo(QStringLiteral("/proc/1")).ownerId());
    }
    const qint64 self = QCoreApplication::applicationPid();
    const qint64 gone = missingPid();

    NvmlDoubleScenario scenario = testScenario(3);
    addProcess(scenario.gpus[0], false, self, 2 * kGiB);
    addProcess(scenario.gpus[0], false, gone, kNotAvailable);
    addProcess(scenario.gpus[0], false, mine.processId(), 4 * kGiB);
    addProcess(scenario.gpus[0], true, self, 2 * kGiB); // a graphics context too: "C+G"
    if (theirPid > 0)
        addProcess(scenario.gpus[1], true, theirPid, 8 * kGiB);
    lib.setScenario(scenario);

    NvmlProbe probe(lib.path());
    const QList<DeviceSample> devices = probe.sampleDevices();
    QCOMPARE(devices.size(), 3);

    const DeviceSample &first = devices[0];
    QCOMPARE(first.processes.size(), 3);
    // Largest first; the one whose memory NVML cannot tell last.
    QCOMPARE(first.processes[0].pid, mine.processId());
    QCOMPARE(first.processes[1].pid, self);
    QCOMPARE(first.processes[2].pid, gone);

    const DeviceProcess *sleeper = findProcess(first, mine.processId());
    QCOMPARE(sleeper->user, me);
    QCOMPARE(sleeper->name, QStringLiteral("sleep"));
    QCOMPARE(sleeper->command,
             QStandardPaths::findExecutable(QStringLiteral("sleep")) + QStringLiteral(" 3001"));
    QCOMPARE(sleeper->memoryBytes, 4 * kGiB);
    QCOMPARE(sleeper->type, DeviceProcess::Type::Compute);

    const DeviceProcess *test = findProcess(first, self);
    QCOMPARE(test->user, me);
    QCOMPARE(test->name, QStringLiteral("tst_telemetry"));
    QVERIFY2(test->command.contains(QLatin1String("tst_telemetry")), qPrintable(test->command));
    QCOMPARE(test->memoryBytes, 2 * kGiB);
    QCOMPARE(test->type, DeviceProcess::Type::ComputeAndGraphics);

    // Not in /proc (ended, or in another pid namespace): the pid alone, memory unknown.
    const DeviceProcess *missing = findProcess(first, gone);
    QVERIFY(missing->user.isEmpty());
    QVERIFY(missing->name.isEmpty());
    QVERIFY(missing->command.isEmpty());
    QCOMPARE(missing->memoryBytes, -1);

    if (theirPid > 0) {
        QCOMPARE(devices[1].processes.size(), 1);
        const DeviceProcess &other = devices[1].processes.first();
        QCOMPARE(other.pid, theirPid);
        QCOMPARE(other.user, them);
        QVERIFY(other.user != me);
        if (!theirCommand.isEmpty())
            QCOMPARE(other.command, theirCommand);
        QCOMPARE(other.memoryBytes, 8 * kGiB);
        QCOMPARE(other.type, DeviceProcess::Type::Graphics);
    } else {
        qWarning("no process of another user to show: run as root, or where init is another user's");
    }
    QVERIFY(devices[2].processes.isEmpty());
    QCOMPARE(lib.counters().invalidArguments, 0u);

    // On the wire and back, as a controller reads it.
    TelemetrySnapshot snapshot;
    snapshot.devices = devices;
    const auto back = TelemetrySnapshot::fromCbor(snapshot.toCbor());
    QVERIFY(back.ok());
    const DeviceProcess *read = findProcess(back->devices[0], self);
    QVERIFY(read);
    QCOMPARE(read->user, me);
    QCOMPARE(read->command, test->command);
    QCOMPARE(read->type, DeviceProcess::Type::ComputeAndGraphics);
    QCOMPARE(findProcess(back->devices[0], gone)->memoryBytes, -1);
    for (QProcess *p : {&mine, &theirs}) {
        p->kill();
        p->waitForFinished();
    }
}

void TestTelemetry::nvmlInsufficientSizeIsAskedAgain_data()
{
    QTest::addColumn<unsigned int>("total");
    QTest::addColumn<unsigned int>("running");  // when first asked (the probe asks room for 16 at first)
    QTest::addColumn<unsigned int>("starting"); // more that start after each INSUFFICIENT_SIZE answer
    QTest::addColumn<int>("expected");
    QTest::addColumn<unsigned int>("answers"); // INSUFFICIENT_SIZE answers it takes
    QTest::newRow("fits at once") << 10u << 0u << 0u << 10 << 0u;
    QTest::newRow("more than the room asked for") << 40u << 20u << 0u << 20 << 1u;
    QTest::newRow("more start between the calls") << 40u << 20u << 12u << 32 << 1u;
    QTest::newRow("more start than the room kept") << 64u << 20u << 30u << 64 << 2u;
}

void TestTelemetry::nvmlInsufficientSizeIsAskedAgain()
{
    QFETCH(unsigned int, total);
    QFETCH(unsigned int, running);
    QFETCH(unsigned int, starting);
    QFETCH(int, expected);
    QFETCH(unsigned int, answers);
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    NvmlDoubleScenario scenario = testScenario(1);
    NvmlDoubleGpu &gpu = scenario.gpus[0];
    for (unsigned int i = 0; i < total; ++i)
        addProcess(gpu, false, missingPid(int(i)), (i + 1) << 20); // memory grows with the pid
    gpu.computeRunning = running;
    gpu.computeStartingPerAnswer = starting;
    lib.setScenario(scenario);

    NvmlProbe probe(lib.path());
    const DeviceSample d = probe.sampleDevices().first();
    QCOMPARE(lib.counters().insufficientSizeAnswers, answers);
    // Exactly the processes running when NVML answered, none read from an array it left unwritten.
    QCOMPARE(d.processes.size(), expected);
    for (int i = 0; i < expected; ++i) {
        const DeviceProcess &p = d.processes[i];
        QCOMPARE(p.pid, missingPid(expected - 1 - i)); // largest memory first
        QCOMPARE(p.memoryBytes, qint64(expected - i) << 20);
    }
    // The room it found is kept: the next sample asks once.
    QCOMPARE(probe.sampleDevices().first().processes.size(), expected);
    QCOMPARE(lib.counters().insufficientSizeAnswers, answers);
}

void TestTelemetry::nvmlErrorsLeaveReadingsUnknown()
{
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    constexpr int kNotSupported = 3;
    constexpr int kNoPermission = 4;
    constexpr int kArgumentVersionMismatch = 25;
    constexpr int kUnknown = 999;
    NvmlDoubleScenario scenario = testScenario(4);
    const qint64 self = QCoreApplication::applicationPid();
    // GPU 0: everything but memory fails, each call its own way.
    NvmlDoubleGpu &g0 = scenario.gpus[0];
    g0.errors[NVML_DOUBLE_UTILIZATION] = kUnknown;
    g0.errors[NVML_DOUBLE_TEMPERATURE] = kNotSupported;
    g0.errors[NVML_DOUBLE_POWER] = kNotSupported;
    g0.errors[NVML_DOUBLE_POWER_LIMIT] = kNoPermission;
    g0.errors[NVML_DOUBLE_CLOCK] = kNotSupported;
    g0.errors[NVML_DOUBLE_CLOCK_REASONS] = kNotSupported;
    g0.errors[NVML_DOUBLE_COMPUTE_PROCESSES] = kNoPermission;
    g0.errors[NVML_DOUBLE_GRAPHICS_PROCESSES] = kNoPermission;
    addProcess(g0, false, self, kGiB);
    // GPU 1: the v2 memory call refused, so the v1 one answers.
    scenario.gpus[1].errors[NVML_DOUBLE_MEMORY_V2] = kArgumentVersionMismatch;
    // GPU 2: no handle for it (another container's GPU); GPU 3 keeps its index.
    scenario.gpus[2].errors[NVML_DOUBLE_HANDLE] = kNoPermission;
    // GPU 3: the graphics list fails, the compute one still counts.
    addProcess(scenario.gpus[3], false, self, kGiB);
    scenario.gpus[3].errors[NVML_DOUBLE_GRAPHICS_PROCESSES] = kNotSupported;
    lib.setScenario(scenario);

    NvmlProbe probe(lib.path());
    QCOMPARE(probe.status(), QStringLiteral("NVML: 3 GPU(s)"));
    const QList<DeviceSample> devices = probe.sampleDevices();
    QCOMPARE(devices.size(), 3);
    const DeviceSample &d0 = devices[0];
    QCOMPARE(d0.index, 0);
    QVERIFY(!d0.lost);
    QCOMPARE(d0.memoryUsed, qint64(g0.memoryUsed));
    QCOMPARE(d0.utilization, 0.0);
    QCOMPARE(d0.memoryUtilization, -1.0);
    QCOMPARE(d0.temperature, -1.0);
    QCOMPARE(d0.power, -1.0);
    QCOMPARE(d0.powerLimit, -1.0);
    QCOMPARE(d0.clockGraphics, -1);
    QCOMPARE(d0.clockSm, -1);
    QCOMPARE(d0.clockMemory, -1);
    QCOMPARE(d0.throttleReasons, -1);
    QVERIFY(d0.processes.isEmpty());
    const DeviceSample &d1 = devices[1];
    QCOMPARE(d1.index, 1);
    QCOMPARE(d1.memoryUsed, qint64(scenario.gpus[1].memoryUsed + scenario.gpus[1].memoryReserved));
    QCOMPARE(d1.temperature, double(scenario.gpus[1].temperature));
    const DeviceSample &d3 = devices[2];
    QCOMPARE(d3.index, 3);
    QCOMPARE(d3.name, QStringLiteral("NVIDIA Test GPU 3"));
    QCOMPARE(d3.processes.size(), 1);
    QCOMPARE(d3.processes.first().pid, self);
    QCOMPARE(d3.processes.first().type, DeviceProcess::Type::Compute);
    QCOMPARE(lib.counters().invalidArguments, 0u);
}

void TestTelemetry::nvmlInitFailure()
{
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    NvmlDoubleScenario scenario = testScenario(2);
    scenario.initError = 9; // NVML_ERROR_DRIVER_NOT_LOADED
    lib.setScenario(scenario);
    {
        NvmlProbe probe(lib.path());
        QVERIFY(!probe.available());
        QVERIFY2(probe.status().contains(QLatin1String("error 9")), qPrintable(probe.status()));
        QVERIFY(probe.sampleDevices().isEmpty());
    }
    // Never initialised, so never shut down.
    QCOMPARE(lib.counters().inits, 0u);
    QCOMPARE(lib.counters().shutdowns, 0u);
    NvmlProbe missing(QStringLiteral("/nonexistent/libnvidia-ml.so.1"));
    QVERIFY(!missing.available());
    QVERIFY(missing.sampleDevices().isEmpty());
}

void TestTelemetry::nvmlGpuThatDisappears()
{
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    NvmlDoubleScenario scenario = testScenario(3);
    for (unsigned int i = 0; i < 3; ++i)
        addProcess(scenario.gpus[i], false, QCoreApplication::applicationPid(), kGiB);
    lib.setScenario(scenario);
    {
        NvmlProbe probe(lib.path());
        QVERIFY(!probe.sampleDevices().at(1).lost);

        // GPU 1 falls off the bus: it stays in its place, lost, with nothing read from it.
        lib.setLost(1, true);
        for (unsigned int round = 1; round <= 2; ++round) {
            const QList<DeviceSample> devices = probe.sampleDevices();
            QCOMPARE(devices.size(), 3);
            const DeviceSample &lost = devices[1];
            QVERIFY(lost.lost);
            QCOMPARE(lost.index, 1);
            QCOMPARE(lost.name, QStringLiteral("NVIDIA Test GPU 1"));
            QVERIFY(!lost.uuid.isEmpty());
            QCOMPARE(lost.utilization, 0.0);
            QCOMPARE(lost.memoryTotal, 0);
            QCOMPARE(lost.temperature, -1.0);
            QCOMPARE(lost.power, -1.0);
            QVERIFY(lost.processes.isEmpty());
            QVERIFY(!devices[0].lost);
            QVERIFY(!devices[2].lost);
            QCOMPARE(devices[2].temperature, 62.0);
            QCOMPARE(devices[2].processes.size(), 1);
            // One call found it lost; none was made after it.
            QCOMPARE(lib.counters().callsAboutLostGpus, round);

            TelemetrySnapshot snapshot;
            snapshot.devices = devices;
            const auto back = TelemetrySnapshot::fromCbor(snapshot.toCbor());
            QVERIFY(back.ok());
            QVERIFY(back->devices[1].lost);
            QVERIFY(!back->devices[0].lost);
        }
        // Back after a reset: read again.
        lib.setLost(1, false);
        const DeviceSample again = probe.sampleDevices().at(1);
        QVERIFY(!again.lost);
        QCOMPARE(again.temperature, 61.0);
    }
    QCOMPARE(lib.counters().shutdowns, 1u);

    // Lost before the agent started: reported in its place, never asked again.
    scenario.gpus[1].lost = 1;
    lib.setScenario(scenario);
    NvmlProbe probe(lib.path());
    QVERIFY(probe.available());
    QCOMPARE(probe.status(), QStringLiteral("NVML: 3 GPU(s), 1 lost"));
    const QList<DeviceSample> devices = probe.sampleDevices();
    QCOMPARE(devices.size(), 3);
    QVERIFY(devices[1].lost);
    QCOMPARE(devices[1].index, 1);
    QCOMPARE(devices[1].name, QStringLiteral("GPU 1"));
    QCOMPARE(devices[2].index, 2);
    QCOMPARE(devices[2].name, QStringLiteral("NVIDIA Test GPU 2"));
    QCOMPARE(lib.counters().callsAboutLostGpus, 0u);
}

void TestTelemetry::nvmlPcieNeverHoldsASample()
{
    NvmlDoubleLibrary lib(QStringLiteral("modern"));
    QVERIFY2(lib.problem(QStringLiteral("modern")).isEmpty(),
             qPrintable(lib.problem(QStringLiteral("modern"))));
    NvmlDoubleScenario scenario = testScenario(2);
    scenario.pcieDelayMs = 400; // four calls: 1.6 s if a sample waited for them
    lib.setScenario(scenario);
    {
        NvmlProbe probe(lib.path());
        QElapsedTimer timer;
        timer.start();
        const QList<DeviceSample> first = probe.sampleDevices();
        QVERIFY2(timer.elapsed() < 800, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(first.at(1).pcieTx, -1);
        QTRY_COMPARE_WITH_TIMEOUT(probe.sampleDevices().at(1).pcieTx, 2000 * 1024, 10000);
        QCOMPARE(probe.sampleDevices().at(0).pcieRx, 500 * 1024);
        // Destroyed while its thread may be in a 400 ms call: it waits for it, then shuts NVML down.
    }
    QCOMPARE(lib.counters().shutdowns, 1u);
    QCOMPARE(lib.counters().initialised, 0);
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

void TestTelemetry::gpuFieldsTravelAndOldAgentsStillRead()
{
    DeviceSample gpu;
    gpu.kind = DeviceSample::Kind::Gpu;
    gpu.name = QStringLiteral("NVIDIA H200");
    gpu.index = 3;
    gpu.memoryUtilization = 41;
    gpu.powerLimit = 700;
    gpu.clockGraphics = 1980;
    gpu.clockSm = 1980;
    gpu.clockMemory = 3201;
    gpu.throttleReasons = DeviceSample::SwPowerCap | DeviceSample::GpuIdle;
    gpu.pcieTx = 3LL << 30;
    gpu.pcieRx = 0; // known, and idle
    DeviceProcess p;
    p.pid = 777;
    p.name = QStringLiteral("python3");
    p.user = QStringLiteral("alice");
    p.command = QStringLiteral("python3 train.py --lr 0.1");
    p.memoryBytes = 30 * kGiB;
    p.type = DeviceProcess::Type::ComputeAndGraphics;
    DeviceProcess unknown;
    unknown.pid = 778;
    gpu.processes = {p, unknown};
    TelemetrySnapshot s;
    s.devices = {gpu};
    const auto back = TelemetrySnapshot::fromCbor(s.toCbor());
    QVERIFY(back.ok());
    const DeviceSample &d = back->devices.first();
    QCOMPARE(d.index, 3);
    QCOMPARE(d.memoryUtilization, 41.0);
    QCOMPARE(d.powerLimit, 700.0);
    QCOMPARE(d.clockGraphics, 1980);
    QCOMPARE(d.clockSm, 1980);
    QCOMPARE(d.clockMemory, 3201);
    QCOMPARE(d.throttleReasons, qint64(DeviceSample::SwPowerCap | DeviceSample::GpuIdle));
    QCOMPARE(d.pcieTx, 3LL << 30);
    QCOMPARE(d.pcieRx, 0);
    QVERIFY(!d.lost);
    QCOMPARE(d.processes.size(), 2);
    QCOMPARE(d.processes[0].user, QStringLiteral("alice"));
    QCOMPARE(d.processes[0].command, p.command);
    QCOMPARE(d.processes[0].memoryBytes, 30 * kGiB);
    QCOMPARE(d.processes[0].type, DeviceProcess::Type::ComputeAndGraphics);
    QCOMPARE(d.processes[1].memoryBytes, -1);
    QCOMPARE(d.processes[1].commandOrName(), QString());

    // An older agent's GPU: none of the new fields, NVML's "not available" sent as it came (-1).
    const QCborMap old{
        {QStringLiteral("index"), 0},
        {QStringLiteral("name"), QStringLiteral("GTX 1080")},
        {QStringLiteral("kind"), QStringLiteral("gpu")},
        {QStringLiteral("util"), 12},
        {QStringLiteral("mem_used"), 1 << 30},
        {QStringLiteral("mem_total"), 8LL << 30},
        {QStringLiteral("procs"), QCborArray{QCborMap{{QStringLiteral("pid"), 9},
                                                      {QStringLiteral("name"), QStringLiteral("python")},
                                                      {QStringLiteral("mem"), -1}},
                                             QCborMap{{QStringLiteral("pid"), 10},
                                                      {QStringLiteral("name"), QStringLiteral("jupyter")},
                                                      {QStringLiteral("mem"), 1 << 20}}}}};
    const auto fromOld = DeviceSample::fromCbor(old);
    QVERIFY(fromOld.ok());
    QCOMPARE(fromOld->memoryUtilization, -1.0);
    QCOMPARE(fromOld->powerLimit, -1.0);
    QCOMPARE(fromOld->clockSm, -1);
    QCOMPARE(fromOld->throttleReasons, -1);
    QCOMPARE(fromOld->pcieTx, -1);
    QVERIFY(!fromOld->lost);
    QCOMPARE(fromOld->processes[0].memoryBytes, -1);
    QCOMPARE(fromOld->processes[0].type, DeviceProcess::Type::Compute);
    QVERIFY(fromOld->processes[0].user.isEmpty());
    QCOMPARE(fromOld->processes[0].commandOrName(), QStringLiteral("python"));
    QCOMPARE(fromOld->processes[1].memoryBytes, 1 << 20);

    // Nonsense from the network reads as unknown.
    QCborMap bad = old;
    bad[QStringLiteral("mem_util")] = qQNaN();
    bad[QStringLiteral("power_limit")] = -5;
    bad[QStringLiteral("clock_sm")] = 1e300;
    bad[QStringLiteral("throttle")] = QStringLiteral("x");
    bad[QStringLiteral("pcie_tx")] = -7;
    const auto fromBad = DeviceSample::fromCbor(bad);
    QVERIFY(fromBad.ok());
    QCOMPARE(fromBad->memoryUtilization, -1.0);
    QCOMPARE(fromBad->powerLimit, -1.0);
    QCOMPARE(fromBad->clockSm, -1);
    QCOMPARE(fromBad->throttleReasons, -1);
    QCOMPARE(fromBad->pcieTx, -1);
}

void TestTelemetry::slowdownReasons()
{
    QCOMPARE(DeviceSample::slowdownReasons(DeviceSample::SwPowerCap | DeviceSample::HwThermalSlowdown |
                                           DeviceSample::GpuIdle),
             QStringList({QStringLiteral("power cap"), QStringLiteral("too hot (hardware)")}));
    // Idle, or clocks someone asked for, hold nothing back.
    QVERIFY(DeviceSample::slowdownReasons(DeviceSample::GpuIdle | DeviceSample::ApplicationsClocksSetting)
                .isEmpty());
    QVERIFY(DeviceSample::slowdownReasons(-1).isEmpty());
    QVERIFY(DeviceSample::slowdownReasons(0).isEmpty());
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
    QCOMPARE(persian, QChar(0x2066) + QStringLiteral("AMD EPYC 7B13") + QChar(0x2069) +
                          QStringLiteral(" (۰٫۶ از ۸ هسته)"));
}

QTEST_GUILESS_MAIN(TestTelemetry)
#include "tst_telemetry.moc"
