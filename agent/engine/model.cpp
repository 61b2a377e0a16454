#include "model.h"

#include "unitshards.h"

#include <algorithm>

namespace hamgam::engine {

Model::Model(std::vector<std::unique_ptr<Unit>> units, Task task, std::string description)
    : m_units(std::move(units))
    , m_task(task)
    , m_description(std::move(description))
{}

std::int64_t Model::unitNumel(int i) const
{
    std::int64_t n = 0;
    for (const auto &p : m_units[static_cast<size_t>(i)]->params())
        n += p.numel();
    return n;
}

std::int64_t Model::logicalUnitNumel(int i) const
{
    const UnitShards *shards = m_units[static_cast<size_t>(i)]->shards();
    return shards ? shards->logicalNumel() : unitNumel(i);
}

std::int64_t Model::parameterCount() const
{
    std::int64_t n = 0;
    for (int i = 0; i < unitCount(); ++i)
        n += logicalUnitNumel(i);
    return n;
}

std::int64_t Model::activationElementsPerSample(bool recompute) const
{
    std::int64_t n = 0;
    std::int64_t largest = 0;
    for (const auto &u : m_units) {
        n += recompute ? u->inputElementsPerSample() : u->activationElementsPerSample();
        largest = std::max(largest, u->activationElementsPerSample());
    }
    return recompute ? n + largest : n;
}

namespace {

// Σ of each sample's cross-entropy (a language model's: the mean over its tokens).
at::Tensor crossEntropySum(Model::Task task, const at::Tensor &output, const at::Tensor &target,
                           double smoothing)
{
    if (task == Model::Task::Classification)
        return at::cross_entropy_loss(output, target, {}, at::Reduction::Sum, -100, smoothing);
    const std::int64_t tokens = target.size(1);
    const at::Tensor flat = at::cross_entropy_loss(
        output.reshape({-1, output.size(-1)}), target.reshape({-1}), {}, at::Reduction::Sum, -100, smoothing);
    return flat / static_cast<double>(tokens);
}

} // namespace

at::Tensor Model::lossSum(const at::Tensor &output, const at::Tensor &target) const
{
    return crossEntropySum(m_task, output, target, m_labelSmoothing);
}

at::Tensor Model::heldOutLossSum(const at::Tensor &output, const at::Tensor &target) const
{
    return crossEntropySum(m_task, output, target, 0.0);
}

std::int64_t Model::correct(const at::Tensor &output, const at::Tensor &target) const
{
    if (m_task != Task::Classification)
        return 0;
    return output.argmax(1).eq(target).sum().item<std::int64_t>();
}

} // namespace hamgam::engine
