#pragma once

#include <QtGlobal>

/// How long a running run has left, from its own steps (issue #29, item 12):
/// a queued run's estimated start is the holder's end, and a holder that
/// said nothing of its length was assumed to run an hour even when it was
/// seconds from its last step. Fed the workers' `ready` (total steps, first
/// step after a resume) and `step` events (step count, the worker's clock);
/// several ranks on one node report the same step, the furthest one counts.
class RunPace
{
public:
    void onReady(qint64 totalSteps, qint64 startStep);
    void onStep(qint64 step, qint64 timeMs);

    /// Milliseconds left after the last step seen, at the pace since the
    /// first one seen; -1 while unknown (no total yet, or under two steps).
    qint64 remainingMs() const;

    /// The longest a pace ever says (30 days): a stalled first step must not
    /// overflow the lab's arithmetic (issue #29, item 6).
    static constexpr qint64 kLongestMs = 30LL * 24 * 3600 * 1000;

private:
    qint64 m_totalSteps = 0;
    qint64 m_firstStep = -1;
    qint64 m_firstMs = 0;
    qint64 m_lastStep = -1;
    qint64 m_lastMs = 0;
};
