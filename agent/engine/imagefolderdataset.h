#pragma once

#include "dataset.h"
#include "imagefolder.h"
#include "result.h"

#include <memory>
#include <string>

namespace hamgam::engine {

/// An image folder (hamgam::ImageFolder) read as batches are built: each
/// JPEG or PNG decoded on the prefetch thread, resized to the model's input
/// (`dataset.shape` [channels, height, width]) and, with `dataset.augment`,
/// randomly cropped (after 4 pixels of zero padding) and flipped. The random
/// draws depend on the seed, the epoch and the sample alone, so a sample is
/// changed alike whichever rank builds it, and every split trains the same.
class ImageFolderDataset final : public Dataset
{
public:
    static Result<std::unique_ptr<ImageFolderDataset>>
    open(const std::string &root, const std::vector<std::int64_t> &shape, bool augment, std::uint64_t seed);

    DatasetInfo info() const override;
    std::int64_t trainSize() const override
    {
        return static_cast<std::int64_t>(m_folder.trainFiles().size());
    }
    std::int64_t evalSize() const override { return static_cast<std::int64_t>(m_folder.evalFiles().size()); }
    /// Throws DataError naming a file that will not decode.
    void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch, at::Tensor &input,
                    at::Tensor &target) const override;
    void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                   at::Tensor &target) const override;

    /// Pixels moved by the random crop at most (the zero padding on each side).
    static constexpr int kCropPadding = 4;

private:
    ImageFolderDataset(ImageFolder folder, std::vector<std::int64_t> shape, bool augment, std::uint64_t seed);
    /// A batch of `count` samples of the shape, and their labels, to fill.
    void allocate(std::int64_t count, at::Tensor &input, at::Tensor &target) const;
    /// One sample's channel planes as floats in [0, 1], written at `to`.
    void load(const std::string &file, float *to) const;
    void augment(float *sample, std::int64_t epoch, std::int64_t index) const;

    ImageFolder m_folder;
    int m_channels, m_height, m_width;
    bool m_augment;
    std::uint64_t m_seed;
};

} // namespace hamgam::engine
