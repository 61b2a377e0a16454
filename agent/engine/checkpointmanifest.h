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
    std::vector<File> files;

    std::string toJson() const;
    /// Parses a manifest; `where` names it in messages.
    static Result<CheckpointManifest> fromJson(const std::string &text, const std::string &where);
};

} // namespace hamgam::engine
