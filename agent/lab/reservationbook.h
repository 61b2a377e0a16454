#pragma once

#include "expected.h"
#include "labfile.h"
#include "refusal.h"
#include "reservation.h"

#include <optional>
#include <QCoreApplication>
#include <QList>
#include <QString>

class LabClock;

/// This node's bookings of devices for time windows (lab/reservations.json).
/// Bookings never overlap on a device, whoever made them; every change is on
/// disk before the call returns. Bookings that ended more than 8 days ago are
/// forgotten, and of each user's ended ones only the newest 50 are kept.
class ReservationBook
{
    Q_DECLARE_TR_FUNCTIONS(ReservationBook)

public:
    static constexpr qint64 kLongestMs = 31LL * 24 * 3600 * 1000;
    static constexpr qint64 kKeepEndedMs = 8LL * 24 * 3600 * 1000;
    /// Ended bookings kept per user, newest first: short bookings made one
    /// after another must not pile up for the 8 days.
    static constexpr int kKeepEndedPerUser = 50;

    /// A booking, or why not (refusal), or why it could not be saved (error).
    struct AddResult
    {
        std::optional<Reservation> reservation;
        std::optional<Refusal> refusal;
        QString error;
        bool ok() const { return reservation.has_value(); }
    };

    ReservationBook(QString path, const LabClock &clock);

    /// Reads the file (a missing one is an empty book). See LabLoad for a
    /// damaged file; a failure means it could not even be kept aside, and the
    /// book then refuses to save over it.
    Expected<LabLoad> load();

    /// Books r.devices for [r.fromMs, r.toMs) on a node of deviceCount devices;
    /// the book sets id and createdMs. Refused (structured): an empty or
    /// inverted window or no device (Invalid), a window already over (Invalid
    /// "in_past"), longer than 31 days (Invalid "too_long"), a device not on the
    /// node (NoSuchDevice), an overlap with any other booking on a shared device
    /// (Reserved, naming that booking).
    AddResult add(Reservation r, int deviceCount);
    /// Only the booking's user or an admin may remove it.
    Expected<Reservation> remove(const QString &id, const QString &user, bool isAdmin);

    /// Every booking, by start then id.
    QList<Reservation> reservations() const { return m_reservations; }
    std::optional<Reservation> reservation(const QString &id) const;
    /// How many of user's bookings are not over at `nowMs` (the per-user cap counts these).
    int upcomingOf(const QString &user, qint64 nowMs) const;
    /// Bookings on any of devices that share an instant with [fromMs, toMs).
    QList<Reservation> overlapping(const QList<int> &devices, qint64 fromMs, qint64 toMs) const;
    /// The booking holding device at time t.
    std::optional<Reservation> activeAt(int device, qint64 t) const;
    /// The first booking of device that starts after t.
    std::optional<Reservation> nextStartAfter(int device, qint64 t) const;

    QString path() const { return m_path; }

private:
    Status save();
    void prune();

    QString m_path;
    const LabClock &m_clock;
    QList<Reservation> m_reservations;
    QString m_blocked; ///< why saving is refused (a damaged file that could not be kept aside)
};
