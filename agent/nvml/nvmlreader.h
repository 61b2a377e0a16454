#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

/// NVIDIA GPUs through NVML, loaded at run time with dlopen() so nothing needs
/// CUDA at build time and everything runs where there is no driver: plain
/// C++17 (no Qt), for the agent's NvmlProbe and for hamgam-nvml-probe, which
/// the engine-only build of a GPU machine makes too (scripts/gpu-check).
/// One NVML session for the reader's lifetime; optional symbols may be
/// missing. Per GPU: utilization of the SMs and of the memory controller,
/// memory as nvidia-smi shows it, temperature, power and its limit, clocks and
/// what holds them down, PCIe throughput, and each process with its user,
/// command line and memory. A GPU that stops answering is reported as lost,
/// in its place.
class NvmlReader final
{
public:
    /// What loading NVML came to.
    enum class State
    {
        NotFound,   ///< dlopen() failed: no NVIDIA driver
        Incomplete, ///< the library lacks nvmlInit_v2, nvmlDeviceGetCount_v2 or a handle call
        InitFailed, ///< nvmlInit_v2 answered an error
        Ready,      ///< initialised (with or without GPUs)
    };

    struct Process
    {
        enum class Type
        {
            Compute,
            Graphics,
            ComputeAndGraphics,
        };
        unsigned int pid = 0;
        std::int64_t memoryBytes = -1; ///< -1 when NVML cannot tell (NVML_VALUE_NOT_AVAILABLE)
        Type type = Type::Compute;
        std::string name; ///< /proc/<pid>/comm, trimmed; empty when the process is gone
        std::string user; ///< the account (its uid when this machine has no name for it); empty when unknown
        std::string command; ///< /proc/<pid>/cmdline (at most 4096 bytes), arguments separated by spaces
    };

    /// One GPU's readings; -1 (0 for utilization) where NVML could not tell.
    struct Gpu
    {
        int index = 0;
        std::string name;
        std::string uuid;
        double utilization = 0; ///< percent of time a kernel ran, 0..100
        double memoryUtilization = -1;
        std::int64_t memoryUsed = 0; ///< bytes, as nvidia-smi shows them (the v2 call where there is one)
        std::int64_t memoryTotal = 0;
        double temperature = -1; ///< degrees C
        double power = -1;       ///< watts
        double powerLimit = -1;  ///< watts: the limit the driver enforces
        int clockGraphics = -1;  ///< MHz
        int clockSm = -1;
        int clockMemory = -1;
        std::int64_t throttleReasons = -1; ///< NVML's clock event reasons, a bit mask
        std::int64_t pcieTx = -1;          ///< bytes per second
        std::int64_t pcieRx = -1;
        bool lost = false;              ///< stopped answering: only index, name and uuid are kept
        std::vector<Process> processes; ///< largest memory first, at most 256
    };

    /// `library` is what dlopen() is given: the default, which the dynamic
    /// loader resolves in the system's library paths, unless a test names a double.
    explicit NvmlReader(const std::string &library = "libnvidia-ml.so.1");
    ~NvmlReader();
    NvmlReader(const NvmlReader &) = delete;
    NvmlReader &operator=(const NvmlReader &) = delete;

    State state() const { return m_state; }
    /// True when the library loaded, initialised and found at least one GPU.
    bool available() const;
    /// One line for a log or a report ("NVML: 2 GPU(s)", "NVML not found (no NVIDIA driver)").
    const std::string &status() const { return m_status; }

    /// One reading of every GPU, in NVML's order. PCIe throughput is read on
    /// a thread of its own: a sample shows the readings taken after the one before.
    std::vector<Gpu> sample();

private:
    struct Api;
    std::unique_ptr<Api> m_api;
    State m_state = State::NotFound;
    std::string m_status;
};
