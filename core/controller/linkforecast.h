#pragma once

#include "runconfig.h"
#include "workerevents.h"

#include <optional>
#include <QString>

class HistoryStore;

/// A run's link forecast before it starts (issue #32, items 4 and 5): the
/// newest link event the history holds for a run on the same machines with
/// the same strategy, model, dataset and wire (any global batch or sync
/// mode), forecast again for this config's global batch and sync mode by the
/// worker's own forecast (agent/planner/syncforecast). `hamgamctl check` and
/// the run form say it with EventText::linkForecast.
namespace LinkForecast {

struct Measured
{
    hamgam::contracts::LinkEvent link; ///< forecast for the config asked about
    QString runId;                     ///< the run whose link event it comes from
    QString runName;
};

/// From the newest matching run in `history`; nothing where no run measured these machines' link yet.
std::optional<Measured> fromHistory(const RunConfig &config, const HistoryStore &history);

/// Whether a link event from a worker or the history is whole and sane: finite, non-negative
/// figures, every round ≥ 1, as many names as speeds, and bounded lists. Readers drop any other.
bool plausible(const hamgam::contracts::LinkEvent &link);

/// The fastest local round of a link event's forecast, or nothing when it has none.
const hamgam::contracts::SyncModeForecast *fastestLocal(const hamgam::contracts::LinkEvent &link);
/// The predicted step of the fastest mode; 0 without a forecast.
double fastestStepMs(const hamgam::contracts::LinkEvent &link);
/// Item 5: even the fastest mode is slower than the fastest machine alone.
bool slowerThanAlone(const hamgam::contracts::LinkEvent &link);

/// `measured` forecast again for `config`: its global batch, and what its sync.mode would run
/// (auto: what it would choose, marked chosen).
hamgam::contracts::LinkEvent forecast(const hamgam::contracts::LinkEvent &measured, const RunConfig &config);

} // namespace LinkForecast
