#include "liverundata.h"

#include "eventtext.h"
#include "jsonnumber.h"
#include "linkforecast.h"
#include "workereventjson.h"

#include <algorithm>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

LiveRunData::LiveRunData(int windowSeconds, double hz, int runPoints)
    : m_windowPoints(qMax(16, int(windowSeconds * hz)))
    , m_runPoints(runPoints)
    , m_loss(runPoints, RingSeries::Mode::Decimate)
    , m_lossTime(runPoints, RingSeries::Mode::Decimate)
    , m_eval(runPoints, RingSeries::Mode::Decimate)
    , m_evalTime(runPoints, RingSeries::Mode::Decimate)
    , m_throughput(runPoints, RingSeries::Mode::Decimate)
{}

void LiveRunData::reset(const RunConfig &config, const QList<NodeInfo> &nodes)
{
    m_config = config;
    m_nodes = nodes;
    m_slots.clear();
    m_nodeIndex.clear();
    m_rankSplit.clear();
    m_ready.clear();
    m_launched = false;
    m_plan.clear();
    m_replans.clear();
    m_loss.clear();
    m_lossTime.clear();
    m_eval.clear();
    m_evalTime.clear();
    m_evalMetric.clear(); // a run without evaluation names no metric
    m_throughput.clear();
    m_log.clear();
    m_startMs = m_lastStepMs = m_firstStepMs = 0;
    m_step = m_firstStep = 0;
    m_totalSteps = config.steps;
    m_predictedGain = -1;
    m_link.reset();
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        m_nodeIndex.insert(nodes[n].key, int(n));
        for (qsizetype d = 0; d < nodes[n].devices.size(); ++d) {
            DeviceSlot s;
            s.node = int(n);
            s.rank = nodes[n].firstRank + int(d);
            s.device = nodes[n].devices[d];
            s.label = nodes[n].devices.size() > 1
                          ? tr("%1 #%2").arg(nodes[n].name, QLocale().toString(s.device))
                          : nodes[n].name;
            s.utilization = RingSeries(m_windowPoints);
            s.memory = RingSeries(m_windowPoints);
            m_slots.append(s);
        }
    }
    for (int p = 0; p < int(Part::Count); ++p)
        touch(Part(p));
}

double LiveRunData::seconds(qint64 ms)
{
    if (m_startMs == 0)
        m_startMs = ms;
    return (ms - m_startMs) / 1000.0;
}

int LiveRunData::nodeOfRank(int rank) const
{
    for (qsizetype n = 0; n < m_nodes.size(); ++n) {
        if (rank >= m_nodes[n].firstRank && rank < m_nodes[n].firstRank + m_nodes[n].devices.size())
            return int(n);
    }
    return -1;
}

void LiveRunData::log(qint64 timeMs, EventText::Level level, std::function<QString()> text)
{
    m_log.push_back({timeMs, level, std::move(text)});
    while (m_log.size() > kLogCapacity)
        m_log.pop_front();
    touch(Part::Log);
}

void LiveRunData::addEvent(const RunEvent &e)
{
    const QJsonObject &p = e.payload;
    const EventKind kind = e.kind.value();
    // A worker's event names its rank; the agent's, its node.
    QString who = e.rank >= 0 ? QString() : e.source;
    if (const int n = e.rank >= 0 ? nodeOfRank(e.rank) : m_nodeIndex.value(e.source, -1); n >= 0)
        who = m_nodes[n].name;
    const auto logIt = [this, &e, &who, kind] {
        // A plan names each node's batch, as History and `hamgamctl show` do.
        EventText::PlanNodes nodes;
        if (kind == EventKind::Plan || kind == EventKind::Rebalance)
            for (const NodeInfo &n : m_nodes)
                nodes.append({n.name, int(n.devices.size())});
        log(e.timeMs, EventText::level(e), [e, who, nodes]() -> QString {
            return EventText::line(e, who, EventText::Shown::Widget, QLocale(), nodes);
        });
    };
    switch (kind) {
    case EventKind::Step: {
        std::deque<StepSplit> &window = m_rankSplit[e.rank];
        window.emplace_back();
        if (window.size() > kSplitWindow)
            window.pop_front();
        const auto event = WorkerEventJson::read<hamgam::contracts::StepEvent>(p);
        StepSplit &s = window.back();
        static_cast<hamgam::contracts::StepTimes &>(s) = event.times;
        s.localBatch = double(event.localBatch);
        const qint64 step = event.step;
        if (step > m_step) {
            // The first rank to report a step adds the run-wide points (loss and throughput are global).
            if (m_firstStep == 0) {
                m_firstStep = step;
                m_firstStepMs = e.timeMs;
            }
            m_step = step;
            m_lastStepMs = e.timeMs;
            const double t = seconds(e.timeMs);
            if (event.loss) {
                m_loss.append(double(step), *event.loss);
                m_lossTime.append(t, *event.loss);
            }
            m_throughput.append(double(step), event.samplesPerS);
        }
        touch(Part::Steps);
        return;
    }
    case EventKind::Plan:
    case EventKind::Rebalance: {
        const WorkerEventJson::PlanChange change = WorkerEventJson::planChange(e);
        if (change.batches.empty())
            return;
        PlanPoint point;
        point.step = double(change.step);
        point.perNode.fill(0, m_nodes.size());
        for (size_t r = 0; r < change.batches.size(); ++r) {
            const int n = nodeOfRank(int(r));
            if (n >= 0)
                point.perNode[n] += double(change.batches[r]);
        }
        if (!m_plan.isEmpty() && m_plan.last().perNode == point.perNode)
            return; // every rank reports the same plan
        if (!m_plan.isEmpty() && m_plan.last().step == point.step)
            m_plan.last() = point;
        else
            m_plan.append(point);
        if (m_plan.size() > m_runPoints)
            m_plan.removeFirst();
        if (kind == EventKind::Rebalance) {
            m_replans.append(point.step);
            m_predictedGain = change.predictedGain.value_or(-1);
            logIt();
        }
        touch(Part::Plan);
        return;
    }
    case EventKind::Eval: {
        // The metric is named after what the event reports (docs/worker-events.md):
        // accuracy for classifiers, perplexity for text models, else the held-out loss.
        const auto eval = WorkerEventJson::read<hamgam::contracts::EvalEvent>(p);
        const auto metric = eval.headline();
        if (!metric)
            return;
        m_evalMetric = QLatin1String(metric->key);
        const double v = metric->value;
        if (!m_eval.isEmpty() && m_eval.lastX() == double(eval.step))
            return; // every rank reports the same evaluation
        m_eval.append(double(eval.step), v);
        m_evalTime.append(seconds(e.timeMs), v);
        logIt();
        touch(Part::Steps);
        return;
    }
    case EventKind::Ready:
        if (const auto ready = WorkerEventJson::read<hamgam::contracts::ReadyEvent>(p); ready.steps > 0)
            m_totalSteps = ready.steps;
        if (e.rank >= 0)
            m_ready.insert(e.rank);
        touch(Part::Steps);
        return;
    case EventKind::Error:
    case EventKind::State:
        logIt();
        return;
    case EventKind::Link: { // rank 0's measured link and forecast, for the doctor
        // Only rank 0 writes one; its fastest machine must be one of this run's, by name.
        auto link = WorkerEventJson::read<hamgam::contracts::LinkEvent>(p);
        const QString fastest = QString::fromStdString(link.fastestNode);
        // The worker names a machine as the config does (its name, else its agent).
        const bool known = std::any_of(m_config.nodes.cbegin(), m_config.nodes.cend(), [&](const auto &n) {
            return (n.name.isEmpty() ? n.agent : n.name) == fastest;
        });
        if (e.rank == 0 && known && LinkForecast::plausible(link)) {
            m_link = std::move(link);
            logIt();
        }
        return;
    }
    case EventKind::Checkpoint:
    case EventKind::Model:
    case EventKind::Done:
        // Every rank reports them (a model, rank 0 alone): the first rank's is the run's.
        if (e.rank <= 0)
            logIt();
        return;
    case EventKind::WorkerExit:
        if (EventText::level(e) == EventText::Level::Error)
            logIt(); // a normal end says nothing the state does not
        return;
    case EventKind::Launch:
        m_launched = true;
        touch(Part::Steps);
        return;
    case EventKind::Log:
    case EventKind::Elastic:
    case EventKind::StopRequested:
    case EventKind::AbortRequested:
    case EventKind::Finished:
    case EventKind::Diagnosis:
    case EventKind::Warning:
    case EventKind::Unknown:
        return;
    }
}

void LiveRunData::addTelemetry(const QString &nodeKey, const TelemetrySnapshot &snapshot)
{
    const int n = m_nodeIndex.value(nodeKey, -1);
    if (n < 0 || snapshot.devices.isEmpty())
        return;
    const double t = seconds(snapshot.timeMs);
    for (DeviceSlot &s : m_slots) {
        if (s.node != n)
            continue;
        // CPU nodes run several workers on one reported device: they share its reading.
        const DeviceSample &d = snapshot.devices[qBound(0, s.device, int(snapshot.devices.size()) - 1)];
        s.utilization.append(t, d.utilization);
        s.memory.append(t, d.memoryTotal > 0 ? 100.0 * double(d.memoryUsed) / double(d.memoryTotal) : 0);
        s.lastUtilization = d.utilization;
        s.memoryUsed = d.memoryUsed;
        s.memoryTotal = d.memoryTotal;
        s.lastReportMs = snapshot.timeMs;
        int foreign = 0;
        for (const DeviceProcess &proc : d.processes) {
            // A display server's graphics context shares little: computing processes do.
            if (proc.type != DeviceProcess::Type::Graphics &&
                !proc.name.startsWith(QLatin1String("hamgam-worker")))
                ++foreign;
        }
        s.foreignProcesses = foreign;
    }
    touch(Part::Devices);
}

LiveRunData::StepSplit LiveRunData::rankSplit(int rank) const
{
    StepSplit mean;
    const auto it = m_rankSplit.constFind(rank);
    if (it == m_rankSplit.cend() || it->empty())
        return mean;
    for (const StepSplit &s : *it)
        mean += s;
    const double n = double(it->size());
    mean.divideTimes(n);
    mean.localBatch /= n;
    return mean;
}

int LiveRunData::splitWindowSteps() const
{
    int most = 0;
    for (const std::deque<StepSplit> &w : m_rankSplit)
        most = qMax(most, int(w.size()));
    return most;
}

LiveRunData::Phase LiveRunData::phase() const
{
    if (m_step > 0) {
        // Speed-following strategies measure the devices over their first steps before planning.
        const bool plans = m_config.strategy != QLatin1String("dp") &&
                           m_config.strategy != QLatin1String("lsdp") &&
                           m_config.strategy != QLatin1String("fsdp");
        return plans && m_step <= m_config.planner.profileSteps && m_replans.isEmpty() ? Phase::Profiling
                                                                                       : Phase::Training;
    }
    if (!m_ready.isEmpty())
        return int(m_ready.size()) >= qMax(1, worldSize()) ? Phase::FirstStep : Phase::LoadingData;
    if (m_launched)
        return Phase::StartingWorkers;
    return m_nodes.isEmpty() ? Phase::NoRun : Phase::StartingWorkers;
}

LiveRunData::StepSplit LiveRunData::nodeSplit(int node) const
{
    StepSplit sum;
    if (node < 0 || node >= m_nodes.size())
        return sum;
    int count = 0;
    for (qsizetype d = 0; d < m_nodes[node].devices.size(); ++d) {
        if (!m_rankSplit.contains(m_nodes[node].firstRank + int(d)))
            continue;
        sum += rankSplit(m_nodes[node].firstRank + int(d));
        ++count;
    }
    if (count > 0)
        sum.divideTimes(count); // the devices' mean times, their summed batch
    return sum;
}

double LiveRunData::elapsedSeconds() const
{
    return m_startMs > 0 && m_lastStepMs > 0 ? (m_lastStepMs - m_startMs) / 1000.0 : 0;
}

double LiveRunData::etaSeconds() const
{
    if (m_totalSteps <= 0 || m_step <= m_firstStep || m_lastStepMs <= m_firstStepMs)
        return -1;
    const double perStep = double(m_lastStepMs - m_firstStepMs) / 1000.0 / double(m_step - m_firstStep);
    return qMax<qint64>(0, m_totalSteps - m_step) * perStep;
}

QList<UtilizationDoctor::Finding> LiveRunData::diagnose(qint64 nowMs) const
{
    UtilizationDoctor::Input in;
    in.strategy = m_config.strategy;
    in.globalBatch = m_config.globalBatch;
    in.fp16 = m_config.comm.halfPrecision();
    // sync.mode auto takes local steps from the link event that chose them.
    const bool autoLocal = m_link && m_link->mode == "local";
    in.localSteps = m_config.sync.local() || autoLocal;
    in.localEvery = autoLocal ? int(m_link->every) : m_config.sync.every;
    in.link = m_link;
    in.compressed = m_config.comm.compression != QLatin1String("none");
    in.predictedGain = m_predictedGain;
    // The same window as the step-split plot: each rank's mean over its last kSplitWindow steps.
    for (auto it = m_rankSplit.cbegin(); it != m_rankSplit.cend(); ++it) {
        const int n = nodeOfRank(it.key());
        if (n < 0)
            continue;
        const int device = m_nodes[n].devices.value(it.key() - m_nodes[n].firstRank);
        const StepSplit s = rankSplit(it.key());
        UtilizationDoctor::RankMetrics r;
        static_cast<hamgam::contracts::StepTimes &>(r) = s;
        r.rank = it.key();
        r.node = m_nodes[n].name;
        r.device = device;
        r.localBatch = s.localBatch;
        in.ranks.append(r);
    }
    for (const DeviceSlot &s : m_slots) {
        if (s.lastReportMs == 0)
            continue;
        in.devices.append({m_nodes[s.node].name, s.device, s.lastUtilization, s.memoryUsed, s.memoryTotal,
                           s.foreignProcesses, nowMs - s.lastReportMs, 1000});
    }
    return UtilizationDoctor::diagnose(in);
}

qint64 LiveRunData::storedPoints() const
{
    qint64 n = m_loss.size() + m_lossTime.size() + m_eval.size() + m_evalTime.size() + m_throughput.size() +
               qint64(m_log.size());
    for (const DeviceSlot &s : m_slots)
        n += s.utilization.size() + s.memory.size();
    for (const PlanPoint &p : m_plan)
        n += p.perNode.size();
    return n;
}
