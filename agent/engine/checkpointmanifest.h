#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// The manifest a node writes beside its checkpoint shards: what the run was,
/// where it stood, and for each shard file its size, CRC32 and which element
/// ranges of which units it holds. A shard file is, for each range in order,
/// the parameters then every optimizer-state slot, as little-endian fp32.
/// Ranges are in each unit's logical (unpadded) flat order, so a checkpoint can
/// be re-sharded for any other set of ranks.
struct CheckpointManifest
{
    struct Range
    {
        int unit = 0;
        std::int64_t begin = 0;
        std::int64_t end = 0;
    };
    struct File
    {
        std::string name;
        int rank = 0;
        std::uint64_t bytes = 0;
        std::uint32_t crc32 = 0;
        std::vector<Range> ranges;
    };

    static constexpr int kFormatVersion = 1;

    std::int64_t step = 0; ///< completed optimizer steps
    /// The lab user whose run wrote it (the agent's --lab-user); empty: not
    /// recorded (a worker run by hand, or a checkpoint older than the field).
    /// Workers of one agent all write as its system user, so this, not the
    /// files' owner, tells one student's checkpoint from another's.
    std::string user;
    std::string strategy;
    int worldSize = 0;
    int node = 0;
    std::vector<std::string> unitNames;
    std::vector<std::int64_t> unitNumel;
    std::string optimizer;
    int stateSlots = 0;
    std::vector<std::int64_t> plan;
    std::vector<double> secondsPerSample;
    std::int64_t plannerObserved = 0;
    /// Written by a run with the outer step's state (sync.mode local or auto): local steps every this
    /// many when written, 0 while auto was exact. -1: not written (an exact run, or a local run's
    /// checkpoint from before auto, which took local steps).
    std::int64_t localEvery = -1;
    std::vector<File> files;

    /// The manifest of node `node` in a step folder, and whether `name` is
    /// one (the agent mirrors this rule: agent/checkpointowners.cpp).
    static std::string fileName(int node);
    static bool isFileName(const std::string &name);

    std::string toJson() const;
    /// Parses a manifest; `where` names it in messages.
    static Result<CheckpointManifest> fromJson(const std::string &text, const std::string &where);
};

} // namespace hamgam::engine
