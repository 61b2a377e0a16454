#include "utilizationhistory.h"

#include "jsonnumber.h"
#include "labclock.h"

#include <algorithm>
#include <QJsonArray>

namespace {
constexpr int kFileVersion = 1;
constexpr int kMaxDevice = 1023;

qint64 floorDiv(qint64 a, qint64 b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

int slotOf(qint64 index, int count)
{
    return int(((index % count) + count) % count);
}
} // namespace

UtilizationHistory::UtilizationHistory(QString path, const LabClock &clock)
    : m_path(std::move(path))
    , m_clock(clock)
{}

QList<UtilizationHistory::Bucket> &UtilizationHistory::ring(Rings &rings, Range range)
{
    return range == Range::Day ? rings.day : rings.week;
}

void UtilizationHistory::add(int device, qint64 timeMs, double utilization, qint64 memoryUsed)
{
    if (device < 0 || device > kMaxDevice || timeMs < 0 || utilization != utilization)
        return;
    utilization = std::clamp(utilization, 0.0, 100.0);
    Rings &rings = m_devices[device];
    addTo(rings.day, Range::Day, timeMs, utilization, std::max<qint64>(0, memoryUsed));
    addTo(rings.week, Range::Week, timeMs, utilization, std::max<qint64>(0, memoryUsed));
}

void UtilizationHistory::addTo(QList<Bucket> &ring, Range range, qint64 timeMs, double utilization,
                               qint64 memoryUsed)
{
    if (ring.isEmpty())
        ring.resize(bucketCount(range));
    const qint64 index = floorDiv(timeMs, bucketMs(range));
    Bucket &b = ring[slotOf(index, bucketCount(range))];
    if (b.index > index)
        return; // the ring has moved past this sample's bucket
    if (b.index < index)
        b = Bucket{index, 0, 0, 0};
    b.utilizationSum += utilization;
    ++b.samples;
    b.memoryMax = std::max(b.memoryMax, memoryUsed);
}

QList<UtilizationHistory::Point> UtilizationHistory::series(int device, Range range) const
{
    const qint64 width = bucketMs(range);
    const int count = bucketCount(range);
    const qint64 last = floorDiv(m_clock.nowMs(), width);
    const auto rings = m_devices.constFind(device);
    QList<Point> points;
    points.reserve(count);
    for (qint64 index = last - count + 1; index <= last; ++index) {
        Point p;
        p.startMs = index * width;
        if (rings != m_devices.cend()) {
            const QList<Bucket> &buckets = range == Range::Day ? rings->day : rings->week;
            if (!buckets.isEmpty()) {
                // A slot that holds another bucket's index is a gap (or stale), never shown as this one.
                const Bucket &b = buckets.at(slotOf(index, count));
                if (b.index == index && b.samples > 0) {
                    p.utilization = b.utilizationSum / b.samples;
                    p.memoryUsed = b.memoryMax;
                    p.samples = b.samples;
                }
            }
        }
        points.append(p);
    }
    return points;
}

Expected<LabLoad> UtilizationHistory::load()
{
    m_devices.clear();
    m_blocked.clear();
    bool partly = false;
    auto report = LabFile::loadEntries(
        m_path, kFileVersion, {QStringLiteral("devices")}, m_clock.nowMs(),
        [this](const QString &, const QJsonObject &o) {
            const qint64 device = jsonInt64(o.value(QStringLiteral("device")), -1);
            if (device < 0 || device > kMaxDevice || m_devices.contains(int(device)))
                return false;
            Rings rings;
            for (const Range range : {Range::Day, Range::Week}) {
                const QString key = range == Range::Day ? QStringLiteral("day") : QStringLiteral("week");
                QList<Bucket> &buckets = ring(rings, range);
                buckets.resize(bucketCount(range));
                for (const QJsonValue v : o.value(key).toArray()) {
                    // [index, utilization sum, samples, highest memory]
                    const QJsonArray a = v.toArray();
                    const qint64 samples = jsonInt64(a.at(2), 0);
                    if (a.size() != 4 || samples <= 0 || samples > 1000000)
                        return false;
                    const Bucket b{jsonInt64(a.at(0), -1), a.at(1).toDouble(-1), int(samples),
                                   jsonInt64(a.at(3), -1)};
                    if (b.index < 0 || b.utilizationSum < 0 || b.utilizationSum > 100.0 * b.samples ||
                        b.memoryMax < 0)
                        return false;
                    buckets[slotOf(b.index, bucketCount(range))] = b;
                }
            }
            m_devices.insert(int(device), rings);
            return true;
        },
        &partly);
    if (!report) {
        m_blocked = report.error();
        return report;
    }
    if (partly) {
        if (const Status saved = save(); !saved)
            report->problems.append(saved.error());
    }
    return report;
}

Status UtilizationHistory::save()
{
    if (!m_blocked.isEmpty())
        return Status::failure(m_blocked);
    QJsonArray devices;
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it) {
        QJsonObject o;
        o.insert(QStringLiteral("device"), it.key());
        for (const Range range : {Range::Day, Range::Week}) {
            // Only the buckets series() can still show: older slots are dead weight.
            const qint64 oldest = floorDiv(m_clock.nowMs(), bucketMs(range)) - bucketCount(range) + 1;
            QJsonArray buckets;
            for (const Bucket &b : range == Range::Day ? it->day : it->week) {
                if (b.samples > 0 && b.index >= oldest)
                    buckets.append(
                        QJsonArray{double(b.index), b.utilizationSum, b.samples, double(b.memoryMax)});
            }
            o.insert(range == Range::Day ? QStringLiteral("day") : QStringLiteral("week"), buckets);
        }
        devices.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("devices"), devices);
    return LabFile::write(m_path, kFileVersion, root);
}
