#pragma once

#include <QDateTime>
#include <QtGlobal>

/// The agent's clock for everything about the shared lab (leases, reservations,
/// the queue, usage): a seam, so tests and the queue benchmark move time by hand
/// and nothing in agent/lab/ reads the system clock behind their back.
class LabClock
{
public:
    virtual ~LabClock() = default;
    /// Milliseconds since the epoch, UTC.
    virtual qint64 nowMs() const = 0;
};

/// The real clock.
class SystemLabClock final : public LabClock
{
public:
    qint64 nowMs() const override { return QDateTime::currentMSecsSinceEpoch(); }
};

/// A clock that moves only when told: tests and the benchmark.
class ManualLabClock final : public LabClock
{
public:
    explicit ManualLabClock(qint64 startMs = 0)
        : m_nowMs(startMs)
    {}
    qint64 nowMs() const override { return m_nowMs; }
    void set(qint64 ms) { m_nowMs = ms; }
    void advance(qint64 ms) { m_nowMs += ms; }

private:
    qint64 m_nowMs;
};
