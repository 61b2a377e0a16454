#include "unitshards.h"

namespace hamgam::engine {

ShardSpec ShardSpec::whole(const std::vector<std::int64_t> &shape)
{
    ShardSpec s;
    s.logicalShape = shape;
    for (const auto n : shape) {
        std::vector<std::int64_t> all(static_cast<size_t>(n));
        for (std::int64_t k = 0; k < n; ++k)
            all[static_cast<size_t>(k)] = k;
        s.select.push_back(std::move(all));
    }
    return s;
}

std::int64_t ShardSpec::blockNumel() const
{
    std::int64_t n = 1;
    for (const auto &dim : select)
        n *= static_cast<std::int64_t>(dim.size());
    return n;
}

std::vector<std::int64_t> ShardSpec::localShape() const
{
    if (pieces > 1)
        return {(blockNumel() + pieces - 1) / pieces};
    std::vector<std::int64_t> shape;
    for (const auto &dim : select)
        shape.push_back(static_cast<std::int64_t>(dim.size()));
    return shape;
}

std::int64_t ShardSpec::localNumel() const
{
    std::int64_t n = 1;
    for (const auto d : localShape())
        n *= d;
    return n;
}

at::Tensor ShardSpec::logicalIndex() const
{
    const auto longs = at::TensorOptions().dtype(at::kLong);
    at::Tensor index = at::zeros({1}, longs);
    std::int64_t stride = 1;
    // Row-major: the last dimension varies fastest.
    for (int d = static_cast<int>(select.size()) - 1; d >= 0; --d) {
        const auto &sel = select[static_cast<size_t>(d)];
        const at::Tensor dim = at::from_blob(const_cast<std::int64_t *>(sel.data()),
                                             {static_cast<std::int64_t>(sel.size())}, longs)
                                   .mul(stride);
        index = (dim.unsqueeze(1) + index.unsqueeze(0)).reshape({-1});
        stride *= logicalShape[static_cast<size_t>(d)];
    }
    if (pieces <= 1)
        return index;
    const std::int64_t chunk = localNumel();
    at::Tensor padded = at::full({chunk * pieces}, -1, longs);
    padded.narrow(0, 0, index.numel()).copy_(index);
    return padded.narrow(0, chunk * piece, chunk).clone();
}

std::int64_t UnitShards::logicalNumel() const
{
    std::int64_t n = 0;
    for (const auto &p : logical)
        n += p.numel();
    return n;
}

std::vector<ParamSpec> UnitShards::localSpecs() const
{
    std::vector<ParamSpec> specs;
    for (size_t s = 0; s < shards.size(); ++s)
        specs.push_back({logical[s].name, shards[s].localShape(), ParamSpec::Init::Zeros, 0, {}});
    return specs;
}

std::vector<std::int64_t> UnitShards::logicalOffsets() const
{
    std::vector<std::int64_t> offsets;
    std::int64_t at = 0;
    for (const auto &p : logical) {
        offsets.push_back(at);
        at += p.numel();
    }
    return offsets;
}

} // namespace hamgam::engine
