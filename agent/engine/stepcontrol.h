#pragma once

#include "result.h"

#include <cstdint>
#include <vector>

namespace hamgam::engine {

/// The one small all-reduce that ends every step (docs/engine.md, "Planner"):
/// each rank writes its compute time and measured memory cap into its own
/// slots and adds the stop flag, its loss sum and the samples it accounts
/// for; the sum over ranks is what they all agree on, 2W + 3 doubles. No
/// coordinator: every rank reads the same record and so decides the same
/// (stop, the planner's measurements, the memory caps).
class StepControl final
{
public:
    /// What this rank contributes.
    struct Local
    {
        double computeMs = 0;
        bool stop = false; ///< a stop was requested on this rank
        double lossSum = 0;
        std::int64_t countedSamples = 0;
        std::int64_t memoryCap = 0; ///< measured this step (MemoryProbe), 0 when not
    };
    /// What the ranks agree on.
    struct Agreed
    {
        std::vector<double> computeSeconds; ///< by rank, for the planner
        double maxComputeMs = 0;            ///< the slowest rank's: the others waited for it
        bool stop = false;                  ///< some rank was asked to stop
        double loss = 0;                    ///< mean over the step's global batch
        std::vector<std::int64_t> measuredCaps;
        bool capsMeasured = false; ///< some rank measured its cap this step
    };

    StepControl(int rank, int worldSize);

    /// Doubles in the record.
    int size() const { return 2 * m_world + 3; }
    /// This rank's entries, into a zeroed record of size() doubles.
    void write(const Local &local, double *record) const;
    /// The summed record. An internal error when the ranks' samples do not add
    /// up to the step's batch; a config error when a rank cannot fit one sample.
    Result<Agreed> read(const double *record, std::int64_t stepBatch) const;

private:
    int m_rank;
    int m_world;
};

} // namespace hamgam::engine
