// hamgam-worker: one training process per device (docs/engine.md). Parses the
// command line and the run config, then hands over to the Trainer; every
// failure ends here as an error event and a documented exit code.
#include "collectivescheck.h"
#include "commandreader.h"
#include "error.h"
#include "eventsink.h"
#include "gpuruntime.h"
#include "logger.h"
#include "rendezvouschannel.h"
#include "torchcompat.h"
#include "trainer.h"
#include "watchdog.h"
#include "workerconfig.h"
#include "workeroptions.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <malloc.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

using namespace hamgam::engine;

namespace {

// A signal handler can only reach a global: SIGTERM/SIGINT ask for the same
// graceful stop as the stdin command.
std::atomic<bool> g_stopRequested{false};

void onTerminate(int)
{
    if (g_stopRequested.exchange(true)) {
        std::signal(SIGTERM, SIG_DFL); // a second signal ends the process at once
        std::signal(SIGINT, SIG_DFL);
    }
}

// Reads one line from fd 0 byte by byte, so nothing after it is buffered away
// from the command reader that takes over stdin next.
bool readFirstLine(std::string &line)
{
    char c;
    for (;;) {
        const ssize_t n = ::read(0, &c, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return !line.empty();
        if (c == '\n')
            return true;
        line.push_back(c);
    }
}

[[noreturn]] void finish(EventSink &events, const Error &error)
{
    events.publish(hamgam::contracts::ErrorEvent{error.message, causeName(error.kind), exitCode(error.kind)});
    std::fflush(stderr);
    // _exit: peers may be dead, and tearing down their connections must not hang.
    ::_exit(exitCode(error.kind));
}

} // namespace

int main(int argc, char **argv)
{
    // Training allocates and frees the same large activation buffers every
    // step. glibc serves blocks above its mmap threshold with fresh mappings
    // and trims the heap eagerly, so each step would fault in megabytes of new
    // zeroed pages (measured: 3,900 page faults per step of the benchmark cnn).
    // Keeping such blocks in the heap makes steady-state steps fault-free.
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    std::signal(SIGPIPE, SIG_IGN);
    auto options = WorkerOptions::parse(argc, argv);
    if (options && options->help) {
        std::fputs(WorkerOptions::usage(), stdout);
        return 0;
    }
    if (options && options->version) {
        // The agent's pre-flight compares the first line with its own version.
        std::printf("hamgam-worker %s\nLibTorch %d.%d.%d (%s)\n", HAMGAM_VERSION, torchcompat::kMajor,
                    torchcompat::kMinor, torchcompat::kPatch, gpu::facts().cudaBuilt ? "CUDA" : "CPU");
        return 0;
    }
    EventSink events(options ? options->rank : -1);
    if (!options) {
        std::fprintf(stderr, "hamgam-worker: %s\n", options.error().message.c_str());
        finish(events, options.error());
    }
    Logger log(options->rank);
    // The run's secret, before anything else can fail on a peer: without it no
    // store call would be answered.
    {
        auto secret = RendezvousChannel::readSecretFile(options->rendezvousKeyFile);
        if (!secret) {
            std::fprintf(stderr, "hamgam-worker: %s\n", secret.error().message.c_str());
            finish(events, secret.error());
        }
        options->rendezvousSecret = std::move(*secret);
    }

    std::string configText = R"({"version":1})"; // --check-collectives may go without a config
    if (options->configPath == "-") {
        configText.clear();
        if (!readFirstLine(configText))
            finish(events, {ErrorKind::Config, "run config: stdin ended before the config line"});
    } else if (!options->configPath.empty()) {
        std::ifstream in(options->configPath);
        if (!in)
            finish(events, {ErrorKind::Config,
                            "run config: cannot read " + options->configPath + ": " + std::strerror(errno)});
        std::ostringstream text;
        text << in.rdbuf();
        configText = text.str();
    }
    auto config = WorkerConfig::parse(configText);
    if (!config)
        finish(events, config.error());
    // A misplaced key (stream_params beside lsdp instead of in it) would
    // otherwise pass unseen: rank 0 says so once, before anything runs (the
    // collectives' check keeps its stdout to its one line).
    if (!config->unknownKeys.empty() && options->rank == 0) {
        std::string list;
        for (const std::string &key : config->unknownKeys)
            list += (list.empty() ? "" : ", ") + key;
        const std::string message = "unknown config keys (ignored): " + list;
        log.warning(message);
        if (!options->checkCollectives)
            events.publish(hamgam::contracts::WarningEvent{message, config->unknownKeys, std::nullopt});
    }

    std::signal(SIGTERM, onTerminate);
    std::signal(SIGINT, onTerminate);
    CommandReader commands(g_stopRequested, [&log](const std::string &m) { log.warning(m); });

    const auto limit = std::chrono::milliseconds(
        static_cast<std::int64_t>((config->comm.timeoutS + config->comm.watchdogGraceS) * 1000));
    Watchdog watchdog(limit, [&events](const std::string &what, double seconds) {
        finish(events,
               {ErrorKind::Communication,
                "watchdog: stuck for " + std::to_string(static_cast<int>(seconds)) + " s in " + what});
    });

    if (options->checkCollectives) {
        auto check = CollectivesCheck::run(*options, config->comm, log, &watchdog);
        if (!check)
            finish(events, check.error());
        events.publish(check->event());
        std::fflush(stderr);
        ::_exit(check->ok() ? 0 : 1);
    }

    log.info("rank " + std::to_string(options->rank) + " of " + std::to_string(options->worldSize) + ", " +
             WorkerConfig::strategyName(config->strategy) + ", master " + options->masterHost + ":" +
             std::to_string(options->masterPort));
    Trainer trainer(std::move(*config), std::move(*options), events, log, &watchdog, g_stopRequested);
    Status status;
    try {
        status = trainer.run();
    } catch (const std::exception &e) {
        status = Status::failure(ErrorKind::Internal, firstLine(e));
    }
    if (!status)
        finish(events, status.error());
    std::fflush(stdout);
    std::fflush(stderr);
    ::_exit(0);
}
