/* A test double of libnvidia-ml.so.1: the NVML calls NvmlProbe makes, with
 * NVML's own ABI (declared here from NVIDIA's nvml.h, independently of the
 * probe's declarations, so a layout mistake in either shows), answering what
 * the test scripts through nvmldouble.h. Built in four variants, each exporting
 * the symbols of a kind of driver (-fvisibility=hidden, so nothing else):
 *
 *   modern   every call; the _v3 process calls write the v2 layout (24 bytes)
 *   r535     as R535 drivers: _v3 writes the v3 layout (32 bytes), the
 *            confidential-computing call is there, the process detail list not
 *   legacy   old drivers: v1 process and memory calls, the management power
 *            limit, "throttle" reasons, no PCIe throughput
 *   minimal  only init, count, handles and shutdown
 *
 * Like the driver, it checks what it is given: a device handle it did not hand
 * out, a null pointer, a memory struct without its version. */
#include "nvmldouble.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))

#if defined(NVML_DOUBLE_MODERN)
#define VARIANT "modern"
#define HAS_V3_PROCESSES 1
#define HAS_V2_PROCESSES 1
#define HAS_MEMORY_V2 1
#define HAS_ENFORCED_LIMIT 1
#define HAS_EVENT_REASONS 1
#define HAS_PCIE 1
#define HAS_DETAIL_LIST 1
#define HAS_CONF_COMPUTE 1
#elif defined(NVML_DOUBLE_R535)
#define VARIANT "r535"
#define HAS_V3_PROCESSES 1
#define V3_WRITES_V3_LAYOUT 1
#define HAS_V2_PROCESSES 1
#define HAS_MEMORY_V2 1
#define HAS_ENFORCED_LIMIT 1
#define HAS_EVENT_REASONS 1
#define HAS_PCIE 1
#define HAS_CONF_COMPUTE 1
#elif defined(NVML_DOUBLE_LEGACY)
#define VARIANT "legacy"
#elif defined(NVML_DOUBLE_MINIMAL)
#define VARIANT "minimal"
#define MINIMAL 1
#else
#error "define one of NVML_DOUBLE_MODERN, NVML_DOUBLE_R535, NVML_DOUBLE_LEGACY, NVML_DOUBLE_MINIMAL"
#endif

/* ---- NVML's ABI (nvml.h) ---- */
typedef int nvmlReturn_t;
typedef struct nvmlDevice_st *nvmlDevice_t;
enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_UNINITIALIZED = 1,
    NVML_ERROR_INVALID_ARGUMENT = 2,
    NVML_ERROR_NOT_SUPPORTED = 3,
    NVML_ERROR_INSUFFICIENT_SIZE = 7,
    NVML_ERROR_GPU_IS_LOST = 15,
    NVML_ERROR_ARGUMENT_VERSION_MISMATCH = 25
};
typedef struct nvmlUtilization_st {
    unsigned int gpu;
    unsigned int memory;
} nvmlUtilization_t;
typedef struct nvmlMemory_st {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
} nvmlMemory_t;
typedef struct nvmlMemory_v2_st {
    unsigned int version;
    unsigned long long total;
    unsigned long long reserved;
    unsigned long long free;
    unsigned long long used;
} nvmlMemory_v2_t;
#define NVML_STRUCT_VERSION(data, ver) (unsigned int)(sizeof(nvml##data##_v##ver##_t) | (ver << 24U))
#define nvmlMemory_v2 NVML_STRUCT_VERSION(Memory, 2)
typedef struct nvmlProcessInfo_v1_st {
    unsigned int pid;
    unsigned long long usedGpuMemory;
} nvmlProcessInfo_v1_t;
typedef struct nvmlProcessInfo_v2_st {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
} nvmlProcessInfo_v2_t;
typedef struct nvmlProcessInfo_v3_st {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
    unsigned long long usedGpuCcProtectedMemory;
} nvmlProcessInfo_v3_t;
typedef enum { NVML_TEMPERATURE_GPU = 0 } nvmlTemperatureSensors_t;
typedef enum { NVML_CLOCK_GRAPHICS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_CLOCK_VIDEO = 3 } nvmlClockType_t;
typedef enum { NVML_PCIE_UTIL_TX_BYTES = 0, NVML_PCIE_UTIL_RX_BYTES = 1 } nvmlPcieUtilCounter_t;

_Static_assert(sizeof(nvmlMemory_v2_t) == 40, "nvmlMemory_v2_t");
_Static_assert(sizeof(nvmlProcessInfo_v1_t) == 16 && sizeof(nvmlProcessInfo_v2_t) == 24 && sizeof(nvmlProcessInfo_v3_t) == 32,
               "nvmlProcessInfo_t");
_Static_assert(sizeof(nvmlClockType_t) == sizeof(int), "enums are passed as int");

/* ---- the scripted state, one lock for every call (the probe reads PCIe on a thread) ---- */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static NvmlDoubleScenario scenario;
static NvmlDoubleCounters counters;
static unsigned int computeRunning[NVML_DOUBLE_MAX_GPUS];

EXPORT const char *nvmlDoubleVariant(void)
{
    return VARIANT;
}

EXPORT void nvmlDoubleSetScenario(const NvmlDoubleScenario *s)
{
    pthread_mutex_lock(&lock);
    const int initialised = counters.initialised;
    scenario = *s;
    if (scenario.gpuCount > NVML_DOUBLE_MAX_GPUS)
        scenario.gpuCount = NVML_DOUBLE_MAX_GPUS;
    memset(&counters, 0, sizeof counters);
    counters.initialised = initialised;
    for (unsigned int i = 0; i < NVML_DOUBLE_MAX_GPUS; ++i) {
        NvmlDoubleGpu *g = &scenario.gpus[i];
        if (g->computeCount > NVML_DOUBLE_MAX_PROCESSES)
            g->computeCount = NVML_DOUBLE_MAX_PROCESSES;
        if (g->graphicsCount > NVML_DOUBLE_MAX_PROCESSES)
            g->graphicsCount = NVML_DOUBLE_MAX_PROCESSES;
        computeRunning[i] = g->computeRunning > 0 && g->computeRunning < g->computeCount ? g->computeRunning : g->computeCount;
    }
    pthread_mutex_unlock(&lock);
}

/* A process the test starts (hamgam-nvml-probe) has a copy of the double of
 * its own, which the test cannot script through the calls above: it reads its
 * scenario when it is loaded, from the file NVML_DOUBLE_SCENARIO names (an
 * NvmlDoubleScenario's bytes, written by a test built with this header). */
__attribute__((constructor)) static void loadScenarioFile(void)
{
    const char *path = getenv("NVML_DOUBLE_SCENARIO");
    if (!path || !*path)
        return;
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    static NvmlDoubleScenario loaded;
    if (fread(&loaded, sizeof loaded, 1, f) == 1)
        nvmlDoubleSetScenario(&loaded);
    fclose(f);
}

EXPORT void nvmlDoubleSetLost(unsigned int gpu, int lost)
{
    pthread_mutex_lock(&lock);
    if (gpu < NVML_DOUBLE_MAX_GPUS)
        scenario.gpus[gpu].lost = lost;
    pthread_mutex_unlock(&lock);
}

EXPORT void nvmlDoubleGetCounters(NvmlDoubleCounters *out)
{
    pthread_mutex_lock(&lock);
    *out = counters;
    pthread_mutex_unlock(&lock);
}

static nvmlReturn_t invalid(void)
{
    ++counters.invalidArguments;
    return NVML_ERROR_INVALID_ARGUMENT;
}

#ifndef MINIMAL
/* Takes the lock and finds the GPU behind a handle; answers for an
 * uninitialised library, a handle it never gave, a lost GPU and a scripted
 * error. Every path ends in leave(). */
static nvmlReturn_t enter(nvmlDevice_t device, enum NvmlDoubleCall call, NvmlDoubleGpu **gpu)
{
    pthread_mutex_lock(&lock);
    if (counters.initialised <= 0)
        return NVML_ERROR_UNINITIALIZED;
    const uintptr_t first = (uintptr_t)&scenario.gpus[0];
    const uintptr_t at = (uintptr_t)device;
    if (at < first || (at - first) % sizeof(NvmlDoubleGpu) != 0 || (at - first) / sizeof(NvmlDoubleGpu) >= scenario.gpuCount)
        return invalid();
    NvmlDoubleGpu *g = &scenario.gpus[(at - first) / sizeof(NvmlDoubleGpu)];
    if (g->lost) {
        if (call != NVML_DOUBLE_PCIE)
            ++counters.callsAboutLostGpus;
        return NVML_ERROR_GPU_IS_LOST;
    }
    if (g->errors[call] != 0)
        return g->errors[call];
    *gpu = g;
    return NVML_SUCCESS;
}
#endif

static nvmlReturn_t leave(nvmlReturn_t r)
{
    pthread_mutex_unlock(&lock);
    return r;
}

/* ---- init, count, handles ---- */
EXPORT nvmlReturn_t nvmlInit_v2(void)
{
    pthread_mutex_lock(&lock);
    if (scenario.initError != 0)
        return leave(scenario.initError);
    ++counters.initialised;
    ++counters.inits;
    return leave(NVML_SUCCESS);
}

EXPORT nvmlReturn_t nvmlShutdown(void)
{
    pthread_mutex_lock(&lock);
    if (counters.initialised <= 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    --counters.initialised;
    ++counters.shutdowns;
    return leave(NVML_SUCCESS);
}

EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count)
{
    pthread_mutex_lock(&lock);
    if (counters.initialised <= 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    if (!count)
        return leave(invalid());
    *count = scenario.gpuCount;
    return leave(NVML_SUCCESS);
}

EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
    pthread_mutex_lock(&lock);
    if (counters.initialised <= 0)
        return leave(NVML_ERROR_UNINITIALIZED);
    if (!device || index >= scenario.gpuCount)
        return leave(invalid());
    if (scenario.gpus[index].lost)
        return leave(NVML_ERROR_GPU_IS_LOST);
    if (scenario.gpus[index].errors[NVML_DOUBLE_HANDLE] != 0)
        return leave(scenario.gpus[index].errors[NVML_DOUBLE_HANDLE]);
    *device = (nvmlDevice_t)&scenario.gpus[index];
    return leave(NVML_SUCCESS);
}

#ifndef MINIMAL
static nvmlReturn_t copyString(const char *from, char *to, unsigned int length)
{
    if (!to)
        return invalid();
    if (strlen(from) + 1 > length)
        return NVML_ERROR_INSUFFICIENT_SIZE;
    memcpy(to, from, strlen(from) + 1);
    return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_NAME, &g);
    if (r == NVML_SUCCESS)
        r = copyString(g->name, name, length);
    return leave(r);
}

EXPORT nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_NAME, &g);
    if (r == NVML_SUCCESS)
        r = copyString(g->uuid, uuid, length);
    return leave(r);
}

EXPORT const char *nvmlErrorString(nvmlReturn_t r)
{
    return r == NVML_SUCCESS ? "Success" : "Error from the NVML test double";
}

/* ---- readings ---- */
EXPORT nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_UTILIZATION, &g);
    if (r == NVML_SUCCESS && !utilization)
        r = invalid();
    if (r == NVML_SUCCESS) {
        utilization->gpu = g->utilGpu;
        utilization->memory = g->utilMemory;
    }
    return leave(r);
}

/* v1: the driver's reserved memory counted as used, as before R510. */
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_MEMORY, &g);
    if (r == NVML_SUCCESS && !memory)
        r = invalid();
    if (r == NVML_SUCCESS) {
        memory->total = g->memoryTotal;
        memory->used = g->memoryUsed + g->memoryReserved;
        memory->free = g->memoryTotal - memory->used;
    }
    return leave(r);
}

#ifdef HAS_MEMORY_V2
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_MEMORY_V2, &g);
    if (r == NVML_SUCCESS && !memory)
        r = invalid();
    if (r == NVML_SUCCESS && memory->version != nvmlMemory_v2) {
        ++counters.memoryVersionMismatches;
        r = NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    }
    if (r == NVML_SUCCESS) {
        memory->total = g->memoryTotal;
        memory->reserved = g->memoryReserved;
        memory->used = g->memoryUsed;
        memory->free = g->memoryTotal - g->memoryReserved - g->memoryUsed;
    }
    return leave(r);
}
#endif

EXPORT nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor, unsigned int *temperature)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_TEMPERATURE, &g);
    if (r == NVML_SUCCESS && (!temperature || sensor != NVML_TEMPERATURE_GPU))
        r = invalid();
    if (r == NVML_SUCCESS)
        *temperature = g->temperature;
    return leave(r);
}

EXPORT nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_POWER, &g);
    if (r == NVML_SUCCESS && !power)
        r = invalid();
    if (r == NVML_SUCCESS)
        *power = g->powerMw;
    return leave(r);
}

EXPORT nvmlReturn_t nvmlDeviceGetPowerManagementLimit(nvmlDevice_t device, unsigned int *limit)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_POWER_LIMIT, &g);
    if (r == NVML_SUCCESS && !limit)
        r = invalid();
    if (r == NVML_SUCCESS)
        *limit = g->powerLimitMw;
    return leave(r);
}

#ifdef HAS_ENFORCED_LIMIT
EXPORT nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *limit)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_POWER_LIMIT, &g);
    if (r == NVML_SUCCESS && !limit)
        r = invalid();
    if (r == NVML_SUCCESS)
        *limit = g->enforcedLimitMw;
    return leave(r);
}
#endif

EXPORT nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_CLOCK, &g);
    if (r == NVML_SUCCESS && (!clock || (int)type < 0 || type > NVML_CLOCK_VIDEO))
        r = invalid();
    if (r == NVML_SUCCESS) {
        switch (type) {
        case NVML_CLOCK_GRAPHICS: *clock = g->clockGraphics; break;
        case NVML_CLOCK_SM: *clock = g->clockSm; break;
        case NVML_CLOCK_MEM: *clock = g->clockMemory; break;
        case NVML_CLOCK_VIDEO: r = NVML_ERROR_NOT_SUPPORTED; break;
        }
    }
    return leave(r);
}

static nvmlReturn_t clockReasons(nvmlDevice_t device, unsigned long long *reasons)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_CLOCK_REASONS, &g);
    if (r == NVML_SUCCESS && !reasons)
        r = invalid();
    if (r == NVML_SUCCESS)
        *reasons = g->clockReasons;
    return leave(r);
}

EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *reasons)
{
    return clockReasons(device, reasons);
}

#ifdef HAS_EVENT_REASONS
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *reasons)
{
    return clockReasons(device, reasons);
}
#endif

#ifdef HAS_PCIE
EXPORT nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t device, nvmlPcieUtilCounter_t counter, unsigned int *value)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, NVML_DOUBLE_PCIE, &g);
    if (r == NVML_SUCCESS && (!value || (counter != NVML_PCIE_UTIL_TX_BYTES && counter != NVML_PCIE_UTIL_RX_BYTES)))
        r = invalid();
    if (r == NVML_SUCCESS)
        *value = counter == NVML_PCIE_UTIL_TX_BYTES ? g->pcieTxKBs : g->pcieRxKBs;
    const unsigned int delayMs = scenario.pcieDelayMs;
    leave(r);
    /* The driver measures a byte counter over 20 ms: the call takes that long. */
    const struct timespec delay = {delayMs / 1000, (long)(delayMs % 1000) * 1000000L};
    nanosleep(&delay, NULL);
    return r;
}
#endif

/* ---- running processes ---- */
static void writeProcess(void *infos, size_t stride, unsigned int i, const NvmlDoubleProcess *p)
{
    if (stride == sizeof(nvmlProcessInfo_v1_t)) {
        nvmlProcessInfo_v1_t *out = (nvmlProcessInfo_v1_t *)infos + i;
        out->pid = p->pid;
        out->usedGpuMemory = p->memory;
    } else if (stride == sizeof(nvmlProcessInfo_v2_t)) {
        nvmlProcessInfo_v2_t *out = (nvmlProcessInfo_v2_t *)infos + i;
        out->pid = p->pid;
        out->usedGpuMemory = p->memory;
        out->gpuInstanceId = out->computeInstanceId = 0xFFFFFFFFu; /* MIG off */
    } else {
        nvmlProcessInfo_v3_t *out = (nvmlProcessInfo_v3_t *)infos + i;
        out->pid = p->pid;
        out->usedGpuMemory = p->memory;
        out->gpuInstanceId = out->computeInstanceId = 0xFFFFFFFFu;
        out->usedGpuCcProtectedMemory = 0;
    }
}

/* As the driver: a count below what is running gets INSUFFICIENT_SIZE, the
 * count needed, and an array left as it was. */
static nvmlReturn_t processes(nvmlDevice_t device, enum NvmlDoubleCall call, unsigned int *count, void *infos, size_t stride)
{
    NvmlDoubleGpu *g = NULL;
    nvmlReturn_t r = enter(device, call, &g);
    if (r != NVML_SUCCESS)
        return leave(r);
    if (!count)
        return leave(invalid());
    const int compute = call == NVML_DOUBLE_COMPUTE_PROCESSES;
    const unsigned int index = (unsigned int)(g - scenario.gpus);
    const unsigned int running = compute ? computeRunning[index] : g->graphicsCount;
    if (*count < running) {
        *count = running;
        ++counters.insufficientSizeAnswers;
        if (compute) {
            const unsigned int more = running + g->computeStartingPerAnswer;
            computeRunning[index] = more < g->computeCount ? more : g->computeCount;
        }
        return leave(NVML_ERROR_INSUFFICIENT_SIZE);
    }
    if (running > 0 && !infos)
        return leave(invalid());
    const NvmlDoubleProcess *list = compute ? g->compute : g->graphics;
    for (unsigned int i = 0; i < running; ++i)
        writeProcess(infos, stride, i, &list[i]);
    *count = running;
    return leave(NVML_SUCCESS);
}

EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses(nvmlDevice_t device, unsigned int *count, nvmlProcessInfo_v1_t *infos)
{
    return processes(device, NVML_DOUBLE_COMPUTE_PROCESSES, count, infos, sizeof *infos);
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses(nvmlDevice_t device, unsigned int *count, nvmlProcessInfo_v1_t *infos)
{
    return processes(device, NVML_DOUBLE_GRAPHICS_PROCESSES, count, infos, sizeof *infos);
}

#ifdef HAS_V2_PROCESSES
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v2(nvmlDevice_t device, unsigned int *count, nvmlProcessInfo_v2_t *infos)
{
    return processes(device, NVML_DOUBLE_COMPUTE_PROCESSES, count, infos, sizeof *infos);
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v2(nvmlDevice_t device, unsigned int *count, nvmlProcessInfo_v2_t *infos)
{
    return processes(device, NVML_DOUBLE_GRAPHICS_PROCESSES, count, infos, sizeof *infos);
}
#endif

#ifdef HAS_V3_PROCESSES
#ifdef V3_WRITES_V3_LAYOUT
typedef nvmlProcessInfo_v3_t v3Entry;
#else
typedef nvmlProcessInfo_v2_t v3Entry;
#endif
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *count, v3Entry *infos)
{
    return processes(device, NVML_DOUBLE_COMPUTE_PROCESSES, count, infos, sizeof *infos);
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v3(nvmlDevice_t device, unsigned int *count, v3Entry *infos)
{
    return processes(device, NVML_DOUBLE_GRAPHICS_PROCESSES, count, infos, sizeof *infos);
}
#endif

/* Present only to tell the driver generation, as the probe looks for them. */
#ifdef HAS_CONF_COMPUTE
EXPORT nvmlReturn_t nvmlDeviceGetConfComputeMemSizeInfo(nvmlDevice_t device, void *info)
{
    (void)device;
    (void)info;
    return NVML_ERROR_NOT_SUPPORTED;
}
#endif
#ifdef HAS_DETAIL_LIST
EXPORT nvmlReturn_t nvmlDeviceGetRunningProcessDetailList(nvmlDevice_t device, void *list)
{
    (void)device;
    (void)list;
    return NVML_ERROR_NOT_SUPPORTED;
}
#endif
#endif /* !MINIMAL */
