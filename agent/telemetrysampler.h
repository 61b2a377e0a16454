#pragma once

#include "deviceprobe.h"

#include <memory>
#include <QObject>
#include <QTimer>

/// Samples the device probe at the telemetry rate while someone listens, and
/// keeps the latest snapshot for on-demand readers (pre-flight, host info).
class TelemetrySampler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TelemetrySampler)

public:
    TelemetrySampler(std::unique_ptr<DeviceProbe> probe, double hz, QObject *parent = nullptr);

    void setActive(bool active);
    bool isActive() const { return m_timer.isActive(); }
    double rateHz() const { return m_hz; }
    /// Samples now and returns the snapshot (also emitted).
    TelemetrySnapshot sampleNow();
    const TelemetrySnapshot &latest() const { return m_latest; }

Q_SIGNALS:
    void sampled(const TelemetrySnapshot &snapshot);

private:
    std::unique_ptr<DeviceProbe> m_probe;
    QTimer m_timer;
    double m_hz;
    TelemetrySnapshot m_latest;
};
