#include "stepcontrol.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hamgam::engine {

StepControl::StepControl(int rank, int worldSize)
    : m_rank(rank)
    , m_world(worldSize)
{}

void StepControl::write(const Local &local, double *c) const
{
    c[m_rank] = local.computeMs;
    c[m_world] = local.stop ? 1.0 : 0.0;
    c[m_world + 1] = local.lossSum;
    c[m_world + 2] = static_cast<double>(local.countedSamples);
    c[m_world + 3 + m_rank] = static_cast<double>(local.memoryCap);
}

Result<StepControl::Agreed> StepControl::read(const double *c, std::int64_t stepBatch) const
{
    Agreed a;
    a.computeSeconds.resize(static_cast<size_t>(m_world));
    for (int r = 0; r < m_world; ++r) {
        a.computeSeconds[static_cast<size_t>(r)] = c[r] / 1000.0;
        a.maxComputeMs = std::max(a.maxComputeMs, c[r]);
    }
    if (static_cast<std::int64_t>(std::llround(c[m_world + 2])) != stepBatch)
        return Result<Agreed>::failure(ErrorKind::Internal,
                                       "the ranks' batches do not add up to the step's global batch");
    a.stop = c[m_world] > 0.5;
    a.loss = c[m_world + 1] / static_cast<double>(stepBatch);
    a.measuredCaps.resize(static_cast<size_t>(m_world));
    for (int r = 0; r < m_world; ++r) {
        const auto cap = static_cast<std::int64_t>(std::llround(c[m_world + 3 + r]));
        if (cap < 0)
            return Result<Agreed>::failure(ErrorKind::Config,
                                           "rank " + std::to_string(r) +
                                               ": not even one sample fits the device's memory "
                                               "beside the parameters and optimizer state");
        a.measuredCaps[static_cast<size_t>(r)] = cap;
        a.capsMeasured = a.capsMeasured || cap > 0;
    }
    return a;
}

} // namespace hamgam::engine
