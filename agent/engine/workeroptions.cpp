#include "workeroptions.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace hamgam::engine {

namespace {
bool toInt(const char *text, int &out)
{
    errno = 0;
    char *end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < INT32_MIN || v > INT32_MAX)
        return false;
    out = static_cast<int>(v);
    return true;
}

Result<WorkerOptions> usageError(const std::string &message)
{
    return Result<WorkerOptions>::failure(ErrorKind::Usage, message + " (see --help)");
}
} // namespace

const char *WorkerOptions::usage()
{
    return "usage: hamgam-worker --config FILE|- --rank R --world-size W --local-rank L\n"
           "                     --local-world-size LW --master HOST:PORT\n"
           "                     --rendezvous-key-file FILE [--node-index N]\n"
           "                     [--resume DIR] [--dump-params FILE] [--export-dir DIR]\n"
           "                     [--lab-user NAME] [--resume-user NAME]\n"
           "                     [--threads T]\n"
           "                     [--gloo-interface IFNAME] [--device auto|cpu|cuda]\n"
           "                     [--collectives-alone] [--offload-by-unit]\n"
           "                     [--ordered-collectives]\n"
           "       hamgam-worker --check-collectives --master HOST:PORT\n"
           "                     --rendezvous-key-file FILE [--device auto|cpu|cuda]\n"
           "                     [--config FILE] [--rank 0 --world-size 1]\n"
           "       hamgam-worker --version\n"
           "\n"
           "One training process per device. Events go to stdout as JSON lines, logs to\n"
           "stderr. With --config -, the config is the first line of stdin; later lines\n"
           "are commands ({\"cmd\":\"stop\"} or stop). Exit codes: 0 done or stopped,\n"
           "1 config, 2 usage, 3 communication, 4 data, 5 checkpoint, 6 internal.\n"
           "\n"
           "--rendezvous-key-file names the file (mode 0600, written by the agent) that\n"
           "holds the run's secret, 64 hexadecimal digits shared by all its workers:\n"
           "only workers that know it can use the rendezvous store rank 0 serves at\n"
           "--master. The secret itself is never given on the command line.\n"
           "\n"
           "--device cuda trains on the GPU the config's node lists for this local rank\n"
           "(numbered in PCI order, as nvidia-smi does); when CUDA_VISIBLE_DEVICES names\n"
           "that one GPU, as the agent sets it, it is cuda:0. --device cpu never touches\n"
           "a GPU. auto (the default) takes the GPU when this build and machine have one.\n"
           "--collectives-alone gives even a group of one rank a real backend, so one\n"
           "GPU puts every collective through NCCL (a check: scripts/gpu-check).\n"
           "--offload-by-unit moves lsdp's gradients and parameters between host and\n"
           "device unit by unit, as on a GPU, on the CPU too (a check of that order).\n"
           "--ordered-collectives launches every collective in one order on every rank,\n"
           "as on NCCL, on Gloo too: a reduce-scatter is waited for, not polled, before\n"
           "the gradient buckets it readies (a check of that order).\n"
           "--initial-loss-scale S: under precision fp16, the first step's loss scale\n"
           "(65536 by default; a check of how overflowing steps are skipped).\n"
           "--export-dir: rank 0 writes the trained model there after each checkpoint\n"
           "and at the end (model.pt, TorchScript; model.json, what goes in and out).\n"
           "--lab-user NAME is recorded in every checkpoint's manifest as the lab user\n"
           "whose run wrote it; with --resume-user NAME only a checkpoint that names\n"
           "NAME is resumed (the agent gives both: docs/security.md).\n"
           "--check-collectives trains nothing: it puts the engine's all-reduce,\n"
           "all-gather, all-to-all, broadcast and reduce through a group of this one\n"
           "rank with a real backend (NCCL on a GPU, Gloo on the CPU), prints one\n"
           "collectives_check event and exits 0 when every result is right, 1 if not\n"
           "(the config, optional here, gives comm.timeout_s).\n";
}

Result<WorkerOptions> WorkerOptions::parse(int argc, char **argv)
{
    WorkerOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            o.help = true;
            return o;
        }
        if (arg == "--version") {
            o.version = true;
            return o;
        }
        if (arg.rfind("--", 0) != 0)
            return usageError("unexpected argument \"" + arg + "\"");
        if (arg == "--collectives-alone") { // the flags without a value
            o.collectivesAlone = true;
            continue;
        }
        if (arg == "--offload-by-unit") {
            o.offloadByUnit = true;
            continue;
        }
        if (arg == "--ordered-collectives") {
            o.orderedCollectives = true;
            continue;
        }
        if (arg == "--check-collectives") {
            o.checkCollectives = true;
            continue;
        }
        if (i + 1 >= argc)
            return usageError(arg + " needs a value");
        const char *value = argv[++i];
        auto intOption = [&](int &out, int minimum) -> bool { return toInt(value, out) && out >= minimum; };
        if (arg == "--config") {
            o.configPath = value;
        } else if (arg == "--rank") {
            if (!intOption(o.rank, 0))
                return usageError("--rank must be a non-negative integer");
        } else if (arg == "--world-size") {
            if (!intOption(o.worldSize, 1))
                return usageError("--world-size must be a positive integer");
        } else if (arg == "--local-rank") {
            if (!intOption(o.localRank, 0))
                return usageError("--local-rank must be a non-negative integer");
        } else if (arg == "--local-world-size") {
            if (!intOption(o.localWorldSize, 1))
                return usageError("--local-world-size must be a positive integer");
        } else if (arg == "--node-index") {
            if (!intOption(o.nodeIndex, 0))
                return usageError("--node-index must be a non-negative integer");
        } else if (arg == "--threads") {
            if (!intOption(o.threads, 1))
                return usageError("--threads must be a positive integer");
        } else if (arg == "--master") {
            const std::string hp = value;
            const auto colon = hp.rfind(':');
            if (colon == std::string::npos || colon == 0)
                return usageError("--master must be HOST:PORT");
            o.masterHost = hp.substr(0, colon);
            if (o.masterHost.size() > 2 && o.masterHost.front() == '[' && o.masterHost.back() == ']')
                o.masterHost = o.masterHost.substr(1, o.masterHost.size() - 2);
            if (!toInt(hp.substr(colon + 1).c_str(), o.masterPort) || o.masterPort < 1 ||
                o.masterPort > 65535)
                return usageError("--master port must be 1-65535");
        } else if (arg == "--gloo-interface") {
            o.glooInterface = value;
            if (o.glooInterface.empty() || o.glooInterface.size() > 15 ||
                o.glooInterface.find_first_of("/ \t") != std::string::npos)
                return usageError("--gloo-interface must be a network interface name such as eth1");
        } else if (arg == "--device") {
            const auto mode = deviceModeFromString(value);
            if (!mode)
                return usageError("--device must be auto, cpu or cuda");
            o.device = *mode;
        } else if (arg == "--rendezvous-key-file") {
            o.rendezvousKeyFile = value;
            if (o.rendezvousKeyFile.empty())
                return usageError("--rendezvous-key-file must name a file");
        } else if (arg == "--resume") {
            o.resumeDir = value;
        } else if (arg == "--dump-params") {
            o.dumpParamsPath = value;
        } else if (arg == "--initial-loss-scale") {
            try {
                o.initialLossScale = std::stod(value);
            } catch (const std::exception &) {
                o.initialLossScale = -1;
            }
            if (!(o.initialLossScale > 0))
                return usageError("--initial-loss-scale must be a positive number");
        } else if (arg == "--gpu-identity-for-test") {
            o.gpuIdentityForTest = value;
        } else if (arg == "--lab-user" || arg == "--resume-user") {
            (arg == "--lab-user" ? o.labUser : o.resumeUser) = value;
            if (std::string(value).empty())
                return usageError(arg + " needs a lab user name");
        } else if (arg == "--export-dir") {
            o.exportDir = value;
            if (o.exportDir.empty())
                return usageError("--export-dir must name a directory");
        } else {
            return usageError("unknown option " + arg);
        }
    }
    if (o.checkCollectives) {
        // A group of this rank alone: --rank 0 --world-size 1 may be left out.
        o.rank = std::max(o.rank, 0);
        o.worldSize = std::max(o.worldSize, 1);
        if (o.rank != 0 || o.worldSize != 1)
            return usageError("--check-collectives runs one rank alone: --rank 0 --world-size 1");
    }
    if (o.configPath.empty() && !o.checkCollectives)
        return usageError("--config is required");
    if (o.rank < 0 || o.worldSize < 1)
        return usageError("--rank and --world-size are required");
    if (o.rank >= o.worldSize)
        return usageError("--rank must be below --world-size");
    if (o.masterHost.empty())
        return usageError("--master is required");
    if (o.rendezvousKeyFile.empty())
        return usageError("--rendezvous-key-file is required: the file with the run's rendezvous secret, "
                          "which the agent writes");
    if (o.localRank >= 0 && o.localWorldSize >= 1 && o.localRank >= o.localWorldSize)
        return usageError("--local-rank must be below --local-world-size");
    return o;
}

} // namespace hamgam::engine
