#include "gradienthook.h"

#include "error.h"

namespace hamgam::engine {

HookFuture::HookFuture(PendingOp op, std::function<Result<at::Tensor>()> then)
    : m_op(std::move(op))
    , m_then(std::move(then))
{}

Result<at::Tensor> HookFuture::wait()
{
    if (Status s = m_op.wait(); !s)
        return s.error();
    auto then = std::exchange(m_then, nullptr);
    return then ? then() : Result<at::Tensor>(at::Tensor());
}

ExactHook::ExactHook(at::ScalarType wire)
    : m_wire(wire)
{}

std::string ExactHook::name() const
{
    switch (m_wire) {
    case at::kHalf:
        return "fp16";
    case at::kBFloat16:
        return "bf16";
    default:
        return "fp32";
    }
}

std::int64_t ExactHook::wireElementBytes() const
{
    return static_cast<std::int64_t>(c10::elementSize(m_wire));
}

Result<HookFuture> ExactHook::allReduce(const GradBucket &bucket, CommGroup &replicas)
{
    // fp32 in one slice: summed where it lies. Otherwise packed in the wire's
    // type (each part converted as it is copied) and read back into the parts.
    at::Tensor wire;
    if (bucket.buffer.defined()) {
        wire = m_wire == at::kFloat ? bucket.buffer : bucket.buffer.to(m_wire);
    } else {
        wire = at::empty({bucket.numel}, bucket.parts.front().options().dtype(m_wire));
        std::int64_t at = 0;
        for (const at::Tensor &part : bucket.parts) {
            wire.narrow(0, at, part.numel()).copy_(part);
            at += part.numel();
        }
    }
    auto op = replicas.allreduceSum(wire);
    if (!op)
        return op.error();
    const bool inPlace = bucket.buffer.defined() && m_wire == at::kFloat;
    return HookFuture(std::move(*op),
                      [wire, inPlace]() -> Result<at::Tensor> { return inPlace ? at::Tensor() : wire; });
}

Result<HookFuture> ExactHook::reduceScatter(const at::Tensor &flat, std::int64_t shard, CommGroup &group)
{
    at::Tensor sent = m_wire != at::kFloat ? flat.to(m_wire) : flat;
    at::Tensor received = at::empty({flat.numel()}, sent.options());
    auto op = group.alltoall(received, sent, TrafficMeter::Kind::ReduceScatter);
    if (!op)
        return op.error();
    const int members = group.size();
    // `sent` stays alive until the exchange is done; the sum is made in `received` (scratch).
    return HookFuture(std::move(*op), [sent, received, shard, members]() -> Result<at::Tensor> {
        at::Tensor sum = received.narrow(0, 0, shard).to(at::kFloat);
        for (int k = 1; k < members; ++k)
            sum.add_(received.narrow(0, k * shard, shard));
        return sum;
    });
}

} // namespace hamgam::engine
