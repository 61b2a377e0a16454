#include "commgroup.h"

#include "error.h"
#include "topology.h"
#include "trafficmeter.h"

#include <algorithm>

namespace hamgam::engine {

CommGroup::CommGroup(std::string name, std::vector<int> ranks, int self,
                     c10::intrusive_ptr<torchcompat::CollectiveBackend> pg, const Topology &topology,
                     TrafficMeter &traffic, std::chrono::milliseconds timeout, Watchdog *watchdog)
    : m_name(std::move(name))
    , m_ranks(std::move(ranks))
    , m_self(self)
    , m_pg(std::move(pg))
    , m_topology(topology)
    , m_traffic(traffic)
    , m_timeout(timeout)
    , m_watchdog(watchdog)
{
    m_groupRank = static_cast<int>(std::find(m_ranks.begin(), m_ranks.end(), self) - m_ranks.begin());
    // NCCL's collectives run on streams of their own: waited for on the device (PendingOp).
    m_streamOrdered = m_pg && m_pg->getBackendName() == "nccl";
}

Result<PendingOp> CommGroup::launch(const char *what,
                                    const std::function<c10::intrusive_ptr<c10d::Work>()> &start)
{
    const std::string label = std::string(what) + " on " + m_name;
    try {
        return PendingOp(start(), label, m_timeout, m_watchdog, m_streamOrdered);
    } catch (const std::exception &e) {
        return Result<PendingOp>::failure(ErrorKind::Communication,
                                          label + " could not start: " + firstLine(e));
    }
}

void CommGroup::countRing(std::uint64_t bytes, TrafficMeter::Kind kind)
{
    const int next = m_ranks[static_cast<size_t>((m_groupRank + 1) % size())];
    m_traffic.add(!m_topology.sameNode(m_self, next), bytes, kind);
}

Result<PendingOp> CommGroup::allreduceSum(at::Tensor &tensor)
{
    if (!m_pg) // one member and no backend: nothing to exchange
        return PendingOp();
    const auto n = static_cast<std::uint64_t>(size());
    countRing(2 * (n - 1) * static_cast<std::uint64_t>(tensor.nbytes()) / n, TrafficMeter::Kind::AllReduce);
    return launch("all-reduce", [&] {
        std::vector<at::Tensor> tensors{tensor};
        return m_pg->allreduce(tensors);
    });
}

Result<PendingOp> CommGroup::allgather(std::vector<at::Tensor> &outputs, at::Tensor &input)
{
    if (!m_pg) {
        outputs[0].copy_(input);
        return PendingOp();
    }
    countRing(static_cast<std::uint64_t>(size() - 1) * static_cast<std::uint64_t>(input.nbytes()),
              TrafficMeter::Kind::AllGather);
    return launch("all-gather", [&] {
        std::vector<std::vector<at::Tensor>> out{outputs};
        std::vector<at::Tensor> in{input};
        return m_pg->allgather(out, in);
    });
}

Result<PendingOp> CommGroup::alltoall(at::Tensor &output, at::Tensor &input, TrafficMeter::Kind kind)
{
    if (!m_pg) {
        output.copy_(input);
        return PendingOp();
    }
    const auto chunk = static_cast<std::uint64_t>(input.nbytes()) / static_cast<std::uint64_t>(size());
    for (int peer : m_ranks)
        if (peer != m_self)
            m_traffic.add(!m_topology.sameNode(m_self, peer), chunk, kind);
    return launch("all-to-all", [&] {
        std::vector<int64_t> equalSplits;
        return m_pg->alltoall_base(output, input, equalSplits, equalSplits);
    });
}

Result<PendingOp> CommGroup::broadcast(at::Tensor &tensor, int rootMember)
{
    if (!m_pg) // one member and no backend: nothing to exchange
        return PendingOp();
    // Gloo's binomial tree: with members renumbered so that the root is 0,
    // member v sends to v + 2^k for every 2^k > v (below the member count).
    const auto n = static_cast<size_t>(size());
    const size_t v = (static_cast<size_t>(m_groupRank) + n - static_cast<size_t>(rootMember)) % n;
    for (size_t bit = 1; bit < n; bit <<= 1) {
        if (bit > v && v + bit < n) {
            const int peer = m_ranks[(v + bit + static_cast<size_t>(rootMember)) % n];
            m_traffic.add(!m_topology.sameNode(m_self, peer), static_cast<std::uint64_t>(tensor.nbytes()),
                          TrafficMeter::Kind::Broadcast);
        }
    }
    return launch("broadcast", [&] {
        std::vector<at::Tensor> tensors{tensor};
        c10d::BroadcastOptions opts;
        opts.rootRank = rootMember;
        return m_pg->broadcast(tensors, opts);
    });
}

Result<PendingOp> CommGroup::reduceSum(at::Tensor &tensor, int rootMember)
{
    if (!m_pg) // one member and no backend: nothing to exchange
        return PendingOp();
    // Gloo's reduce: a ring reduce-scatter (to the previous member), then each
    // member but the root sends its reduced chunk to the root.
    const auto n = static_cast<std::uint64_t>(size());
    const auto bytes = static_cast<std::uint64_t>(tensor.nbytes());
    const int previous = m_ranks[static_cast<size_t>((m_groupRank + size() - 1) % size())];
    m_traffic.add(!m_topology.sameNode(m_self, previous), (n - 1) * bytes / n, TrafficMeter::Kind::Reduce);
    if (m_groupRank != rootMember)
        m_traffic.add(!m_topology.sameNode(m_self, m_ranks[static_cast<size_t>(rootMember)]), bytes / n,
                      TrafficMeter::Kind::Reduce);
    return launch("reduce", [&] {
        std::vector<at::Tensor> tensors{tensor};
        c10d::ReduceOptions opts;
        opts.rootRank = rootMember;
        opts.reduceOp = c10d::ReduceOp::SUM;
        return m_pg->reduce(tensors, opts);
    });
}

Status CommGroup::allreduceSumNow(at::Tensor &tensor)
{
    auto op = allreduceSum(tensor);
    if (!op)
        return op.error();
    return op->wait();
}

} // namespace hamgam::engine
