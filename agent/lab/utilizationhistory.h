#pragma once

#include "expected.h"
#include "labfile.h"

#include <QList>
#include <QMap>
#include <QString>

class LabClock;

/// Per device, what the lab view plots so an idle but held GPU shows: the
/// last 24 hours in 1-minute buckets and the last 7 days in 10-minute buckets
/// (mean utilization, highest memory used), in fixed rings. Saved by the
/// caller now and then (lab/utilization.json) and restored on start; the time
/// the agent was down stays empty, never filled in.
class UtilizationHistory
{
public:
    enum class Range
    {
        Day,
        Week
    };

    struct Point
    {
        qint64 startMs = 0;
        double utilization = 0; ///< mean of the samples, percent
        qint64 memoryUsed = 0;  ///< highest sample, bytes
        int samples = 0;
        bool isEmpty() const { return samples == 0; }
    };

    UtilizationHistory(QString path, const LabClock &clock);

    /// Reads the file (a missing one is an empty history); see LabLoad.
    Expected<LabLoad> load();
    Status save();

    /// One telemetry sample; utilization is clamped to 0..100. A sample older
    /// than its ring's bucket already holds is dropped.
    void add(int device, qint64 timeMs, double utilization, qint64 memoryUsed);
    /// The whole range up to the bucket holding now, oldest first: 1440 or 1008
    /// points, empty ones where no sample came.
    QList<Point> series(int device, Range range) const;
    /// Devices with any sample, sorted.
    QList<int> devices() const { return m_devices.keys(); }

    static qint64 bucketMs(Range range) { return range == Range::Day ? 60 * 1000 : 10 * 60 * 1000; }
    static int bucketCount(Range range) { return range == Range::Day ? 24 * 60 : 7 * 24 * 6; }

private:
    struct Bucket
    {
        qint64 index = -1; ///< timeMs / bucketMs of the samples it holds; -1 empty
        double utilizationSum = 0;
        int samples = 0;
        qint64 memoryMax = 0;
    };
    struct Rings
    {
        QList<Bucket> day;
        QList<Bucket> week;
    };
    static void addTo(QList<Bucket> &ring, Range range, qint64 timeMs, double utilization, qint64 memoryUsed);
    static QList<Bucket> &ring(Rings &rings, Range range);

    QString m_path;
    const LabClock &m_clock;
    QMap<int, Rings> m_devices;
    QString m_blocked;
};
