#pragma once

#include "liverundata.h"
#include "telemetry.h"

#include <cmath>
#include <QJsonArray>

/// A made-up run of nodes x gpus that advances in 100 ms ticks: telemetry for
/// every device each tick and one step per tick (every rank reports it), with
/// slow nodes waiting less than fast ones, and a re-plan now and then. Used by
/// the live-view tests and the ui_live benchmark.
class SyntheticRun
{
public:
    SyntheticRun(int nodes, int gpus)
        : m_nodes(nodes)
        , m_gpus(gpus)
    {
        m_config.name = QStringLiteral("synthetic");
        m_config.strategy = QStringLiteral("lshdp");
        m_config.globalBatch = nodes * gpus * 32;
        m_config.steps = 100000;
        for (int n = 0; n < nodes; ++n) {
            RunConfig::Node node;
            node.agent = QStringLiteral("agent-%1").arg(n);
            node.name = QStringLiteral("node%1").arg(n, 2, 10, QLatin1Char('0'));
            node.devices.clear();
            for (int g = 0; g < gpus; ++g)
                node.devices.append(g);
            m_config.nodes.append(node);
            m_info.append({node.agent, node.name, n * gpus, node.devices});
        }
    }

    const RunConfig &config() const { return m_config; }
    const QList<LiveRunData::NodeInfo> &nodes() const { return m_info; }

    /// Feeds one 100 ms tick into the data.
    void tick(LiveRunData &data)
    {
        const qint64 t = m_t0 + m_tick * 100;
        for (int n = 0; n < m_nodes; ++n) {
            TelemetrySnapshot s;
            s.timeMs = t;
            for (int g = 0; g < m_gpus; ++g) {
                DeviceSample d;
                d.index = g;
                d.kind = DeviceSample::Kind::Gpu;
                d.name = QStringLiteral("GPU %1").arg(g);
                d.utilization = 50 + 45 * std::sin(0.05 * m_tick + n + g * 0.3);
                d.memoryTotal = 24LL << 30;
                d.memoryUsed = qint64((0.4 + 0.1 * (n % 5)) * double(d.memoryTotal));
                s.devices.append(d);
            }
            data.addTelemetry(m_info[n].key, s);
        }
        ++m_step;
        for (int r = 0; r < m_nodes * m_gpus; ++r) {
            RunEvent e;
            e.runId = QStringLiteral("synthetic");
            e.source = m_info[r / m_gpus].key;
            e.seq = ++m_seq;
            e.timeMs = t;
            e.kind = QStringLiteral("step");
            e.rank = r;
            const double slow = 1.0 + (r / m_gpus) % 3 * 0.5;
            e.payload = QJsonObject{{QStringLiteral("step"), double(m_step)},
                                    {QStringLiteral("loss"), 2.3 * std::exp(-m_step / 500.0) + 0.1},
                                    {QStringLiteral("local_batch"), 32},
                                    {QStringLiteral("data_ms"), 0.5},
                                    {QStringLiteral("compute_ms"), 40 * slow},
                                    {QStringLiteral("wait_ms"), 40 * (2.0 - slow)},
                                    {QStringLiteral("comm_ms"), 12.0},
                                    {QStringLiteral("optimizer_ms"), 3.0},
                                    {QStringLiteral("samples_per_s"), 30000.0}};
            data.addEvent(e);
        }
        if (m_tick % 50 == 0) {
            RunEvent plan;
            plan.runId = QStringLiteral("synthetic");
            plan.source = m_info.first().key;
            plan.seq = ++m_seq;
            plan.timeMs = t;
            plan.kind = m_tick == 0 ? QStringLiteral("plan") : QStringLiteral("rebalance");
            plan.rank = 0;
            QJsonArray batches;
            for (int r = 0; r < m_nodes * m_gpus; ++r)
                batches.append(24 + (r + m_tick / 50) % 17);
            plan.payload =
                QJsonObject{{QStringLiteral("step"), double(m_step)},
                            {m_tick == 0 ? QStringLiteral("batches") : QStringLiteral("new"), batches},
                            {QStringLiteral("reason"), QStringLiteral("speed changed")},
                            {QStringLiteral("predicted_gain"), 0.12}};
            data.addEvent(plan);
        }
        ++m_tick;
    }
    qint64 ticks() const { return m_tick; }

private:
    int m_nodes;
    int m_gpus;
    RunConfig m_config;
    QList<LiveRunData::NodeInfo> m_info;
    qint64 m_t0 = 1764500000000;
    qint64 m_tick = 0;
    qint64 m_step = 0;
    qint64 m_seq = 0;
};
