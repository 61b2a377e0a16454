#pragma once

#include "commgroup.h"
#include "error.h"
#include "flatoptimizer.h"
#include "gradienthook.h"
#include "hostoffload.h"
#include "model.h"
#include "pendingop.h"
#include "result.h"
#include "shardingscheme.h"

#include <ATen/ATen.h>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace hamgam::engine {

/// Where every unit's parameters, gradients and optimizer state live, and the
/// communication that keeps them right (docs/engine.md, "Strategies").
///
/// Each unit's parameters form one flat fp32 vector, padded to the scheme's
/// piece count; this rank keeps its pieces of every unit in flat buffers laid
/// out in reverse unit order (the order gradients arrive in), so the gradient
/// buckets of a replicated model are contiguous slices:
///   master   fp32 master weights (host memory when hostMaster, else device)
///   device   the device copy the model computes with (= master without hostMaster)
///   grad     this rank's gradient pieces
///   state    optimizer state, beside master
/// Units whose parameters are not resident (sharded, or streamed from host
/// memory) are materialised into a per-unit buffer before their forward and
/// their backward and freed after each (the storage is released, not the
/// tensor, so autograd's saved views see the regathered values).
///
/// Gradients: a unit's slot gradients are copied into a flat vector; for a
/// shard group of more than one rank it is reduce-scattered (an all-to-all of
/// equal chunks and a local sum in rank order: every rank sends exactly
/// (N−1)/N of the vector, as a ring would), then the replica groups all-reduce
/// the pieces in buckets, launched as soon as their units are ready and waited
/// for before the optimizer. What crosses the link for both, and how the sum
/// is made, is the GradientHook's: the store only says when and where.
///
/// With host master weights, the copies between host and device go through a
/// HostOffload: on a GPU each unit's final gradient is copied to a pinned host
/// buffer on a side stream as soon as it is final, the optimizer steps unit by
/// unit as their copies land, and each updated unit is copied back at once;
/// on the CPU the same code copies at once and steps the shard in one piece.
class ParameterStore
{
public:
    struct Placement
    {
        ShardingScheme scheme;
        CommGroup *shardGather = nullptr;       ///< all-gathers (+ norm), main thread; null for one rank
        CommGroup *shardReduce = nullptr;       ///< gradient reduce-scatter; null for one rank
        std::vector<CommGroup *> replicaGroups; ///< per own segment; null where the segment has one rank
        bool hostMaster = false;                ///< master weights and optimizer state in host memory
        bool stream = false; ///< with one rank per shard group: parameters not resident on the device
        /// Host master weights on the CPU: copies and optimizer unit by unit,
        /// as a GPU's side stream has them (--offload-by-unit, a check).
        bool offloadByUnit = false;
        /// Collectives on different communicators launch in one order on every
        /// rank (NCCL can deadlock otherwise): a reduce-scatter is waited for
        /// before the buckets it readies launch, never polled.
        bool orderedCollectives = false;
        /// Tensor parallelism: the node's group. Units with shards() hold part
        /// of each logical parameter; dumps and the gradient norm combine the
        /// node's parts over this group.
        CommGroup *tensorGroup = nullptr;
        std::int64_t bucketBytes = 25 << 20;
        at::Device device = at::kCPU;
    };

    /// This rank's part of one unit, in the unit's logical (unpadded) order.
    struct OwnRange
    {
        int unit = 0;
        std::int64_t begin = 0;
        std::int64_t end = 0;
        std::int64_t flatOffset = 0; ///< where `begin` sits in master() and state()
    };

    /// `hook` reduces the gradient over the shard and replica groups (null: exact, fp32 on the wire).
    ParameterStore(Model &model, Placement placement, int stateSlots,
                   std::shared_ptr<GradientHook> hook = nullptr);

    /// Deterministic initial values (identical for any placement and rank count).
    void initialize(std::uint64_t seed);

    bool freesAfterUse() const { return !m_resident; }
    /// True when the optimizer steps in host memory (its temporaries never touch the device).
    bool hostMasterOptimizer() const { return m_p.hostMaster; }
    /// How host master weights and the device exchange gradients and
    /// parameters: "side_stream" (a GPU: pinned buffers, a copy stream, an
    /// event per unit and direction), "synchronous" (the CPU), "by_unit"
    /// (the CPU in a GPU's order, --offload-by-unit), "none" (no host master).
    const char *hostOffload() const;
    /// fp32 bytes of this rank's shard of the flat parameters.
    std::int64_t shardBytes() const { return m_shardNumel * 4; }
    /// The unit's parameters, one tensor per ParamSpec, sharing the unit's
    /// buffer (not autograd views of it). Throws after recording a failure.
    std::vector<at::Tensor> acquire(int unit);
    void prefetch(int unit);
    void release(int unit);
    /// Before a unit's backward: its parameters again, and the next one's prefetch.
    void acquireForBackward(int unit);
    /// A unit's gradients (undefined = zero): copy, reduce, free its parameters.
    void gradientsReady(int unit, const std::vector<at::Tensor> &grads);

    void beginStep();
    /// sync.mode local: with `on` false the steps that follow reduce their
    /// gradients within the node only (the replica groups, across nodes, are
    /// left out); OuterSync exchanges the parameters' change instead.
    void setReplicaExchange(bool on) { m_replicaExchange = on; }
    /// Sums `flat` (laid out as gradients(): this rank's pieces) over the
    /// replica groups through `wire`, bucket by bucket as the gradients go.
    Status sumOverReplicas(at::Tensor &flat, GradientHook &wire);
    /// Gradient accumulation: the step's pass `pass` of `passes` (micro-batches)
    /// starts. Passes before the last add their gradients into the unit's
    /// gradient (the sharded strategies into its shard, after a reduce-scatter
    /// each) and start no other reduction; the last one adds its own and
    /// reduces as a step of one pass does. beginStep() sets one pass of one.
    void beginPass(int pass, int passes);
    /// Waits for every gradient reduction of the step.
    Status finishGradients();
    /// This rank's flat gradient after finishGradients() (its shard when sharded).
    const at::Tensor &gradients() const { return m_grad; }
    /// Milliseconds the main thread was blocked on parameter gathers this step.
    double blockedMs() const { return m_blockedMs; }
    /// ‖g‖ over the whole model (summed over the shard group).
    Result<double> gradNorm();
    /// Optimizer update of this rank's pieces; a gradScale other than 1 scales
    /// the gradient first (clipping, and 1/loss scale under fp16).
    void step(const FlatOptimizer &optimizer, double lr, double gradScale, std::int64_t stepNumber);

    const std::optional<Error> &failure() const { return m_failure; }

    std::int64_t deviceResidentBytes() const;
    std::int64_t hostResidentBytes() const;
    std::int64_t peakGatheredBytes() const { return m_peakGatheredBytes; }

    /// This rank's parts as logical element ranges. Writing: only what this
    /// rank speaks for (a replicated tensor-parallel parameter is written by one
    /// rank per node); reading: everything it holds.
    std::vector<OwnRange> ownRanges(bool writing = false) const;
    /// Waits for the copies that read it first (a caller may write it).
    at::Tensor &master();
    std::vector<at::Tensor> &state() { return m_state; }
    /// After master() was overwritten (a checkpoint): refresh the device copy.
    void masterChanged();
    /// Every unit's full logical parameters, gathered over the shard group
    /// (a collective: every member must call it).
    Result<std::vector<at::Tensor>> fullParameters();

private:
    enum class Gather
    {
        Freed,
        Pending,
        Ready,
    };
    struct UnitLayout
    {
        std::int64_t numel = 0;
        std::int64_t padded = 0;
        std::int64_t pieceSize = 0;
        std::int64_t shard = 0;      ///< elements this rank holds
        std::int64_t flatOffset = 0; ///< in the shard buffers
        std::vector<std::int64_t> slotOffsets;
        Gather gather = Gather::Freed;
        std::optional<PendingOp> pending;
        at::Tensor full; ///< flat padded parameters when materialised
    };
    struct BucketPart
    {
        int unit;
        std::int64_t flatOffset;
        std::int64_t length;
    };
    struct Bucket
    {
        std::vector<BucketPart> parts;
        std::int64_t numel = 0;
        bool contiguous = true;
    };
    struct ReduceScatter
    {
        int unit;
        HookFuture sum;
        bool adds = false; ///< a pass after the first: added to the shard's gradient
        bool last = true;  ///< the step's last pass: the unit's gradient is complete
    };
    struct BucketFlight
    {
        int segment;
        int bucket;
        HookFuture sum;
    };

    [[noreturn]] void fail(const Error &error);
    void ensure(int unit);
    void launchGather(int unit);
    void allocate(UnitLayout &u);
    void free(UnitLayout &u);
    Status progress(bool block);
    /// A bucket as the hook sees it: a slice of `flat` (the gradient), or its parts.
    GradBucket gradBucket(size_t segment, size_t index, const at::Tensor &flat) const;
    /// Reads a reduced bucket back into `flat` where the hook did not sum in place.
    void readBack(const Bucket &bucket, const at::Tensor &sum, at::Tensor &flat) const;
    Status launchReadyBuckets();
    void unitReady(int unit);
    void gradientFinal(int unit);
    void parametersToDevice(int unit);
    void waitForDeviceShard(int unit);

    Model &m_model;
    Placement m_p;
    std::shared_ptr<GradientHook> m_hook;
    int m_stateSlots;
    bool m_replicaExchange = true;
    bool m_resident;
    std::vector<UnitLayout> m_units;
    std::int64_t m_shardNumel = 0;
    at::Tensor m_master;
    at::Tensor m_device;
    at::Tensor m_grad;
    /// What the host optimizer reads: a pinned buffer of its own on a GPU
    /// (m_grad stays on the device), m_grad itself where that is host memory.
    at::Tensor m_hostGrad;
    std::vector<at::Tensor> m_state;
    std::optional<HostOffload> m_offload; ///< with host master weights
    bool m_byUnit = false;                ///< copies and optimizer unit by unit (a GPU, or asked)
    bool m_gradientsToHost = false;       ///< m_hostGrad is a buffer of its own
    /// The optimizer's pieces, each a run of units in flat order: one per unit
    /// where copies land one by one (a GPU), else one for the whole shard.
    std::vector<std::vector<int>> m_optimizerPieces;
    std::vector<int> m_unitBuckets; ///< gradient buckets a unit has a part in
    std::vector<int> m_bucketsLeft; ///< of those, still in flight this step
    std::deque<int> m_landing;      ///< streaming: gradients on their way to host memory
    int m_pass = 0;                 ///< gradient accumulation: this pass of the step
    int m_passes = 1;
    std::vector<int> m_ownSegments;
    std::vector<std::vector<Bucket>> m_buckets; ///< per own segment, in launch order
    std::vector<size_t> m_nextBucket;
    std::vector<bool> m_ready;
    std::deque<ReduceScatter> m_reduceScatters;
    std::deque<BucketFlight> m_flights;
    std::optional<Error> m_failure;
    double m_blockedMs = 0;
    std::int64_t m_gatheredBytes = 0;
    std::int64_t m_peakGatheredBytes = 0;
    at::Tensor m_normMask; ///< tensor parallelism: 1 where this rank speaks for the gradient element
};

} // namespace hamgam::engine
