#include "trainer.h"

#include "atomicwriter.h"
#include "batchplanner.h"
#include "checkpointer.h"
#include "communicator.h"
#include "datasetfactory.h"
#include "eventsink.h"
#include "logger.h"
#include "modelfactory.h"
#include "modelrunner.h"
#include "parameterstore.h"
#include "prefetcher.h"
#include "shardingscheme.h"
#include "stopwatch.h"
#include "tensorparallel.h"
#include "watchdog.h"

#include "gpuruntime.h"
#include "torchcompat.h"
#include "memorycap.h"

#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <numeric>
#include <thread>

namespace hamgam::engine {

using nlohmann::json;

namespace {

std::string firstLine(const std::string &text)
{
    const auto nl = text.find('\n');
    return nl == std::string::npos ? text : text.substr(0, nl);
}

std::vector<std::int64_t> offsetsOf(const std::vector<std::int64_t> &batches)
{
    std::vector<std::int64_t> offsets(batches.size() + 1, 0);
    std::partial_sum(batches.begin(), batches.end(), offsets.begin() + 1);
    return offsets;
}

double finiteOrZero(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

} // namespace

Trainer::Trainer(WorkerConfig config, WorkerOptions options, EventSink &events, Logger &log,
                 Watchdog *watchdog, std::atomic<bool> &stopRequested)
    : m_config(std::move(config))
    , m_options(std::move(options))
    , m_events(events)
    , m_log(log)
    , m_watchdog(watchdog)
    , m_stopRequested(stopRequested)
{}

Trainer::~Trainer() = default;

Error Trainer::caught(const std::exception &e) const
{
    if (m_store && m_store->failure())
        return *m_store->failure();
    if (m_tp && m_tp->failure())
        return *m_tp->failure();
    return Error{ErrorKind::Internal, firstLine(e.what())};
}

Status Trainer::setUp()
{
    const int rank = m_options.rank;
    const int world = m_options.worldSize;
    const int threads = m_options.threads > 0 ? m_options.threads : m_config.threads;
    if (const std::string changed = torchcompat::avoidKnownLibraryFaults(); !changed.empty())
        m_log.info(changed);
    if (threads > 0)
        at::set_num_threads(threads);
    try {
        at::set_num_interop_threads(1);
    } catch (const std::exception &) {
        // already set: harmless
    }

    int node = m_options.nodeIndex;
    if (node < 0) {
        if (!m_config.nodes.empty()) {
            node = m_config.nodeOfRank(rank);
            if (node < 0)
                return Status::failure(ErrorKind::Config, "rank " + std::to_string(rank) + " is beyond the " +
                                                              std::to_string(m_config.rankCount()) +
                                                              " ranks the nodes list describes");
        } else {
            node = rank / std::max(1, m_options.localWorldSize);
        }
    }

    // The GPU the node lists for this local rank, mapped once (the agent has
    // already narrowed CUDA_VISIBLE_DEVICES to it); a GPU that is not there is
    // a config error naming it, and a CPU run never touches a GPU.
    {
        std::vector<int> nodeDevices;
        if (!m_config.nodes.empty() && node >= 0 && node < static_cast<int>(m_config.nodes.size()))
            nodeDevices = m_config.nodes[static_cast<size_t>(node)].devices;
        auto choice = chooseDevice(m_options.device, nodeDevices, m_options.localRank, node, gpu::facts());
        if (!choice)
            return choice.error();
        m_log.info(choice->note);
        if (!choice->cuda && !torchcompat::kGlooSumsBFloat16 && m_config.comm.dtype == "bf16")
            return Status::failure(ErrorKind::Config,
                                   "comm.dtype bf16 needs LibTorch 2.x on the CPU: this worker's LibTorch " +
                                       std::to_string(torchcompat::kMajor) + "." + std::to_string(torchcompat::kMinor) +
                                       " has a Gloo that cannot sum bf16 (use fp16, or a LibTorch 2.x build)");
        if (choice->cuda) {
            m_device = at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(choice->index));
            // LibTorch and NCCL allocate on the current device: make it the rank's.
            gpu::use(m_device);
        }
    }

    Communicator::Settings cs;
    cs.rank = rank;
    cs.worldSize = world;
    cs.masterHost = m_options.masterHost;
    cs.masterPort = m_options.masterPort;
    cs.nodeIndex = node;
    cs.dumpsParameters = !m_options.dumpParamsPath.empty();
    cs.useNccl = m_device.is_cuda();
    cs.gpuIdentity = gpu::identity(m_device);
    cs.groupsEvenAlone = m_options.collectivesAlone;
    cs.glooInterface = m_options.glooInterface;
    cs.rendezvousSecret = m_options.rendezvousSecret;
    cs.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(m_config.comm.timeoutS * 1000));
    auto comm = Communicator::connect(cs, m_log, m_watchdog);
    if (!comm)
        return comm.error();
    m_comm = std::move(*comm);
    const Topology &topo = m_comm->topology();
    if (Status s = agree(checkTopology(), "checking the topology against the config"); !s)
        return s;
    if (Status s = setUpTensorParallel(); !s)
        return s;

    // Data and model are built on every rank; a failure on one is agreed on
    // by all, so the others stop at once with a pointer to it instead of
    // timing out in the first collective.
    if (Status s = agree(buildDataAndModel(), "loading data and model"); !s)
        return s;

    // Placement: shard groups by strategy.
    std::vector<std::vector<int>> groups;
    std::vector<int> tensorReplicas; // tensor parallelism: the same local rank on every node
    switch (m_config.strategy) {
    case Strategy::Dp:
    case Strategy::Hdp:
        for (int r = 0; r < world; ++r)
            groups.push_back({r});
        break;
    case Strategy::Lsdp:
    case Strategy::Lshdp:
        for (int n = 0; n < topo.nodeCount(); ++n)
            groups.push_back(topo.ranksOfNode(n));
        break;
    case Strategy::Fsdp: {
        std::vector<int> all(static_cast<size_t>(world));
        std::iota(all.begin(), all.end(), 0);
        groups.push_back(all);
        break;
    }
    case Strategy::Tp1d:
    case Strategy::Tp2d:
    case Strategy::Tp3d:
        for (int n = 0; n < topo.nodeCount(); ++n)
            tensorReplicas.push_back(topo.ranksOfNode(n)[static_cast<size_t>(topo.localRank())]);
        break;
    }
    auto scheme =
        m_tp ? ShardingScheme::replicated(world, rank, tensorReplicas) : ShardingScheme::create(groups, rank);
    if (!scheme)
        return scheme.error();

    ParameterStore::Placement placement{*scheme, nullptr, nullptr, {}};
    // Groups in one global order (shard groups, then replica segments), each
    // created only by its members: no rank waits on a group another has not reached.
    const auto &sg = scheme->shardGroups();
    for (size_t gi = 0; gi < sg.size(); ++gi) {
        if (sg[gi].size() < 2 || std::find(sg[gi].begin(), sg[gi].end(), rank) == sg[gi].end())
            continue;
        auto gather = m_comm->createGroup("shard" + std::to_string(gi) + "-gather", sg[gi]);
        if (!gather)
            return gather.error();
        auto reduce = m_comm->createGroup("shard" + std::to_string(gi) + "-reduce", sg[gi]);
        if (!reduce)
            return reduce.error();
        placement.shardGather = *gather;
        placement.shardReduce = *reduce;
    }
    const auto &segments = scheme->segments();
    for (int si : scheme->ownSegments()) {
        const auto &seg = segments[static_cast<size_t>(si)];
        // --collectives-alone: a replica group of one rank all-reduces too (through NCCL on a GPU).
        if (seg.ranks.size() < (m_options.collectivesAlone ? 1u : 2u)) {
            placement.replicaGroups.push_back(nullptr);
            continue;
        }
        if (m_tp) {
            // Each local rank's shards, all-reduced with its peers on the other nodes.
            auto g = m_comm->createGroup("tp-dp" + std::to_string(topo.localRank()), seg.ranks);
            if (!g)
                return g.error();
            placement.replicaGroups.push_back(*g);
            continue;
        }
        // Streamed models reduce their gradients in host memory.
        const bool streamed =
            m_config.locallySharded() && m_config.streamParams && scheme->shardGroupSize() == 1;
        auto g = m_comm->createGroup("replica" + std::to_string(si), seg.ranks, streamed);
        if (!g)
            return g.error();
        placement.replicaGroups.push_back(*g);
    }
    placement.orderedCollectives = m_device.is_cuda();
    placement.hostMaster = m_config.locallySharded();
    placement.stream = m_config.locallySharded() && m_config.streamParams && scheme->shardGroupSize() == 1;
    placement.wireType = m_config.comm.dtype == "bf16"   ? at::kBFloat16
                         : m_config.comm.dtype == "fp16" ? at::kHalf
                                                         : at::kFloat;
    placement.bucketBytes =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(m_config.comm.bucketMb * 1024 * 1024));
    placement.device = m_device;
    if (m_tp)
        placement.tensorGroup = &m_tp->group(TensorParallelLayout::kNode);
    // Tensor parallelism: each rank writes the elements it speaks for.
    m_writesCheckpoint = m_tp || scheme->shardGroupSize() > 1 || topo.localRank() == 0;

    FlatOptimizer::Settings os;
    os.kind = m_config.optimizer.kind == "adamw" ? FlatOptimizer::Kind::AdamW : FlatOptimizer::Kind::Sgd;
    os.momentum = m_config.optimizer.momentum;
    os.weightDecay = m_config.optimizer.weightDecay;
    os.nesterov = m_config.optimizer.nesterov;
    os.beta1 = m_config.optimizer.beta1;
    os.beta2 = m_config.optimizer.beta2;
    os.eps = m_config.optimizer.eps;
    m_optimizer.emplace(os);

    m_store = std::make_unique<ParameterStore>(*m_model, placement, m_optimizer->stateSlots());
    m_store->initialize(m_config.seed);
    m_runner = std::make_unique<ModelRunner>(*m_model, *m_store);

    m_sampler.emplace(m_dataset->trainSize(), m_config.globalBatch, m_config.seed);
    const std::int64_t epochSteps = m_config.epochs * m_sampler->stepsPerEpoch();
    m_totalSteps = m_config.steps > 0
                       ? (epochSteps > 0 ? std::min(m_config.steps, epochSteps) : m_config.steps)
                       : epochSteps;
    m_schedule.emplace(m_config.schedule.kind, m_config.optimizer.lr, m_config.schedule.warmupSteps,
                       m_config.schedule.minLrRatio, m_totalSteps);
    if (!m_config.checkpoint.dir.empty()) {
        m_checkpointer = std::make_unique<Checkpointer>(m_config.checkpoint.dir, m_config.checkpoint.keep);
        // A directory others could plant entries in is refused now, not after hours of training.
        if (Status s = agree(m_checkpointer->prepare(), "opening the checkpoint directory"); !s)
            return s;
    }

    if (Status s = setUpPlan(); !s)
        return s;
    bool resumed = false;
    if (!m_options.resumeDir.empty()) {
        if (Status s = agree(resume(), "loading the checkpoint"); !s)
            return s;
        resumed = true;
    }
    // Tensor parallelism: every rank of a node takes the node's samples.
    m_prefetcher = std::make_unique<Prefetcher>(*m_dataset, *m_sampler, m_tp ? topo.node() : rank, 2, m_device.is_cuda());
    m_prefetcher->reset(m_startStep, prefetchPlan(m_planner->plan()));

    json tensorParallel = nullptr;
    if (m_tp) {
        const auto &layout = m_tp->layout();
        tensorParallel = {
            {"size", layout.size()},
            {"side", layout.side()},
            {"dims", layout.dims()},
            {"coords", std::vector<int>(layout.coords().begin(), layout.coords().begin() + layout.dims())},
            {"row_parts", layout.rowParts()}};
    }

    m_events.publish("ready", {{"strategy", WorkerConfig::strategyName(m_config.strategy)},
                               {"world_size", world},
                               {"node", topo.node()},
                               {"nodes", topo.nodeCount()},
                               {"local_rank", topo.localRank()},
                               {"local_world_size", topo.localWorldSize()},
                               {"device", m_device.str()},
                               {"threads", at::get_num_threads()},
                               {"model", m_model->description()},
                               {"parameters", m_model->parameterCount()},
                               {"units", m_model->unitCount()},
                               {"dataset", m_config.dataset.kind},
                               {"train_samples", m_dataset->trainSize()},
                               {"eval_samples", m_dataset->evalSize()},
                               {"global_batch", m_config.globalBatch},
                               {"steps", m_totalSteps},
                               {"start_step", m_startStep},
                               {"steps_per_epoch", m_sampler->stepsPerEpoch()},
                               {"shard_group_size", scheme->shardGroupSize()},
                               {"pieces", scheme->pieces()},
                               {"host_master", placement.hostMaster},
                               {"stream_params", placement.stream},
                               {"tensor_parallel", tensorParallel},
                               {"resumed", resumed}});
    emitPlan(m_startStep, m_manualPlan ? "manual" : (m_planner->settings().adaptive ? "initial" : "equal"));
    return {};
}

Status Trainer::checkTopology() const
{
    const Topology &topo = m_comm->topology();
    const int world = topo.worldSize();
    if (m_options.localRank >= 0 && m_options.localRank != topo.localRank())
        return Status::failure(ErrorKind::Config, "--local-rank " + std::to_string(m_options.localRank) +
                                                      " does not match this rank's position " +
                                                      std::to_string(topo.localRank()) + " on node " +
                                                      std::to_string(topo.node()));
    if (m_options.localWorldSize >= 1 && topo.localWorldSize() != m_options.localWorldSize)
        return Status::failure(ErrorKind::Config, "--local-world-size " +
                                                      std::to_string(m_options.localWorldSize) +
                                                      " but node " + std::to_string(topo.node()) + " has " +
                                                      std::to_string(topo.localWorldSize()) + " ranks");
    if (!m_config.nodes.empty()) {
        if (static_cast<int>(m_config.nodes.size()) != topo.nodeCount() || m_config.rankCount() != world)
            return Status::failure(ErrorKind::Config,
                                   "the config lists " + std::to_string(m_config.nodes.size()) +
                                       " nodes with " + std::to_string(m_config.rankCount()) +
                                       " devices, but " + std::to_string(world) + " ranks on " +
                                       std::to_string(topo.nodeCount()) + " nodes joined");
        for (int n = 0; n < topo.nodeCount(); ++n)
            if (static_cast<int>(m_config.nodes[static_cast<size_t>(n)].devices.size()) != topo.nodeSize(n))
                return Status::failure(
                    ErrorKind::Config,
                    "node " + std::to_string(n) + " lists " +
                        std::to_string(m_config.nodes[static_cast<size_t>(n)].devices.size()) +
                        " devices but has " + std::to_string(topo.nodeSize(n)) + " ranks");
    }
    if (const auto kind = m_config.tensorParallelKind()) {
        std::vector<int> sizes;
        for (int n = 0; n < topo.nodeCount(); ++n)
            sizes.push_back(topo.nodeSize(n));
        if (const std::string problem = TensorParallelLayout::checkNodeSizes(*kind, sizes); !problem.empty())
            return Status::failure(ErrorKind::Config, "run config: " + problem);
    }
    return {};
}

Status Trainer::setUpTensorParallel()
{
    const auto kind = m_config.tensorParallelKind();
    if (!kind)
        return {};
    const Topology &topo = m_comm->topology();
    auto layout = TensorParallelLayout::create(*kind, topo.localWorldSize(), topo.localRank());
    if (!layout)
        return layout.error();
    m_tp = std::make_unique<TensorParallel>(*layout);
    return m_tp->connect(*m_comm, topo.node(), topo.ranksOfNode(topo.node()));
}

std::vector<std::int64_t> Trainer::prefetchPlan(const std::vector<std::int64_t> &plan) const
{
    if (!m_tp)
        return plan;
    // A node's share is the sum of its ranks' entries.
    const Topology &topo = m_comm->topology();
    std::vector<std::int64_t> nodes(static_cast<size_t>(topo.nodeCount()), 0);
    for (int r = 0; r < topo.worldSize(); ++r)
        nodes[static_cast<size_t>(topo.nodeOf(r))] += plan[static_cast<size_t>(r)];
    return nodes;
}

Trainer::TensorParallelRows Trainer::tensorParallelRows(const at::Tensor &input, const at::Tensor &target,
                                                        std::int64_t samples) const
{
    // The node's samples are cut into equal row parts (1, q or q²) with at
    // least one row each; padding rows are zeros, never part of the loss.
    const std::int64_t parts = m_tp->layout().rowParts();
    const std::int64_t per = std::max<std::int64_t>(1, (samples + parts - 1) / parts);
    const auto info = m_dataset->info();
    auto padded = [&](const at::Tensor &t, std::vector<std::int64_t> shape, at::ScalarType type) {
        shape.insert(shape.begin(), per * parts - samples);
        const at::Tensor pad = at::zeros(shape, at::TensorOptions().dtype(type));
        if (samples == 0)
            return pad;
        return shape.front() == 0 ? t : at::cat({t, pad.to(t.dtype())});
    };
    const std::vector<std::int64_t> targetShape =
        info.tokens ? std::vector<std::int64_t>{info.sampleShape.front()} : std::vector<std::int64_t>{};
    const at::Tensor in = padded(input, info.sampleShape, info.tokens ? at::kLong : at::kFloat);
    const at::Tensor out = padded(target, targetShape, at::kLong);
    const std::int64_t inPart = m_tp->residualRowPart(), outPart = m_tp->outputRowPart();
    TensorParallelRows rows;
    rows.input = in.narrow(0, inPart * per, per);
    rows.target = out.narrow(0, outPart * per, per);
    rows.valid = std::clamp<std::int64_t>(samples - outPart * per, 0, per);
    return rows;
}

Status Trainer::buildDataAndModel()
{
    auto dataset = DatasetFactory::create(m_config);
    if (!dataset)
        return dataset.error();
    m_dataset = std::move(*dataset);
    if (m_dataset->trainSize() < 1)
        return Status::failure(ErrorKind::Data, "the training set is empty");
    auto model = ModelFactory::build(m_config.model, m_dataset->info(), m_tp.get(), m_device);
    if (!model)
        return model.error();
    m_model = std::move(*model);
    return {};
}

Status Trainer::agree(const Status &local, const char *phase)
{
    const Topology &topo = m_comm->topology();
    at::Tensor codes = at::zeros({topo.worldSize()}, at::kDouble);
    codes[topo.rank()] = local ? 0.0 : static_cast<double>(exitCode(local.error().kind));
    if (Status s = m_comm->control().allreduceSumNow(codes); !s)
        return local ? s : local;
    if (!local)
        return local;
    for (int r = 0; r < topo.worldSize(); ++r) {
        const int code = static_cast<int>(codes[r].item<double>());
        if (code == 0)
            continue;
        ErrorKind kind = ErrorKind::Internal;
        for (auto k : {ErrorKind::Config, ErrorKind::Usage, ErrorKind::Communication, ErrorKind::Data,
                       ErrorKind::Checkpoint, ErrorKind::Internal})
            if (exitCode(k) == code)
                kind = k;
        return Status::failure(kind, std::string("rank ") + std::to_string(r) + " failed while " + phase +
                                         " (see its error event)");
    }
    return {};
}

Status Trainer::setUpPlan()
{
    const Topology &topo = m_comm->topology();
    const int world = topo.worldSize();
    const std::int64_t B = m_config.globalBatch;

    // Caps: the node's max_batch split over its devices, and on CPU what the
    // memory budget leaves for activations. Every rank states its own; one
    // all-reduce gives all ranks the same list.
    std::int64_t ownCap = 0;
    if (!m_config.nodes.empty()) {
        const auto &n = m_config.nodes[static_cast<size_t>(topo.node())];
        if (n.maxBatch) {
            const auto split = BatchPlanner::equal(topo.localWorldSize(), *n.maxBatch);
            ownCap = split.batches[static_cast<size_t>(topo.localRank())];
        }
    }
    if (m_config.memoryBudgetMb > 0) {
        std::int64_t largestUnit = 0;
        for (int i = 0; i < m_model->unitCount(); ++i)
            largestUnit = std::max(largestUnit, m_model->unitNumel(i));
        const std::int64_t fixed =
            m_store->deviceResidentBytes() + (m_store->freesAfterUse() ? 2 * largestUnit * 4 : 0);
        const std::int64_t perSample = std::max<std::int64_t>(1, m_model->activationElementsPerSample() * 4);
        const std::int64_t budget = m_config.memoryBudgetMb * 1024 * 1024;
        const std::int64_t memoryCap = (budget - fixed) / perSample;
        if (memoryCap < 1)
            return Status::failure(ErrorKind::Config, "memory_budget_mb " +
                                                          std::to_string(m_config.memoryBudgetMb) +
                                                          " does not hold this rank's parameters (" +
                                                          std::to_string(fixed / (1024 * 1024)) +
                                                          " MB) and one sample's activations");
        ownCap = ownCap > 0 ? std::min(ownCap, memoryCap) : memoryCap;
    }
    at::Tensor caps = at::zeros({world}, at::kDouble);
    caps[topo.rank()] = static_cast<double>(ownCap);
    if (Status s = m_comm->control().allreduceSumNow(caps); !s)
        return s;
    m_caps.clear();
    for (int r = 0; r < world; ++r)
        m_caps.push_back(static_cast<std::int64_t>(caps[r].item<double>()));

    std::vector<std::int64_t> plan;
    m_manualPlan = !m_config.nodes.empty() && m_config.nodes.front().batch.has_value();
    if (m_manualPlan) {
        for (int n = 0; n < topo.nodeCount(); ++n) {
            const auto split =
                BatchPlanner::equal(topo.nodeSize(n), *m_config.nodes[static_cast<size_t>(n)].batch);
            plan.insert(plan.end(), split.batches.begin(), split.batches.end());
        }
        for (int r = 0; r < world; ++r)
            if (m_caps[static_cast<size_t>(r)] > 0 &&
                plan[static_cast<size_t>(r)] > m_caps[static_cast<size_t>(r)])
                m_log.warning("the manual plan gives rank " + std::to_string(r) +
                              " more samples than its cap");
    } else {
        const auto split = BatchPlanner::equal(world, B, m_caps);
        if (!split.ok())
            return Status::failure(ErrorKind::Config, "cannot plan the global batch: " + split.error);
        plan = split.batches;
    }
    OnlinePlanner::Settings ps;
    ps.profileSteps = m_config.planner.profileSteps;
    ps.replanInterval = m_config.planner.replanInterval;
    ps.margin = m_config.planner.margin;
    ps.ewma = m_config.planner.ewma;
    // Tensor parallelism plans per node: one node has nothing to balance.
    ps.adaptive = m_config.heterogeneous() && !m_manualPlan && (m_tp ? topo.nodeCount() > 1 : world > 1);
    m_planner.emplace(ps, B, plan, m_caps);
    return {};
}

Status Trainer::resume()
{
    std::string stepDir;
    auto manifest = Checkpointer::open(m_options.resumeDir, stepDir);
    if (!manifest)
        return manifest.error();
    if (Status s = Checkpointer::load(stepDir, *manifest, *m_store, *m_model, m_comm->topology().rank()); !s)
        return s;
    m_startStep = manifest->step;
    m_lastCheckpoint = m_startStep;
    m_lastEval = m_startStep;
    const int world = m_comm->topology().worldSize();
    const bool sameRanks = manifest->worldSize == world && static_cast<int>(manifest->plan.size()) == world &&
                           static_cast<int>(manifest->secondsPerSample.size()) == world;
    if (sameRanks && m_planner->settings().adaptive) {
        m_planner->restore({manifest->plan, manifest->secondsPerSample, manifest->plannerObserved});
    } else if (!sameRanks && m_planner->settings().adaptive) {
        // Other ranks than before: measure again from a fresh plan.
        m_events.publish("rebalance", {{"step", m_startStep},
                                       {"old", manifest->plan},
                                       {"new", m_planner->plan()},
                                       {"reason", "resume"},
                                       {"predicted_gain", nullptr}});
    }
    m_log.info("resumed from " + stepDir + " at step " + std::to_string(m_startStep));
    return {};
}

void Trainer::emitPlan(std::int64_t step, const char *source)
{
    m_events.publish("plan", {{"step", step},
                              {"batches", m_planner->plan()},
                              {"global_batch", m_config.globalBatch},
                              {"source", source},
                              {"caps", m_caps}});
}

Status Trainer::trainStep(std::int64_t step, StepOutcome &outcome)
{
    Stopwatch stepTimer;
    const Topology &topo = m_comm->topology();
    const int rank = topo.rank();
    const int world = topo.worldSize();
    const auto pos = m_sampler->position(step);
    const std::int64_t stepBatch = m_sampler->stepBatch(pos);
    std::vector<std::int64_t> plan = m_planner->plan();
    if (stepBatch != m_config.globalBatch) {
        auto scaled = BatchPlanner::scaled(plan, stepBatch);
        if (!scaled.ok())
            return Status::failure(ErrorKind::Internal,
                                   "cannot split the last step of the epoch: " + scaled.error);
        plan = scaled.batches;
    }

    Stopwatch dataTimer;
    Batch batch = m_prefetcher->take(step);
    const double dataMs = dataTimer.ms();
    if (!batch.error.empty())
        return Status::failure(ErrorKind::Data, "cannot build the batch of step " + std::to_string(step + 1) +
                                                    ": " + batch.error);
    std::int64_t expected = plan[static_cast<size_t>(rank)];
    if (m_tp) {
        auto nodePlan = prefetchPlan(m_planner->plan());
        if (stepBatch != m_config.globalBatch)
            nodePlan = BatchPlanner::scaled(nodePlan, stepBatch).batches;
        expected = nodePlan[static_cast<size_t>(topo.node())];
    }
    if (batch.samples != expected)
        return Status::failure(ErrorKind::Internal, "the prefetched batch does not follow the plan");

    const auto traffic0 = m_comm->traffic().totals();
    m_store->beginStep();
    if (m_tp)
        m_tp->takeBlockedMs();
    const double lr = m_schedule->at(step);
    const std::int64_t memoryBaseline = batch.samples > 0 ? beginMemoryMeasurement() : -1;
    Stopwatch computeTimer;
    double lossSum = 0;
    // Samples this rank accounts for in the step's sum (a node's once under tensor parallelism).
    std::int64_t countedSamples = batch.samples;
    try {
        if (m_tp) {
            // Every rank of the node computes its part of the node's samples, also
            // when there are none (zero gradients), so the node's collectives pair up.
            const TensorParallelRows rows = tensorParallelRows(batch.input, batch.target, batch.samples);
            const at::Tensor output = m_runner->forward(rows.input.to(m_device));
            const at::Tensor sum = m_model->lossSum(output.narrow(0, 0, rows.valid),
                                                    rows.target.narrow(0, 0, rows.valid).to(m_device));
            // The loss is replicated over the ranks that hold the same rows; each
            // back-propagates its copy (the gathers keep only their own block).
            (sum / static_cast<double>(stepBatch)).backward();
            lossSum = m_tp->reportsLoss() ? sum.item<double>() : 0.0;
            countedSamples = topo.localRank() == 0 ? batch.samples : 0;
        } else if (batch.samples > 0) {
            // From pinned memory on a GPU: the copy overlaps, the stream orders it.
            const at::Tensor input = batch.input.to(at::TensorOptions().device(m_device), m_device.is_cuda());
            const at::Tensor target = batch.target.to(at::TensorOptions().device(m_device), m_device.is_cuda());
            const at::Tensor output = m_runner->forward(input);
            const at::Tensor sum = m_model->lossSum(output, target);
            // Σ of this rank's per-sample losses over the step's global batch:
            // summed over ranks, the gradient is the exact global-batch mean.
            (sum / static_cast<double>(stepBatch)).backward();
            lossSum = sum.item<double>();
        } else {
            m_runner->skeletonStep();
        }
    } catch (const std::exception &e) {
        return caught(e);
    }
    // Kernels run after their launch: the planner weighs GPU time.
    gpu::synchronize(m_device);
    double computeMs = std::max(0.0, computeTimer.ms() - m_store->blockedMs());
    const std::int64_t memoryCap = finishMemoryMeasurement(memoryBaseline, batch.samples);
    const double slowdown = m_config.slowdownAt(rank, step);
    double emulatedMs = 0;
    if (slowdown > 1.0 && batch.samples > 0) {
        Stopwatch sleep;
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>((slowdown - 1.0) * computeMs));
        emulatedMs = sleep.ms();
        computeMs += emulatedMs;
    }

    // One small all-reduce carries every rank's compute time, the stop flag,
    // the loss, and the memory caps measured this step.
    Stopwatch syncTimer;
    at::Tensor control = at::zeros({2 * world + 3}, at::kDouble);
    auto *c = control.data_ptr<double>();
    c[rank] = computeMs;
    c[world] = m_stopRequested.load() ? 1.0 : 0.0;
    c[world + 1] = lossSum;
    c[world + 2] = static_cast<double>(countedSamples);
    c[world + 3 + rank] = static_cast<double>(memoryCap);
    if (Status s = m_comm->control().allreduceSumNow(control); !s)
        return s;
    if (Status s = m_store->finishGradients(); !s)
        return s;
    const double syncMs = syncTimer.ms() + m_store->blockedMs();
    c = control.data_ptr<double>();
    std::vector<double> computeSeconds(static_cast<size_t>(world));
    double maxCompute = 0;
    for (int r = 0; r < world; ++r) {
        computeSeconds[static_cast<size_t>(r)] = c[r] / 1000.0;
        maxCompute = std::max(maxCompute, c[r]);
    }
    if (static_cast<std::int64_t>(std::llround(c[world + 2])) != stepBatch)
        return Status::failure(ErrorKind::Internal,
                               "the ranks' batches do not add up to the step's global batch");
    const double waitMs = maxCompute - computeMs;
    const double commMs = std::max(0.0, syncMs - waitMs);
    outcome.stop = c[world] > 0.5;
    outcome.loss = c[world + 1] / static_cast<double>(stepBatch);
    std::vector<std::int64_t> measuredCaps(static_cast<size_t>(world));
    bool capsMeasured = false;
    for (int r = 0; r < world; ++r) {
        const auto cap = static_cast<std::int64_t>(std::llround(c[world + 3 + r]));
        if (cap < 0)
            return Status::failure(ErrorKind::Config, "rank " + std::to_string(r) +
                                                          ": not even one sample fits the device's memory "
                                                          "beside the parameters and optimizer state");
        measuredCaps[static_cast<size_t>(r)] = cap;
        capsMeasured = capsMeasured || cap > 0;
    }
    if (capsMeasured) {
        // The planner moves samples off a rank whose batch no longer fits (reason "memory").
        m_planner->limitCaps(measuredCaps);
        m_caps = m_planner->caps();
        m_log.info("memory caps measured on the device: ranks' local batches at most " +
                   json(m_caps).dump());
    }

    Stopwatch optimizerTimer;
    double clipScale = 1.0;
    double gradNorm = std::numeric_limits<double>::quiet_NaN();
    if (m_config.gradClip > 0) {
        auto norm = m_store->gradNorm();
        if (!norm)
            return norm.error();
        gradNorm = *norm;
        if (gradNorm > m_config.gradClip)
            clipScale = m_config.gradClip / (gradNorm + 1e-6);
    }
    try {
        m_store->step(*m_optimizer, lr, clipScale, step + 1);
    } catch (const std::exception &e) {
        return caught(e);
    }
    gpu::synchronize(m_device);
    const double optimizerMs = optimizerTimer.ms();
    const auto traffic1 = m_comm->traffic().totals();
    const double tensorParallelMs = m_tp ? m_tp->takeBlockedMs() : 0.0;
    m_samplesTrained += stepBatch;

    m_planner->observe(plan, computeSeconds);
    const auto decision = m_planner->decide();
    const double stepMs = stepTimer.ms();
    std::int64_t deviceBytes =
        m_store->deviceResidentBytes() + m_model->activationElementsPerSample() * 4 * batch.samples;
    if (m_device.is_cuda()) {
        // The allocator's own peak of this step, not an estimate.
        deviceBytes = gpu::memory(m_device).peak;
        gpu::resetPeak(m_device);
    }

    json event = {{"step", step + 1},
                  {"epoch", pos.epoch},
                  {"loss", outcome.loss},
                  {"local_batch", batch.samples},
                  {"global_batch", stepBatch},
                  {"lr", lr},
                  {"data_ms", dataMs},
                  {"compute_ms", computeMs},
                  {"wait_ms", waitMs},
                  {"comm_ms", commMs},
                  {"optimizer_ms", optimizerMs},
                  {"step_ms", stepMs},
                  {"samples_per_s", stepMs > 0 ? 1000.0 * static_cast<double>(stepBatch) / stepMs : 0.0},
                  {"device_bytes", deviceBytes},
                  {"host_bytes", m_store->hostResidentBytes()},
                  {"bytes_within_node", traffic1.withinNode - traffic0.withinNode},
                  {"bytes_across_nodes", traffic1.acrossNodes - traffic0.acrossNodes},
                  {"emulated", emulatedMs > 0},
                  {"slowdown", slowdown},
                  {"emulated_ms", emulatedMs}};
    json byKind = json::object();
    for (int k = 0; k < TrafficMeter::kKinds; ++k)
        byKind[TrafficMeter::kindName(static_cast<TrafficMeter::Kind>(k))] =
            traffic1.withinByKind[static_cast<size_t>(k)] - traffic0.withinByKind[static_cast<size_t>(k)];
    event["bytes_within_node_by_kind"] = byKind;
    if (m_tp)
        event["tensor_parallel_ms"] = tensorParallelMs;
    if (m_config.gradClip > 0)
        event["grad_norm"] = finiteOrZero(gradNorm);
    m_events.publish("step", event);

    if (decision) {
        m_events.publish("rebalance", {{"step", step + 1},
                                       {"old", decision->oldPlan},
                                       {"new", decision->newPlan},
                                       {"reason", decision->reason},
                                       {"predicted_gain", decision->predictedGain},
                                       {"predicted_old_ms", decision->predictedOldSeconds * 1000.0},
                                       {"predicted_new_ms", decision->predictedNewSeconds * 1000.0},
                                       {"seconds_per_sample", m_planner->secondsPerSample()}});
        emitPlan(step + 1, "planned");
        m_prefetcher->reset(step + 1, prefetchPlan(m_planner->plan()));
    }
    return {};
}

std::int64_t Trainer::beginMemoryMeasurement()
{
    if (m_device.is_cuda() && !m_memoryMeasured && !m_tp) {
        gpu::resetPeak(m_device);
        return gpu::memory(m_device).allocated;
    }
    return -1;
}

std::int64_t Trainer::finishMemoryMeasurement(std::int64_t baseline, std::int64_t samples)
{
    if (baseline < 0 || samples <= 0)
        return 0;
    const GpuMemory memory = gpu::memory(m_device);
    MemoryCap model;
    // What the driver has free (another user's process on this GPU and NCCL's
    // buffers are not) plus what our allocator holds, within the configured budget.
    model.budgetBytes = usableGpuBytes(memory, m_config.memoryBudgetMb * 1024 * 1024);
    // The optimizer's temporaries (one chunk each) come after the measured peak.
    model.reserveBytes = m_store->hostMasterOptimizer() ? 0 : m_optimizer->temporaryBytes(m_store->shardBytes() / 4);
    m_memoryMeasured = true;
    return model.fromMeasurement(baseline, memory.peak, samples);
}

Status Trainer::evaluate(std::int64_t step)
{
    const Topology &topo = m_comm->topology();
    const std::int64_t n = std::min(m_config.eval.samples, m_dataset->evalSize());
    // Tensor parallelism splits the held-out samples over nodes: a node's ranks evaluate them together.
    const auto split = BatchPlanner::equal(m_tp ? topo.nodeCount() : topo.worldSize(), n);
    const int slot = m_tp ? topo.node() : topo.rank();
    const auto offsets = offsetsOf(split.batches);
    const std::int64_t begin = offsets[static_cast<size_t>(slot)];
    const std::int64_t end = offsets[static_cast<size_t>(slot + 1)];
    const std::int64_t chunk = std::max<std::int64_t>(1, m_config.globalBatch);
    const std::int64_t largest = *std::max_element(split.batches.begin(), split.batches.end());
    const std::int64_t chunks = (largest + chunk - 1) / chunk;
    Stopwatch timer;
    double lossSum = 0, correct = 0;
    try {
        // Every rank runs the same number of forwards: sharded parameters are
        // gathered collectively even by a rank whose share is used up.
        for (std::int64_t k = 0; k < chunks; ++k) {
            const std::int64_t lo = begin + k * chunk, hi = std::min(end, lo + chunk);
            if (m_tp) {
                at::Tensor input, target;
                if (lo < hi)
                    m_dataset->evalBatch(lo, hi, input, target);
                const TensorParallelRows rows =
                    tensorParallelRows(input, target, std::max<std::int64_t>(0, hi - lo));
                const at::Tensor out = m_runner->evaluate(rows.input.to(m_device)).narrow(0, 0, rows.valid);
                const at::Tensor t = rows.target.narrow(0, 0, rows.valid).to(m_device);
                if (m_tp->reportsLoss()) {
                    lossSum += m_model->lossSum(out, t).item<double>();
                    correct += static_cast<double>(m_model->correct(out, t));
                }
                continue;
            }
            if (lo >= hi) {
                m_runner->skeletonEvaluate();
                continue;
            }
            at::Tensor input, target;
            m_dataset->evalBatch(lo, hi, input, target);
            const at::Tensor out = m_runner->evaluate(input.to(m_device));
            const at::Tensor t = target.to(m_device);
            lossSum += m_model->lossSum(out, t).item<double>();
            correct += static_cast<double>(m_model->correct(out, t));
        }
    } catch (const std::exception &e) {
        return caught(e);
    }
    at::Tensor totals = at::tensor({lossSum, correct}, at::kDouble);
    if (Status s = m_comm->control().allreduceSumNow(totals); !s)
        return s;
    const double loss = n > 0 ? totals[0].item<double>() / static_cast<double>(n) : 0.0;
    json event = {{"step", step}, {"loss", loss}, {"samples", n}, {"ms", timer.ms()}};
    if (m_model->task() == Model::Task::Classification)
        event["accuracy"] = n > 0 ? totals[1].item<double>() / static_cast<double>(n) : 0.0;
    else
        event["perplexity"] = std::exp(loss);
    m_events.publish("eval", event);
    m_lastEval = step;
    return {};
}

Status Trainer::checkpoint(std::int64_t step)
{
    CheckpointManifest header;
    header.step = step;
    header.strategy = WorkerConfig::strategyName(m_config.strategy);
    header.worldSize = m_comm->topology().worldSize();
    for (int i = 0; i < m_model->unitCount(); ++i) {
        header.unitNames.push_back(m_model->units()[static_cast<size_t>(i)]->name());
        header.unitNumel.push_back(m_model->logicalUnitNumel(i));
    }
    header.optimizer = m_config.optimizer.kind;
    header.stateSlots = m_optimizer->stateSlots();
    const auto state = m_planner->state();
    header.plan = state.plan;
    header.secondsPerSample = state.secondsPerSample;
    header.plannerObserved = state.observed;
    auto saved = m_checkpointer->save(header, *m_store, *m_comm, m_writesCheckpoint);
    if (!saved)
        return saved.error();
    m_events.publish("checkpoint",
                     {{"step", step}, {"dir", saved->dir}, {"bytes", saved->bytes}, {"ms", saved->ms}});
    m_lastCheckpoint = step;
    return {};
}

Status Trainer::dumpParameters()
{
    auto full = m_store->fullParameters();
    if (!full)
        return full.error();
    if (m_options.dumpParamsPath.empty())
        return {};
    AtomicWriter w(m_options.dumpParamsPath);
    if (Status s = w.open(); !s)
        return s;
    for (const auto &t : *full) {
        const at::Tensor c = t.contiguous();
        if (Status s = w.write(c.data_ptr<float>(), static_cast<size_t>(c.numel()) * 4); !s)
            return s;
    }
    return w.commit();
}

Status Trainer::run()
{
    if (Status s = setUp(); !s)
        return s;
    Stopwatch wall;
    std::int64_t step = m_startStep;
    bool stopped = false;
    double lastLoss = std::numeric_limits<double>::quiet_NaN();
    while (step < m_totalSteps) {
        StepOutcome outcome;
        if (Status s = trainStep(step, outcome); !s)
            return s;
        ++step;
        lastLoss = outcome.loss;
        if (m_config.eval.interval > 0 && step % m_config.eval.interval == 0)
            if (Status s = evaluate(step); !s)
                return s;
        if (m_checkpointer && m_config.checkpoint.interval > 0 && step % m_config.checkpoint.interval == 0)
            if (Status s = checkpoint(step); !s)
                return s;
        if (outcome.stop) {
            stopped = true;
            break;
        }
    }
    if (m_config.eval.interval > 0 && m_lastEval != step && !stopped)
        if (Status s = evaluate(step); !s)
            return s;
    if (m_checkpointer && m_lastCheckpoint != step)
        if (Status s = checkpoint(step); !s)
            return s;
    if (m_comm->anyRankDumpsParameters())
        if (Status s = dumpParameters(); !s)
            return s;
    // Nobody tears down the store (rank 0) while others still use it.
    if (Status s = m_comm->barrier(); !s)
        return s;
    m_events.publish("done", {{"steps", step},
                              {"reason", stopped ? "stopped" : "completed"},
                              {"loss", finiteOrZero(lastLoss)},
                              {"samples", m_samplesTrained},
                              {"wall_s", wall.ms() / 1000.0}});
    return {};
}

} // namespace hamgam::engine
