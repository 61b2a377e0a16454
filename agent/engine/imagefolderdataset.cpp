#include "imagefolderdataset.h"

#include "imagefile.h"
#include "seededrandom.h"

#include <algorithm>
#include <vector>

namespace hamgam::engine {

ImageFolderDataset::ImageFolderDataset(ImageFolder folder, std::vector<std::int64_t> shape, bool augment,
                                       std::uint64_t seed)
    : m_folder(std::move(folder))
    , m_channels(static_cast<int>(shape[0]))
    , m_height(static_cast<int>(shape[1]))
    , m_width(static_cast<int>(shape[2]))
    , m_augment(augment)
    , m_seed(seed)
{}

Result<std::unique_ptr<ImageFolderDataset>> ImageFolderDataset::open(const std::string &root,
                                                                     const std::vector<std::int64_t> &shape,
                                                                     bool augment, std::uint64_t seed)
{
    using R = Result<std::unique_ptr<ImageFolderDataset>>;
    ImageFolder::Fault fault;
    auto folder = ImageFolder::scan(root, &fault);
    if (!folder)
        return R::failure(ErrorKind::Data, fault.english());
    return std::unique_ptr<ImageFolderDataset>(
        new ImageFolderDataset(std::move(*folder), shape, augment, seed));
}

DatasetInfo ImageFolderDataset::info() const
{
    DatasetInfo i;
    i.sampleShape = {m_channels, m_height, m_width};
    i.classes = static_cast<std::int64_t>(m_folder.classes().size());
    i.classNames = m_folder.classes();
    return i;
}

void ImageFolderDataset::load(const std::string &file, float *to) const
{
    std::string error;
    const auto pixels = ImageFile::decode(file, &error, m_width, m_height);
    if (!pixels)
        throw DataError("the image " + file + " cannot be used: " + error);
    const auto planes = ImageFile::planes(*pixels, m_channels, m_height, m_width);
    std::transform(planes.begin(), planes.end(), to,
                   [](std::uint8_t v) { return static_cast<float>(v) / 255.0f; });
}

void ImageFolderDataset::augment(float *sample, std::int64_t epoch, std::int64_t index) const
{
    // Drawn from (seed, epoch, sample) only: the same on whichever rank, in whichever split.
    SeededRandom rng =
        SeededRandom::derived(m_seed ^ 0x4155474d454e54ULL /* AUGMENT */, static_cast<std::uint64_t>(epoch),
                              static_cast<std::uint64_t>(index));
    const int dy = static_cast<int>(rng.below(2 * kCropPadding + 1)) - kCropPadding;
    const int dx = static_cast<int>(rng.below(2 * kCropPadding + 1)) - kCropPadding;
    const bool flip = rng.below(2) == 1;
    const std::vector<float> source(sample, sample + static_cast<size_t>(m_channels) * m_height * m_width);
    for (int c = 0; c < m_channels; ++c) {
        const float *from = source.data() + static_cast<size_t>(c) * m_height * m_width;
        float *to = sample + static_cast<size_t>(c) * m_height * m_width;
        for (int y = 0; y < m_height; ++y)
            for (int x = 0; x < m_width; ++x) {
                // The crop of the padded image at (dy, dx), then the mirror image.
                const int sy = y + dy, sx = (flip ? m_width - 1 - x : x) + dx;
                to[y * m_width + x] =
                    sy >= 0 && sy < m_height && sx >= 0 && sx < m_width ? from[sy * m_width + sx] : 0.0f;
            }
    }
}

void ImageFolderDataset::allocate(std::int64_t count, at::Tensor &input, at::Tensor &target) const
{
    input = at::empty({count, m_channels, m_height, m_width}, at::kFloat);
    target = at::empty({count}, at::kLong);
}

void ImageFolderDataset::trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch,
                                    at::Tensor &input, at::Tensor &target) const
{
    const auto count = static_cast<std::int64_t>(indices.size());
    const std::int64_t per = static_cast<std::int64_t>(m_channels) * m_height * m_width;
    allocate(count, input, target);
    float *to = input.data_ptr<float>();
    std::int64_t *labels = target.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        const auto index = static_cast<size_t>(indices[static_cast<size_t>(i)]);
        load(m_folder.trainFiles()[index], to + i * per);
        if (m_augment)
            augment(to + i * per, epoch, static_cast<std::int64_t>(index));
        labels[i] = m_folder.trainLabels()[index];
    }
}

void ImageFolderDataset::evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                                   at::Tensor &target) const
{
    const std::int64_t count = end - begin;
    const std::int64_t per = static_cast<std::int64_t>(m_channels) * m_height * m_width;
    allocate(count, input, target);
    float *to = input.data_ptr<float>();
    std::int64_t *labels = target.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        load(m_folder.evalFiles()[static_cast<size_t>(begin + i)], to + i * per);
        labels[i] = m_folder.evalLabels()[static_cast<size_t>(begin + i)];
    }
}

} // namespace hamgam::engine
