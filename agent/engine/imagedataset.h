#pragma once

#include "dataset.h"
#include "result.h"

#include <memory>
#include <string>
#include <vector>

namespace hamgam::engine {

/// Labelled images in memory, pixels as bytes: Fashion-MNIST (or any MNIST-
/// format directory: train-images-idx3-ubyte[.gz] and friends, t10k-* held
/// out), CIFAR-10 or CIFAR-100 in their binary versions, or synthetic data
/// made from a seed.
class ImageDataset final : public Dataset
{
public:
    /// Reads the four IDX files of an MNIST-format directory.
    static Result<std::unique_ptr<ImageDataset>> loadIdxDirectory(const std::string &dir);
    /// Reads a CIFAR binary directory as its authors ship it: CIFAR-10's
    /// (cifar-10-batches-bin: data_batch_1.bin, data_batch_2.bin, ... for
    /// training, test_batch.bin held out; each record a label byte and 3072
    /// pixel bytes) or CIFAR-100's (cifar-100-binary: train.bin, test.bin; a
    /// coarse and a fine label byte, then the pixels; the 100 fine classes are
    /// learned). `classes` is 10 or 100. A file that is not whole records, or
    /// holds a label outside the classes, is refused with its name.
    static Result<std::unique_ptr<ImageDataset>> loadCifarDirectory(const std::string &dir, int classes);
    /// Seeded synthetic images: a random prototype per class plus noise, so
    /// that models can learn; evalSamples more are held out.
    static std::unique_ptr<ImageDataset> synthetic(std::uint64_t seed, std::int64_t samples,
                                                   std::int64_t evalSamples, std::int64_t classes,
                                                   const std::vector<std::int64_t> &shape);

    DatasetInfo info() const override;
    std::int64_t trainSize() const override { return m_trainImages.size(0); }
    /// The classes' names for an exported model (model.json's "classes"); a set that names none keeps
    /// its numbers ("0", "1", ...).
    void setClassNames(std::vector<std::string> names) { m_classNames = std::move(names); }
    std::int64_t evalSize() const override { return m_evalImages.size(0); }
    void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch, at::Tensor &input,
                    at::Tensor &target) const override;
    void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                   at::Tensor &target) const override;

private:
    ImageDataset(at::Tensor trainImages, at::Tensor trainLabels, at::Tensor evalImages, at::Tensor evalLabels,
                 std::int64_t classes);
    static void gather(const at::Tensor &images, const at::Tensor &labels, const std::int64_t *indices,
                       std::int64_t count, at::Tensor &input, at::Tensor &target);

    at::Tensor m_trainImages; // uint8 [N, C, H, W]
    at::Tensor m_trainLabels; // int64 [N]
    at::Tensor m_evalImages;
    at::Tensor m_evalLabels;
    std::vector<std::string> m_classNames;
    std::int64_t m_classes;
};

} // namespace hamgam::engine
