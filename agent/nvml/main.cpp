// hamgam-nvml-probe: one reading of every GPU through NvmlReader, the code the
// agent's telemetry reads NVML with, printed as one JSON object, so a GPU
// machine can hold it against nvidia-smi (scripts/gpu-check). Exit 0: NVML
// loaded and found GPUs; 2: no NVML (no NVIDIA driver); 1: anything else.
#include "nvmlreader.h"

#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>

namespace {
const char *typeName(NvmlReader::Process::Type type)
{
    switch (type) {
    case NvmlReader::Process::Type::Compute:
        return "compute";
    case NvmlReader::Process::Type::Graphics:
        return "graphics";
    case NvmlReader::Process::Type::ComputeAndGraphics:
        return "compute+graphics";
    }
    return "compute";
}

// nvidia-smi's MiB: whole mebibytes, rounded down.
nlohmann::json mib(std::int64_t bytes)
{
    return bytes < 0 ? nlohmann::json() : nlohmann::json(bytes / (1024 * 1024));
}
} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::puts("usage: hamgam-nvml-probe\n"
                      "\n"
                      "Reads every GPU once through NVML (libnvidia-ml.so.1, found by the dynamic\n"
                      "loader), as the Hamgam agent does, and prints one JSON object: each GPU's\n"
                      "index, uuid, name, memory used and total (as nvidia-smi shows them) and its\n"
                      "processes (pid, memory, compute or graphics, user, command line).\n"
                      "Exit codes: 0 GPUs read, 1 NVML without GPUs or failing, 2 no NVML.");
            return 0;
        }
        std::fprintf(stderr, "hamgam-nvml-probe: unexpected argument \"%s\" (see --help)\n", argv[i]);
        return 1;
    }

    NvmlReader reader;
    nlohmann::json gpus = nlohmann::json::array();
    for (const NvmlReader::Gpu &g : reader.sample()) {
        nlohmann::json processes = nlohmann::json::array();
        for (const NvmlReader::Process &p : g.processes)
            processes.push_back(
                {{"pid", p.pid},
                 {"used_mib", mib(p.memoryBytes)},
                 {"used_bytes", p.memoryBytes < 0 ? nlohmann::json() : nlohmann::json(p.memoryBytes)},
                 {"type", typeName(p.type)},
                 {"name", p.name},
                 {"user", p.user},
                 {"command", p.command}});
        nlohmann::json gpu = {{"index", g.index}, {"uuid", g.uuid}, {"name", g.name}, {"lost", g.lost}};
        if (!g.lost) {
            gpu["memory_used_mib"] = mib(g.memoryUsed);
            gpu["memory_total_mib"] = mib(g.memoryTotal);
            gpu["memory_used_bytes"] = g.memoryUsed;
            gpu["memory_total_bytes"] = g.memoryTotal;
            gpu["processes"] = processes;
        }
        gpus.push_back(gpu);
    }
    const nlohmann::json report = {{"gpus", gpus}, {"status", reader.status()}};
    // A command line need not be UTF-8: such bytes are replaced, never a throw.
    std::puts(report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    if (reader.available())
        return 0;
    std::fprintf(stderr, "hamgam-nvml-probe: %s\n", reader.status().c_str());
    return reader.state() == NvmlReader::State::NotFound ? 2 : 1;
}
