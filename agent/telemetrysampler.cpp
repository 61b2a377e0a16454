#include "telemetrysampler.h"

#include <QDateTime>

TelemetrySampler::TelemetrySampler(std::unique_ptr<DeviceProbe> probe, double hz, QObject *parent)
    : QObject(parent)
    , m_probe(std::move(probe))
    , m_hz(qBound(0.1, hz, 10.0))
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(int(1000.0 / m_hz));
    connect(&m_timer, &QTimer::timeout, this, &TelemetrySampler::sampleNow);
}

void TelemetrySampler::setActive(bool active)
{
    if (active == m_timer.isActive())
        return;
    if (active)
        m_timer.start();
    else
        m_timer.stop();
}

TelemetrySnapshot TelemetrySampler::sampleNow()
{
    m_latest.timeMs = QDateTime::currentMSecsSinceEpoch();
    m_latest.host = m_probe->sampleHost();
    m_latest.devices = m_probe->sampleDevices();
    Q_EMIT sampled(m_latest);
    return m_latest;
}
