#include "nvmlprobe.h"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <dlfcn.h>
#include <limits>
#include <mutex>
#include <optional>
#include <pwd.h>
#include <QFile>
#include <QHash>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
// NVML's ABI as nvml.h declares it. nvml.h is not in Debian main, so the few
// declarations we use are written here and their layouts checked below.
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_st *;
struct nvmlUtilization_t
{
    unsigned int gpu;
    unsigned int memory;
};
struct nvmlMemory_t
{
    unsigned long long total;
    unsigned long long free;
    unsigned long long used; // v1: reserved memory counted as used
};
struct nvmlMemory_v2_t
{
    unsigned int version;
    unsigned long long total;
    unsigned long long reserved;
    unsigned long long free;
    unsigned long long used; // what nvidia-smi shows as used
};
// Running processes: v1 {pid, usedGpuMemory}; v2 adds the MIG instance ids and
// is what the _v2 and _v3 functions write; the _v3 functions of R535 drivers
// wrote a v3 layout with usedGpuCcProtectedMemory. pid is at 0 and
// usedGpuMemory at 8 in all three, read out of a byte buffer at the stride.
struct nvmlProcessInfo_v1_t
{
    unsigned int pid;
    unsigned long long usedGpuMemory;
};
struct nvmlProcessInfo_v2_t
{
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};
struct nvmlProcessInfo_v3_t
{
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
    unsigned long long usedGpuCcProtectedMemory;
};
static_assert(sizeof(nvmlUtilization_t) == 8 && sizeof(nvmlMemory_t) == 24);
static_assert(sizeof(nvmlMemory_v2_t) == 40 && offsetof(nvmlMemory_v2_t, total) == 8);
static_assert(sizeof(nvmlProcessInfo_v1_t) == 16 && sizeof(nvmlProcessInfo_v2_t) == 24 &&
              sizeof(nvmlProcessInfo_v3_t) == 32);
static_assert(offsetof(nvmlProcessInfo_v1_t, usedGpuMemory) == 8 &&
              offsetof(nvmlProcessInfo_v3_t, usedGpuMemory) == 8);

constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr nvmlReturn_t NVML_ERROR_INSUFFICIENT_SIZE = 7;
constexpr nvmlReturn_t NVML_ERROR_GPU_IS_LOST = 15;
constexpr nvmlReturn_t NVML_ERROR_RESET_REQUIRED = 16;
// NVML_STRUCT_VERSION(Memory, 2): the struct's size with the version in the top byte.
constexpr unsigned int nvmlMemory_v2 = unsigned(sizeof(nvmlMemory_v2_t)) | (2u << 24);
constexpr unsigned long long NVML_VALUE_NOT_AVAILABLE = ~0ULL;
// Enums in nvml.h, passed as int.
constexpr int NVML_TEMPERATURE_GPU = 0;
constexpr int NVML_CLOCK_GRAPHICS = 0;
constexpr int NVML_CLOCK_SM = 1;
constexpr int NVML_CLOCK_MEM = 2;
constexpr int NVML_PCIE_UTIL_TX_BYTES = 0;
constexpr int NVML_PCIE_UTIL_RX_BYTES = 1;

constexpr unsigned int kFirstCapacity = 16; // processes asked for at first, per list
constexpr unsigned int kMaxCapacity = 4096; // a count beyond this is not believed
constexpr qsizetype kMaxProcesses = 256;    // reported per GPU
constexpr qsizetype kMaxCommand = 1024;     // characters of a command line

template<typename F> F symbol(void *lib, const char *name)
{
    return reinterpret_cast<F>(dlsym(lib, name));
}

using ProcessesFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned int *, void *);

/// One of NVML's running-process calls and the stride of what it writes.
struct ProcessList
{
    ProcessesFn fn = nullptr;
    std::size_t stride = 0;

    /// The newest of `base`_v3, _v2 and `base` the library has.
    static ProcessList find(void *lib, const QByteArray &base)
    {
        // R535 drivers' _v3 wrote the v3 layout, the later ones write v2 again; nvitop
        // tells them apart the same way: the confidential-computing call came with
        // R535, the process detail list after it.
        const bool v3Layout = dlsym(lib, "nvmlDeviceGetConfComputeMemSizeInfo") &&
                              !dlsym(lib, "nvmlDeviceGetRunningProcessDetailList");
        if (auto fn = symbol<ProcessesFn>(lib, QByteArray(base + "_v3").constData()))
            return {fn, v3Layout ? sizeof(nvmlProcessInfo_v3_t) : sizeof(nvmlProcessInfo_v2_t)};
        if (auto fn = symbol<ProcessesFn>(lib, QByteArray(base + "_v2").constData()))
            return {fn, sizeof(nvmlProcessInfo_v2_t)};
        if (auto fn = symbol<ProcessesFn>(lib, base.constData()))
            return {fn, sizeof(nvmlProcessInfo_v1_t)};
        return {};
    }
};

struct RawProcess
{
    unsigned int pid = 0;
    unsigned long long memory = 0;
};

/// Reads one list. NVML answers INSUFFICIENT_SIZE with the count it needs and
/// the array unwritten; processes may start between two calls, so it asks
/// again with room to spare, a few times. `capacity` is kept per GPU and list.
nvmlReturn_t readProcesses(const ProcessList &list, nvmlDevice_t device, unsigned int &capacity,
                           QList<RawProcess> &out)
{
    nvmlReturn_t r = NVML_ERROR_INSUFFICIENT_SIZE;
    for (int attempt = 0; attempt < 4 && r == NVML_ERROR_INSUFFICIENT_SIZE; ++attempt) {
        // Room for the widest layout whatever the driver writes: a wrong guess of
        // the stride garbles the list but never writes past the buffer.
        std::vector<unsigned long long> buffer(std::size_t(capacity) * sizeof(nvmlProcessInfo_v3_t) /
                                               sizeof(unsigned long long));
        unsigned int count = capacity;
        r = list.fn(device, &count, buffer.data());
        if (r == NVML_SUCCESS) {
            const auto *bytes = reinterpret_cast<const unsigned char *>(buffer.data());
            for (unsigned int i = 0; i < std::min(count, capacity); ++i) {
                RawProcess p;
                std::memcpy(&p.pid, bytes + i * list.stride, sizeof p.pid);
                std::memcpy(&p.memory,
                            bytes + i * list.stride + offsetof(nvmlProcessInfo_v1_t, usedGpuMemory),
                            sizeof p.memory);
                out.append(p);
            }
        } else if (r == NVML_ERROR_INSUFFICIENT_SIZE) {
            if (capacity >= kMaxCapacity)
                break;
            const unsigned int needed = std::max(count, capacity);
            capacity = std::min(kMaxCapacity, needed + needed / 4 + 8);
        }
    }
    return r;
}

QByteArray readProcFile(unsigned int pid, const char *name, qint64 maxBytes)
{
    QFile f(QStringLiteral("/proc/%1/%2").arg(pid).arg(QLatin1String(name)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(maxBytes);
}

/// The real uid of a process from /proc/<pid>/status ("Uid: real effective saved fs").
/// Not the owner of /proc/<pid>, which is root for a process that is not dumpable.
std::optional<uint> processUid(unsigned int pid)
{
    for (const QByteArray &line : readProcFile(pid, "status", 16384).split('\n')) {
        if (!line.startsWith("Uid:"))
            continue;
        bool ok = false;
        const uint uid = line.mid(4).simplified().split(' ').value(0).toUInt(&ok);
        if (ok)
            return uid;
    }
    return std::nullopt;
}

QString commandLine(unsigned int pid)
{
    QByteArray raw = readProcFile(pid, "cmdline", 4 * kMaxCommand);
    while (raw.endsWith('\0'))
        raw.chop(1);
    raw.replace('\0', ' ');
    QString command = QString::fromUtf8(raw);
    if (command.size() > kMaxCommand)
        command = command.left(kMaxCommand - 1) + QChar(0x2026);
    return command;
}
} // namespace

struct NvmlProbe::Api
{
    struct Gpu
    {
        nvmlDevice_t handle = nullptr; // null: lost before the probe started
        int index = 0;
        QString name;
        QString uuid;
        unsigned int computeCapacity = kFirstCapacity;
        unsigned int graphicsCapacity = kFirstCapacity;
    };
    struct Pcie
    {
        qint64 tx = -1;
        qint64 rx = -1;
    };

    void *lib = nullptr;
    bool initialised = false;
    nvmlReturn_t (*shutdown)() = nullptr;
    nvmlReturn_t (*getUtil)(nvmlDevice_t, nvmlUtilization_t *) = nullptr;
    nvmlReturn_t (*getMemory)(nvmlDevice_t, nvmlMemory_t *) = nullptr;
    nvmlReturn_t (*getMemoryV2)(nvmlDevice_t, nvmlMemory_v2_t *) = nullptr;
    nvmlReturn_t (*getTemperature)(nvmlDevice_t, int, unsigned int *) = nullptr;
    nvmlReturn_t (*getPower)(nvmlDevice_t, unsigned int *) = nullptr;
    nvmlReturn_t (*getPowerLimit)(nvmlDevice_t, unsigned int *) = nullptr;
    nvmlReturn_t (*getClock)(nvmlDevice_t, int, unsigned int *) = nullptr;
    nvmlReturn_t (*getClockReasons)(nvmlDevice_t, unsigned long long *) = nullptr;
    nvmlReturn_t (*getPcie)(nvmlDevice_t, int, unsigned int *) = nullptr;
    ProcessList compute;
    ProcessList graphics;
    std::vector<Gpu> gpus;
    QHash<uint, QString> userNames;

    // PCIe throughput is a 20 ms measurement per counter (NVML samples a byte
    // counter), 40 ms per GPU: a thread of its own reads it, so a sample, and
    // the agent's event loop, never wait for it. A sample shows the readings
    // taken after the one before it.
    std::thread pcieThread;
    std::mutex pcieMutex;
    std::condition_variable pcieWake;
    bool pcieWanted = false;
    bool pcieStop = false;
    std::vector<Pcie> pcie; // by GPU, under pcieMutex

    ~Api()
    {
        if (pcieThread.joinable()) {
            {
                std::lock_guard lock(pcieMutex);
                pcieStop = true;
            }
            pcieWake.notify_one();
            pcieThread.join();
        }
        if (initialised && shutdown)
            shutdown();
        dlclose(lib);
    }

    std::vector<Pcie> latestPcie()
    {
        if (!getPcie || gpus.empty())
            return {};
        std::lock_guard lock(pcieMutex);
        if (!pcieThread.joinable())
            pcieThread = std::thread([this] { readPcieWhenAsked(); });
        pcieWanted = true;
        pcieWake.notify_one();
        return pcie;
    }

    void readPcieWhenAsked()
    {
        std::unique_lock lock(pcieMutex);
        for (;;) {
            pcieWake.wait(lock, [this] { return pcieWanted || pcieStop; });
            if (pcieStop)
                return;
            pcieWanted = false;
            lock.unlock();
            std::vector<Pcie> readings(gpus.size()); // gpus does not change once the probe is made
            for (std::size_t i = 0; i < gpus.size(); ++i) {
                unsigned int kb = 0;
                if (gpus[i].handle && getPcie(gpus[i].handle, NVML_PCIE_UTIL_TX_BYTES, &kb) == NVML_SUCCESS)
                    readings[i].tx = qint64(kb) * 1024;
                if (gpus[i].handle && getPcie(gpus[i].handle, NVML_PCIE_UTIL_RX_BYTES, &kb) == NVML_SUCCESS)
                    readings[i].rx = qint64(kb) * 1024;
            }
            lock.lock();
            pcie = std::move(readings);
        }
    }

    QString userName(uint uid)
    {
        // Cached: the lookup may go to LDAP, at every sample for every process.
        if (const auto it = userNames.constFind(uid); it != userNames.cend())
            return *it;
        long size = sysconf(_SC_GETPW_R_SIZE_MAX);
        std::vector<char> buffer(size > 0 ? std::size_t(size) : 16384);
        passwd entry{};
        passwd *found = nullptr;
        const QString name = getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) == 0 && found
                                 ? QString::fromLocal8Bit(found->pw_name)
                                 : QString::number(uid); // an account the agent's machine has no name for
        userNames.insert(uid, name);
        return name;
    }

    /// Compute and graphics processes in one list, a process in both once ("C+G").
    /// `answered(fn, call)` makes the call unless `fn` is missing or the GPU lost.
    template<typename Answered> QList<DeviceProcess> processes(Gpu &gpu, const Answered &answered)
    {
        QList<RawProcess> compute;
        QList<RawProcess> graphics;
        const bool haveCompute = answered(this->compute.fn, [&] {
            return readProcesses(this->compute, gpu.handle, gpu.computeCapacity, compute);
        });
        const bool haveGraphics = answered(this->graphics.fn, [&] {
            return readProcesses(this->graphics, gpu.handle, gpu.graphicsCapacity, graphics);
        });
        if (!haveCompute && !haveGraphics)
            return {};
        QList<DeviceProcess> out;
        QHash<unsigned int, qsizetype> byPid;
        const auto add = [&](const RawProcess &raw, DeviceProcess::Type type) {
            const qint64 memory = raw.memory == NVML_VALUE_NOT_AVAILABLE ||
                                          raw.memory > quint64(std::numeric_limits<qint64>::max())
                                      ? -1
                                      : qint64(raw.memory);
            if (const auto it = byPid.constFind(raw.pid); it != byPid.cend()) {
                DeviceProcess &p = out[*it];
                if (p.type != type)
                    p.type = DeviceProcess::Type::ComputeAndGraphics;
                p.memoryBytes = std::max(p.memoryBytes, memory);
                return;
            }
            DeviceProcess p;
            p.pid = raw.pid;
            p.memoryBytes = memory;
            p.type = type;
            byPid.insert(raw.pid, out.size());
            out.append(p);
        };
        for (const RawProcess &p : compute)
            add(p, DeviceProcess::Type::Compute);
        for (const RawProcess &p : graphics)
            add(p, DeviceProcess::Type::Graphics);
        std::sort(out.begin(), out.end(), [](const DeviceProcess &a, const DeviceProcess &b) {
            return a.memoryBytes != b.memoryBytes ? a.memoryBytes > b.memoryBytes : a.pid < b.pid;
        });
        if (out.size() > kMaxProcesses)
            out.resize(kMaxProcesses);
        // Who runs it, from this machine's /proc: gone by now, or in another pid
        // namespace (NVML gives the host's pids), it stays unknown.
        for (DeviceProcess &p : out) {
            const auto pid = unsigned(p.pid);
            p.name = QString::fromUtf8(readProcFile(pid, "comm", 256).trimmed());
            p.command = commandLine(pid);
            if (const auto uid = processUid(pid))
                p.user = userName(*uid);
        }
        return out;
    }

    DeviceSample sample(Gpu &gpu, const Pcie &pcieReading)
    {
        DeviceSample s;
        s.index = gpu.index;
        s.kind = DeviceSample::Kind::Gpu;
        s.name = gpu.name;
        s.uuid = gpu.uuid;
        bool lost = !gpu.handle;
        // True when NVML answered `call`. Once the GPU is lost no call is made.
        const auto answered = [&](auto fn, auto call) {
            if (!fn || lost)
                return false;
            const nvmlReturn_t r = call();
            if (r == NVML_ERROR_GPU_IS_LOST || r == NVML_ERROR_RESET_REQUIRED)
                lost = true;
            return r == NVML_SUCCESS;
        };
        const auto query = [&](auto fn, auto... args) {
            return answered(fn, [&] { return fn(gpu.handle, args...); });
        };

        nvmlUtilization_t util{};
        if (query(getUtil, &util)) {
            s.utilization = std::min(util.gpu, 100u);
            s.memoryUtilization = std::min(util.memory, 100u);
        }
        nvmlMemory_v2_t memory{};
        memory.version = nvmlMemory_v2;
        nvmlMemory_t oldMemory{};
        if (query(getMemoryV2, &memory)) {
            s.memoryTotal = qint64(memory.total);
            s.memoryUsed = qint64(memory.used);
        } else if (query(getMemory, &oldMemory)) {
            s.memoryTotal = qint64(oldMemory.total);
            s.memoryUsed = qint64(oldMemory.used);
        }
        unsigned int value = 0;
        if (query(getTemperature, NVML_TEMPERATURE_GPU, &value))
            s.temperature = value;
        if (query(getPower, &value))
            s.power = value / 1000.0;
        if (query(getPowerLimit, &value))
            s.powerLimit = value / 1000.0;
        if (query(getClock, NVML_CLOCK_GRAPHICS, &value))
            s.clockGraphics = int(std::min(value, 1u << 20));
        if (query(getClock, NVML_CLOCK_SM, &value))
            s.clockSm = int(std::min(value, 1u << 20));
        if (query(getClock, NVML_CLOCK_MEM, &value))
            s.clockMemory = int(std::min(value, 1u << 20));
        unsigned long long reasons = 0;
        if (query(getClockReasons, &reasons))
            s.throttleReasons = qint64(reasons & 0xffffffffffffULL);
        s.pcieTx = pcieReading.tx;
        s.pcieRx = pcieReading.rx;
        if (!lost)
            s.processes = processes(gpu, answered);
        if (!lost)
            return s;
        // Half a reading from a GPU that fell off the bus is not shown as if it were one.
        DeviceSample gone;
        gone.index = s.index;
        gone.kind = s.kind;
        gone.name = s.name;
        gone.uuid = s.uuid;
        gone.lost = true;
        return gone;
    }
};

NvmlProbe::NvmlProbe(const QString &library)
{
    void *lib = dlopen(QFile::encodeName(library).constData(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        m_status = QStringLiteral("NVML not found (no NVIDIA driver)");
        return;
    }
    auto api = std::make_unique<Api>();
    api->lib = lib;
    auto init = symbol<nvmlReturn_t (*)()>(lib, "nvmlInit_v2");
    auto count = symbol<nvmlReturn_t (*)(unsigned int *)>(lib, "nvmlDeviceGetCount_v2");
    auto getHandle =
        symbol<nvmlReturn_t (*)(unsigned int, nvmlDevice_t *)>(lib, "nvmlDeviceGetHandleByIndex_v2");
    auto getName = symbol<nvmlReturn_t (*)(nvmlDevice_t, char *, unsigned int)>(lib, "nvmlDeviceGetName");
    auto getUuid = symbol<nvmlReturn_t (*)(nvmlDevice_t, char *, unsigned int)>(lib, "nvmlDeviceGetUUID");
    api->shutdown = symbol<decltype(api->shutdown)>(lib, "nvmlShutdown");
    api->getUtil = symbol<decltype(api->getUtil)>(lib, "nvmlDeviceGetUtilizationRates");
    api->getMemory = symbol<decltype(api->getMemory)>(lib, "nvmlDeviceGetMemoryInfo");
    api->getMemoryV2 = symbol<decltype(api->getMemoryV2)>(lib, "nvmlDeviceGetMemoryInfo_v2");
    api->getTemperature = symbol<decltype(api->getTemperature)>(lib, "nvmlDeviceGetTemperature");
    api->getPower = symbol<decltype(api->getPower)>(lib, "nvmlDeviceGetPowerUsage");
    // The limit the driver enforces is the "Cap" nvidia-smi shows; the management limit where there is none.
    api->getPowerLimit = symbol<decltype(api->getPowerLimit)>(lib, "nvmlDeviceGetEnforcedPowerLimit");
    if (!api->getPowerLimit)
        api->getPowerLimit = symbol<decltype(api->getPowerLimit)>(lib, "nvmlDeviceGetPowerManagementLimit");
    api->getClock = symbol<decltype(api->getClock)>(lib, "nvmlDeviceGetClockInfo");
    // Renamed in R535; the old name stays for older drivers.
    api->getClockReasons =
        symbol<decltype(api->getClockReasons)>(lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!api->getClockReasons)
        api->getClockReasons =
            symbol<decltype(api->getClockReasons)>(lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    api->getPcie = symbol<decltype(api->getPcie)>(lib, "nvmlDeviceGetPcieThroughput");
    api->compute = ProcessList::find(lib, "nvmlDeviceGetComputeRunningProcesses");
    api->graphics = ProcessList::find(lib, "nvmlDeviceGetGraphicsRunningProcesses");
    if (!init || !count || !getHandle) {
        m_status = QStringLiteral(
            "NVML present but without nvmlInit_v2, nvmlDeviceGetCount_v2 or nvmlDeviceGetHandleByIndex_v2");
        return; // api's destructor closes the library
    }
    if (const nvmlReturn_t r = init(); r != NVML_SUCCESS) {
        m_status = QStringLiteral("NVML present but could not be initialised (error %1)").arg(r);
        return;
    }
    api->initialised = true;
    unsigned int n = 0;
    if (count(&n) != NVML_SUCCESS)
        n = 0;
    int lost = 0;
    for (unsigned int i = 0; i < std::min(n, 64u); ++i) {
        Api::Gpu gpu;
        gpu.index = int(i);
        gpu.name = QStringLiteral("GPU %1").arg(i);
        const nvmlReturn_t r = getHandle(i, &gpu.handle);
        if (r == NVML_ERROR_GPU_IS_LOST || r == NVML_ERROR_RESET_REQUIRED) {
            // Kept in its place, so the GPUs after it keep their index.
            gpu.handle = nullptr;
            api->gpus.push_back(gpu);
            ++lost;
            continue;
        }
        if (r != NVML_SUCCESS)
            continue;
        char buffer[96] = {};
        if (getName && getName(gpu.handle, buffer, sizeof buffer) == NVML_SUCCESS)
            gpu.name = QString::fromUtf8(buffer, qsizetype(strnlen(buffer, sizeof buffer)));
        std::memset(buffer, 0, sizeof buffer);
        if (getUuid && getUuid(gpu.handle, buffer, sizeof buffer) == NVML_SUCCESS)
            gpu.uuid = QString::fromUtf8(buffer, qsizetype(strnlen(buffer, sizeof buffer)));
        api->gpus.push_back(gpu);
    }
    m_status = lost > 0 ? QStringLiteral("NVML: %1 GPU(s), %2 lost").arg(api->gpus.size()).arg(lost)
                        : QStringLiteral("NVML: %1 GPU(s)").arg(api->gpus.size());
    m_api = std::move(api);
}

NvmlProbe::~NvmlProbe() = default;

bool NvmlProbe::available() const
{
    return m_api && !m_api->gpus.empty();
}

QList<DeviceSample> NvmlProbe::sampleDevices()
{
    QList<DeviceSample> out;
    if (!m_api)
        return out;
    const std::vector<Api::Pcie> pcie = m_api->latestPcie();
    for (std::size_t i = 0; i < m_api->gpus.size(); ++i)
        out.append(m_api->sample(m_api->gpus[i], i < pcie.size() ? pcie[i] : Api::Pcie{}));
    return out;
}
