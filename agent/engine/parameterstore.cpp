#include "parameterstore.h"

#include "stopwatch.h"
#include "unitshards.h"

#include <c10/core/DeviceGuard.h>
#include <c10/core/StorageImpl.h>
#include <stdexcept>

namespace hamgam::engine {

namespace {
std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t> &shape)
{
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
        strides[static_cast<size_t>(i)] =
            strides[static_cast<size_t>(i + 1)] * shape[static_cast<size_t>(i + 1)];
    return strides;
}
} // namespace

ParameterStore::ParameterStore(Model &model, Placement placement, int stateSlots,
                               std::shared_ptr<GradientHook> hook)
    : m_model(model)
    , m_p(std::move(placement))
    , m_hook(hook ? std::move(hook) : std::make_shared<ExactHook>())
    , m_stateSlots(stateSlots)
{
    const auto &scheme = m_p.scheme;
    m_resident = scheme.shardGroupSize() == 1 && !m_p.stream;
    const auto [firstPiece, lastPiece] = scheme.ownPieces();
    const int count = m_model.unitCount();
    m_units.resize(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        auto &u = m_units[static_cast<size_t>(i)];
        u.numel = m_model.unitNumel(i);
        u.padded = scheme.padded(u.numel);
        u.pieceSize = u.padded / scheme.pieces();
        u.shard = (lastPiece - firstPiece) * u.pieceSize;
        std::int64_t offset = 0;
        for (const auto &spec : m_model.unit(i).params()) {
            u.slotOffsets.push_back(offset);
            offset += spec.numel();
        }
    }
    // Reverse unit order: the order backward produces gradients.
    for (int i = count - 1; i >= 0; --i) {
        m_units[static_cast<size_t>(i)].flatOffset = m_shardNumel;
        m_shardNumel += m_units[static_cast<size_t>(i)].shard;
    }

    const auto deviceOptions = at::TensorOptions().dtype(at::kFloat).device(m_p.device);
    const auto hostOptions =
        at::TensorOptions().dtype(at::kFloat).device(at::kCPU).pinned_memory(m_p.device.is_cuda());
    m_master = at::zeros({m_shardNumel}, m_p.hostMaster ? hostOptions : deviceOptions);
    // Streaming keeps no parameters and no gradients on the device: both live
    // beside the master weights in host memory, units visit the device in turn.
    if (m_p.stream)
        m_device = at::Tensor();
    else
        m_device = m_p.hostMaster ? at::zeros({m_shardNumel}, deviceOptions) : m_master;
    m_grad = at::zeros({m_shardNumel}, m_p.stream ? hostOptions : deviceOptions);
    for (int s = 0; s < m_stateSlots; ++s)
        m_state.push_back(at::zeros({m_shardNumel}, m_p.hostMaster ? hostOptions : deviceOptions));
    m_hostGrad = m_grad;
    if (m_p.hostMaster) {
        m_offload.emplace(m_p.device, count);
        m_byUnit = m_offload->asynchronous() || m_p.offloadByUnit;
        // A GPU: the gradients stay on the device for their collectives, and
        // each unit's final one is copied into a pinned buffer allocated once.
        m_gradientsToHost = m_byUnit && !m_p.stream;
        if (m_gradientsToHost)
            m_hostGrad = at::empty({m_shardNumel}, hostOptions);
        // Where copies land unit by unit the optimizer follows them; else one piece.
        if (m_byUnit) {
            for (int i = count - 1; i >= 0; --i)
                m_optimizerPieces.push_back({i});
        } else {
            m_optimizerPieces.emplace_back();
            for (int i = count - 1; i >= 0; --i)
                m_optimizerPieces.back().push_back(i);
        }
    }

    for (auto &u : m_units) {
        if (m_resident) {
            u.full = m_device.narrow(0, u.flatOffset, u.numel);
            u.gather = Gather::Ready;
        } else {
            u.full = at::empty({u.padded}, deviceOptions);
            m_gatheredBytes += u.full.nbytes(); // free() below takes it off again
            free(u);
        }
    }

    // Gradient buckets per own segment: consecutive units in backward order,
    // closed once they reach the bucket size. Every member of a segment
    // computes the same buckets, so their all-reduces pair up.
    m_ownSegments = scheme.ownSegments();
    m_buckets.resize(m_ownSegments.size());
    m_nextBucket.assign(m_ownSegments.size(), 0);
    const std::int64_t wireBytes = m_hook->wireElementBytes();
    for (size_t si = 0; si < m_ownSegments.size(); ++si) {
        if (si >= m_p.replicaGroups.size() || !m_p.replicaGroups[si])
            continue; // a single holder: nothing to all-reduce
        const auto &seg = scheme.segments()[static_cast<size_t>(m_ownSegments[si])];
        auto &buckets = m_buckets[si];
        Bucket current;
        for (int i = count - 1; i >= 0; --i) {
            const auto &u = m_units[static_cast<size_t>(i)];
            BucketPart part{i, u.flatOffset + (seg.begin - firstPiece) * u.pieceSize,
                            (seg.end - seg.begin) * u.pieceSize};
            if (!current.parts.empty()) {
                const auto &last = current.parts.back();
                current.contiguous = current.contiguous && last.flatOffset + last.length == part.flatOffset;
            }
            current.parts.push_back(part);
            current.numel += part.length;
            if (current.numel * wireBytes >= m_p.bucketBytes) {
                buckets.push_back(std::move(current));
                current = Bucket();
            }
        }
        if (!current.parts.empty())
            buckets.push_back(std::move(current));
    }
    m_ready.assign(static_cast<size_t>(count), false);
    m_unitBuckets.assign(static_cast<size_t>(count), 0);
    for (const auto &buckets : m_buckets)
        for (const auto &b : buckets)
            for (const auto &part : b.parts)
                ++m_unitBuckets[static_cast<size_t>(part.unit)];
    m_bucketsLeft = m_unitBuckets;
}

void ParameterStore::initialize(std::uint64_t seed)
{
    const auto [firstPiece, lastPiece] = m_p.scheme.ownPieces();
    (void)lastPiece;
    for (int i = 0; i < m_model.unitCount(); ++i) {
        auto &u = m_units[static_cast<size_t>(i)];
        // The whole unit is built on every rank, then each keeps its pieces:
        // the values never depend on how the model is split.
        at::Tensor flat = at::zeros({u.padded}, at::kFloat);
        const auto &specs = m_model.unit(i).params();
        const UnitShards *shards = m_model.unit(i).shards();
        for (size_t s = 0; s < specs.size(); ++s) {
            at::Tensor dst = flat.narrow(0, u.slotOffsets[s], specs[s].numel());
            if (!shards) {
                dst.copy_(initialValue(specs[s], seed, i, static_cast<int>(s)).reshape(-1));
                continue;
            }
            // Tensor parallelism: the logical parameter, then this rank's elements of it.
            const at::Tensor logical =
                initialValue(shards->logical[s], seed, i, static_cast<int>(s)).reshape(-1);
            const at::Tensor index = shards->shards[s].logicalIndex();
            const at::Tensor valid = index.ge(0);
            dst.copy_(
                at::where(valid, logical.index_select(0, index.clamp_min(0)), at::zeros({}, at::kFloat)));
        }
        m_master.narrow(0, u.flatOffset, u.shard).copy_(flat.narrow(0, firstPiece * u.pieceSize, u.shard));
    }
    if (m_p.tensorGroup) {
        m_normMask = at::zeros({m_shardNumel}, m_grad.options());
        for (int i = 0; i < m_model.unitCount(); ++i) {
            const UnitShards *shards = m_model.unit(i).shards();
            const auto &u = m_units[static_cast<size_t>(i)];
            for (size_t s = 0; shards && s < shards->shards.size(); ++s)
                if (shards->shards[s].owner)
                    m_normMask.narrow(0, u.flatOffset + u.slotOffsets[s], shards->shards[s].localNumel())
                        .fill_(1);
        }
    }
    masterChanged();
}

const char *ParameterStore::hostOffload() const
{
    if (!m_offload)
        return "none";
    if (m_offload->asynchronous())
        return "side_stream";
    return m_byUnit ? "by_unit" : "synchronous";
}

at::Tensor &ParameterStore::master()
{
    if (m_offload)
        m_offload->drain();
    return m_master;
}

void ParameterStore::masterChanged()
{
    if (!m_p.hostMaster || !m_device.defined())
        return;
    for (int i = 0; i < m_model.unitCount(); ++i)
        parametersToDevice(i);
}

void ParameterStore::parametersToDevice(int unit)
{
    const auto &u = m_units[static_cast<size_t>(unit)];
    if (u.shard > 0)
        m_offload->parametersToDevice(unit, m_device.narrow(0, u.flatOffset, u.shard),
                                      m_master.narrow(0, u.flatOffset, u.shard));
}

void ParameterStore::waitForDeviceShard(int unit)
{
    if (m_offload)
        m_offload->parametersNeeded(unit);
}

void ParameterStore::fail(const Error &error)
{
    if (!m_failure)
        m_failure = error;
    throw std::runtime_error(error.message);
}

void ParameterStore::allocate(UnitLayout &u)
{
    c10::StorageImpl *impl = u.full.storage().unsafeGetStorageImpl();
    const std::size_t bytes = static_cast<std::size_t>(u.padded) * sizeof(float);
    if (impl->nbytes() == bytes)
        return;
    // CUDA's caching allocator takes the calling thread's current device (a
    // backward hook runs on one of autograd's threads): make it the store's.
    c10::OptionalDeviceGuard guard;
    if (m_p.device.is_cuda())
        guard.reset_device(m_p.device);
    impl->set_data_ptr_noswap(impl->allocator()->allocate(bytes));
    impl->set_nbytes(bytes);
    m_gatheredBytes += static_cast<std::int64_t>(bytes);
    m_peakGatheredBytes = std::max(m_peakGatheredBytes, m_gatheredBytes);
}

void ParameterStore::free(UnitLayout &u)
{
    c10::StorageImpl *impl = u.full.storage().unsafeGetStorageImpl();
    if (impl->nbytes() != 0)
        m_gatheredBytes -= static_cast<std::int64_t>(impl->nbytes());
    impl->set_data_ptr_noswap(at::DataPtr(nullptr, impl->device()));
    impl->set_nbytes(0);
    u.gather = Gather::Freed;
}

void ParameterStore::launchGather(int unit)
{
    auto &u = m_units[static_cast<size_t>(unit)];
    allocate(u);
    if (!m_p.shardGather) {
        // Streaming: the host master is the only full copy. On a GPU the copy
        // runs on the side stream, and ensure() makes the compute stream wait for it.
        Stopwatch copy;
        m_offload->parametersToDevice(unit, u.full.narrow(0, 0, u.shard),
                                      m_master.narrow(0, u.flatOffset, u.shard));
        m_blockedMs += copy.ms();
        u.gather = m_byUnit ? Gather::Pending : Gather::Ready;
        return;
    }
    waitForDeviceShard(unit); // the gather reads this rank's shard on the device
    const int members = m_p.shardGather->size();
    std::vector<at::Tensor> outputs;
    for (int k = 0; k < members; ++k)
        outputs.push_back(u.full.narrow(0, k * u.shard, u.shard));
    at::Tensor input = m_device.narrow(0, u.flatOffset, u.shard);
    auto op = m_p.shardGather->allgather(outputs, input);
    if (!op)
        fail(op.error());
    u.pending = std::move(*op);
    u.gather = Gather::Pending;
}

void ParameterStore::ensure(int unit)
{
    auto &u = m_units[static_cast<size_t>(unit)];
    if (u.gather == Gather::Ready) {
        if (m_resident)
            waitForDeviceShard(unit);
        return;
    }
    if (u.gather == Gather::Freed)
        launchGather(unit);
    if (u.gather == Gather::Pending) {
        if (!u.pending) { // a streamed unit's copy from host memory
            m_offload->parametersNeeded(unit);
            u.gather = Gather::Ready;
            return;
        }
        Stopwatch wait;
        Status s = u.pending->wait();
        m_blockedMs += wait.ms();
        u.pending.reset();
        if (!s)
            fail(s.error());
        u.gather = Gather::Ready;
    }
}

std::vector<at::Tensor> ParameterStore::acquire(int unit)
{
    ensure(unit);
    auto &u = m_units[static_cast<size_t>(unit)];
    const auto &specs = m_model.unit(unit).params();
    std::vector<at::Tensor> out;
    out.reserve(specs.size());
    const c10::Storage storage = u.full.storage();
    const std::int64_t base = u.full.storage_offset();
    for (size_t s = 0; s < specs.size(); ++s) {
        // A fresh tensor on the unit's storage, not a view: it has its own
        // version counter, so regathering never trips autograd's checks.
        at::Tensor t = at::empty({0}, u.full.options());
        t.set_(storage, base + u.slotOffsets[s], specs[s].shape, contiguousStrides(specs[s].shape));
        out.push_back(std::move(t));
    }
    return out;
}

void ParameterStore::prefetch(int unit)
{
    if (m_resident || unit < 0 || unit >= m_model.unitCount())
        return;
    if (!m_p.shardGather && !m_byUnit)
        return; // streaming copies on the CPU are synchronous: nothing to overlap
    if (m_units[static_cast<size_t>(unit)].gather == Gather::Freed)
        launchGather(unit);
}

void ParameterStore::release(int unit)
{
    if (m_resident)
        return;
    auto &u = m_units[static_cast<size_t>(unit)];
    if (u.gather == Gather::Pending)
        ensure(unit);
    free(u);
}

void ParameterStore::acquireForBackward(int unit)
{
    ensure(unit);
    prefetch(unit - 1);
}

void ParameterStore::gradientsReady(int unit, const std::vector<at::Tensor> &unitGrads)
{
    auto &u = m_units[static_cast<size_t>(unit)];
    std::vector<at::Tensor> grads = unitGrads;
    if (m_model.unit(unit).shards())
        m_model.unit(unit).reduceGradients(grads);
    const auto &specs = m_model.unit(unit).params();
    const bool sharded = m_p.shardReduce != nullptr;
    // Gradient accumulation: a pass after the first adds into what the earlier
    // ones left (sharded: each pass is reduce-scattered, and adds to the shard).
    const bool adds = m_pass > 0 && !sharded;
    const bool last = m_pass + 1 >= m_passes;
    if (adds && m_p.stream)
        m_offload->waitForGradient(unit); // the earlier pass's copy to host memory has landed
    at::Tensor flat =
        sharded ? at::empty({u.padded}, m_grad.options()) : m_grad.narrow(0, u.flatOffset, u.numel);
    for (size_t s = 0; s < specs.size(); ++s) {
        at::Tensor dst = flat.narrow(0, u.slotOffsets[s], specs[s].numel());
        const bool given = s < grads.size() && grads[s].defined();
        if (adds) {
            if (given) // host memory when streaming: added there, synchronously
                dst.add_(grads[s].reshape(-1).to(dst.device()));
        } else if (!given) {
            dst.zero_();
        } else if (m_p.stream) { // to host memory, on a GPU on the side stream
            m_offload->copyToHost(dst, grads[s].reshape(-1).contiguous());
        } else {
            dst.copy_(grads[s].reshape(-1));
        }
    }
    if (!last && !sharded) {
        // Not complete before the last pass: nothing to reduce yet.
        if (m_p.stream)
            m_offload->gradientSent(unit); // the next pass waits for this copy before adding
        release(unit);
        return;
    }
    if (m_p.stream) {
        // Ready for its all-reduce (host memory, Gloo) once the copy has landed: progress() sees to it.
        m_offload->gradientSent(unit);
        m_landing.push_back(unit);
    } else if (sharded) {
        if (u.padded > u.numel)
            flat.narrow(0, u.numel, u.padded - u.numel).zero_();
        auto sum = m_hook->reduceScatter(flat, u.shard, *m_p.shardReduce);
        if (!sum)
            fail(sum.error());
        m_reduceScatters.push_back({unit, std::move(*sum), m_pass > 0, last});
    } else {
        unitReady(unit);
    }
    release(unit);
    if (Status s = progress(false); !s)
        fail(s.error());
}

Status ParameterStore::progress(bool block)
{
    // Streaming: a gradient's all-reduce (Gloo, in host memory) waits for its
    // copy there. These groups see host tensors only, so polling cannot make
    // ranks disagree on the order of NCCL's collectives.
    while (!m_landing.empty()) {
        const int unit = m_landing.front();
        if (!block && !m_offload->gradientLanded(unit))
            break;
        m_offload->waitForGradient(unit);
        unitReady(unit);
        m_landing.pop_front();
    }
    // Polling lets each rank's timing decide whether a bucket's all-reduce
    // goes before or after the next reduce-scatter; on NCCL (one stream per
    // communicator) ranks must agree on that order, so there it is fixed.
    const bool blockOnScatters = block || m_p.orderedCollectives;
    while (!m_reduceScatters.empty()) {
        auto &rs = m_reduceScatters.front();
        if (!blockOnScatters && !rs.sum.completed())
            break;
        // The sum of every member's chunk for this rank; a later pass of an
        // accumulating step adds it to the earlier ones'.
        auto sum = rs.sum.wait();
        if (!sum)
            return sum.error();
        const auto &u = m_units[static_cast<size_t>(rs.unit)];
        at::Tensor shard = m_grad.narrow(0, u.flatOffset, u.shard);
        if (rs.adds)
            shard.add_(*sum);
        else
            shard.copy_(*sum);
        const int unit = rs.unit;
        const bool last = rs.last;
        m_reduceScatters.pop_front();
        if (last)
            unitReady(unit);
    }
    return launchReadyBuckets();
}

void ParameterStore::unitReady(int unit)
{
    m_ready[static_cast<size_t>(unit)] = true;
    if (m_bucketsLeft[static_cast<size_t>(unit)] == 0)
        gradientFinal(unit); // no bucket to all-reduce it in
}

void ParameterStore::gradientFinal(int unit)
{
    // A GPU: this unit's gradient goes to the host optimizer now, beside the
    // all-reduces still in flight.
    if (!m_gradientsToHost)
        return;
    const auto &u = m_units[static_cast<size_t>(unit)];
    if (u.shard > 0)
        m_offload->copyToHost(m_hostGrad.narrow(0, u.flatOffset, u.shard),
                              m_grad.narrow(0, u.flatOffset, u.shard));
    m_offload->gradientSent(unit);
}

Status ParameterStore::launchReadyBuckets()
{
    for (size_t si = 0; si < m_buckets.size(); ++si) {
        auto &next = m_nextBucket[si];
        while (next < m_buckets[si].size()) {
            const Bucket &b = m_buckets[si][next];
            bool ready = true;
            for (const auto &part : b.parts)
                ready = ready && m_ready[static_cast<size_t>(part.unit)];
            if (!ready)
                break;
            auto sum = m_hook->allReduce(gradBucket(si, next, m_grad), *m_p.replicaGroups[si]);
            if (!sum)
                return sum.error();
            m_flights.push_back({static_cast<int>(si), static_cast<int>(next), std::move(*sum)});
            ++next;
        }
    }
    return {};
}

GradBucket ParameterStore::gradBucket(size_t segment, size_t index, const at::Tensor &flat) const
{
    const Bucket &b = m_buckets[segment][index];
    GradBucket g;
    for (size_t si = 0; si < segment; ++si)
        g.index += static_cast<int>(m_buckets[si].size());
    g.index += static_cast<int>(index);
    g.numel = b.numel;
    if (b.contiguous)
        g.buffer = flat.narrow(0, b.parts.front().flatOffset, b.numel);
    else
        for (const auto &part : b.parts)
            g.parts.push_back(flat.narrow(0, part.flatOffset, part.length));
    return g;
}

void ParameterStore::readBack(const Bucket &bucket, const at::Tensor &sum, at::Tensor &flat) const
{
    std::int64_t at = 0;
    for (const auto &part : bucket.parts) {
        flat.narrow(0, part.flatOffset, part.length).copy_(sum.narrow(0, at, part.length));
        at += part.length;
    }
}

Status ParameterStore::sumOverReplicas(at::Tensor &flat, GradientHook &wire)
{
    // Every bucket launched before the first wait, as the gradients' are, so
    // the exchanges overlap; every member walks the same buckets in order.
    std::vector<std::pair<const Bucket *, HookFuture>> flights;
    for (size_t si = 0; si < m_buckets.size(); ++si)
        for (size_t bi = 0; bi < m_buckets[si].size(); ++bi) {
            auto sum = wire.allReduce(gradBucket(si, bi, flat), *m_p.replicaGroups[si]);
            if (!sum)
                return sum.error();
            flights.emplace_back(&m_buckets[si][bi], std::move(*sum));
        }
    for (auto &[bucket, future] : flights) {
        auto sum = future.wait();
        if (!sum)
            return sum.error();
        if (sum->defined())
            readBack(*bucket, *sum, flat);
    }
    return {};
}

void ParameterStore::beginPass(int pass, int passes)
{
    m_pass = pass;
    m_passes = std::max(1, passes);
}

void ParameterStore::beginStep()
{
    m_hook->beginStep();
    m_pass = 0;
    m_passes = 1;
    m_blockedMs = 0;
    m_peakGatheredBytes = m_gatheredBytes;
    std::fill(m_ready.begin(), m_ready.end(), false);
    std::fill(m_nextBucket.begin(), m_nextBucket.end(), 0);
    m_bucketsLeft = m_unitBuckets;
    if (!m_replicaExchange) { // every bucket counts as summed: a unit is final once its node's sum is
        for (size_t si = 0; si < m_buckets.size(); ++si)
            m_nextBucket[si] = m_buckets[si].size();
        std::fill(m_bucketsLeft.begin(), m_bucketsLeft.end(), 0);
    }
}

Status ParameterStore::finishGradients()
{
    if (m_failure)
        return *m_failure;
    if (Status s = progress(true); !s)
        return s;
    while (!m_flights.empty()) {
        auto &f = m_flights.front();
        auto sum = f.sum.wait();
        if (!sum)
            return sum.error();
        const Bucket &b = m_buckets[static_cast<size_t>(f.segment)][static_cast<size_t>(f.bucket)];
        if (sum->defined()) // not summed in place: read back into the gradient
            readBack(b, *sum, m_grad);
        m_flights.pop_front();
        for (const auto &part : b.parts)
            if (--m_bucketsLeft[static_cast<size_t>(part.unit)] == 0)
                gradientFinal(part.unit);
    }
    for (size_t si = 0; si < m_buckets.size(); ++si)
        if (m_nextBucket[si] != m_buckets[si].size())
            return Status::failure(ErrorKind::Internal, "gradient buckets left unlaunched");
    // Every unit's gradient final (and on a GPU on its way to the host
    // optimizer): a unit left out would be stepped with last step's gradient.
    for (size_t i = 0; i < m_ready.size(); ++i)
        if (!m_ready[i] || m_bucketsLeft[i] != 0)
            return Status::failure(ErrorKind::Internal, "the gradient of unit " + std::to_string(i) +
                                                            " was not final after the step");
    return {};
}

Result<double> ParameterStore::gradNorm()
{
    if (m_normMask.defined()) {
        // Tensor parallelism: each element once per node (replicas excluded), summed over the node.
        at::Tensor sq = (m_grad.square() * m_normMask).sum(at::kDouble).reshape({1});
        if (Status s = m_p.tensorGroup->allreduceSumNow(sq); !s)
            return s.error();
        return std::sqrt(sq.item<double>());
    }
    at::Tensor sq = m_grad.square().sum(at::kDouble).reshape({1});
    if (m_p.shardGather) {
        if (Status s = m_p.shardGather->allreduceSumNow(sq); !s)
            return s.error();
    }
    return std::sqrt(sq.item<double>());
}

void ParameterStore::step(const FlatOptimizer &optimizer, double lr, double gradScale,
                          std::int64_t stepNumber)
{
    if (!m_offload) {
        if (gradScale != 1.0)
            m_grad.mul_(gradScale);
        std::vector<at::Tensor> state(m_state.begin(), m_state.begin() + optimizer.stateSlots());
        optimizer.step(m_master, m_grad, state, lr, stepNumber);
        return;
    }
    // Host master weights, piece by piece in flat order (backward order, the
    // order the gradients became final): each waits for the copy events of
    // its own units' gradients only, and its updated parameters go back to
    // the device at once, beside the next piece's update. The side stream is
    // in order, so once this step's first gradient copy has landed, no copy
    // of the previous step still reads the master weights written here.
    for (const auto &piece : m_optimizerPieces) {
        const auto &first = m_units[static_cast<size_t>(piece.front())];
        const auto &last = m_units[static_cast<size_t>(piece.back())];
        const std::int64_t begin = first.flatOffset;
        const std::int64_t length = last.flatOffset + last.shard - begin;
        for (int unit : piece)
            m_offload->waitForGradient(unit);
        if (length == 0)
            continue;
        at::Tensor grad = m_hostGrad.narrow(0, begin, length);
        if (gradScale != 1.0)
            grad.mul_(gradScale);
        at::Tensor master = m_master.narrow(0, begin, length);
        std::vector<at::Tensor> state; // the optimizer's slots (OuterSync's come after them)
        for (int slot = 0; slot < optimizer.stateSlots(); ++slot)
            state.push_back(m_state[static_cast<size_t>(slot)].narrow(0, begin, length));
        optimizer.step(master, grad, state, lr, stepNumber);
        if (m_device.defined())
            for (int unit : piece)
                parametersToDevice(unit);
    }
}

std::int64_t ParameterStore::deviceResidentBytes() const
{
    std::int64_t bytes = m_grad.device().is_cpu() && m_p.stream ? 0 : m_grad.nbytes();
    if (m_device.defined())
        bytes += m_device.nbytes();
    if (!m_p.hostMaster)
        for (const auto &s : m_state)
            bytes += s.nbytes();
    if (!m_resident)
        bytes += m_peakGatheredBytes;
    return bytes;
}

std::int64_t ParameterStore::hostResidentBytes() const
{
    if (!m_p.hostMaster)
        return 0;
    std::int64_t bytes = m_master.nbytes();
    for (const auto &s : m_state)
        bytes += s.nbytes();
    if (m_p.stream || m_gradientsToHost)
        bytes += m_hostGrad.nbytes();
    return bytes;
}

std::vector<ParameterStore::OwnRange> ParameterStore::ownRanges(bool writing) const
{
    const auto firstPiece = m_p.scheme.ownPieces().first;
    std::vector<OwnRange> out;
    for (int i = 0; i < static_cast<int>(m_units.size()); ++i) {
        const auto &u = m_units[static_cast<size_t>(i)];
        if (const UnitShards *shards = m_model.unit(i).shards()) {
            // Runs of elements consecutive both here and in the logical order.
            const auto offsets = shards->logicalOffsets();
            for (size_t s = 0; s < shards->shards.size(); ++s) {
                const ShardSpec &spec = shards->shards[s];
                if (writing && !spec.owner)
                    continue;
                const at::Tensor index = spec.logicalIndex();
                const auto *idx = index.data_ptr<std::int64_t>();
                const std::int64_t n = index.numel();
                for (std::int64_t k = 0; k < n;) {
                    if (idx[k] < 0) {
                        ++k;
                        continue;
                    }
                    std::int64_t end = k + 1;
                    while (end < n && idx[end] == idx[end - 1] + 1)
                        ++end;
                    out.push_back({i, offsets[s] + idx[k], offsets[s] + idx[end - 1] + 1,
                                   u.flatOffset + u.slotOffsets[s] + k});
                    k = end;
                }
            }
            continue;
        }
        const std::int64_t begin = firstPiece * u.pieceSize;
        const std::int64_t end = std::min(begin + u.shard, u.numel);
        if (begin < end)
            out.push_back({i, begin, end, u.flatOffset});
    }
    return out;
}

Result<std::vector<at::Tensor>> ParameterStore::fullParameters()
{
    std::vector<at::Tensor> out;
    for (int i = 0; i < static_cast<int>(m_units.size()); ++i) {
        auto &u = m_units[static_cast<size_t>(i)];
        if (const UnitShards *shards = m_model.unit(i).shards(); shards && m_p.tensorGroup) {
            // Every owner scatters its elements into a zero logical vector; the
            // node's sum is then the whole unit (x + 0 is exact).
            at::Tensor logical = at::zeros({shards->logicalNumel()}, at::kFloat);
            const at::Tensor local = u.full.to(at::kCPU);
            const auto offsets = shards->logicalOffsets();
            for (size_t s = 0; s < shards->shards.size(); ++s) {
                const ShardSpec &spec = shards->shards[s];
                if (!spec.owner)
                    continue;
                const at::Tensor index = spec.logicalIndex();
                const at::Tensor valid = index.ge(0).nonzero().reshape({-1});
                const at::Tensor values = local.narrow(0, u.slotOffsets[s], spec.localNumel());
                logical.narrow(0, offsets[s], shards->logical[s].numel())
                    .index_copy_(0, index.index_select(0, valid), values.index_select(0, valid));
            }
            at::Tensor wire = logical.to(m_grad.device());
            if (Status st = m_p.tensorGroup->allreduceSumNow(wire); !st)
                return st.error();
            out.push_back(wire.to(at::kCPU));
            continue;
        }
        if (m_resident) {
            waitForDeviceShard(i);
            out.push_back(u.full.to(at::kCPU, /*non_blocking=*/false, /*copy=*/true));
            continue;
        }
        if (!m_p.shardGather) {
            out.push_back(m_master.narrow(0, u.flatOffset, u.numel).to(at::kCPU, false, true));
            continue;
        }
        at::Tensor full = at::empty({u.padded}, m_grad.options());
        std::vector<at::Tensor> outputs;
        for (int k = 0; k < m_p.shardGather->size(); ++k)
            outputs.push_back(full.narrow(0, k * u.shard, u.shard));
        waitForDeviceShard(i);
        at::Tensor input = m_device.narrow(0, u.flatOffset, u.shard);
        auto op = m_p.shardGather->allgather(outputs, input);
        if (!op)
            return op.error();
        if (Status s = op->wait(); !s)
            return s.error();
        out.push_back(full.narrow(0, 0, u.numel).to(at::kCPU, false, true));
    }
    return out;
}

} // namespace hamgam::engine
