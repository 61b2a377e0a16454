#include "nvmlreader.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <pwd.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>

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
constexpr std::size_t kMaxProcesses = 256;  // reported per GPU
constexpr std::size_t kMaxCommandBytes = 4096;

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
    static ProcessList find(void *lib, const std::string &base)
    {
        // R535 drivers' _v3 wrote the v3 layout, the later ones write v2 again; nvitop
        // tells them apart the same way: the confidential-computing call came with
        // R535, the process detail list after it.
        const bool v3Layout = dlsym(lib, "nvmlDeviceGetConfComputeMemSizeInfo") &&
                              !dlsym(lib, "nvmlDeviceGetRunningProcessDetailList");
        if (auto fn = symbol<ProcessesFn>(lib, (base + "_v3").c_str()))
            return {fn, v3Layout ? sizeof(nvmlProcessInfo_v3_t) : sizeof(nvmlProcessInfo_v2_t)};
        if (auto fn = symbol<ProcessesFn>(lib, (base + "_v2").c_str()))
            return {fn, sizeof(nvmlProcessInfo_v2_t)};
        if (auto fn = symbol<ProcessesFn>(lib, base.c_str()))
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
                           std::vector<RawProcess> &out)
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
                out.push_back(p);
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

/// Up to `maxBytes` of /proc/<pid>/<name>; empty when the process is gone.
std::string readProcFile(unsigned int pid, const char *name, std::size_t maxBytes)
{
    const std::string path = "/proc/" + std::to_string(pid) + "/" + name;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    std::string out(maxBytes, '\0');
    std::size_t got = 0;
    while (got < maxBytes) {
        const ssize_t n = ::read(fd, out.data() + got, maxBytes - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += std::size_t(n);
    }
    ::close(fd);
    out.resize(got);
    return out;
}

std::string trimmed(const std::string &s)
{
    const char *space = " \t\n\v\f\r";
    const auto first = s.find_first_not_of(space);
    if (first == std::string::npos)
        return {};
    return s.substr(first, s.find_last_not_of(space) - first + 1);
}

/// The real uid of a process from /proc/<pid>/status ("Uid: real effective saved fs").
/// Not the owner of /proc/<pid>, which is root for a process that is not dumpable.
std::optional<unsigned int> processUid(unsigned int pid)
{
    const std::string status = readProcFile(pid, "status", 16384);
    std::size_t at = 0;
    while (at < status.size()) {
        std::size_t end = status.find('\n', at);
        if (end == std::string::npos)
            end = status.size();
        if (status.compare(at, 4, "Uid:") == 0) {
            const std::string fields = status.substr(at + 4, end - at - 4);
            const char *text = fields.c_str();
            while (*text == ' ' || *text == '\t')
                ++text;
            char *stop = nullptr;
            errno = 0;
            const unsigned long uid = std::strtoul(text, &stop, 10);
            if (stop != text && errno == 0 && (*stop == '\0' || *stop == ' ' || *stop == '\t') &&
                uid <= std::numeric_limits<unsigned int>::max())
                return static_cast<unsigned int>(uid);
        }
        at = end + 1;
    }
    return std::nullopt;
}

/// The command line, arguments separated by spaces.
std::string commandLine(unsigned int pid)
{
    std::string raw = readProcFile(pid, "cmdline", kMaxCommandBytes);
    while (!raw.empty() && raw.back() == '\0')
        raw.pop_back();
    std::replace(raw.begin(), raw.end(), '\0', ' ');
    return raw;
}
} // namespace

struct NvmlReader::Api
{
    struct Device
    {
        nvmlDevice_t handle = nullptr; // null: lost before the reader started
        int index = 0;
        std::string name;
        std::string uuid;
        unsigned int computeCapacity = kFirstCapacity;
        unsigned int graphicsCapacity = kFirstCapacity;
    };
    struct Pcie
    {
        std::int64_t tx = -1;
        std::int64_t rx = -1;
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
    std::vector<Device> devices;
    std::unordered_map<unsigned int, std::string> userNames;

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
        if (!getPcie || devices.empty())
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
            std::vector<Pcie> readings(devices.size()); // devices does not change once the reader is made
            for (std::size_t i = 0; i < devices.size(); ++i) {
                unsigned int kb = 0;
                if (devices[i].handle &&
                    getPcie(devices[i].handle, NVML_PCIE_UTIL_TX_BYTES, &kb) == NVML_SUCCESS)
                    readings[i].tx = std::int64_t(kb) * 1024;
                if (devices[i].handle &&
                    getPcie(devices[i].handle, NVML_PCIE_UTIL_RX_BYTES, &kb) == NVML_SUCCESS)
                    readings[i].rx = std::int64_t(kb) * 1024;
            }
            lock.lock();
            pcie = std::move(readings);
        }
    }

    std::string userName(unsigned int uid)
    {
        // Cached: the lookup may go to LDAP, at every sample for every process.
        if (const auto it = userNames.find(uid); it != userNames.end())
            return it->second;
        long size = sysconf(_SC_GETPW_R_SIZE_MAX);
        std::vector<char> buffer(size > 0 ? std::size_t(size) : 16384);
        passwd entry{};
        passwd *found = nullptr;
        const std::string name = getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) == 0 && found
                                     ? std::string(found->pw_name)
                                     : std::to_string(uid); // an account this machine has no name for
        userNames.emplace(uid, name);
        return name;
    }

    /// Compute and graphics processes in one list, a process in both once ("C+G").
    /// `answered(fn, call)` makes the call unless `fn` is missing or the GPU lost.
    template<typename Answered> std::vector<Process> processes(Device &device, const Answered &answered)
    {
        std::vector<RawProcess> computeList;
        std::vector<RawProcess> graphicsList;
        const bool haveCompute = answered(this->compute.fn, [&] {
            return readProcesses(this->compute, device.handle, device.computeCapacity, computeList);
        });
        const bool haveGraphics = answered(this->graphics.fn, [&] {
            return readProcesses(this->graphics, device.handle, device.graphicsCapacity, graphicsList);
        });
        if (!haveCompute && !haveGraphics)
            return {};
        std::vector<Process> out;
        std::map<unsigned int, std::size_t> byPid;
        const auto add = [&](const RawProcess &raw, Process::Type type) {
            const std::int64_t memory =
                raw.memory == NVML_VALUE_NOT_AVAILABLE ||
                        raw.memory > static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max())
                    ? -1
                    : std::int64_t(raw.memory);
            if (const auto it = byPid.find(raw.pid); it != byPid.end()) {
                Process &p = out[it->second];
                if (p.type != type)
                    p.type = Process::Type::ComputeAndGraphics;
                p.memoryBytes = std::max(p.memoryBytes, memory);
                return;
            }
            Process p;
            p.pid = raw.pid;
            p.memoryBytes = memory;
            p.type = type;
            byPid.emplace(raw.pid, out.size());
            out.push_back(p);
        };
        for (const RawProcess &p : computeList)
            add(p, Process::Type::Compute);
        for (const RawProcess &p : graphicsList)
            add(p, Process::Type::Graphics);
        std::sort(out.begin(), out.end(), [](const Process &a, const Process &b) {
            return a.memoryBytes != b.memoryBytes ? a.memoryBytes > b.memoryBytes : a.pid < b.pid;
        });
        if (out.size() > kMaxProcesses)
            out.resize(kMaxProcesses);
        // Who runs it, from this machine's /proc: gone by now, or in another pid
        // namespace (NVML gives the host's pids), it stays unknown.
        for (Process &p : out) {
            p.name = trimmed(readProcFile(p.pid, "comm", 256));
            p.command = commandLine(p.pid);
            if (const auto uid = processUid(p.pid))
                p.user = userName(*uid);
        }
        return out;
    }

    Gpu sample(Device &device, const Pcie &pcieReading)
    {
        Gpu s;
        s.index = device.index;
        s.name = device.name;
        s.uuid = device.uuid;
        bool lost = !device.handle;
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
            return answered(fn, [&] { return fn(device.handle, args...); });
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
            s.memoryTotal = std::int64_t(memory.total);
            s.memoryUsed = std::int64_t(memory.used);
        } else if (query(getMemory, &oldMemory)) {
            s.memoryTotal = std::int64_t(oldMemory.total);
            s.memoryUsed = std::int64_t(oldMemory.used);
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
            s.throttleReasons = std::int64_t(reasons & 0xffffffffffffULL);
        s.pcieTx = pcieReading.tx;
        s.pcieRx = pcieReading.rx;
        if (!lost)
            s.processes = processes(device, answered);
        if (!lost)
            return s;
        // Half a reading from a GPU that fell off the bus is not shown as if it were one.
        Gpu gone;
        gone.index = s.index;
        gone.name = s.name;
        gone.uuid = s.uuid;
        gone.lost = true;
        return gone;
    }
};

NvmlReader::NvmlReader(const std::string &library)
{
    void *lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        m_status = "NVML not found (no NVIDIA driver)";
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
        m_state = State::Incomplete;
        m_status =
            "NVML present but without nvmlInit_v2, nvmlDeviceGetCount_v2 or nvmlDeviceGetHandleByIndex_v2";
        return; // api's destructor closes the library
    }
    if (const nvmlReturn_t r = init(); r != NVML_SUCCESS) {
        m_state = State::InitFailed;
        m_status = "NVML present but could not be initialised (error " + std::to_string(r) + ")";
        return;
    }
    api->initialised = true;
    unsigned int n = 0;
    if (count(&n) != NVML_SUCCESS)
        n = 0;
    int lost = 0;
    for (unsigned int i = 0; i < std::min(n, 64u); ++i) {
        Api::Device device;
        device.index = int(i);
        device.name = "GPU " + std::to_string(i);
        const nvmlReturn_t r = getHandle(i, &device.handle);
        if (r == NVML_ERROR_GPU_IS_LOST || r == NVML_ERROR_RESET_REQUIRED) {
            // Kept in its place, so the GPUs after it keep their index.
            device.handle = nullptr;
            api->devices.push_back(device);
            ++lost;
            continue;
        }
        if (r != NVML_SUCCESS)
            continue;
        char buffer[96] = {};
        if (getName && getName(device.handle, buffer, sizeof buffer) == NVML_SUCCESS)
            device.name.assign(buffer, strnlen(buffer, sizeof buffer));
        std::memset(buffer, 0, sizeof buffer);
        if (getUuid && getUuid(device.handle, buffer, sizeof buffer) == NVML_SUCCESS)
            device.uuid.assign(buffer, strnlen(buffer, sizeof buffer));
        api->devices.push_back(device);
    }
    m_state = State::Ready;
    m_status = "NVML: " + std::to_string(api->devices.size()) + " GPU(s)";
    if (lost > 0)
        m_status += ", " + std::to_string(lost) + " lost";
    m_api = std::move(api);
}

NvmlReader::~NvmlReader() = default;

bool NvmlReader::available() const
{
    return m_api && !m_api->devices.empty();
}

std::vector<NvmlReader::Gpu> NvmlReader::sample()
{
    std::vector<Gpu> out;
    if (!m_api)
        return out;
    const std::vector<Api::Pcie> pcie = m_api->latestPcie();
    for (std::size_t i = 0; i < m_api->devices.size(); ++i)
        out.push_back(m_api->sample(m_api->devices[i], i < pcie.size() ? pcie[i] : Api::Pcie{}));
    return out;
}
