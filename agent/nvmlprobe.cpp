#include "nvmlprobe.h"

#include <QFile>

#include <dlfcn.h>

namespace {
// The few NVML declarations we use (nvml.h is not in Debian main).
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
    unsigned long long used;
};
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
constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr nvmlReturn_t NVML_ERROR_INSUFFICIENT_SIZE = 7;
constexpr int NVML_TEMPERATURE_GPU = 0;

template<typename F>
F symbol(void *lib, const char *name)
{
    return reinterpret_cast<F>(dlsym(lib, name));
}

QString processName(unsigned int pid)
{
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
    if (!comm.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(comm.readAll().trimmed());
}
} // namespace

struct NvmlProbe::Api
{
    void *lib = nullptr;
    nvmlReturn_t (*shutdown)() = nullptr;
    nvmlReturn_t (*getHandle)(unsigned int, nvmlDevice_t *) = nullptr;
    nvmlReturn_t (*getName)(nvmlDevice_t, char *, unsigned int) = nullptr;
    nvmlReturn_t (*getUuid)(nvmlDevice_t, char *, unsigned int) = nullptr;
    nvmlReturn_t (*getUtil)(nvmlDevice_t, nvmlUtilization_t *) = nullptr;
    nvmlReturn_t (*getMemory)(nvmlDevice_t, nvmlMemory_t *) = nullptr;
    nvmlReturn_t (*getTemperature)(nvmlDevice_t, int, unsigned int *) = nullptr;
    nvmlReturn_t (*getPower)(nvmlDevice_t, unsigned int *) = nullptr;
    nvmlReturn_t (*getProcsV2)(nvmlDevice_t, unsigned int *, nvmlProcessInfo_v2_t *) = nullptr;
    nvmlReturn_t (*getProcsV1)(nvmlDevice_t, unsigned int *, nvmlProcessInfo_v1_t *) = nullptr;
    QList<nvmlDevice_t> devices;
    QStringList names;
    QStringList uuids;
};

NvmlProbe::NvmlProbe()
{
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        m_status = QStringLiteral("NVML not found (no NVIDIA driver)");
        return;
    }
    auto api = std::make_unique<Api>();
    api->lib = lib;
    auto init = symbol<nvmlReturn_t (*)()>(lib, "nvmlInit_v2");
    auto count = symbol<nvmlReturn_t (*)(unsigned int *)>(lib, "nvmlDeviceGetCount_v2");
    api->shutdown = symbol<nvmlReturn_t (*)()>(lib, "nvmlShutdown");
    api->getHandle = symbol<decltype(api->getHandle)>(lib, "nvmlDeviceGetHandleByIndex_v2");
    api->getName = symbol<decltype(api->getName)>(lib, "nvmlDeviceGetName");
    api->getUuid = symbol<decltype(api->getUuid)>(lib, "nvmlDeviceGetUUID");
    api->getUtil = symbol<decltype(api->getUtil)>(lib, "nvmlDeviceGetUtilizationRates");
    api->getMemory = symbol<decltype(api->getMemory)>(lib, "nvmlDeviceGetMemoryInfo");
    api->getTemperature = symbol<decltype(api->getTemperature)>(lib, "nvmlDeviceGetTemperature");
    api->getPower = symbol<decltype(api->getPower)>(lib, "nvmlDeviceGetPowerUsage");
    api->getProcsV2 = symbol<decltype(api->getProcsV2)>(lib, "nvmlDeviceGetComputeRunningProcesses_v3");
    if (!api->getProcsV2)
        api->getProcsV2 = symbol<decltype(api->getProcsV2)>(lib, "nvmlDeviceGetComputeRunningProcesses_v2");
    api->getProcsV1 = symbol<decltype(api->getProcsV1)>(lib, "nvmlDeviceGetComputeRunningProcesses");
    if (!init || !count || !api->getHandle || init() != NVML_SUCCESS) {
        m_status = QStringLiteral("NVML present but could not be initialised");
        dlclose(lib);
        return;
    }
    unsigned int n = 0;
    if (count(&n) != NVML_SUCCESS)
        n = 0;
    for (unsigned int i = 0; i < n; ++i) {
        nvmlDevice_t device = nullptr;
        if (api->getHandle(i, &device) != NVML_SUCCESS)
            continue;
        char buffer[96] = {};
        QString name = QStringLiteral("GPU %1").arg(i);
        if (api->getName && api->getName(device, buffer, sizeof buffer) == NVML_SUCCESS)
            name = QString::fromUtf8(buffer);
        QString uuid;
        if (api->getUuid && api->getUuid(device, buffer, sizeof buffer) == NVML_SUCCESS)
            uuid = QString::fromUtf8(buffer);
        api->devices.append(device);
        api->names.append(name);
        api->uuids.append(uuid);
    }
    m_status = QStringLiteral("NVML: %1 GPU(s)").arg(api->devices.size());
    m_api = std::move(api);
}

NvmlProbe::~NvmlProbe()
{
    if (m_api) {
        if (m_api->shutdown)
            m_api->shutdown();
        dlclose(m_api->lib);
    }
}

bool NvmlProbe::available() const
{
    return m_api && !m_api->devices.isEmpty();
}

QList<DeviceSample> NvmlProbe::sampleDevices()
{
    QList<DeviceSample> out;
    if (!m_api)
        return out;
    for (qsizetype i = 0; i < m_api->devices.size(); ++i) {
        nvmlDevice_t device = m_api->devices[i];
        DeviceSample s;
        s.index = int(i);
        s.kind = DeviceSample::Kind::Gpu;
        s.name = m_api->names[i];
        s.uuid = m_api->uuids[i];
        nvmlUtilization_t util{};
        if (m_api->getUtil && m_api->getUtil(device, &util) == NVML_SUCCESS)
            s.utilization = util.gpu;
        nvmlMemory_t mem{};
        if (m_api->getMemory && m_api->getMemory(device, &mem) == NVML_SUCCESS) {
            s.memoryTotal = qint64(mem.total);
            s.memoryUsed = qint64(mem.used);
        }
        unsigned int value = 0;
        if (m_api->getTemperature && m_api->getTemperature(device, NVML_TEMPERATURE_GPU, &value) == NVML_SUCCESS)
            s.temperature = value;
        if (m_api->getPower && m_api->getPower(device, &value) == NVML_SUCCESS)
            s.power = value / 1000.0;
        unsigned int count = 64;
        if (m_api->getProcsV2) {
            nvmlProcessInfo_v2_t procs[64];
            const nvmlReturn_t r = m_api->getProcsV2(device, &count, procs);
            if (r == NVML_SUCCESS || r == NVML_ERROR_INSUFFICIENT_SIZE) {
                for (unsigned int p = 0; p < qMin(count, 64u); ++p)
                    s.processes.append({procs[p].pid, processName(procs[p].pid), qint64(procs[p].usedGpuMemory)});
            }
        } else if (m_api->getProcsV1) {
            nvmlProcessInfo_v1_t procs[64];
            const nvmlReturn_t r = m_api->getProcsV1(device, &count, procs);
            if (r == NVML_SUCCESS || r == NVML_ERROR_INSUFFICIENT_SIZE) {
                for (unsigned int p = 0; p < qMin(count, 64u); ++p)
                    s.processes.append({procs[p].pid, processName(procs[p].pid), qint64(procs[p].usedGpuMemory)});
            }
        }
        out.append(s);
    }
    return out;
}
