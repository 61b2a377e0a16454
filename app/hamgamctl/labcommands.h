#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl's commands for the shared lab (docs/lab.md): who the user is,
/// what every device is doing and who holds it, the queue, bookings, usage
/// and the admin's rules.
class LabCommands
{
    Q_DECLARE_TR_FUNCTIONS(LabCommands)

public:
    static int user(const QStringList &arguments);
    static int lab(const QStringList &arguments);
    static int queue(const QStringList &arguments);
    static int cancel(const QStringList &arguments);
    static int wait(const QStringList &arguments);
    static int reserve(const QStringList &arguments);
    static int reservations(const QStringList &arguments);
    static int unreserve(const QStringList &arguments);
    static int usage(const QStringList &arguments);
    static int policy(const QStringList &arguments);

    /// A time as a user types it: "now", "+90m", "+2h", "+3d", "2026-12-07 09:00" or
    /// "2026-12-07T09:00" (this computer's time zone), or with a zone ("...Z", "+03:30").
    /// 0 when it is none of these.
    static qint64 parseTime(const QString &text, qint64 nowMs);
    /// A duration: "90m", "2h", "1d", "45s" or plain seconds; 0 when invalid.
    static qint64 parseDurationSeconds(const QString &text);
};
