#pragma once

/* The control side of the NVML test double (libnvidia-ml.so.1 built by the
 * tests, see nvmldouble.c). A test sets what the GPUs answer with these calls,
 * found with dlsym() on the same library file the probe under test dlopen()s. */

#ifdef __cplusplus
extern "C" {
#endif

#define NVML_DOUBLE_MAX_GPUS 8
#define NVML_DOUBLE_MAX_PROCESSES 64

/* The calls a scenario can make fail, each with its own NVML error code. */
enum NvmlDoubleCall
{
    NVML_DOUBLE_HANDLE,
    NVML_DOUBLE_NAME,
    NVML_DOUBLE_UTILIZATION,
    NVML_DOUBLE_MEMORY,    /* nvmlDeviceGetMemoryInfo */
    NVML_DOUBLE_MEMORY_V2, /* nvmlDeviceGetMemoryInfo_v2 */
    NVML_DOUBLE_TEMPERATURE,
    NVML_DOUBLE_POWER,
    NVML_DOUBLE_POWER_LIMIT,
    NVML_DOUBLE_CLOCK,
    NVML_DOUBLE_CLOCK_REASONS,
    NVML_DOUBLE_PCIE,
    NVML_DOUBLE_COMPUTE_PROCESSES,
    NVML_DOUBLE_GRAPHICS_PROCESSES,
    NVML_DOUBLE_CALL_COUNT
};

typedef struct NvmlDoubleProcess
{
    unsigned int pid;
    unsigned long long memory; /* bytes, or NVML_VALUE_NOT_AVAILABLE (~0ULL) */
} NvmlDoubleProcess;

typedef struct NvmlDoubleGpu
{
    char name[96];
    char uuid[96];
    unsigned long long memoryTotal;
    unsigned long long memoryReserved;
    unsigned long long memoryUsed; /* as nvidia-smi shows it (v2); the v1 call adds the reserved memory */
    unsigned int utilGpu;
    unsigned int utilMemory;
    unsigned int temperature; /* degrees C */
    unsigned int powerMw;
    unsigned int powerLimitMw;    /* the management limit */
    unsigned int enforcedLimitMw; /* the limit enforced, what nvidia-smi shows as Cap */
    unsigned int clockGraphics;   /* MHz */
    unsigned int clockSm;
    unsigned int clockMemory;
    unsigned long long clockReasons; /* nvmlClocksEventReason* bits */
    unsigned int pcieTxKBs;
    unsigned int pcieRxKBs;
    unsigned int computeCount;
    NvmlDoubleProcess compute[NVML_DOUBLE_MAX_PROCESSES];
    /* How many of compute[] are running when the scenario is set (0: all), and
     * how many more start each time the double answers INSUFFICIENT_SIZE, as
     * processes do between a caller's two calls. */
    unsigned int computeRunning;
    unsigned int computeStartingPerAnswer;
    unsigned int graphicsCount;
    NvmlDoubleProcess graphics[NVML_DOUBLE_MAX_PROCESSES];
    int lost;                           /* every call about this GPU answers NVML_ERROR_GPU_IS_LOST (15) */
    int errors[NVML_DOUBLE_CALL_COUNT]; /* an NVML error code to answer instead, 0 for none */
} NvmlDoubleGpu;

typedef struct NvmlDoubleScenario
{
    int initError; /* what nvmlInit_v2 answers */
    unsigned int gpuCount;
    NvmlDoubleGpu gpus[NVML_DOUBLE_MAX_GPUS];
    unsigned int
        pcieDelayMs; /* each nvmlDeviceGetPcieThroughput takes this long (the driver's takes 20 ms) */
} NvmlDoubleScenario;

/* What the caller did, for the test to judge. */
typedef struct NvmlDoubleCounters
{
    int initialised; /* nvmlInit_v2 calls not yet matched by nvmlShutdown */
    unsigned int inits;
    unsigned int shutdowns;
    unsigned int insufficientSizeAnswers;
    unsigned int callsAboutLostGpus; /* PCIe throughput calls aside: another thread makes them */
    unsigned int memoryVersionMismatches;
    unsigned int invalidArguments;
} NvmlDoubleCounters;

/* The variant built: "modern", "r535", "legacy" or "minimal" (nvmldouble.c). */
const char *nvmlDoubleVariant(void);
/* Copies the scenario and clears the counters. */
void nvmlDoubleSetScenario(const NvmlDoubleScenario *scenario);
/* A GPU falls off the bus (lost = 1) while the caller runs. */
void nvmlDoubleSetLost(unsigned int gpu, int lost);
void nvmlDoubleGetCounters(NvmlDoubleCounters *counters);

#ifdef __cplusplus
}
#endif
