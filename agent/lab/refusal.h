#pragma once

#include <optional>
#include <QJsonObject>
#include <QString>

/// Why the lab said no (a lease, a reservation) or why a queued run waits, as
/// data: the agent words it in the asker's language and sends the figures
/// with it (the protocol's `holder`), so a controller can show its own words.
struct Refusal
{
    enum Kind
    {
        Held,     ///< device held by user's run runId since sinceMs, expected to end at untilMs (0 unknown)
        Reserved, ///< device reserved by user (reservationId) for [sinceMs, untilMs)
        Policy,   ///< the policy's rule `detail`: limit, what user's request would make it (amount)
        NoSuchDevice, ///< device is not on this node (-1: the request names no device, or more than there
                      ///< are)
        Busy,         ///< the run already holds a lease on other devices (runId, device: one of them)
        Behind,       ///< queued: amount runs earlier in the order need its devices first
        Invalid,      ///< a reservation's window is not valid: `detail` names the rule
        Retrying,     ///< queued: its last attempt to start failed; it tries again at untilMs
    };

    Kind kind = Held;
    int device = -1;
    QString user;
    QString runId;
    QString reservationId;
    qint64 sinceMs = 0;
    qint64 untilMs = 0;
    /// Policy: "max_devices", "max_run", "max_bookings" or "max_queued"; Invalid: "empty_window", "in_past",
    /// "too_long" or "no_devices".
    QString detail;
    qint64 limit =
        0; ///< Policy: the policy's figure (devices, seconds, bookings, runs); Invalid too_long: days
    qint64 amount = 0; ///< Policy: devices held + asked, or seconds asked; Behind: runs ahead

    /// The protocol's name of the kind ("held", "reserved", "policy", ...).
    QString kindName() const;
    QJsonObject toJson() const;
    static std::optional<Refusal> fromJson(const QJsonObject &o);

    friend bool operator==(const Refusal &, const Refusal &) = default;
};
