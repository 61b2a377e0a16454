#include "linkforecast.h"

#include "historystore.h"
#include "runestimate.h"
#include "syncforecast.h"
#include "workereventjson.h"

#include <cmath>

using hamgam::contracts::LinkEvent;

namespace {
// What the link's bytes and the machines' speeds depend on; the global batch and the sync mode do not matter.
bool sameLink(const QJsonObject &a, const QJsonObject &b)
{
    for (const char *key : {"strategy", "model", "dataset", "comm"}) {
        if (a.value(QLatin1String(key)) != b.value(QLatin1String(key)))
            return false;
    }
    return RunEstimate::sameMachines(a, b);
}
} // namespace

std::optional<LinkForecast::Measured> LinkForecast::fromHistory(const RunConfig &config,
                                                                const HistoryStore &history)
{
    if (config.nodes.size() < 2)
        return std::nullopt;
    const QJsonObject want = config.toJson();
    const QStringList linkKind{EventKinds::name(EventKind::Link)};
    // Newest first; a run's last link event has the speeds it settled on.
    QList<RunRecord> runs = history.runs();
    std::sort(runs.begin(), runs.end(),
              [](const RunRecord &a, const RunRecord &b) { return a.createdMs > b.createdMs; });
    for (const RunRecord &r : runs) {
        if (!sameLink(want, r.config))
            continue;
        const QList<RunEvent> links = history.events(r.id, linkKind);
        if (links.isEmpty())
            continue;
        const auto measured = WorkerEventJson::read<LinkEvent>(links.last().payload);
        if (!plausible(measured))
            continue;
        LinkEvent link = forecast(measured, config);
        if (link.modes.empty())
            continue;
        return Measured{link, r.id, r.name};
    }
    return std::nullopt;
}

bool LinkForecast::plausible(const LinkEvent &link)
{
    const auto sane = [](double v) { return std::isfinite(v) && v >= 0 && v < 1e15; };
    if (!sane(link.bytesPerS) || !sane(link.exactBytesPerStep) || !sane(link.otherMs) ||
        !sane(link.fastestAloneMs) || link.every < 1 || link.modes.size() > 16 || link.nodes.size() > 4096 ||
        link.nodes.size() != link.nodeSamplesPerS.size())
        return false;
    for (const double s : link.nodeSamplesPerS)
        if (!sane(s))
            return false;
    for (const auto &m : link.modes)
        if (!sane(m.stepMs) || !sane(m.networkShare) || m.every < 1)
            return false;
    return true;
}

const hamgam::contracts::SyncModeForecast *LinkForecast::fastestLocal(const LinkEvent &link)
{
    const hamgam::contracts::SyncModeForecast *best = nullptr;
    for (const auto &m : link.modes)
        if (m.mode == "local" && m.stepMs > 0 && (!best || m.stepMs < best->stepMs))
            best = &m;
    return best;
}

double LinkForecast::fastestStepMs(const LinkEvent &link)
{
    double fastest = 0;
    for (const auto &m : link.modes)
        if (fastest <= 0 || m.stepMs < fastest)
            fastest = m.stepMs;
    return fastest;
}

bool LinkForecast::slowerThanAlone(const LinkEvent &link)
{
    return !link.fastestNode.empty() && link.fastestAloneMs > 0 && fastestStepMs(link) > link.fastestAloneMs;
}

LinkEvent LinkForecast::forecast(const LinkEvent &measured, const RunConfig &config)
{
    hamgam::SyncForecast::Measurement m;
    m.linkBytesPerS = measured.bytesPerS;
    m.exactBytesPerStep = measured.exactBytesPerStep;
    m.otherMs = measured.otherMs;
    m.nodeSamplesPerS = measured.nodeSamplesPerS;
    m.nodeNames = measured.nodes;
    const auto f = hamgam::SyncForecast::forecast(m, config.globalBatch);
    LinkEvent out = measured;
    out.modes.clear();
    if (f.modes.empty() || size_t(f.fastestNode) >= m.nodeNames.size())
        return out;
    for (const auto &mode : f.modes)
        out.modes.push_back({mode.mode, mode.every, mode.stepMs, mode.networkShare});
    out.fastestNode = m.nodeNames[size_t(f.fastestNode)];
    out.fastestAloneMs = f.fastestAloneMs;
    out.chosen = false;
    if (config.sync.automatic()) {
        const auto pick = hamgam::SyncForecast::pickAuto(f, config.sync.every);
        out.mode = pick.mode;
        out.every = pick.every;
        out.chosen = pick.mode == "local";
    } else {
        out.mode = config.sync.local() ? "local" : "exact";
        out.every = config.sync.local() ? config.sync.every : 1;
    }
    return out;
}
