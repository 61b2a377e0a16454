#include "tensorparallel.h"

#include "commgroup.h"
#include "communicator.h"
#include "stopwatch.h"

#include <stdexcept>
#include <torch/csrc/autograd/custom_function.h>

namespace hamgam::engine {

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;
using L = TensorParallelLayout;

TensorParallel *tensorParallelOf(AutogradContext *ctx)
{
    return reinterpret_cast<TensorParallel *>(ctx->saved_data["tp"].toInt());
}

void remember(AutogradContext *ctx, TensorParallel *tp, std::int64_t group)
{
    ctx->saved_data["tp"] = reinterpret_cast<std::int64_t>(tp);
    ctx->saved_data["group"] = group;
}

// The group's sum of x, in a new contiguous tensor (x itself is autograd's).
at::Tensor groupSum(TensorParallel *tp, const at::Tensor &x, std::int64_t group)
{
    at::Tensor sum = x.clone(at::MemoryFormat::Contiguous);
    tp->allReduceInPlace(sum, static_cast<int>(group));
    return sum;
}

// The sum of a gradient over the group remember() saved.
at::Tensor groupSumOfGradient(AutogradContext *ctx, const at::Tensor &grad)
{
    return groupSum(tensorParallelOf(ctx), grad, ctx->saved_data["group"].toInt());
}

std::vector<std::int64_t> withLast(at::IntArrayRef sizes, std::int64_t last)
{
    std::vector<std::int64_t> shape = sizes.vec();
    shape.back() = last;
    return shape;
}

// f: identity forward, all-reduce of the gradient.
struct CopyToGroupFunction : public torch::autograd::Function<CopyToGroupFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, TensorParallel *tp,
                              std::int64_t group)
    {
        remember(ctx, tp, group);
        return x;
    }
    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        return {groupSumOfGradient(ctx, grads[0]), at::Tensor(), at::Tensor()};
    }
};

// g: all-reduce forward, identity for the gradient (the output is replicated
// and so is its complete gradient).
struct ReduceFromGroupFunction : public torch::autograd::Function<ReduceFromGroupFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, TensorParallel *tp,
                              std::int64_t group)
    {
        remember(ctx, tp, group);
        return groupSum(tp, x, group);
    }
    static variable_list backward(AutogradContext *, variable_list grads)
    {
        return {grads[0], at::Tensor(), at::Tensor()};
    }
};

// All-reduce both ways: every member uses the sum in its own way.
struct AllReduceSumFunction : public torch::autograd::Function<AllReduceSumFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, TensorParallel *tp,
                              std::int64_t group)
    {
        remember(ctx, tp, group);
        return groupSum(tp, x, group);
    }
    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        return {groupSumOfGradient(ctx, grads[0]), at::Tensor(), at::Tensor()};
    }
};

// All-gather of partition blocks along the last dimension; the gradient of the
// replicated result is complete on every member, so each keeps its block.
struct GatherReplicatedFunction : public torch::autograd::Function<GatherReplicatedFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, TensorParallel *tp,
                              std::int64_t group, const Partition *part)
    {
        CommGroup &g = tp->group(static_cast<int>(group));
        const int me = g.groupRank();
        ctx->saved_data["offset"] = part->offset(me);
        ctx->saved_data["own"] = part->size(me);
        const std::int64_t width = part->maxSize();
        // Gloo gathers equal sizes: pad to the largest block.
        at::Tensor padded =
            x.size(-1) == width
                ? x.contiguous()
                : at::cat({x, at::zeros(withLast(x.sizes(), width - x.size(-1)), x.options())}, -1);
        std::vector<at::Tensor> outputs;
        for (int k = 0; k < g.size(); ++k)
            outputs.push_back(at::empty_like(padded));
        tp->await(g.allgather(outputs, padded));
        std::vector<at::Tensor> blocks;
        for (int k = 0; k < g.size(); ++k)
            blocks.push_back(outputs[static_cast<size_t>(k)].narrow(-1, 0, part->size(k)));
        return at::cat(blocks, -1);
    }
    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        const at::Tensor own =
            grads[0]
                .narrow(-1, ctx->saved_data["offset"].toInt(), ctx->saved_data["own"].toInt())
                .contiguous();
        return {own, at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

// SUMMA over the q×q grid. Forward: Y_ij = Σ_k X_ik·A_kj, X_ik broadcast along
// row i from (i, k), A_kj (= W block (j, k)) along column j from (k, j).
// Backward: dX_ik = Σ_j dY_ij·A_kjᵀ (A broadcast along columns, partial
// products reduced along row i to (i, k)); dA_kj = Σ_i X_ikᵀ·dY_ij (X
// broadcast along rows, reduced along column j to (k, j)).
struct SummaFunction : public torch::autograd::Function<SummaFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, const at::Tensor &w,
                              TensorParallel *tp, const Partition *kPart)
    {
        ctx->saved_data["tp"] = reinterpret_cast<std::int64_t>(tp);
        ctx->saved_data["kpart"] = reinterpret_cast<std::int64_t>(kPart);
        ctx->saved_data["shape"] = x.sizes().vec();
        const int q = tp->side(), i = tp->coord(0), j = tp->coord(1);
        CommGroup &row = tp->group(L::line(1));
        CommGroup &column = tp->group(L::line(0));
        at::Tensor x2 = x.reshape({-1, x.size(-1)}).contiguous();
        at::Tensor w2 = w.contiguous();
        const std::int64_t m = x2.size(0), n = w2.size(0);
        std::vector<at::Tensor> xs(static_cast<size_t>(q)), ws(static_cast<size_t>(q));
        std::vector<Result<PendingOp>> ops;
        for (int k = 0; k < q; ++k) {
            auto &xk = xs[static_cast<size_t>(k)];
            xk = k == j ? x2 : at::empty({m, kPart->size(k)}, x2.options());
            ops.push_back(row.broadcast(xk, k));
        }
        for (int k = 0; k < q; ++k) {
            auto &wk = ws[static_cast<size_t>(k)];
            wk = k == i ? w2 : at::empty({n, kPart->size(k)}, w2.options());
            ops.push_back(column.broadcast(wk, k));
        }
        for (auto &op : ops)
            tp->await(std::move(op));
        at::Tensor y = at::mm(xs[0], ws[0].t());
        for (int k = 1; k < q; ++k)
            y.addmm_(xs[static_cast<size_t>(k)], ws[static_cast<size_t>(k)].t());
        ctx->save_for_backward({x2, w2});
        return y.view(withLast(x.sizes(), n));
    }

    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        TensorParallel *tp = tensorParallelOf(ctx);
        const auto *kPart = reinterpret_cast<const Partition *>(ctx->saved_data["kpart"].toInt());
        const auto shape = ctx->saved_data["shape"].toIntVector();
        const auto saved = ctx->get_saved_variables();
        const at::Tensor &x2 = saved[0], &w2 = saved[1];
        const int q = tp->side(), i = tp->coord(0), j = tp->coord(1);
        CommGroup &row = tp->group(L::line(1));
        CommGroup &column = tp->group(L::line(0));
        const std::int64_t m = x2.size(0), n = w2.size(0);
        at::Tensor dy = grads[0].reshape({-1, n}).contiguous();

        // Every broadcast first (columns, then rows), in the same order on every member.
        std::vector<at::Tensor> ws(static_cast<size_t>(q)), xs(static_cast<size_t>(q));
        std::vector<Result<PendingOp>> wOps, xOps;
        for (int k = 0; k < q; ++k) {
            auto &wk = ws[static_cast<size_t>(k)];
            wk = k == i ? w2 : at::empty({n, kPart->size(k)}, w2.options());
            wOps.push_back(column.broadcast(wk, k));
        }
        for (int k = 0; k < q; ++k) {
            auto &xk = xs[static_cast<size_t>(k)];
            xk = k == j ? x2 : at::empty({m, kPart->size(k)}, x2.options());
            xOps.push_back(row.broadcast(xk, k));
        }
        std::vector<at::Tensor> dxs(static_cast<size_t>(q)), dws(static_cast<size_t>(q));
        std::vector<Result<PendingOp>> reduces;
        for (int k = 0; k < q; ++k) {
            tp->await(std::move(wOps[static_cast<size_t>(k)]));
            auto &part = dxs[static_cast<size_t>(k)];
            part = at::mm(dy, ws[static_cast<size_t>(k)]);
            reduces.push_back(row.reduceSum(part, k));
        }
        for (int k = 0; k < q; ++k) {
            tp->await(std::move(xOps[static_cast<size_t>(k)]));
            auto &part = dws[static_cast<size_t>(k)];
            part = at::mm(dy.t(), xs[static_cast<size_t>(k)]);
            reduces.push_back(column.reduceSum(part, k));
        }
        for (auto &op : reduces)
            tp->await(std::move(op));
        return {dxs[static_cast<size_t>(j)].view(shape), dws[static_cast<size_t>(i)], at::Tensor(),
                at::Tensor()};
    }
};

// 3D (Bian et al.): gather X along pAxis and W along axis 0, multiply,
// reduce-scatter Y along hAxis; backward: gather dY along hAxis,
// reduce-scatter dX along pAxis and dW along axis 0.
struct Linear3dFunction : public torch::autograd::Function<Linear3dFunction>
{
    static at::Tensor forward(AutogradContext *ctx, const at::Tensor &x, const at::Tensor &wPiece,
                              TensorParallel *tp, std::int64_t n, std::int64_t k, std::int64_t hAxis,
                              std::int64_t pAxis)
    {
        ctx->saved_data["tp"] = reinterpret_cast<std::int64_t>(tp);
        ctx->saved_data["shape"] = x.sizes().vec();
        ctx->saved_data["n"] = n;
        ctx->saved_data["axes"] = std::vector<std::int64_t>{hAxis, pAxis};
        ctx->saved_data["piece"] = wPiece.sizes().vec(); // flat, or the block itself when q = 1
        const int q = tp->side();
        CommGroup &xGroup = tp->group(L::line(static_cast<int>(pAxis)));
        CommGroup &wGroup = tp->group(L::line(0));
        at::Tensor x2 = x.reshape({-1, k}).contiguous();
        at::Tensor piece = wPiece.reshape({-1}).contiguous();
        const std::int64_t rows = x2.size(0), chunk = piece.numel();
        at::Tensor xFull = at::empty({q * rows, k}, x2.options());
        at::Tensor wFlat = at::empty({q * chunk}, piece.options());
        std::vector<at::Tensor> xParts, wParts;
        for (int m = 0; m < q; ++m) {
            xParts.push_back(xFull.narrow(0, m * rows, rows));
            wParts.push_back(wFlat.narrow(0, m * chunk, chunk));
        }
        auto xOp = xGroup.allgather(xParts, x2);
        auto wOp = wGroup.allgather(wParts, piece);
        tp->await(std::move(xOp));
        tp->await(std::move(wOp));
        const at::Tensor w = wFlat.narrow(0, 0, n * k).view({n, k});
        const at::Tensor y = at::mm(xFull, w.t());
        const at::Tensor yPiece = tp->reduceScatterRows(y, L::line(static_cast<int>(hAxis)));
        ctx->save_for_backward({xFull, w});
        return yPiece.view(withLast(x.sizes(), n));
    }

    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        TensorParallel *tp = tensorParallelOf(ctx);
        const auto shape = ctx->saved_data["shape"].toIntVector();
        const std::int64_t n = ctx->saved_data["n"].toInt();
        const auto axes = ctx->saved_data["axes"].toIntVector();
        const auto saved = ctx->get_saved_variables();
        const at::Tensor &xFull = saved[0], &w = saved[1];
        const int q = tp->side();
        const at::Tensor dy = grads[0].reshape({-1, n}).contiguous();
        const at::Tensor dyFull = tp->allGatherRows(dy, L::line(static_cast<int>(axes[0])));
        const at::Tensor dx = tp->reduceScatterRows(at::mm(dyFull, w), L::line(static_cast<int>(axes[1])));
        const std::int64_t chunk = (w.numel() + q - 1) / q;
        at::Tensor dw = at::zeros({q * chunk}, w.options());
        dw.narrow(0, 0, w.numel()).view(w.sizes()).copy_(at::mm(dyFull.t(), xFull));
        const at::Tensor dwPiece =
            tp->reduceScatterRows(dw, L::line(0)).view(ctx->saved_data["piece"].toIntVector());
        return {dx.view(shape), dwPiece,      at::Tensor(), at::Tensor(),
                at::Tensor(),   at::Tensor(), at::Tensor()};
    }
};

} // namespace

TensorParallel::TensorParallel(TensorParallelLayout layout)
    : m_layout(layout)
{}

TensorParallel::~TensorParallel() = default;

Status TensorParallel::connect(Communicator &comm, int node, const std::vector<int> &nodeRanks)
{
    const int self = m_layout.localRank();
    for (const auto &spec : m_layout.groups()) {
        if (std::find(spec.localRanks.begin(), spec.localRanks.end(), self) == spec.localRanks.end())
            continue;
        std::vector<int> ranks;
        for (int local : spec.localRanks)
            ranks.push_back(nodeRanks[static_cast<size_t>(local)]);
        // Used synchronously from the main thread: one Gloo thread is enough.
        auto g = comm.createGroup("tp" + std::to_string(node) + "-" + std::to_string(spec.id) + "-" +
                                      std::to_string(spec.index),
                                  ranks, false, 1);
        if (!g)
            return g.error();
        m_groups[static_cast<size_t>(spec.id)] = *g;
    }
    if (m_layout.kind() == L::Kind::OneD)
        m_groups[static_cast<size_t>(L::line(0))] = m_groups[L::kNode];
    return {};
}

CommGroup &TensorParallel::group(int id) const
{
    CommGroup *g = m_groups[static_cast<size_t>(id)];
    if (!g)
        throw std::logic_error("tensor parallel: no group " + std::to_string(id) + " in this layout");
    return *g;
}

Partition TensorParallel::residualPartition(std::int64_t width) const
{
    return m_layout.kind() == L::Kind::OneD ? Partition::whole(width) : Partition::balanced(width, side());
}

int TensorParallel::residualBlock() const
{
    switch (m_layout.kind()) {
    case L::Kind::OneD:
        return -1;
    case L::Kind::TwoD:
        return coord(1);
    case L::Kind::ThreeD:
        return coord(2);
    }
    return -1;
}

int TensorParallel::residualStatsGroup() const
{
    switch (m_layout.kind()) {
    case L::Kind::OneD:
        return -1;
    case L::Kind::TwoD:
        return L::line(1);
    case L::Kind::ThreeD:
        return L::line(2);
    }
    return -1;
}

int TensorParallel::residualRowPart() const
{
    switch (m_layout.kind()) {
    case L::Kind::OneD:
        return 0;
    case L::Kind::TwoD:
        return coord(0);
    case L::Kind::ThreeD:
        return coord(0) * side() + coord(1);
    }
    return 0;
}

ShardSpec TensorParallel::residualShard(const std::vector<std::int64_t> &shape, int dim) const
{
    ShardSpec s = ShardSpec::whole(shape);
    switch (m_layout.kind()) {
    case L::Kind::OneD:
        // Replicated and computed identically everywhere: complete gradients.
        s.owner = coord(0) == 0;
        break;
    case L::Kind::TwoD:
        s.select[static_cast<size_t>(dim)] =
            residualPartition(shape[static_cast<size_t>(dim)]).indices(coord(1));
        s.partialGroup = L::line(0);
        s.owner = coord(0) == 0;
        break;
    case L::Kind::ThreeD:
        s.select[static_cast<size_t>(dim)] =
            residualPartition(shape[static_cast<size_t>(dim)]).indices(coord(2));
        s.partialGroup = L::plane(2);
        s.owner = coord(0) == 0 && coord(1) == 0;
        break;
    }
    return s;
}

void TensorParallel::setOutputRows(int rowPart, bool reportsLoss)
{
    m_outputRowPart = rowPart;
    m_reportsLoss = reportsLoss;
}

at::Tensor TensorParallel::copyToGroup(const at::Tensor &x, int group)
{
    return CopyToGroupFunction::apply(x, this, static_cast<std::int64_t>(group));
}

at::Tensor TensorParallel::reduceFromGroup(const at::Tensor &x, int group)
{
    return ReduceFromGroupFunction::apply(x, this, static_cast<std::int64_t>(group));
}

at::Tensor TensorParallel::allReduceSum(const at::Tensor &x, int group)
{
    return AllReduceSumFunction::apply(x, this, static_cast<std::int64_t>(group));
}

at::Tensor TensorParallel::gatherReplicated(const at::Tensor &x, int group, const Partition &part)
{
    return GatherReplicatedFunction::apply(x, this, static_cast<std::int64_t>(group), &part);
}

at::Tensor TensorParallel::summa(const at::Tensor &x, const at::Tensor &w, const Partition &kPart)
{
    return SummaFunction::apply(x, w, this, &kPart);
}

at::Tensor TensorParallel::linear3d(const at::Tensor &x, const at::Tensor &wPiece, std::int64_t n,
                                    std::int64_t k, int hAxis, int pAxis)
{
    return Linear3dFunction::apply(x, wPiece, this, n, k, static_cast<std::int64_t>(hAxis),
                                   static_cast<std::int64_t>(pAxis));
}

at::Tensor TensorParallel::layerNorm(const at::Tensor &x, const at::Tensor &weight, const at::Tensor &bias,
                                     std::int64_t width, int statsGroup)
{
    if (statsGroup < 0)
        return at::layer_norm(x, {x.size(-1)}, weight, bias);
    // Two passes, as at::layer_norm: the mean, then the mean squared deviation,
    // each summed over the members that hold the rest of the row.
    const double n = static_cast<double>(width);
    const at::Tensor mean = allReduceSum(x.sum(-1, /*keepdim=*/true), statsGroup) / n;
    const at::Tensor centred = x - mean;
    const at::Tensor var = allReduceSum(centred.square().sum(-1, true), statsGroup) / n;
    return centred * at::rsqrt(var + 1e-5) * weight + bias;
}

void TensorParallel::reducePartialGradients(std::vector<at::Tensor> &grads, const UnitShards &shards)
{
    for (int id = 0; id < L::kGroupIds; ++id) {
        std::vector<size_t> slots;
        std::vector<at::Tensor> parts;
        for (size_t s = 0; s < shards.shards.size(); ++s) {
            if (shards.shards[s].partialGroup != id)
                continue;
            slots.push_back(s);
            const auto shape = shards.shards[s].localShape();
            if (s >= grads.size())
                grads.resize(s + 1);
            if (!grads[s].defined())
                grads[s] = at::zeros(shape, at::TensorOptions().dtype(at::kFloat));
            parts.push_back(grads[s].reshape({-1}));
        }
        if (slots.empty())
            continue;
        at::Tensor flat = at::cat(parts);
        allReduceInPlace(flat, id);
        std::int64_t at = 0;
        for (size_t s : slots) {
            const std::int64_t numel = grads[s].numel();
            grads[s] = flat.narrow(0, at, numel).view(grads[s].sizes());
            at += numel;
        }
    }
}

void TensorParallel::allReduceInPlace(at::Tensor &t, int group)
{
    await(this->group(group).allreduceSum(t));
}

at::Tensor TensorParallel::allGatherRows(const at::Tensor &t, int groupId)
{
    CommGroup &g = group(groupId);
    at::Tensor in = t.contiguous();
    const std::int64_t rows = in.size(0);
    std::vector<std::int64_t> shape = in.sizes().vec();
    shape[0] = rows * g.size();
    at::Tensor out = at::empty(shape, in.options());
    std::vector<at::Tensor> parts;
    for (int m = 0; m < g.size(); ++m)
        parts.push_back(out.narrow(0, m * rows, rows));
    await(g.allgather(parts, in));
    return out;
}

at::Tensor TensorParallel::reduceScatterRows(const at::Tensor &t, int groupId)
{
    CommGroup &g = group(groupId);
    at::Tensor in = t.contiguous();
    const int members = g.size();
    const std::int64_t rows = in.size(0) / members;
    if (members == 1)
        return in;
    at::Tensor received = at::empty_like(in);
    await(g.alltoall(received, in, TrafficMeter::Kind::ReduceScatter));
    // Every member's part for this one, summed in member order.
    at::Tensor out = received.narrow(0, 0, rows).clone();
    for (int m = 1; m < members; ++m)
        out.add_(received.narrow(0, m * rows, rows));
    return out;
}

void TensorParallel::await(Result<PendingOp> op)
{
    if (!op)
        fail(op.error());
    Stopwatch wait;
    Status s = op->wait();
    m_blockedMs += wait.ms();
    if (!s)
        fail(s.error());
}

double TensorParallel::takeBlockedMs()
{
    const double ms = m_blockedMs;
    m_blockedMs = 0;
    return ms;
}

void TensorParallel::fail(const Error &error)
{
    if (!m_failure)
        m_failure = error;
    throw std::runtime_error(error.message);
}

} // namespace hamgam::engine
