#pragma once

#include "dataset.h"
#include "model.h"
#include "result.h"
#include "workerconfig.h"

#include <memory>

namespace hamgam::engine {

/// Builds the configured model for the data it will see.
class ModelFactory
{
public:
    static Result<std::unique_ptr<Model>> build(const ModelConfig &config, const DatasetInfo &data);
};

} // namespace hamgam::engine
