#pragma once

#include "pendingop.h"
#include "result.h"
#include "torchcompat.h"
#include "trafficmeter.h"

#include <ATen/ATen.h>
#include <chrono>
#include <string>
#include <vector>

namespace hamgam::engine {

class Topology;
class Watchdog;

/// A set of ranks that run collectives together over one c10d process group
/// (none for a group of one rank, where every collective is a local copy).
/// Each launch counts the bytes this rank sends, from the algorithm Gloo runs,
/// split into within-node and across-node traffic:
///   ring all-reduce: 2(N−1)/N·S to the ring's next rank;
///   ring all-gather: (N−1)/N·S_full to the next rank;
///   all-to-all: S/N to every other member (direct exchange);
///   broadcast (Gloo's binomial tree): S to each of this rank's children;
///   reduce (Gloo's ring reduce-scatter, then a gather to the root):
///   (N−1)/N·S, plus S/N from every member but the root.
/// A group is used from one thread only, so its collectives keep their order.
class CommGroup
{
public:
    CommGroup(std::string name, std::vector<int> ranks, int self,
              c10::intrusive_ptr<torchcompat::CollectiveBackend> pg, const Topology &topology,
              TrafficMeter &traffic, std::chrono::milliseconds timeout, Watchdog *watchdog);

    const std::string &name() const { return m_name; }
    int size() const { return static_cast<int>(m_ranks.size()); }
    int groupRank() const { return m_groupRank; }
    const std::vector<int> &ranks() const { return m_ranks; }

    /// In-place sum over the group.
    Result<PendingOp> allreduceSum(at::Tensor &tensor);
    /// outputs[k] receives member k's input; all inputs have the same size.
    Result<PendingOp> allgather(std::vector<at::Tensor> &outputs, at::Tensor &input);
    /// Chunk k of input goes to member k; chunk k of output comes from member k.
    /// `kind` says what the exchange is part of (a reduce-scatter is an all-to-all plus a local sum).
    Result<PendingOp> alltoall(at::Tensor &output, at::Tensor &input,
                               TrafficMeter::Kind kind = TrafficMeter::Kind::AllToAll);
    /// The root member's tensor to every member (in place).
    Result<PendingOp> broadcast(at::Tensor &tensor, int rootMember);
    /// In-place sum into the root member's tensor (the others' are scratch afterwards).
    Result<PendingOp> reduceSum(at::Tensor &tensor, int rootMember);
    /// Launch and wait.
    Status allreduceSumNow(at::Tensor &tensor);

private:
    Result<PendingOp> launch(const char *what, const std::function<c10::intrusive_ptr<c10d::Work>()> &start);
    void countRing(std::uint64_t bytes, TrafficMeter::Kind kind);

    std::string m_name;
    std::vector<int> m_ranks;
    int m_self;
    int m_groupRank = 0;
    c10::intrusive_ptr<torchcompat::CollectiveBackend> m_pg;
    const Topology &m_topology;
    TrafficMeter &m_traffic;
    std::chrono::milliseconds m_timeout;
    Watchdog *m_watchdog;
    bool m_streamOrdered = false;
};

} // namespace hamgam::engine
