#pragma once

#include "result.h"
#include "workerevents.h"

#include <string>
#include <utility>
#include <vector>

namespace hamgam::engine {

class Logger;
class Watchdog;
struct CommConfig;
struct WorkerOptions;

/// hamgam-worker --check-collectives: the engine's own collectives
/// (CommGroup's all-reduce, all-gather, all-to-all, broadcast and reduce)
/// through a group of this one rank with a real backend, NCCL on a GPU and
/// Gloo on the CPU (Communicator's groupsEvenAlone), each result compared
/// with what one rank must get: its own values, unchanged or copied. What a
/// GPU machine runs before it trains (scripts/gpu-check).
class CollectivesCheck
{
public:
    std::string backend; ///< "nccl" or "gloo"
    std::string device;  ///< "cuda:0", "cpu"
    /// Each collective and its verdict, in the order run: "ok", "skipped: why"
    /// (a backend that has no such operation) or "wrong: ...".
    std::vector<std::pair<std::string, std::string>> results;

    /// Connects the one-rank group and runs every collective; an Error only
    /// when the group cannot be made (a wrong result is a verdict, not an Error).
    /// `comm`: the config's timeout and watchdog grace (its defaults without a config).
    static Result<CollectivesCheck> run(const WorkerOptions &options, const CommConfig &comm, Logger &log,
                                        Watchdog *watchdog);

    /// Every result "ok" or "skipped: ...".
    bool ok() const;
    /// Its collectives_check event (docs/worker-events.md).
    contracts::CollectivesCheckEvent event() const;
};

} // namespace hamgam::engine
