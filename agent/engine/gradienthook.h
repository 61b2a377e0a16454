#pragma once

#include "commgroup.h"
#include "pendingop.h"
#include "result.h"

#include <ATen/ATen.h>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hamgam::engine {

/// One bucket of the replicated gradient on its way across the link, as
/// c10d's GradBucket: this rank's fp32 values, in bucket order.
struct GradBucket
{
    int index = 0; ///< the bucket's place in the store, the same for the whole run (keys a hook's state)
    /// The store's own gradient memory when the bucket is one slice of it;
    /// undefined when its parts lie apart (then `parts` has them).
    at::Tensor buffer;
    std::vector<at::Tensor> parts; ///< fp32 views into the store's gradient, in bucket order
    std::int64_t numel = 0;
};

/// A reduction a hook launched (c10d's Future<Tensor> with its then()). wait()
/// finishes it and gives the reduced fp32 sum in bucket order, or an
/// undefined tensor where the sum was made in the bucket's own buffer.
class HookFuture
{
public:
    HookFuture() = default; ///< complete: reduced in place
    HookFuture(PendingOp op, std::function<Result<at::Tensor>()> then);

    bool completed() const { return m_op.completed(); }
    Result<at::Tensor> wait();

private:
    PendingOp m_op;
    /// Runs once the exchange is done (it may launch and wait for another); holds its tensors alive.
    std::function<Result<at::Tensor>()> m_then;
};

/// What the replicated gradient does on the wire (docs/engine.md, "What
/// crosses the link"): the ParameterStore decides where gradients live and
/// when a bucket is ready; the hook decides what is sent and how the
/// replicas' values become their sum. Every member of a group runs the same
/// hook, bucket for bucket, in the same order.
class GradientHook
{
public:
    virtual ~GradientHook() = default;

    /// "fp32", "fp16", "bf16": what a step event and the history call it.
    virtual std::string name() const = 0;
    /// True when every replica ends with the exact sum (up to the wire's rounding).
    virtual bool exact() const = 0;
    /// Bytes one gradient element takes on the wire: buckets are closed at comm.bucket_mb of these.
    virtual std::int64_t wireElementBytes() const = 0;
    /// A training step begins (before any of its buckets): hooks that count steps count here.
    virtual void beginStep() {}

    /// The sum of `bucket` over the replica group.
    virtual Result<HookFuture> allReduce(const GradBucket &bucket, CommGroup &replicas) = 0;
    /// A shard group's reduce-scatter: `flat` (fp32, padded to size()·shard)
    /// gives chunk k to member k; the future's value is this member's chunk
    /// summed over the members, in member order, in fp32.
    virtual Result<HookFuture> reduceScatter(const at::Tensor &flat, std::int64_t shard,
                                             CommGroup &group) = 0;
};

/// Exact reduction with the gradient on the wire as fp32, fp16 or bf16
/// (comm.dtype): the values are summed in that type, then read back as fp32.
class ExactHook final : public GradientHook
{
public:
    explicit ExactHook(at::ScalarType wire = at::kFloat);

    std::string name() const override;
    bool exact() const override { return true; }
    std::int64_t wireElementBytes() const override;
    Result<HookFuture> allReduce(const GradBucket &bucket, CommGroup &replicas) override;
    Result<HookFuture> reduceScatter(const at::Tensor &flat, std::int64_t shard, CommGroup &group) override;

private:
    at::ScalarType m_wire;
};

} // namespace hamgam::engine
