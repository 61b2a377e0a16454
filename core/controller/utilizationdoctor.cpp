#include "utilizationdoctor.h"

#include "datasize.h"
#include "linkforecast.h"

#include <algorithm>
#include <QLocale>

QString UtilizationDoctor::reasonTitle(Reason reason)
{
    switch (reason) {
    case Reason::WaitingOnStragglers:
        return tr("Waiting for slower nodes");
    case Reason::CommunicationBound:
        return tr("Communication-bound");
    case Reason::DataBound:
        return tr("Data loading is the bottleneck");
    case Reason::TooLittleWork:
        return tr("Too little work per step");
    case Reason::MemoryPressure:
        return tr("Memory nearly full");
    case Reason::SharedDevice:
        return tr("Device shared with another process");
    case Reason::AgentSilent:
        return tr("Agent stopped reporting");
    case Reason::SlowerThanAlone:
        return tr("Slower than one machine alone");
    }
    return {};
}

QString UtilizationDoctor::reasonKey(Reason reason)
{
    switch (reason) {
    case Reason::WaitingOnStragglers:
        return QStringLiteral("stragglers");
    case Reason::CommunicationBound:
        return QStringLiteral("communication");
    case Reason::DataBound:
        return QStringLiteral("data");
    case Reason::TooLittleWork:
        return QStringLiteral("small_batch");
    case Reason::MemoryPressure:
        return QStringLiteral("memory");
    case Reason::SharedDevice:
        return QStringLiteral("shared_device");
    case Reason::AgentSilent:
        return QStringLiteral("silent_agent");
    case Reason::SlowerThanAlone:
        return QStringLiteral("slower_than_alone");
    }
    return {};
}

std::optional<UtilizationDoctor::Reason> UtilizationDoctor::reasonFromKey(const QString &key)
{
    for (Reason r :
         {Reason::WaitingOnStragglers, Reason::CommunicationBound, Reason::DataBound, Reason::TooLittleWork,
          Reason::MemoryPressure, Reason::SharedDevice, Reason::AgentSilent, Reason::SlowerThanAlone}) {
        if (reasonKey(r) == key)
            return r;
    }
    return std::nullopt;
}

QList<UtilizationDoctor::Finding> UtilizationDoctor::diagnose(const Input &in)
{
    const QLocale locale;
    auto pct = [&](double fraction) { return locale.toString(100.0 * fraction, 'f', 0); };
    auto ms = [&](double v) { return locale.toString(v, 'f', 1); };
    QList<Finding> out;
    const bool balancing = in.strategy == QLatin1String("hdp") || in.strategy == QLatin1String("lshdp");

    for (const RankMetrics &r : in.ranks) {
        const double step = r.total();
        if (step <= 0)
            continue;
        const double wait = r.waitMs / step;
        const double comm = r.commMs / step;
        const double data = r.dataMs / step;
        if (wait > kWaitShare) {
            Finding f{Reason::WaitingOnStragglers,
                      r.node,
                      r.device,
                      r.rank,
                      tr("waits %1 ms of each %2 ms step (%3 %) for slower nodes")
                          .arg(ms(r.waitMs), ms(step), pct(wait)),
                      {},
                      wait};
            if (balancing)
                f.action = tr("The planner is re-balancing; if the wait stays, shorten the re-plan interval "
                              "or check the slow node "
                              "for throttling or other users.");
            else if (in.predictedGain > 0)
                f.action =
                    tr("Switch to %1: batches that follow each node's speed are predicted to make steps %2 % "
                       "faster.")
                        .arg(in.strategy == QLatin1String("lsdp") || in.strategy == QLatin1String("fsdp")
                                 ? QStringLiteral("lshdp")
                                 : QStringLiteral("hdp"),
                             pct(in.predictedGain));
            else
                f.action = tr("Switch to hdp or lshdp so that each node's batch follows its speed.");
            out.append(f);
        }
        if (comm > kCommShare) {
            Finding f{Reason::CommunicationBound,
                      r.node,
                      r.device,
                      r.rank,
                      tr("spends %1 ms of each %2 ms step (%3 %) exchanging gradients")
                          .arg(ms(r.commMs), ms(step), pct(comm)),
                      {},
                      comm};
            if (in.strategy == QLatin1String("fsdp"))
                f.action = tr("FSDP sends parameters over the network at every layer: lsdp or lshdp keep "
                              "them inside each node.");
            else if (in.localSteps)
                f.action = tr("Meet less often: raise sync.every above %1 (more steps between outer steps, "
                              "fewer exchanges per sample).")
                               .arg(in.localEvery);
            else if (comm > kMostOfTheStep && !in.compressed)
                // Exact gradients cannot win here: the exchange is most of the step (#32).
                f.action =
                    localForecast(in).isEmpty()
                        ? tr("The network takes most of each step: let each machine take steps on its "
                             "own (sync.mode local, an outer step every 16, or sync.mode auto to let "
                             "the measured link decide) or send low-rank gradients (comm.compression "
                             "powersgd). Both are approximate: compare the held-out accuracy with this "
                             "run's.")
                        : tr("The network takes most of each step: %1. Let each machine take steps "
                             "on its own (sync.mode local, or sync.mode auto to let the measured link "
                             "decide) or send low-rank gradients (comm.compression powersgd). Both are "
                             "approximate: compare the held-out accuracy with this run's.")
                              .arg(localForecast(in));
            else if (!in.fp16)
                f.action = tr("Use a larger global batch (fewer exchanges per sample) or turn on fp16 "
                              "gradients to halve the bytes.");
            else
                f.action = tr("Use a larger global batch: fewer gradient exchanges per sample.");
            out.append(f);
        }
        if (data > kDataShare) {
            out.append({Reason::DataBound, r.node, r.device, r.rank,
                        tr("waits %1 ms of each %2 ms step (%3 %) for its next batch")
                            .arg(ms(r.dataMs), ms(step), pct(data)),
                        tr("Put the dataset on a local disk or in memory on this node, or use fewer workers "
                           "per CPU."),
                        data});
        }
    }

    for (const DeviceMetrics &d : in.devices) {
        if (d.silentForMs > kSilentPeriods * qMax<qint64>(1, d.reportPeriodMs)) {
            out.append({Reason::AgentSilent, d.node, -1, -1,
                        tr("no report for %1 s").arg(locale.toString(d.silentForMs / 1000.0, 'f', 0)),
                        tr("Check that the machine is up and its network cable is in; the run fails if its "
                           "workers stop too."),
                        1.0});
            continue;
        }
        if (d.memoryTotal > 0 && double(d.memoryUsed) / double(d.memoryTotal) > kMemoryShare) {
            const double share = double(d.memoryUsed) / double(d.memoryTotal);
            out.append(
                {Reason::MemoryPressure, d.node, d.device, -1,
                 tr("%1 of %2 memory in use (%3 %)")
                     .arg(DataSize::format(d.memoryUsed, 1, locale),
                          DataSize::format(d.memoryTotal, 1, locale), pct(share)),
                 in.strategy == QLatin1String("lsdp") || in.strategy == QLatin1String("lshdp") ||
                         in.strategy == QLatin1String("fsdp")
                     ? tr("Lower this node's batch cap (max_batch) or stream parameters from host memory.")
                     : tr("Use lsdp or lshdp: parameters and optimizer state are sharded inside the node and "
                          "into CPU memory."),
                 share});
        }
        if (d.foreignProcesses > 0) {
            out.append({Reason::SharedDevice, d.node, d.device, -1,
                        tr("%Ln other process(es) use this device", nullptr, d.foreignProcesses),
                        tr("Ask its other users, or leave this device out of the group; the planner gives it "
                           "less work meanwhile."),
                        0.6});
        }
    }

    // Too little work: a small local batch on a device that is idle much of the time.
    for (const RankMetrics &r : in.ranks) {
        if (r.localBatch <= 0 || r.localBatch >= kSmallBatch)
            continue;
        const auto dev = std::find_if(in.devices.cbegin(), in.devices.cend(), [&](const DeviceMetrics &d) {
            return d.node == r.node && d.device == r.device;
        });
        if (dev == in.devices.cend() || dev->utilization >= kLowUtilization ||
            dev->silentForMs > kSilentPeriods * dev->reportPeriodMs)
            continue;
        out.append(
            {Reason::TooLittleWork, r.node, r.device, r.rank,
             tr("a batch of %1 samples keeps the device only %2 % busy")
                 .arg(locale.toString(r.localBatch, 'f', 0), locale.toString(dev->utilization, 'f', 0)),
             tr("Raise the global batch (now %1) so each device gets more samples per step; scale the "
                "learning rate with it.")
                 .arg(locale.toString(in.globalBatch)),
             1.0 - dev->utilization / 100.0});
    }
    slowerThanAlone(in, out);
    std::stable_sort(out.begin(), out.end(),
                     [](const Finding &a, const Finding &b) { return a.severity > b.severity; });
    return out;
}

QString UtilizationDoctor::localForecast(const Input &in)
{
    if (!in.link || in.link->modes.empty())
        return {};
    const auto &exact = in.link->modes.front();
    const hamgam::contracts::SyncModeForecast *best = LinkForecast::fastestLocal(*in.link);
    if (!best || best->stepMs >= exact.stepMs)
        return {};
    const QLocale locale;
    return tr("local steps every %Ln step(s) are predicted %1× faster on the measured link", nullptr,
              int(best->every))
        .arg(locale.toString(exact.stepMs / best->stepMs, 'f', 1));
}

void UtilizationDoctor::slowerThanAlone(const Input &in, QList<Finding> &out)
{
    // Item 5 of #32: no group may be slower than its fastest machine alone.
    if (!in.link || !LinkForecast::plausible(*in.link) || !LinkForecast::slowerThanAlone(*in.link))
        return;
    const QLocale locale;
    const QString node = QString::fromStdString(in.link->fastestNode);
    const auto seconds = [&](double ms) { return locale.toString(ms / 1000.0, 'f', 2); };
    out.append(
        {Reason::SlowerThanAlone, node, -1, -1,
         tr("%1 alone would take %2 s a step; this group takes at least %3 s on its measured link "
            "(%4/s)")
             .arg(node, seconds(in.link->fastestAloneMs), seconds(LinkForecast::fastestStepMs(*in.link)),
                  DataSize::format(qint64(in.link->bytesPerS), 1, locale)),
         tr("Train on %1 alone (take the other machines out of the group), or give the machines a "
            "faster link.")
             .arg(node),
         1.0});
}
