// The reference for bench/engine_step: the same model as hamgam-worker's in
// the plainest LibTorch training loop a user would write (nn modules,
// torch::optim::SGD, data already in memory). Prints the median step time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <torch/torch.h>
#include <vector>

namespace {

struct ResidualBlockImpl : torch::nn::Module
{
    ResidualBlockImpl(int64_t channels, int64_t groups)
        : conv1(register_module(
              "conv1",
              torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1).bias(false))))
        , norm1(register_module("norm1", torch::nn::GroupNorm(groups, channels)))
        , conv2(register_module(
              "conv2",
              torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1).bias(false))))
        , norm2(register_module("norm2", torch::nn::GroupNorm(groups, channels)))
    {}
    torch::Tensor forward(const torch::Tensor &x)
    {
        auto h = torch::relu(norm1(conv1(x)));
        return torch::relu(x + norm2(conv2(h)));
    }
    torch::nn::Conv2d conv1;
    torch::nn::GroupNorm norm1;
    torch::nn::Conv2d conv2;
    torch::nn::GroupNorm norm2;
};
TORCH_MODULE(ResidualBlock);

struct PoolHeadImpl : torch::nn::Module
{
    PoolHeadImpl(int64_t channels, int64_t classes)
        : fc(register_module("fc", torch::nn::Linear(channels, classes)))
    {}
    torch::Tensor forward(const torch::Tensor &x) { return fc(x.mean({2, 3})); }
    torch::nn::Linear fc;
};
TORCH_MODULE(PoolHead);

long arg(int argc, char **argv, const char *name, long fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0)
            return std::strtol(argv[i + 1], nullptr, 10);
    return fallback;
}

std::string sarg(int argc, char **argv, const char *name, const char *fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0)
            return argv[i + 1];
    return fallback;
}

} // namespace

int main(int argc, char **argv)
{
    const std::string model = sarg(argc, argv, "--model", "mlp");
    const long batch = arg(argc, argv, "--batch", 256);
    const long steps = arg(argc, argv, "--steps", 50);
    const long warmup = arg(argc, argv, "--warmup", 10);
    const long threads = arg(argc, argv, "--threads", 1);
    const long hidden = arg(argc, argv, "--hidden", 1024);
    const long channels = arg(argc, argv, "--channels", 32);
    const long blocks = arg(argc, argv, "--blocks", 2);
    const long groups = arg(argc, argv, "--groups", 8);
    torch::set_num_threads(static_cast<int>(threads));
    at::set_num_interop_threads(1);
    torch::manual_seed(0);

    torch::nn::Sequential net;
    if (model == "mlp") {
        net->push_back(torch::nn::Flatten());
        net->push_back(torch::nn::Linear(784, hidden));
        net->push_back(torch::nn::ReLU());
        net->push_back(torch::nn::Linear(hidden, hidden));
        net->push_back(torch::nn::ReLU());
        net->push_back(torch::nn::Linear(hidden, 10));
    } else {
        net->push_back(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(1, channels, 3).stride(2).padding(1).bias(false)));
        net->push_back(torch::nn::GroupNorm(groups, channels));
        net->push_back(torch::nn::ReLU());
        for (long b = 0; b < blocks; ++b)
            net->push_back(ResidualBlock(channels, groups));
        net->push_back(PoolHead(channels, 10));
    }
    torch::optim::SGD optimizer(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
    const auto x = torch::rand({batch, 1, 28, 28});
    const auto y = torch::randint(10, {batch});

    std::vector<double> ms;
    for (long s = 0; s < warmup + steps; ++s) {
        const auto t0 = std::chrono::steady_clock::now();
        optimizer.zero_grad();
        const auto loss = torch::nn::functional::cross_entropy(net->forward(x), y);
        loss.backward();
        optimizer.step();
        const auto t1 = std::chrono::steady_clock::now();
        if (s >= warmup)
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("{\"median_ms\": %.4f, \"min_ms\": %.4f, \"steps\": %zu}\n", ms[ms.size() / 2], ms.front(),
                ms.size());
    return 0;
}
