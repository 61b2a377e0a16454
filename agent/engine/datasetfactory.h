#pragma once

#include "dataset.h"
#include "result.h"
#include "workerconfig.h"

#include <memory>

namespace hamgam::engine {

/// Loads or makes the configured dataset.
class DatasetFactory
{
public:
    static Result<std::unique_ptr<Dataset>> create(const WorkerConfig &config);
};

} // namespace hamgam::engine
