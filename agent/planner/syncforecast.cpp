#include "syncforecast.h"

#include <algorithm>
#include <cmath>

namespace hamgam::SyncForecast {

bool Measurement::usable() const
{
    if (!(linkBytesPerS > 0) || !(exactBytesPerStep > 0) || !(otherMs >= 0) || nodeSamplesPerS.size() < 2 ||
        !std::isfinite(linkBytesPerS) || !std::isfinite(exactBytesPerStep) || !std::isfinite(otherMs) ||
        nodeNames.size() != nodeSamplesPerS.size())
        return false;
    return std::all_of(nodeSamplesPerS.begin(), nodeSamplesPerS.end(),
                       [](double s) { return s > 0 && std::isfinite(s); });
}

bool Forecast::slowerThanAlone() const
{
    return fastestNode >= 0 && !modes.empty() && modes[fastest].stepMs > fastestAloneMs;
}

double Forecast::speedup(const Mode &m) const
{
    return m.stepMs > 0 ? exact().stepMs / m.stepMs : 0.0;
}

const std::vector<std::int64_t> &shownRounds()
{
    static const std::vector<std::int64_t> rounds{4, 16, 64};
    return rounds;
}

Forecast forecast(const Measurement &m, std::int64_t globalBatch, const std::vector<std::int64_t> &rounds)
{
    Forecast f;
    if (!m.usable() || globalBatch <= 0)
        return f;
    double total = 0;
    for (size_t i = 0; i < m.nodeSamplesPerS.size(); ++i) {
        total += m.nodeSamplesPerS[i];
        if (f.fastestNode < 0 || m.nodeSamplesPerS[i] > m.nodeSamplesPerS[size_t(f.fastestNode)])
            f.fastestNode = static_cast<int>(i);
    }
    const double batch = static_cast<double>(globalBatch);
    // Speed-proportional batches: every node computes for the same time.
    const double computeMs = 1000.0 * batch / total;
    const double exactNetworkMs = 1000.0 * m.exactBytesPerStep / m.linkBytesPerS;
    auto mode = [&](const char *name, std::int64_t every) {
        Mode md;
        md.mode = name;
        md.every = every;
        const double network = exactNetworkMs / static_cast<double>(every);
        md.stepMs = computeMs + m.otherMs + network;
        md.networkShare = md.stepMs > 0 ? network / md.stepMs : 0.0;
        return md;
    };
    f.modes.push_back(mode("exact", 1));
    std::vector<std::int64_t> sorted = rounds;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (std::int64_t h : sorted)
        if (h >= 1)
            f.modes.push_back(mode("local", h));
    for (size_t i = 1; i < f.modes.size(); ++i)
        if (f.modes[i].stepMs < f.modes[f.fastest].stepMs)
            f.fastest = i;
    f.fastestAloneMs = 1000.0 * batch / m.nodeSamplesPerS[size_t(f.fastestNode)] + m.otherMs;
    return f;
}

Mode pickAuto(const Forecast &f, std::int64_t longestRound)
{
    if (f.modes.empty())
        return Mode{"exact", 1, 0, 0};
    const Mode &exact = f.exact();
    const Mode *best = &exact;
    for (const Mode &m : f.modes)
        if (m.mode == "local" && m.every <= longestRound && m.stepMs < best->stepMs)
            best = &m;
    if (best != &exact && f.speedup(*best) < kAutoMinimumGain)
        return exact;
    return *best;
}

} // namespace hamgam::SyncForecast
