#pragma once

#include <ATen/ATen.h>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace hamgam::engine {

/// What a model needs to know about its data.
struct DatasetInfo
{
    std::vector<std::int64_t> sampleShape; ///< images: {C, H, W}; text: {context}
    std::int64_t classes = 0;              ///< classes, or the vocabulary (256 bytes) for text
    bool tokens = false;                   ///< text: next-byte prediction over a window
    /// What an exported model needs to take raw samples (ModelExporter): the
    /// classes' names where the data names them (folders, label names), and
    /// for tables the feature columns and the standardization the loader
    /// applies to them ((x − mean) / deviation, in double, per column).
    std::vector<std::string> classNames;
    std::vector<std::string> featureNames;
    std::vector<double> featureMean;
    std::vector<double> featureDeviation;
};

/// A sample a dataset cannot give: a file that will not decode. The message
/// names the file; the run stops with a data error (exit 4).
class DataError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// A dataset with a training split and a held-out split, in memory or read as
/// batches are built. Batches are built from sample indices; const and safe
/// from any thread. Building one may throw DataError.
class Dataset
{
public:
    virtual ~Dataset() = default;

    virtual DatasetInfo info() const = 0;
    virtual std::int64_t trainSize() const = 0;
    virtual std::int64_t evalSize() const = 0;
    /// input: float images [n, C, H, W] or int64 tokens [n, T]; target: int64 [n] or [n, T].
    /// `epoch` seeds augmentation: a sample is changed alike whichever rank builds it.
    virtual void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch, at::Tensor &input,
                            at::Tensor &target) const = 0;
    virtual void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                           at::Tensor &target) const = 0;
};

} // namespace hamgam::engine
