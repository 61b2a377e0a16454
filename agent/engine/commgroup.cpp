#include "commgroup.h"

#include "topology.h"
#include "trafficmeter.h"

#include <algorithm>

namespace hamgam::engine {

CommGroup::CommGroup(std::string name, std::vector<int> ranks, int self,
                     c10::intrusive_ptr<c10d::ProcessGroup> pg, const Topology &topology,
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
}

Result<PendingOp> CommGroup::launch(const char *what,
                                    const std::function<c10::intrusive_ptr<c10d::Work>()> &start)
{
    const std::string label = std::string(what) + " on " + m_name;
    try {
        return PendingOp(start(), label, m_timeout, m_watchdog);
    } catch (const std::exception &e) {
        std::string reason = e.what();
        if (const auto nl = reason.find('\n'); nl != std::string::npos)
            reason.resize(nl);
        return Result<PendingOp>::failure(ErrorKind::Communication, label + " could not start: " + reason);
    }
}

void CommGroup::countRing(std::uint64_t bytes)
{
    const int next = m_ranks[static_cast<size_t>((m_groupRank + 1) % size())];
    m_traffic.add(!m_topology.sameNode(m_self, next), bytes);
}

Result<PendingOp> CommGroup::allreduceSum(at::Tensor &tensor)
{
    if (size() == 1)
        return PendingOp();
    const auto n = static_cast<std::uint64_t>(size());
    countRing(2 * (n - 1) * static_cast<std::uint64_t>(tensor.nbytes()) / n);
    return launch("all-reduce", [&] {
        std::vector<at::Tensor> tensors{tensor};
        return m_pg->allreduce(tensors);
    });
}

Result<PendingOp> CommGroup::allgather(std::vector<at::Tensor> &outputs, at::Tensor &input)
{
    if (size() == 1) {
        outputs[0].copy_(input);
        return PendingOp();
    }
    countRing(static_cast<std::uint64_t>(size() - 1) * static_cast<std::uint64_t>(input.nbytes()));
    return launch("all-gather", [&] {
        std::vector<std::vector<at::Tensor>> out{outputs};
        std::vector<at::Tensor> in{input};
        return m_pg->allgather(out, in);
    });
}

Result<PendingOp> CommGroup::alltoall(at::Tensor &output, at::Tensor &input)
{
    if (size() == 1) {
        output.copy_(input);
        return PendingOp();
    }
    const auto chunk = static_cast<std::uint64_t>(input.nbytes()) / static_cast<std::uint64_t>(size());
    for (int peer : m_ranks)
        if (peer != m_self)
            m_traffic.add(!m_topology.sameNode(m_self, peer), chunk);
    return launch("all-to-all", [&] {
        std::vector<int64_t> equalSplits;
        return m_pg->alltoall_base(output, input, equalSplits, equalSplits);
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
