#include "trainer.h"

#include "atomicwriter.h"
#include "batchplanner.h"
#include "checkpointer.h"
#include "communicator.h"
#include "dataparallelstep.h"
#include "datasetfactory.h"
#include "error.h"
#include "eventsink.h"
#include "gpuruntime.h"
#include "initialplan.h"
#include "logger.h"
#include "modelexporter.h"
#include "modelfactory.h"
#include "modelrunner.h"
#include "outersync.h"
#include "parameterstore.h"
#include "powersgdhook.h"
#include "prefetcher.h"
#include "rankconnection.h"
#include "stepreport.h"
#include "stopwatch.h"
#include "tensorparallel.h"
#include "tensorparallelstep.h"
#include "watchdog.h"

#include <ATen/Parallel.h>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <thread>

namespace hamgam::engine {

using nlohmann::json;

namespace {

double finiteOrZero(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

at::ScalarType scalarType(PlacementPlan::Wire wire)
{
    switch (wire) {
    case PlacementPlan::Wire::Bf16:
        return at::kBFloat16;
    case PlacementPlan::Wire::Fp16:
        return at::kHalf;
    case PlacementPlan::Wire::Fp32:
        break;
    }
    return at::kFloat;
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
    if (dynamic_cast<const DataError *>(&e)) // a held-out file that will not decode
        return Error{ErrorKind::Data, firstLine(e.what())};
    return Error{ErrorKind::Internal, firstLine(e.what())};
}

Status Trainer::setUp()
{
    auto connection = RankConnection::open(m_config, m_options, m_log, m_watchdog);
    if (!connection)
        return connection.error();
    m_device = connection->device;
    m_comm = std::move(connection->communicator);
    const Topology &topo = m_comm->topology();
    m_control.emplace(topo.rank(), topo.worldSize());
    if (Status s =
            agree(PlacementPlan::checkTopology(m_config, topo, m_options.localRank, m_options.localWorldSize),
                  "checking the topology against the config");
        !s)
        return s;
    if (Status s = setUpTensorParallel(); !s)
        return s;

    // Data and model are built on every rank; a failure on one is agreed on
    // by all, so the others stop at once with a pointer to it instead of
    // timing out in the first collective.
    if (Status s = agree(buildDataAndModel(), "loading data and model"); !s)
        return s;
    if (Status s = setUpPlacement(); !s)
        return s;
    m_evaluator.emplace(*m_dataset, *m_model, *m_policy, m_config.eval.samples, m_config.globalBatch,
                        m_placement->dataSlots(), m_placement->dataSlot());

    m_sampler.emplace(m_dataset->trainSize(), m_config.globalBatch, m_config.seed);
    const std::int64_t epochSteps = m_config.epochs * m_sampler->stepsPerEpoch();
    m_totalSteps = m_config.steps > 0
                       ? (epochSteps > 0 ? std::min(m_config.steps, epochSteps) : m_config.steps)
                       : epochSteps;
    m_scaler =
        LossScaler(m_config.fp16, m_options.initialLossScale > 0 ? m_options.initialLossScale : 65536.0);
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
    m_prefetcher =
        std::make_unique<Prefetcher>(*m_dataset, *m_sampler, m_placement->dataSlot(), 2, m_device.is_cuda());
    m_prefetcher->reset(m_startStep, m_placement->dataShares(m_planner->plan()));
    publishReady(resumed);
    emitPlan(m_startStep, m_manualPlan ? "manual" : (m_planner->settings().adaptive ? "initial" : "equal"));
    return {};
}

Status Trainer::setUpPlacement()
{
    const Topology &topo = m_comm->topology();
    PlacementPlan::Settings ps;
    ps.strategy = m_config.strategy;
    ps.streamParams = m_config.streamParams;
    ps.collectivesAlone = m_options.collectivesAlone;
    ps.cuda = m_device.is_cuda();
    ps.orderedCollectives = m_options.orderedCollectives;
    ps.commDtype = m_config.comm.dtype;
    ps.glooSumsWire = m_config.comm.dtype == "fp32" || m_comm->glooSumsEverywhere(m_config.comm.dtype);
    ps.bucketMb = m_config.comm.bucketMb;
    std::vector<std::int64_t> unitNumel;
    for (int i = 0; i < m_model->unitCount(); ++i)
        unitNumel.push_back(m_model->unitNumel(i));
    auto plan = PlacementPlan::create(ps, topo, unitNumel);
    if (!plan)
        return plan.error();
    m_placement.emplace(std::move(*plan));
    if (m_placement->wireFellBack() && topo.rank() == 0) {
        const std::string message = "comm.dtype " + m_config.comm.dtype +
                                    ": the Gloo of this LibTorch (or of another rank's) cannot sum " +
                                    m_config.comm.dtype + " gradients, so they travel as fp32";
        m_log.warning(message);
        contracts::WarningEvent warning;
        warning.message = message;
        warning.commDtype = "fp32";
        m_events.publish(warning);
    }

    // The plan's groups in its order, each created only by its members.
    ParameterStore::Placement placement{m_placement->scheme(), nullptr, nullptr, {}};
    auto create = [&](const PlacementPlan::Group &g) {
        return m_comm->createGroup(g.name, g.ranks, g.hostTensors);
    };
    if (m_placement->shardGather() && m_placement->shardReduce()) {
        auto gather = create(*m_placement->shardGather());
        if (!gather)
            return gather.error();
        auto reduce = create(*m_placement->shardReduce());
        if (!reduce)
            return reduce.error();
        placement.shardGather = *gather;
        placement.shardReduce = *reduce;
    }
    for (const auto &replica : m_placement->replicaGroups()) {
        if (!replica) {
            placement.replicaGroups.push_back(nullptr);
            continue;
        }
        auto g = create(*replica);
        if (!g)
            return g.error();
        placement.replicaGroups.push_back(*g);
    }
    placement.orderedCollectives = m_placement->orderedCollectives();
    placement.hostMaster = m_placement->hostMaster();
    placement.stream = m_placement->stream();
    placement.offloadByUnit = m_options.offloadByUnit;
    placement.bucketBytes = m_placement->bucketBytes();
    placement.device = m_device;
    placement.tensorGroup = m_tp ? &m_tp->group(TensorParallelLayout::kNode) : nullptr;

    FlatOptimizer::Settings os;
    os.kind = m_config.optimizer.kind == "adamw" ? FlatOptimizer::Kind::AdamW : FlatOptimizer::Kind::Sgd;
    os.momentum = m_config.optimizer.momentum;
    os.weightDecay = m_config.optimizer.weightDecay;
    os.nesterov = m_config.optimizer.nesterov;
    os.beta1 = m_config.optimizer.beta1;
    os.beta2 = m_config.optimizer.beta2;
    os.eps = m_config.optimizer.eps;
    m_optimizer.emplace(os);

    // What crosses the link: comm.dtype (or its Gloo fallback, PlacementPlan), compressed after the
    // warm-up with comm.compression powersgd.
    std::shared_ptr<GradientHook> hook = std::make_shared<ExactHook>(scalarType(m_placement->wire()));
    if (m_config.comm.compression == "powersgd") {
        PowerSgdHook::Settings s;
        s.rank = m_config.comm.powersgdRank;
        s.warmupSteps = m_config.comm.powersgdWarmupSteps;
        s.seed = m_config.seed;
        hook = std::make_shared<PowerSgdHook>(s, std::move(hook));
    }
    // sync.mode local, and auto where local steps are possible: the outer
    // step's anchor and momentum live beside the optimizer's state.
    const std::string localRefusal = m_config.localStepsRefusal();
    const bool outerState = m_config.sync.local() || (m_config.sync.automatic() && localRefusal.empty());
    const int outerSlots = outerState ? OuterSync::kStateSlots : 0;
    m_store = std::make_unique<ParameterStore>(*m_model, placement, m_optimizer->stateSlots() + outerSlots,
                                               std::move(hook));
    m_store->initialize(m_config.seed);
    if (m_config.sync.automatic() && !localRefusal.empty() && topo.rank() == 0) {
        const std::string message = "sync.mode auto stays exact: local steps " + localRefusal;
        m_log.warning(message);
        contracts::WarningEvent warning;
        warning.message = message;
        m_events.publish(warning);
    }
    if (outerState) {
        // Inner steps leave out the replica groups, so a replica group must be
        // the nodes' and nothing inside one: dp and hdp with one device per node, lsdp and lshdp.
        for (const auto &segment : m_placement->scheme().segments())
            for (size_t i = 1; i < segment.ranks.size(); ++i)
                if (topo.sameNode(segment.ranks[i - 1], segment.ranks[i]))
                    return Status::failure(ErrorKind::Config,
                                           std::string("sync.mode local: ") +
                                               WorkerConfig::strategyName(m_config.strategy) +
                                               " all-reduces between devices of one node; with several "
                                               "devices on a node choose lshdp or lsdp");
        OuterSync::Settings s;
        s.every = m_config.sync.every;
        s.lr = m_config.sync.outerLr;
        s.momentum = m_config.sync.outerMomentum;
        s.nesterov = m_config.sync.outerNesterov;
        m_outer = std::make_unique<OuterSync>(*m_store, m_optimizer->stateSlots(), s,
                                              std::make_shared<ExactHook>(scalarType(m_placement->wire())));
        m_outer->anchorHere();
        // auto starts exact and measures the link first.
        m_localRounds = m_config.sync.local();
        m_store->setReplicaExchange(!m_localRounds);
    }
    if (topo.nodeCount() > 1)
        m_link.restart(1); // the first step warms up: not measured
    m_runner = std::make_unique<ModelRunner>(*m_model, *m_store, m_device.type(),
                                             m_config.bf16   ? at::kBFloat16
                                             : m_config.fp16 ? at::kHalf
                                                             : at::kFloat,
                                             m_config.recompute);
    if (m_tp)
        m_policy = std::make_unique<TensorParallelStep>(*m_tp, *m_model, *m_runner, *m_dataset, m_device,
                                                        topo.localRank());
    else
        m_policy = std::make_unique<DataParallelStep>(*m_model, *m_runner, *m_dataset, m_device);

    // The optimizer's temporaries (one chunk each) come after the measured peak.
    const std::int64_t reserve =
        m_store->hostMasterOptimizer() ? 0 : m_optimizer->temporaryBytes(m_store->shardBytes() / 4);
    const at::Device device = m_device;
    m_memory.emplace(
        m_device.is_cuda(), m_policy->measuresMemory(), m_config.memoryBudgetMb, reserve,
        MemoryProbe::Device{[device] { return gpu::memory(device); }, [device] { gpu::resetPeak(device); }});
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
    m_model->setLabelSmoothing(m_config.byKey.number("loss.label_smoothing"));
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

    // Every rank states its own cap; one all-reduce gives all ranks the same list.
    InitialPlan::Footprint footprint;
    footprint.residentBytes = m_store->deviceResidentBytes();
    footprint.freesAfterUse = m_store->freesAfterUse();
    for (int i = 0; i < m_model->unitCount(); ++i)
        footprint.largestUnitNumel = std::max(footprint.largestUnitNumel, m_model->unitNumel(i));
    footprint.activationElementsPerSample = m_model->activationElementsPerSample(m_config.recompute);
    // A GPU's usable memory when the config sets no budget: the estimate's first cap (InitialPlan).
    const std::int64_t deviceBytes =
        m_device.is_cuda() && m_policy->measuresMemory() ? usableGpuBytes(gpu::memory(m_device), 0) : 0;
    auto ownCap = InitialPlan::ownCap(m_config, topo, footprint, deviceBytes);
    m_activationBytesPerSample = InitialPlan::estimate(m_config, footprint).perSampleBytes;
    if (!ownCap)
        return ownCap.error();
    at::Tensor caps = at::zeros({world}, at::kDouble);
    caps[topo.rank()] = static_cast<double>(*ownCap);
    if (Status s = m_comm->control().allreduceSumNow(caps); !s)
        return s;
    m_caps.clear();
    for (int r = 0; r < world; ++r)
        m_caps.push_back(static_cast<std::int64_t>(caps[r].item<double>()));

    m_manualPlan = InitialPlan::manual(m_config);
    auto plan = InitialPlan::batches(m_config, topo, m_caps);
    if (!plan)
        return plan.error();
    if (m_manualPlan)
        for (int r : InitialPlan::overCap(*plan, m_caps))
            m_log.info("the manual plan gives rank " + std::to_string(r) +
                       " more samples than its cap: it accumulates gradients over passes");
    m_planner.emplace(InitialPlan::plannerSettings(m_config, m_placement->dataSlots()), m_config.globalBatch,
                      *plan, m_caps);
    return {};
}

Status Trainer::resume()
{
    std::string stepDir;
    auto manifest = Checkpointer::open(m_options.resumeDir, stepDir, m_options.resumeUser);
    if (!manifest)
        return manifest.error();
    // Equal slot counts are not enough: AdamW's two moments and local steps'
    // anchor and momentum are both two slots.
    if (manifest->optimizer != m_config.optimizer.kind)
        return Status::failure(ErrorKind::Checkpoint,
                               "checkpoint " + stepDir + " holds " + manifest->optimizer +
                                   " state; this run's optimizer is " + m_config.optimizer.kind);
    const int outerSlots = m_outer ? OuterSync::kStateSlots : 0;
    if (manifest->stateSlots == m_optimizer->stateSlots() + OuterSync::kStateSlots - outerSlots)
        return Status::failure(ErrorKind::Checkpoint,
                               "checkpoint " + stepDir + " was written with sync.mode " +
                                   (m_outer ? "exact" : "local") + "; resume it with the same sync.mode");
    // auto goes on as it was: a checkpoint of local rounds holds each node's own
    // inner optimizer state, which exact steps would not bring together.
    // A local run's checkpoint from before auto has no local_every: it took local steps too.
    if (m_config.sync.automatic() && m_outer && manifest->localEvery != 0)
        startLocalRounds(manifest->localEvery > 0 ? manifest->localEvery : m_config.sync.every);
    if (Status s = Checkpointer::load(stepDir, *manifest, *m_store, *m_model, m_comm->topology().rank()); !s)
        return s;
    if (m_outer) // checkpoints are taken right after an outer step: every node at the anchor
        m_outer->anchorHere();
    m_startStep = manifest->step;
    if (m_link.measuring()) // the first step after a resume warms up too
        m_link.restart(m_startStep + 1);
    m_lastCheckpoint = m_startStep;
    m_lastEval = m_startStep;
    const int world = m_comm->topology().worldSize();
    const bool sameRanks = manifest->worldSize == world && static_cast<int>(manifest->plan.size()) == world &&
                           static_cast<int>(manifest->secondsPerSample.size()) == world;
    if (sameRanks && m_planner->settings().adaptive) {
        m_planner->restore({manifest->plan, manifest->secondsPerSample, manifest->plannerObserved});
    } else if (!sameRanks && m_planner->settings().adaptive) {
        // Other ranks than before: measure again from a fresh plan.
        contracts::RebalanceEvent rebalance;
        rebalance.step = m_startStep;
        rebalance.oldPlan = manifest->plan;
        rebalance.newPlan = m_planner->plan();
        rebalance.reason = "resume";
        m_events.publish(rebalance);
    }
    m_log.info("resumed from " + stepDir + " at step " + std::to_string(m_startStep));
    return {};
}

void Trainer::publishReady(bool resumed)
{
    const Topology &topo = m_comm->topology();
    const ShardingScheme &scheme = m_placement->scheme();
    contracts::ReadyEvent ready;
    ready.strategy = WorkerConfig::strategyName(m_config.strategy);
    ready.worldSize = topo.worldSize();
    ready.node = topo.node();
    ready.nodes = topo.nodeCount();
    ready.localRank = topo.localRank();
    ready.localWorldSize = topo.localWorldSize();
    ready.device = m_device.str();
    ready.threads = at::get_num_threads();
    ready.model = m_model->description();
    ready.parameters = m_model->parameterCount();
    ready.units = m_model->unitCount();
    ready.dataset = m_config.dataset.kind;
    ready.trainSamples = m_dataset->trainSize();
    ready.evalSamples = m_dataset->evalSize();
    ready.globalBatch = m_config.globalBatch;
    ready.steps = m_totalSteps;
    ready.startStep = m_startStep;
    ready.stepsPerEpoch = m_sampler->stepsPerEpoch();
    ready.shardGroupSize = scheme.shardGroupSize();
    ready.pieces = scheme.pieces();
    ready.hostMaster = m_placement->hostMaster();
    ready.streamParams = m_placement->stream();
    ready.recompute = m_config.recompute;
    ready.hostOffload = m_store->hostOffload();
    ready.orderedCollectives = m_placement->orderedCollectives();
    ready.tensorParallel = m_policy->readyInfo();
    ready.resumed = resumed;
    m_events.publish(ready);
}

void Trainer::emitPlan(std::int64_t step, const char *source)
{
    contracts::PlanEvent plan;
    plan.step = step;
    plan.batches = m_planner->plan();
    plan.globalBatch = m_config.globalBatch;
    plan.source = source;
    plan.caps = m_caps;
    plan.microBatches = BatchPlanner::microBatches(m_planner->plan(), m_caps);
    m_events.publish(plan);
}

Status Trainer::trainStep(std::int64_t step, StepOutcome &outcome)
{
    Stopwatch stepTimer;
    const int rank = m_comm->topology().rank();
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
    // What the prefetcher cut for this rank's data slot (its own, or its node's).
    std::vector<std::int64_t> shares = m_placement->dataShares(m_planner->plan());
    if (stepBatch != m_config.globalBatch)
        shares = BatchPlanner::scaled(shares, stepBatch).batches;
    if (batch.samples != shares[static_cast<size_t>(m_placement->dataSlot())])
        return Status::failure(ErrorKind::Internal, "the prefetched batch does not follow the plan");

    // sync.mode local: the node's own samples this step. Each rank's loss is
    // divided by the step's batch, so the node's summed gradient is its
    // mean's share; the inner step scales it back to the node's mean.
    std::int64_t nodeSamples = 0;
    double innerScale = 1.0;
    if (m_localRounds) {
        for (int r : m_comm->topology().ranksOfNode(m_comm->topology().node()))
            nodeSamples += plan[static_cast<size_t>(r)];
        innerScale =
            nodeSamples > 0 ? static_cast<double>(stepBatch) / static_cast<double>(nodeSamples) : 0.0;
    }

    const auto traffic0 = m_comm->traffic().totals();
    m_store->beginStep();
    m_policy->beginStep();
    const double lr = m_schedule->at(step);
    // Gradient accumulation: a share above its cap takes several passes; every
    // rank computes the same count from the plan and the caps.
    const std::int64_t passes = BatchPlanner::microBatches(plan, m_caps);
    const std::int64_t passSamples = (batch.samples + passes - 1) / passes;
    const std::int64_t memoryBaseline = m_memory->begin(passSamples);
    Stopwatch computeTimer;
    StepPolicy::Losses losses;
    try {
        losses = m_policy->train(batch, stepBatch, passes, m_scaler.scale());
    } catch (const std::exception &e) {
        return caught(e);
    }
    // Kernels run after their launch: the planner weighs GPU time, the
    // compute stream's only (NCCL's streams run beside it; the all-reduces
    // still in flight are comm_ms's, not compute's).
    gpu::synchronizeCompute(m_device);
    double computeMs = std::max(0.0, computeTimer.ms() - m_store->blockedMs());
    const std::int64_t memoryCap = m_memory->finish(memoryBaseline, passSamples);
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
    at::Tensor control = at::zeros({m_control->size()}, at::kDouble);
    m_control->write({computeMs, m_stopRequested.load(), losses.lossSum, losses.countedSamples, memoryCap},
                     control.data_ptr<double>());
    if (Status s = m_comm->control().allreduceSumNow(control); !s)
        return s;
    if (Status s = m_store->finishGradients(); !s)
        return s;
    // On a GPU the compute stream was only made to wait for NCCL's all-reduces:
    // their time is comm_ms's, not the optimizer's.
    gpu::synchronizeCompute(m_device);
    const double syncMs = syncTimer.ms() + m_store->blockedMs();
    auto agreed = m_control->read(control.data_ptr<double>(), stepBatch);
    if (!agreed)
        return agreed.error();
    const double waitMs = agreed->maxComputeMs - computeMs;
    const double commMs = std::max(0.0, syncMs - waitMs);
    outcome.stop = agreed->stop;
    outcome.loss = agreed->loss;
    if (agreed->capsMeasured) {
        // The planner moves samples off a rank whose batch no longer fits (reason "memory").
        m_planner->limitCaps(agreed->measuredCaps);
        m_caps = m_planner->caps();
        m_log.info("memory caps measured on the device: ranks' local batches at most " + json(m_caps).dump());
    }

    Stopwatch optimizerTimer;
    double clipScale = 1.0;
    double gradNorm = std::numeric_limits<double>::quiet_NaN();
    // fp16: the gradients carry the loss scale; their norm (the same on every
    // rank) says whether they overflowed.
    const double lossScale = m_scaler.scale();
    if (m_config.gradClip > 0 || m_scaler.enabled()) {
        auto norm = m_store->gradNorm();
        if (!norm)
            return norm.error();
        gradNorm = *norm / lossScale * innerScale;
        if (m_config.gradClip > 0 && gradNorm > m_config.gradClip)
            clipScale = m_config.gradClip / (gradNorm + 1e-6);
    }
    const bool applied = m_scaler.update(std::isfinite(gradNorm) || !m_scaler.enabled());
    try {
        // An overflowed step changes nothing, on every rank; nor does a node's step without samples.
        if (applied && (!m_localRounds || nodeSamples > 0))
            m_store->step(*m_optimizer, lr, clipScale / lossScale * innerScale, step + 1);
    } catch (const std::exception &e) {
        return caught(e);
    }
    double outerMs = 0; // the outer step is the network's time, not the optimizer's
    bool outerStep = false;
    if (m_localRounds) {
        m_outer->count(nodeSamples, stepBatch);
        outerStep = outerStepAfter(step + 1, outcome.stop);
        if (outerStep) {
            Stopwatch outerTimer;
            if (Status s = m_outer->sync(); !s)
                return s;
            gpu::synchronizeCompute(m_device);
            outerMs = outerTimer.ms();
        }
    }
    // The optimizer's kernels, if it ran on the GPU; updated parameters on
    // their way back from host memory (the side stream) go on beside the next step.
    gpu::synchronizeCompute(m_device);
    const double optimizerMs = optimizerTimer.ms() - outerMs;
    StepReport report;
    report.trafficBefore = traffic0;
    report.trafficAfter = m_comm->traffic().totals();
    report.tensorParallelMs = m_policy->takeTensorParallelMs();
    m_samplesTrained += stepBatch;

    m_planner->observe(plan, agreed->computeSeconds);
    const auto decision = m_planner->decide();
    report.stepMs = stepTimer.ms();
    report.deviceBytes =
        m_memory->stepBytes(m_store->deviceResidentBytes() + m_activationBytesPerSample * passSamples);
    report.step = step + 1;
    report.epoch = pos.epoch;
    report.loss = outcome.loss;
    report.localBatch = batch.samples;
    report.microBatches = passes;
    if (m_scaler.enabled()) {
        report.lossScale = lossScale;
        report.skipped = !applied;
    }
    report.globalBatch = stepBatch;
    report.lr = lr;
    report.dataMs = dataMs;
    report.computeMs = computeMs;
    report.waitMs = waitMs;
    report.commMs = commMs + outerMs;
    report.optimizerMs = optimizerMs;
    report.hostBytes = m_store->hostResidentBytes();
    report.slowdown = slowdown;
    report.emulatedMs = emulatedMs;
    if (m_config.gradClip > 0)
        report.gradNorm = gradNorm;
    m_events.publish(report.event());
    if (Status s = measureLink(step + 1, report, outerStep); !s)
        return s;

    if (decision) {
        if (m_link.measuredOnce() && !m_link.measuring())
            m_link.restart(step + 1); // the speeds changed: forecast again
        m_events.publish(StepReport::rebalance(step + 1, *decision, m_planner->secondsPerSample()));
        emitPlan(step + 1, "planned");
        m_prefetcher->reset(step + 1, m_placement->dataShares(m_planner->plan()));
    }
    return {};
}

Status Trainer::evaluate(std::int64_t step)
{
    m_lastEval = step;
    if (m_evaluator->empty()) // no held-out split: no "accuracy 0 %" either
        return {};
    try {
        m_evaluator->forwards();
    } catch (const std::exception &e) {
        return caught(e);
    }
    auto event = m_evaluator->agree(step, m_comm->control());
    if (!event)
        return event.error();
    m_events.publish(*event);
    m_lastEvalEvent = *event;
    return {};
}

Status Trainer::checkpoint(std::int64_t step)
{
    CheckpointManifest header;
    header.step = step;
    header.user = m_options.labUser;
    header.strategy = WorkerConfig::strategyName(m_config.strategy);
    header.worldSize = m_comm->topology().worldSize();
    for (int i = 0; i < m_model->unitCount(); ++i) {
        header.unitNames.push_back(m_model->units()[static_cast<size_t>(i)]->name());
        header.unitNumel.push_back(m_model->logicalUnitNumel(i));
    }
    header.optimizer = m_config.optimizer.kind;
    header.stateSlots = static_cast<int>(m_store->state().size());
    const auto state = m_planner->state();
    header.plan = state.plan;
    header.secondsPerSample = state.secondsPerSample;
    header.plannerObserved = state.observed;
    header.localEvery = !m_outer ? -1 : m_localRounds ? m_outer->settings().every : 0;
    auto saved = m_checkpointer->save(header, *m_store, *m_comm, m_placement->writesCheckpoint());
    if (!saved)
        return saved.error();
    m_events.publish(contracts::CheckpointEvent{step, saved->dir, saved->bytes, saved->ms});
    m_lastCheckpoint = step;
    return {};
}

Status Trainer::exportModel(std::int64_t step)
{
    if (!m_comm->rankZeroExportsModel())
        return {};
    Stopwatch watch;
    auto full = m_store->fullParameters();
    if (!full)
        return full.error();
    Status written;
    std::int64_t bytes = 0;
    if (m_comm->topology().rank() == 0) {
        if (!m_exporter)
            m_exporter = std::make_unique<ModelExporter>(*m_model, m_config.model, m_dataset->info());
        nlohmann::json about = {{"step", step},
                                {"dataset",
                                 {{"kind", m_config.dataset.kind},
                                  {"path", m_config.dataset.path},
                                  {"label", m_config.dataset.label}}}};
        if (m_config.dataset.kind == "synthetic") {
            // What scripts/evaluate-model needs to make the same held-out samples again.
            about["dataset"]["seed"] = m_config.seed;
            about["dataset"]["samples"] = m_config.dataset.samples;
            about["dataset"]["classes"] = m_config.dataset.classes;
            about["dataset"]["shape"] = m_config.dataset.shape;
            about["dataset"]["held_out"] = m_dataset->evalSize();
        }
        if (m_lastEvalEvent)
            about["eval"] = EventJsonWriter::object(*m_lastEvalEvent);
        auto size = m_exporter->write(m_options.exportDir, *full, about);
        if (size)
            bytes = *size;
        else
            written = size.error();
    }
    // A model that cannot be written ends the run on every rank, as a checkpoint does.
    if (Status s = agree(written, "writing the trained model"); !s)
        return s;
    m_lastExport = step;
    if (m_comm->topology().rank() == 0)
        m_events.publish(contracts::ModelEvent{step, m_options.exportDir, bytes, watch.ms()});
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

bool Trainer::evaluatesAfter(std::int64_t step) const
{
    const std::int64_t every = m_config.eval.interval == EvalConfig::kEachEpoch ? m_sampler->stepsPerEpoch()
                                                                                : m_config.eval.interval;
    return every > 0 && step % every == 0;
}

bool Trainer::outerStepAfter(std::int64_t step, bool stopping) const
{
    // Every node's parameters must be the same where they are read whole: an
    // evaluation, a checkpoint, an exported model, the run's end.
    const bool checkpoints =
        m_checkpointer && m_config.checkpoint.interval > 0 && step % m_config.checkpoint.interval == 0;
    return step % m_outer->settings().every == 0 || evaluatesAfter(step) || checkpoints || stopping ||
           step >= m_totalSteps;
}

Status Trainer::measureLink(std::int64_t step, const StepReport &report, bool outerStep)
{
    const std::int64_t bytesAcrossNodes = report.trafficAfter.acrossNodes - report.trafficBefore.acrossNodes;
    const double otherMs = report.dataMs + report.optimizerMs;
    if (!m_link.add(step, report.commMs, bytesAcrossNodes, otherMs, outerStep, m_localRounds))
        return {};
    // Every rank completes the window at the same step: one small sum over all of them.
    at::Tensor sums = at::zeros({static_cast<std::int64_t>(LinkMeter::kSums)}, at::kDouble);
    std::copy(m_link.sums().begin(), m_link.sums().end(), sums.data_ptr<double>());
    if (Status s = m_comm->control().allreduceSumNow(sums); !s)
        return s;
    LinkMeter::Sums all{};
    std::copy(sums.data_ptr<double>(), sums.data_ptr<double>() + LinkMeter::kSums, all.begin());
    const Topology &topo = m_comm->topology();
    std::vector<int> nodeOfRank;
    for (int r = 0; r < topo.worldSize(); ++r)
        nodeOfRank.push_back(topo.nodeOf(r));
    std::vector<std::string> names;
    for (const NodeConfig &node : m_config.nodes)
        names.push_back(node.name.empty() ? node.agent : node.name);
    names.resize(static_cast<size_t>(topo.nodeCount()));
    const auto measured =
        LinkMeter::measurement(all, m_localRounds, m_planner->secondsPerSample(), nodeOfRank, names);
    const auto forecast =
        SyncForecast::forecast(measured, m_config.globalBatch); // not an epoch's short last step
    if (forecast.modes.empty()) {
        m_link.restart(step); // a rank's speed not measured yet: measure again
        return {};
    }
    bool chosen = false;
    if (m_config.sync.automatic() && m_outer) {
        // Every rank forecasts from the same sums and speeds, so every rank chooses alike.
        const SyncForecast::Mode pick = SyncForecast::pickAuto(forecast, m_config.sync.every);
        if (pick.mode == "local" && (!m_localRounds || pick.every != m_outer->settings().every)) {
            startLocalRounds(pick.every);
            chosen = true;
        }
    }
    if (topo.rank() == 0)
        m_events.publish(LinkMeter::event(step, measured, forecast,
                                          m_localRounds ? m_outer->settings().every : 0, chosen));
    return {};
}

void Trainer::startLocalRounds(std::int64_t every)
{
    if (!m_localRounds) {
        m_outer->anchorHere(); // after an exact step every node holds the same parameters
        m_store->setReplicaExchange(false);
        m_localRounds = true;
    }
    m_outer->setEvery(static_cast<int>(every));
    m_log.info("sync.mode auto: local steps, an outer step every " + std::to_string(every) + " steps");
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
        if (evaluatesAfter(step))
            if (Status s = evaluate(step); !s)
                return s;
        if (m_checkpointer && m_config.checkpoint.interval > 0 && step % m_config.checkpoint.interval == 0) {
            if (Status s = checkpoint(step); !s)
                return s;
            if (Status s = exportModel(step); !s)
                return s;
        }
        if (outcome.stop) {
            stopped = true;
            break;
        }
    }
    if (m_config.eval.interval != 0 && m_lastEval != step && !stopped)
        if (Status s = evaluate(step); !s)
            return s;
    if (m_checkpointer && m_lastCheckpoint != step)
        if (Status s = checkpoint(step); !s)
            return s;
    if (m_lastExport != step)
        if (Status s = exportModel(step); !s)
            return s;
    if (m_comm->anyRankDumpsParameters())
        if (Status s = dumpParameters(); !s)
            return s;
    // Nobody tears down the store (rank 0) while others still use it.
    if (Status s = m_comm->barrier(); !s)
        return s;
    m_events.publish(contracts::DoneEvent{step, stopped ? "stopped" : "completed", finiteOrZero(lastLoss),
                                          m_samplesTrained, wall.ms() / 1000.0});
    return {};
}

} // namespace hamgam::engine
