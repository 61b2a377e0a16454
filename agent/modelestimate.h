#pragma once

#include "runconfig.h"

/// A model's size and the memory one sample of a batch needs, from the run
/// config alone. Good to within a factor that matters for pre-flight ("this
/// batch will not fit in 8 GB"), not to the byte; the engine reports measured
/// figures once a run starts.
struct ModelEstimate
{
    qint64 parameters = 0;
    qint64 activationBytesPerSample = 0;

    static ModelEstimate of(const RunConfig &config);
    /// Bytes one device holds for a local batch: parameters, gradients and
    /// optimizer state (divided by the shard count for sharded strategies) plus activations.
    qint64 deviceBytes(const RunConfig &config, qint64 localBatch, int shards) const;
};
