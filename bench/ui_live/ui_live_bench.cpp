// bench/ui_live: how busy the UI thread is, and how often the live view
// redraws, while it shows a run of 64 nodes x 8 GPUs streaming at 10 Hz.
// Run under a display (xvfb-run) or offscreen (QT_QPA_PLATFORM=offscreen).
#include "liveplot.h"
#include "liverundata.h"
#include "liveview.h"
#include "syntheticrun.h"

#include <ctime>
#include <QAbstractEventDispatcher>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTextStream>
#include <QTimer>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const int seconds = argc > 1 ? QString::fromLatin1(argv[1]).toInt() : 20;
    const int nodes = argc > 2 ? QString::fromLatin1(argv[2]).toInt() : 64;
    const int gpus = argc > 3 ? QString::fromLatin1(argv[3]).toInt() : 8;
    SyntheticRun run(nodes, gpus);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    // The run has been going for two minutes when the user looks at it.
    for (int i = 0; i < 1200; ++i)
        run.tick(data);
    LiveView view;
    view.resize(1366, 768);
    view.setData(&data);
    view.show();

    // Busy: the CPU time the UI thread itself used, against wall time (all the
    // work of the event loop: feeding the data, laying out, painting).
    QElapsedTimer clock;
    clock.start();
    auto threadCpuNs = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    };
    // Responsiveness: how late a 10 ms timer fires on the UI thread.
    qint64 worstLateNs = 0;
    qint64 expected = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (expected > 0)
            worstLateNs = qMax(worstLateNs, now - expected);
        expected = now + 10000000;
    });
    probe.start(10);
    qint64 frames = 0;
    qint64 lastRedraws = 0;
    QTimer frameCounter;
    QObject::connect(&frameCounter, &QTimer::timeout, &app, [&] {
        if (view.redraws() != lastRedraws)
            ++frames;
        lastRedraws = view.redraws();
    });
    frameCounter.start(1);

    QTimer feed;
    QObject::connect(&feed, &QTimer::timeout, &app, [&] { run.tick(data); });
    // Warm up for a second, then measure.
    qint64 startNs = 0;
    qint64 startBusy = 0;
    qint64 busyNs = 0;
    qint64 startRedraws = 0;
    qint64 startFrames = 0;
    QTimer::singleShot(1000, &app, [&] {
        startNs = clock.nsecsElapsed();
        startBusy = threadCpuNs();
        worstLateNs = 0;
        startRedraws = view.redraws();
        startFrames = frames;
    });
    QTimer::singleShot(1000 + seconds * 1000, &app, [&] {
        const double elapsed = (clock.nsecsElapsed() - startNs) / 1e9;
        busyNs = threadCpuNs() - startBusy;
        const double busy = 100.0 * double(busyNs) / double(clock.nsecsElapsed() - startNs);
        QFile status(QStringLiteral("/proc/self/status"));
        status.open(QIODevice::ReadOnly);
        QByteArray hwm;
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("VmHWM:"))
                hwm = line.mid(6).trimmed();
        }
        QTextStream(stdout)
            << QStringLiteral(
                   "ui_live: %1 nodes x %2 GPUs at 10 Hz for %3 s (%4): UI thread busy %5 %, "
                   "%6 plot redraws/s, %7 frames/s, %8 points held, peak RSS %9, worst UI latency %10 ms")
                   .arg(nodes)
                   .arg(gpus)
                   .arg(elapsed, 0, 'f', 1)
                   .arg(QGuiApplication::platformName())
                   .arg(busy, 0, 'f', 1)
                   .arg((view.redraws() - startRedraws) / elapsed, 0, 'f', 1)
                   .arg((frames - startFrames) / elapsed, 0, 'f', 1)
                   .arg(data.storedPoints())
                   .arg(QString::fromLatin1(hwm))
                   .arg(worstLateNs / 1e6, 0, 'f', 1)
            << Qt::endl;
        app.quit();
    });
    feed.start(100);
    return app.exec();
}
