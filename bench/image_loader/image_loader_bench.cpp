// The image-folder loader alone, as the worker's prefetch thread runs it:
// batches of the training split in a seeded order, each image decoded, resized
// and (with --augment) cropped and flipped. Prints images per second on one core.
//   image_loader_bench FOLDER C H W BATCH EPOCHS [--augment]
#include "imagefolderdataset.h"

#include <ATen/Parallel.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>

int main(int argc, char **argv)
{
    using namespace hamgam::engine;
    if (argc < 7) {
        std::fprintf(stderr, "usage: %s FOLDER C H W BATCH EPOCHS [--augment]\n", argv[0]);
        return 2;
    }
    at::set_num_threads(1); // one core, as the peer's single loader process
    const std::vector<std::int64_t> shape{std::stoll(argv[2]), std::stoll(argv[3]), std::stoll(argv[4])};
    const std::int64_t batch = std::stoll(argv[5]);
    const int epochs = std::stoi(argv[6]);
    const bool augment = argc > 7 && std::strcmp(argv[7], "--augment") == 0;
    auto dataset = ImageFolderDataset::open(argv[1], shape, augment, 7);
    if (!dataset) {
        std::fprintf(stderr, "%s\n", dataset.error().message.c_str());
        return 1;
    }
    std::vector<std::int64_t> order(static_cast<size_t>((*dataset)->trainSize()));
    std::iota(order.begin(), order.end(), 0);
    std::int64_t images = 0;
    double checksum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int e = 0; e < epochs; ++e) {
        for (size_t at = 0; at < order.size(); at += static_cast<size_t>(batch)) {
            const std::vector<std::int64_t> indices(
                order.begin() + static_cast<std::ptrdiff_t>(at),
                order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), at + batch)));
            at::Tensor input, target;
            (*dataset)->trainBatch(indices, e, input, target);
            images += static_cast<std::int64_t>(indices.size());
            checksum += input[0][0][0][0].item<double>(); // the batch is used, so nothing is skipped
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("{\"images\": %lld, \"seconds\": %.4f, \"images_per_s\": %.1f, \"checksum\": %.3f}\n",
                static_cast<long long>(images), seconds, images / seconds, checksum);
    return 0;
}
