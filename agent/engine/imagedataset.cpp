#include "imagedataset.h"

#include "idxfile.h"
#include "seededrandom.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sys/stat.h>

namespace hamgam::engine {

namespace {

bool exists(const std::string &path)
{
    struct stat st
    {
    };
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Prefers the raw file, then the gzip one; names the .gz when neither exists.
std::string idxPath(const std::string &dir, const std::string &base)
{
    const std::string raw = dir + "/" + base;
    return exists(raw) ? raw : raw + ".gz";
}

Result<std::pair<at::Tensor, at::Tensor>> readSplit(const std::string &dir, const std::string &prefix)
{
    using R = Result<std::pair<at::Tensor, at::Tensor>>;
    const std::string imagesPath = idxPath(dir, prefix + "-images-idx3-ubyte");
    const std::string labelsPath = idxPath(dir, prefix + "-labels-idx1-ubyte");
    auto images = IdxFile::read(imagesPath);
    if (!images)
        return images.error();
    auto labels = IdxFile::read(labelsPath);
    if (!labels)
        return labels.error();
    if (images->dims().size() != 3)
        return R::failure(ErrorKind::Data,
                          "IDX file " + imagesPath + ": expected images [count, rows, columns]");
    if (labels->dims().size() != 1)
        return R::failure(ErrorKind::Data, "IDX file " + labelsPath + ": expected labels [count]");
    if (images->count() != labels->count())
        return R::failure(ErrorKind::Data, imagesPath + " has " + std::to_string(images->count()) +
                                               " images but " + labelsPath + " has " +
                                               std::to_string(labels->count()) + " labels");
    const auto &d = images->dims();
    auto imageData = images->takeData();
    at::Tensor img = at::from_blob(imageData.data(), {d[0], 1, d[1], d[2]}, at::kByte).clone();
    auto labelData = labels->takeData();
    at::Tensor lab = at::from_blob(labelData.data(), {d[0]}, at::kByte).to(at::kLong);
    return std::make_pair(img, lab);
}

// A names file's non-empty lines, trimmed; none when it cannot be read.
std::vector<std::string> readLines(const std::string &path)
{
    std::vector<std::string> out;
    std::FILE *f = std::fopen(path.c_str(), "r");
    if (!f)
        return out;
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
        std::string text(line);
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.pop_back();
        const auto start = text.find_first_not_of(" \t");
        if (start != std::string::npos)
            out.push_back(text.substr(start));
    }
    std::fclose(f);
    return out;
}

/// Images [n, 3, 32, 32] and labels of the CIFAR binary files, appended in order.
Result<std::pair<at::Tensor, at::Tensor>> readCifar(const std::vector<std::string> &paths, int classes)
{
    using R = Result<std::pair<at::Tensor, at::Tensor>>;
    constexpr std::int64_t kPixels = 3 * 32 * 32;           // a red, a green and a blue plane, row by row
    const std::int64_t labelBytes = classes == 100 ? 2 : 1; // CIFAR-100: coarse, then fine
    const std::int64_t record = labelBytes + kPixels;
    std::vector<std::pair<std::string, std::int64_t>> files;
    std::int64_t total = 0;
    for (const auto &path : paths) {
        struct stat st
        {
        };
        if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            return R::failure(ErrorKind::Data, "cannot read " + path);
        if (st.st_size == 0 || st.st_size % record != 0)
            return R::failure(ErrorKind::Data, path + " is not a CIFAR-" + std::to_string(classes) +
                                                   " binary file: " + std::to_string(st.st_size) +
                                                   " bytes are not whole records of " +
                                                   std::to_string(record) + " bytes");
        files.emplace_back(path, st.st_size / record);
        total += st.st_size / record;
    }
    at::Tensor images = at::empty({total, 3, 32, 32}, at::kByte);
    at::Tensor labels = at::empty({total}, at::kLong);
    auto *img = images.data_ptr<std::uint8_t>();
    auto *lab = labels.data_ptr<std::int64_t>();
    std::vector<std::uint8_t> buffer(static_cast<size_t>(record));
    std::int64_t at = 0;
    for (const auto &[path, count] : files) {
        std::FILE *f = std::fopen(path.c_str(), "rb");
        if (!f)
            return R::failure(ErrorKind::Data, "cannot read " + path);
        for (std::int64_t i = 0; i < count; ++i, ++at) {
            if (std::fread(buffer.data(), 1, buffer.size(), f) != buffer.size()) {
                std::fclose(f);
                return R::failure(ErrorKind::Data, path + " could not be read to its end");
            }
            const std::int64_t label = buffer[static_cast<size_t>(labelBytes - 1)];
            if (label >= classes) {
                std::fclose(f);
                return R::failure(ErrorKind::Data, path + ": record " + std::to_string(i) + " has label " +
                                                       std::to_string(label) + ", not one of the " +
                                                       std::to_string(classes) + " classes");
            }
            lab[at] = label;
            std::copy(buffer.begin() + labelBytes, buffer.end(), img + at * kPixels);
        }
        std::fclose(f);
    }
    return std::make_pair(images, labels);
}

} // namespace

ImageDataset::ImageDataset(at::Tensor trainImages, at::Tensor trainLabels, at::Tensor evalImages,
                           at::Tensor evalLabels, std::int64_t classes)
    : m_trainImages(std::move(trainImages))
    , m_trainLabels(std::move(trainLabels))
    , m_evalImages(std::move(evalImages))
    , m_evalLabels(std::move(evalLabels))
    , m_classes(classes)
{}

Result<std::unique_ptr<ImageDataset>> ImageDataset::loadIdxDirectory(const std::string &dir)
{
    auto train = readSplit(dir, "train");
    if (!train)
        return train.error();
    auto test = readSplit(dir, "t10k");
    if (!test)
        return test.error();
    if (train->first.sizes().slice(1) != test->first.sizes().slice(1))
        return Result<std::unique_ptr<ImageDataset>>::failure(ErrorKind::Data, "train and t10k images in " +
                                                                                   dir + " differ in size");
    // Any MNIST-format set: as many classes as the largest label says, at least 10.
    const std::int64_t classes = std::max<std::int64_t>(
        10, std::max(train->second.max().item<std::int64_t>(), test->second.max().item<std::int64_t>()) + 1);
    auto ds = std::unique_ptr<ImageDataset>(
        new ImageDataset(train->first, train->second, test->first, test->second, classes));
    // Fashion-MNIST's names where the path says it is Fashion-MNIST (Debian's, or a folder named so);
    // MNIST's digits and other MNIST-format sets keep their numbers.
    std::string path = dir;
    std::transform(path.begin(), path.end(), path.begin(), [](unsigned char c) { return std::tolower(c); });
    if (classes == 10 && path.find("fashion") != std::string::npos)
        ds->setClassNames({"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt",
                           "Sneaker", "Bag", "Ankle boot"});
    return ds;
}

Result<std::unique_ptr<ImageDataset>> ImageDataset::loadCifarDirectory(const std::string &dir, int classes)
{
    using R = Result<std::unique_ptr<ImageDataset>>;
    if (classes != 10 && classes != 100)
        return R::failure(ErrorKind::Config, "CIFAR has 10 or 100 classes, not " + std::to_string(classes));
    std::vector<std::string> train;
    std::string test;
    if (classes == 10) {
        // data_batch_1.bin, data_batch_2.bin, ... as many as are there in a row (a student may keep fewer).
        for (int n = 1; exists(dir + "/data_batch_" + std::to_string(n) + ".bin"); ++n)
            train.push_back(dir + "/data_batch_" + std::to_string(n) + ".bin");
        if (train.empty())
            return R::failure(
                ErrorKind::Data,
                dir + " holds no data_batch_1.bin (CIFAR-10's binary version, cifar-10-batches-bin)");
        test = dir + "/test_batch.bin";
    } else {
        train.push_back(dir + "/train.bin");
        test = dir + "/test.bin";
        if (!exists(train.front()))
            return R::failure(ErrorKind::Data,
                              dir + " holds no train.bin (CIFAR-100's binary version, cifar-100-binary)");
    }
    auto trainSet = readCifar(train, classes);
    if (!trainSet)
        return trainSet.error();
    auto testSet = readCifar({test}, classes);
    if (!testSet)
        return testSet.error();
    auto ds = std::unique_ptr<ImageDataset>(
        new ImageDataset(trainSet->first, trainSet->second, testSet->first, testSet->second, classes));
    // The names file the binary version ships beside its batches (batches.meta.txt, fine_label_names.txt);
    // CIFAR-10's are fixed, so they stand in for a missing file.
    std::vector<std::string> names =
        readLines(dir + (classes == 10 ? "/batches.meta.txt" : "/fine_label_names.txt"));
    if (names.size() != static_cast<size_t>(classes) && classes == 10)
        names = {"airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"};
    if (names.size() == static_cast<size_t>(classes))
        ds->setClassNames(std::move(names));
    return ds;
}

std::unique_ptr<ImageDataset> ImageDataset::synthetic(std::uint64_t seed, std::int64_t samples,
                                                      std::int64_t evalSamples, std::int64_t classes,
                                                      const std::vector<std::int64_t> &shape)
{
    std::int64_t pixels = 1;
    for (auto s : shape)
        pixels *= s;
    // One prototype per class; each sample is its class's prototype plus
    // noise, quantised to bytes like real images.
    std::vector<std::vector<double>> prototypes(static_cast<size_t>(classes),
                                                std::vector<double>(static_cast<size_t>(pixels)));
    SeededRandom protoRng = SeededRandom::derived(seed, 0x50524f54 /* PROT */);
    for (auto &p : prototypes)
        for (auto &v : p)
            v = 128.0 + 60.0 * protoRng.normal();
    auto make = [&](std::int64_t count, std::uint64_t stream) {
        at::Tensor images = at::empty({count, pixels}, at::kByte);
        at::Tensor labels = at::empty({count}, at::kLong);
        auto *img = images.data_ptr<std::uint8_t>();
        auto *lab = labels.data_ptr<std::int64_t>();
        for (std::int64_t i = 0; i < count; ++i) {
            SeededRandom rng = SeededRandom::derived(seed, stream, static_cast<std::uint64_t>(i));
            const auto label = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(classes)));
            lab[i] = label;
            const auto &proto = prototypes[static_cast<size_t>(label)];
            for (std::int64_t k = 0; k < pixels; ++k) {
                const double v = proto[static_cast<size_t>(k)] + 40.0 * rng.normal();
                img[i * pixels + k] = static_cast<std::uint8_t>(std::clamp(v, 0.0, 255.0));
            }
        }
        std::vector<std::int64_t> full{count};
        full.insert(full.end(), shape.begin(), shape.end());
        return std::make_pair(images.view(full), labels);
    };
    auto train = make(samples, 0x54524e /* TRN */);
    auto held = make(evalSamples, 0x45564c /* EVL */);
    return std::unique_ptr<ImageDataset>(
        new ImageDataset(train.first, train.second, held.first, held.second, classes));
}

DatasetInfo ImageDataset::info() const
{
    DatasetInfo i;
    i.sampleShape = m_trainImages.sizes().slice(1).vec();
    i.classes = m_classes;
    i.classNames = m_classNames;
    return i;
}

void ImageDataset::gather(const at::Tensor &images, const at::Tensor &labels, const std::int64_t *indices,
                          std::int64_t count, at::Tensor &input, at::Tensor &target)
{
    // Plain loops on purpose: this runs on the prefetch thread, and ATen's
    // parallel kernels there would start a second OpenMP team that competes
    // with the training thread's for the same cores.
    const std::int64_t pixels = images[0].numel();
    std::vector<std::int64_t> shape = images.sizes().vec();
    shape[0] = count;
    input = at::empty(shape, at::kFloat);
    target = at::empty({count}, at::kLong);
    const auto *src = images.data_ptr<std::uint8_t>();
    const auto *lab = labels.data_ptr<std::int64_t>();
    auto *dst = input.data_ptr<float>();
    auto *tgt = target.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        const std::uint8_t *from = src + indices[i] * pixels;
        float *to = dst + i * pixels;
        for (std::int64_t k = 0; k < pixels; ++k)
            to[k] = static_cast<float>(from[k]) / 255.0f;
        tgt[i] = lab[indices[i]];
    }
}

void ImageDataset::trainBatch(const std::vector<std::int64_t> &indices, std::int64_t /*epoch*/,
                              at::Tensor &input, at::Tensor &target) const
{
    gather(m_trainImages, m_trainLabels, indices.data(), static_cast<std::int64_t>(indices.size()), input,
           target);
}

void ImageDataset::evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                             at::Tensor &target) const
{
    std::vector<std::int64_t> indices(static_cast<size_t>(end - begin));
    for (std::int64_t i = begin; i < end; ++i)
        indices[static_cast<size_t>(i - begin)] = i;
    gather(m_evalImages, m_evalLabels, indices.data(), end - begin, input, target);
}

} // namespace hamgam::engine
