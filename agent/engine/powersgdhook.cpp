#include "powersgdhook.h"

#include <algorithm>
#include <ATen/CPUGeneratorImpl.h>
#include <cmath>

namespace hamgam::engine {

namespace {
/// Modified Gram–Schmidt on the columns, in fp64 (P is small, n×r): every
/// replica orthonormalises the same summed P the same way. A column that is
/// (nearly) a combination of the earlier ones keeps what rounding leaves of
/// it, divided by its norm plus a small epsilon, as PyTorch's hook does.
at::Tensor orthonormalised(const at::Tensor &p)
{
    at::Tensor cols = p.to(at::kDouble);
    const std::int64_t r = cols.size(1);
    for (std::int64_t i = 0; i < r; ++i) {
        at::Tensor col = cols.narrow(1, i, 1);
        col.div_(col.norm() + 1e-12);
        if (i + 1 < r) {
            at::Tensor rest = cols.narrow(1, i + 1, r - i - 1);
            rest.sub_(col * (col * rest).sum(0, true));
        }
    }
    return cols;
}
} // namespace

PowerSgdHook::PowerSgdHook(Settings settings, std::shared_ptr<GradientHook> exact)
    : m_s(settings)
    , m_exact(std::move(exact))
{}

void PowerSgdHook::beginStep()
{
    ++m_steps;
    m_exact->beginStep();
}

std::pair<std::int64_t, std::int64_t> PowerSgdHook::matrixShape(std::int64_t numel)
{
    const auto m = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(std::sqrt(double(numel)))));
    return {(numel + m - 1) / m, m};
}

PowerSgdHook::BucketState &PowerSgdHook::stateOf(const GradBucket &bucket, std::int64_t m, std::int64_t r)
{
    auto it = m_state.find(bucket.index);
    if (it != m_state.end())
        return it->second;
    BucketState s;
    s.error = at::zeros({bucket.numel}, at::TensorOptions().dtype(at::kFloat));
    // The same Q on every replica: a generator seeded by the run's seed and the bucket.
    auto generator = at::detail::createCPUGenerator(m_s.seed * 1000003ULL + std::uint64_t(bucket.index));
    s.q = at::randn({m, r}, generator, at::TensorOptions().dtype(at::kFloat));
    return m_state.emplace(bucket.index, std::move(s)).first->second;
}

Result<HookFuture> PowerSgdHook::allReduce(const GradBucket &bucket, CommGroup &replicas)
{
    if (m_steps <= m_s.warmupSteps)
        return m_exact->allReduce(bucket, replicas);
    const auto [n, m] = matrixShape(bucket.numel);
    const std::int64_t r = std::min<std::int64_t>(m_s.rank, std::min(n, m));
    const at::Device device =
        bucket.buffer.defined() ? bucket.buffer.device() : bucket.parts.front().device();
    BucketState &state = stateOf(bucket, m, r);
    if (state.error.device() != device) {
        state.error = state.error.to(device);
        state.q = state.q.to(device);
    }
    // M: this rank's gradient plus its error, padded with zeros to n×m.
    at::Tensor flat = at::zeros({n * m}, at::TensorOptions().dtype(at::kFloat).device(device));
    if (bucket.buffer.defined()) {
        flat.narrow(0, 0, bucket.numel).copy_(bucket.buffer);
    } else {
        std::int64_t at = 0;
        for (const at::Tensor &part : bucket.parts) {
            flat.narrow(0, at, part.numel()).copy_(part);
            at += part.numel();
        }
    }
    flat.narrow(0, 0, bucket.numel).add_(state.error);
    const at::Tensor matrix = flat.view({n, m});
    at::Tensor p = matrix.mm(state.q);
    auto op = replicas.allreduceSum(p);
    if (!op)
        return op.error();
    const int members = replicas.size();
    const std::int64_t numel = bucket.numel;
    // Once Σ M_i·Q is here: orthonormalise it, exchange Q = Σ M_iᵀ·P, and keep this rank's error.
    return HookFuture(std::move(*op),
                      [this, &state, &replicas, matrix, p, members, numel]() mutable -> Result<at::Tensor> {
                          // Orthonormalised in fp64 (P is n×r); the n×m products stay in fp32, the
                          // gradient's own precision, so no copy of the bucket is made in fp64.
                          p = orthonormalised(p).to(at::kFloat);
                          at::Tensor q = matrix.t().mm(p);
                          auto qOp = replicas.allreduceSum(q);
                          if (!qOp)
                              return qOp.error();
                          if (Status s = qOp->wait(); !s)
                              return s.error();
                          const at::Tensor sum = p.mm(q.t()).reshape({-1}).narrow(0, 0, numel);
                          state.error = matrix.reshape({-1}).narrow(0, 0, numel) - sum / double(members);
                          state.q = q;
                          return sum.contiguous();
                      });
}

Result<HookFuture> PowerSgdHook::reduceScatter(const at::Tensor &flat, std::int64_t shard, CommGroup &group)
{
    // Inside a node the link is fast: its reduce-scatter stays exact.
    return m_exact->reduceScatter(flat, shard, group);
}

} // namespace hamgam::engine
