#pragma once

#include <QEventLoop>
#include <QMetaObject>
#include <QTimer>

/// Runs the event loop until `start`'s request calls the quit it is given, or
/// timeoutMs passes. The request starts from inside the loop, so an answer that
/// comes at once (no machine to ask) still ends it rather than costing the timeout.
template<typename Start> void runUntilDone(Start start, int timeoutMs = 30000)
{
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    QMetaObject::invokeMethod(
        &loop, [&] { start([&loop] { loop.quit(); }); }, Qt::QueuedConnection);
    loop.exec();
}
