#pragma once

#include <QObject>

class QSocketNotifier;

/// Turns SIGTERM/SIGINT/SIGHUP into a Qt signal through a self-pipe, so a daemon
/// shuts down cleanly from the event loop (a signal handler may not call Qt).
class SignalWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignalWatcher)

public:
    explicit SignalWatcher(std::initializer_list<int> unixSignals, QObject *parent = nullptr);
    ~SignalWatcher() override;

Q_SIGNALS:
    void received(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};
