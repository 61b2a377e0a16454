#pragma once

#include <ATen/ATen.h>
#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// One parameter tensor of a unit: its name, shape and how it starts.
struct ParamSpec
{
    enum class Init
    {
        Uniform, ///< U(−scale, scale)
        Normal,  ///< N(0, scale²)
        Ones,
        Zeros,
        Given, ///< the tensor in `given` (a TorchScript module's own values)
    };

    std::string name;
    std::vector<std::int64_t> shape;
    Init init = Init::Zeros;
    double scale = 0.0;
    at::Tensor given;

    std::int64_t numel() const
    {
        std::int64_t n = 1;
        for (auto d : shape)
            n *= d;
        return n;
    }
};

/// The initial value of a parameter: deterministic from (seed, unit, slot),
/// identical on every rank and in a one-process run.
at::Tensor initialValue(const ParamSpec &spec, std::uint64_t seed, int unit, int slot);

} // namespace hamgam::engine
