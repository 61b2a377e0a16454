#include "linkmeter.h"

#include <algorithm>

namespace hamgam::engine {

void LinkMeter::restart(std::int64_t step)
{
    m_sums.fill(0.0);
    m_from = step + 1;
    m_measuring = true;
}

bool LinkMeter::add(std::int64_t step, double commMs, std::int64_t bytesAcrossNodes, double otherMs,
                    bool outerStep, bool localRounds)
{
    if (!m_measuring || step < m_from)
        return false;
    m_sums[CommMs] += commMs;
    m_sums[Bytes] += static_cast<double>(bytesAcrossNodes);
    m_sums[OtherMs] += otherMs;
    m_sums[Steps] += 1;
    m_sums[OuterSteps] += outerStep ? 1 : 0;
    const bool complete =
        m_sums[Steps] >= static_cast<double>(kWindow) && (!localRounds || m_sums[OuterSteps] > 0);
    if (complete) {
        m_measuring = false;
        m_measuredOnce = true;
    }
    return complete;
}

SyncForecast::Measurement LinkMeter::measurement(const Sums &allRanks, bool localRounds,
                                                 const std::vector<double> &secondsPerSample,
                                                 const std::vector<int> &nodeOfRank,
                                                 const std::vector<std::string> &nodeNames)
{
    SyncForecast::Measurement m;
    const double ranks = static_cast<double>(nodeOfRank.size());
    const double nodes = static_cast<double>(nodeNames.size());
    // Every rank counted the same steps: the sum is ranks × the window.
    const double steps = ranks > 0 ? allRanks[Steps] / ranks : 0.0;
    const double outerSteps = ranks > 0 ? allRanks[OuterSteps] / ranks : 0.0;
    if (steps <= 0 || nodes < 1)
        return m;
    // A machine's bytes per step, and its ranks' mean communication time per step.
    const double nodeBytesPerStep = allRanks[Bytes] / nodes / steps;
    const double commMsPerStep = allRanks[CommMs] / ranks / steps;
    if (commMsPerStep > 0)
        m.linkBytesPerS = nodeBytesPerStep / (commMsPerStep / 1000.0);
    // An outer step sends what one exact step does; with local steps only outer steps send.
    m.exactBytesPerStep =
        localRounds ? (outerSteps > 0 ? allRanks[Bytes] / nodes / outerSteps : 0.0) : nodeBytesPerStep;
    m.otherMs = allRanks[OtherMs] / ranks / steps;
    m.nodeNames = nodeNames;
    m.nodeSamplesPerS.assign(nodeNames.size(), 0.0);
    for (size_t r = 0; r < nodeOfRank.size() && r < secondsPerSample.size(); ++r) {
        const int node = nodeOfRank[r];
        if (node < 0 || static_cast<size_t>(node) >= nodeNames.size())
            continue;
        // A rank not measured (no samples yet) adds nothing; a machine with none measured stays at 0,
        // which makes the measurement unusable until its speed is known.
        if (secondsPerSample[r] > 0)
            m.nodeSamplesPerS[size_t(node)] += 1.0 / secondsPerSample[r];
    }
    return m;
}

contracts::LinkEvent LinkMeter::event(std::int64_t step, const SyncForecast::Measurement &measured,
                                      const SyncForecast::Forecast &forecast, std::int64_t localEvery,
                                      bool chosen)
{
    contracts::LinkEvent link;
    link.step = step;
    link.bytesPerS = measured.linkBytesPerS;
    link.exactBytesPerStep = measured.exactBytesPerStep;
    link.otherMs = measured.otherMs;
    link.nodeSamplesPerS = measured.nodeSamplesPerS;
    link.nodes = measured.nodeNames;
    for (const auto &m : forecast.modes)
        link.modes.push_back({m.mode, m.every, m.stepMs, m.networkShare});
    if (forecast.fastestNode >= 0 && static_cast<size_t>(forecast.fastestNode) < measured.nodeNames.size())
        link.fastestNode = measured.nodeNames[static_cast<size_t>(forecast.fastestNode)];
    link.fastestAloneMs = forecast.fastestAloneMs;
    link.mode = localEvery > 0 ? "local" : "exact";
    link.every = localEvery > 0 ? localEvery : 1;
    link.chosen = chosen;
    return link;
}

} // namespace hamgam::engine
