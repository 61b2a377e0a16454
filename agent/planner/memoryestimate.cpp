#include "memoryestimate.h"

#include <algorithm>

namespace hamgam {

std::vector<UnitFootprint> MemoryEstimate::units(const ModelSpec &m, const Sample &s)
{
    std::vector<UnitFootprint> units;
    if (m.kind == "mlp" && !s.tokens) {
        std::int64_t in = 1;
        for (auto d : s.dims)
            in *= d;
        for (auto h : m.hidden) {
            units.push_back(UnitFootprint::linear(in, h, m.activated));
            in = h;
        }
        units.push_back(UnitFootprint::linear(in, s.classes, false));
    } else if (m.kind == "cnn" && !s.tokens && s.dims.size() == 3) {
        units.push_back(UnitFootprint::convStem(s.dims[0], m.channels, s.dims[1], s.dims[2]));
        const std::int64_t pixels = UnitFootprint::strideTwo(s.dims[1]) * UnitFootprint::strideTwo(s.dims[2]);
        for (std::int64_t b = 0; b < m.blocks; ++b)
            units.push_back(UnitFootprint::residualBlock(m.channels, pixels));
        units.push_back(UnitFootprint::poolHead(m.channels, s.classes, pixels));
    } else if (m.kind == "gpt" && s.tokens) {
        units.push_back(UnitFootprint::tokenEmbedding(s.classes, m.width, m.context));
        for (std::int64_t l = 0; l < m.layers; ++l)
            units.push_back(UnitFootprint::transformerBlock(m.width, m.heads, m.context));
        units.push_back(UnitFootprint::lmHead(m.width, s.classes, m.context));
    }
    return units;
}

std::int64_t MemoryEstimate::activationElementsPerSample(const std::vector<UnitFootprint> &units,
                                                         bool recompute)
{
    std::int64_t n = 0;
    std::int64_t largest = 0;
    for (const auto &u : units) {
        n += recompute ? u.inputElements : u.activationElements;
        largest = std::max(largest, u.activationElements);
    }
    return recompute ? n + largest : n;
}

std::int64_t MemoryEstimate::parameters(const std::vector<UnitFootprint> &units)
{
    std::int64_t n = 0;
    for (const auto &u : units)
        n += u.parameters;
    return n;
}

std::int64_t MemoryEstimate::largestUnitParameters(const std::vector<UnitFootprint> &units)
{
    std::int64_t n = 0;
    for (const auto &u : units)
        n = std::max(n, u.parameters);
    return n;
}

std::int64_t MemoryEstimate::residentBytes(const Residency &r)
{
    constexpr std::int64_t f = 4;
    const std::int64_t shards = std::max(1, r.shards);
    const std::int64_t state = r.optimizerOnHost ? 0 : r.stateSlots;
    if (!r.sharded)
        return r.parameters * f * (2 + state);
    // Each device keeps its shard of the weights, gradients and (unless on the host) state.
    return r.parameters * f * (2 + state) / shards;
}

std::int64_t MemoryEstimate::usableDeviceBytes(std::int64_t totalBytes, std::int64_t freeBytes,
                                               std::int64_t budgetCap)
{
    const std::int64_t margin = std::max<std::int64_t>(totalBytes / 20, std::int64_t(256) << 20);
    std::int64_t usable = std::max<std::int64_t>(0, freeBytes - margin);
    if (budgetCap > 0)
        usable = std::min(usable, budgetCap);
    return usable;
}

MemoryEstimate MemoryEstimate::of(std::int64_t residentBytes, bool freesAfterUse,
                                  std::int64_t largestUnitParameters,
                                  std::int64_t activationElementsPerSample, Precision precision)
{
    MemoryEstimate e;
    e.fixedBytes = residentBytes + (freesAfterUse ? 2 * largestUnitParameters * 4 : 0);
    e.perSampleBytes = std::max<std::int64_t>(1, activationElementsPerSample * bytesPerElement(precision));
    return e;
}

std::int64_t MemoryEstimate::capSamples(std::int64_t budgetBytes) const
{
    if (budgetBytes <= fixedBytes)
        return 0;
    return (budgetBytes - fixedBytes) / perSampleBytes;
}

std::int64_t MemoryEstimate::passes(std::int64_t localBatch, std::int64_t budgetBytes) const
{
    const std::int64_t cap = capSamples(budgetBytes);
    if (cap < 1)
        return 0;
    return std::max<std::int64_t>(1, (localBatch + cap - 1) / cap);
}

std::int64_t MemoryEstimate::bytes(std::int64_t samples) const
{
    return fixedBytes + samples * perSampleBytes;
}

} // namespace hamgam
