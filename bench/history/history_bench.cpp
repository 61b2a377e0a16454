// bench/history: ingest rate of step metrics and telemetry at the scale of
// 64 nodes x 8 GPUs x 10 Hz, and the time to load a 1-million-row series
// downsampled to 4,000 points. Prints its figures; writes only to a temp dir.
#include "historystore.h"

#include <cmath>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const int nodes = 64;
    const int gpus = 8;
    const int ranks = nodes * gpus;
    const int seconds = argc > 1 ? QString::fromLatin1(argv[1]).toInt() : 20; // simulated run time at 10 Hz
    QTemporaryDir dir;
    HistoryStore store(dir.filePath(QStringLiteral("history.sqlite")));
    if (auto s = store.open(); !s) {
        out << s.error() << Qt::endl;
        return 1;
    }

    // 1. Ingest: each 100 ms tick brings one step event per rank and one telemetry sample per device.
    RunRecord run;
    run.id = QStringLiteral("bench-ingest");
    run.name = QStringLiteral("ingest");
    run.strategy = QStringLiteral("lshdp");
    run.createdMs = 1;
    QList<RunNodeRecord> nodeRecords;
    for (int n = 0; n < nodes; ++n)
        nodeRecords.append({n,
                            QStringLiteral("agent-%1").arg(n),
                            QStringLiteral("node%1").arg(n),
                            QString(),
                            n * gpus,
                            {0, 1, 2, 3, 4, 5, 6, 7},
                            {},
                            0});
    store.createRun(run, nodeRecords);
    store.flush();
    const qint64 before = store.committedRows();
    QElapsedTimer timer;
    timer.start();
    qint64 seq = 0;
    const qint64 t0 = 1700000000000;
    for (int tick = 0; tick < seconds * 10; ++tick) {
        const qint64 now = t0 + tick * 100;
        QList<RunEvent> events;
        events.reserve(ranks);
        for (int r = 0; r < ranks; ++r) {
            RunEvent e;
            e.runId = run.id;
            e.source = QStringLiteral("agent-%1").arg(r / gpus);
            e.seq = ++seq;
            e.timeMs = now;
            e.kind = QStringLiteral("step");
            e.rank = r;
            e.device = r % gpus;
            e.payload = QJsonObject{{QStringLiteral("step"), tick},
                                    {QStringLiteral("epoch"), 0},
                                    {QStringLiteral("loss"), 2.3 - tick * 1e-3},
                                    {QStringLiteral("local_batch"), 32},
                                    {QStringLiteral("data_ms"), 0.4},
                                    {QStringLiteral("compute_ms"), 61.0},
                                    {QStringLiteral("wait_ms"), 3.2},
                                    {QStringLiteral("comm_ms"), 20.5},
                                    {QStringLiteral("optimizer_ms"), 4.1},
                                    {QStringLiteral("samples_per_s"), 350.0},
                                    {QStringLiteral("device_bytes"), 1.2e9},
                                    {QStringLiteral("bytes_within_node"), 1e6},
                                    {QStringLiteral("bytes_across_nodes"), 2e6}};
            events.append(e);
        }
        store.appendEvents(events);
        for (int n = 0; n < nodes; ++n) {
            QList<DeviceSample> devices;
            for (int g = 0; g < gpus; ++g) {
                DeviceSample d;
                d.index = g;
                d.utilization = 80 + g;
                d.memoryUsed = 10LL << 30;
                d.memoryTotal = 24LL << 30;
                d.temperature = 70;
                devices.append(d);
            }
            store.appendTelemetry(run.id, QStringLiteral("agent-%1").arg(n), now, devices);
        }
    }
    store.flush();
    const double ingestS = timer.nsecsElapsed() / 1e9;
    const qint64 rows = store.committedRows() - before;
    out << QStringLiteral(
               "ingest: %1 rows (step events, step metrics, telemetry) for %2 s of a %3-rank run at 10 Hz "
               "in %4 s = %5 rows/s (real time needs %6 rows/s)")
               .arg(rows)
               .arg(seconds)
               .arg(ranks)
               .arg(ingestS, 0, 'f', 2)
               .arg(qint64(rows / ingestS))
               .arg(qint64(rows / double(seconds)))
        << Qt::endl;

    // 2. A one-million-row series, downsampled to 4,000 points.
    RunRecord big;
    big.id = QStringLiteral("bench-series");
    big.name = QStringLiteral("series");
    big.strategy = QStringLiteral("dp");
    big.createdMs = 2;
    store.createRun(big, {});
    const int total = 1000000;
    QList<RunEvent> chunk;
    for (int i = 0; i < total; ++i) {
        RunEvent e;
        e.runId = big.id;
        e.source = QStringLiteral("agent");
        e.seq = i + 1;
        e.timeMs = t0 + i * 50;
        e.kind = QStringLiteral("step");
        e.rank = 0;
        const double spike = (i % 99991 == 0) ? 5.0 : 0.0;
        e.payload = QJsonObject{
            {QStringLiteral("step"), i},
            {QStringLiteral("loss"), 2.0 * std::exp(-i / 300000.0) + 0.05 * std::sin(i / 50.0) + spike},
            {QStringLiteral("local_batch"), 64}};
        chunk.append(e);
        if (chunk.size() == 20000) {
            store.appendEvents(chunk);
            chunk.clear();
        }
    }
    store.appendEvents(chunk);
    store.flush();
    QList<double> timings;
    Series series;
    for (int repeat = 0; repeat < 5; ++repeat) {
        timer.restart();
        series = store.series(big.id, QStringLiteral("loss"), 0, HistoryStore::XAxis::Step, 4000);
        timings.append(timer.nsecsElapsed() / 1e6);
    }
    std::sort(timings.begin(), timings.end());
    double maxY = 0;
    for (double y : std::as_const(series.y))
        maxY = qMax(maxY, y);
    out << QStringLiteral(
               "series: %1 rows downsampled to %2 points in %3 ms (median of 5; min %4 ms, max %5 ms); "
               "largest spike kept: %6")
               .arg(series.sourceRows)
               .arg(series.x.size())
               .arg(timings[2], 0, 'f', 1)
               .arg(timings.first(), 0, 'f', 1)
               .arg(timings.last(), 0, 'f', 1)
               .arg(maxY > 5 ? QStringLiteral("yes") : QStringLiteral("NO"))
        << Qt::endl;
    return 0;
}
