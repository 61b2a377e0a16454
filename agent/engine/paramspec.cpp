#include "paramspec.h"

#include "seededrandom.h"

#include <ATen/CPUGeneratorImpl.h>

namespace hamgam::engine {

at::Tensor initialValue(const ParamSpec &spec, std::uint64_t seed, int unit, int slot)
{
    const auto options = at::TensorOptions().dtype(at::kFloat);
    switch (spec.init) {
    case ParamSpec::Init::Ones:
        return at::ones(spec.shape, options);
    case ParamSpec::Init::Zeros:
        return at::zeros(spec.shape, options);
    case ParamSpec::Init::Given:
        return spec.given.detach().to(at::kFloat).contiguous().clone();
    case ParamSpec::Init::Uniform:
    case ParamSpec::Init::Normal:
        break;
    }
    auto stream =
        SeededRandom::derived(seed, 0x494e4954 /* INIT */, static_cast<std::uint64_t>(unit) * 4096u + slot);
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(stream.next());
    at::Tensor t = at::empty(spec.shape, options);
    if (spec.init == ParamSpec::Init::Uniform)
        t.uniform_(-spec.scale, spec.scale, gen);
    else
        t.normal_(0.0, spec.scale, gen);
    return t;
}

} // namespace hamgam::engine
