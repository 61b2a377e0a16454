#pragma once

#include <ATen/ATen.h>
#include <cstdint>
#include <string>

namespace hamgam::engine {

/// One rank's share of one global step.
struct Batch
{
    std::int64_t step = -1; ///< global step (0-based)
    std::int64_t epoch = 0;
    std::int64_t stepBatch = 0; ///< the global batch of this step (B, or less at an epoch's end)
    std::int64_t samples = 0;   ///< this rank's share
    std::int64_t planVersion = 0;
    at::Tensor input;
    at::Tensor target;
    std::string error; ///< a data error, if building the batch failed
};

} // namespace hamgam::engine
