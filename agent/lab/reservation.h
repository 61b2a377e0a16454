#pragma once

#include <optional>
#include <QJsonObject>
#include <QList>
#include <QString>

/// A booking of some devices of this node for [fromMs, toMs), agent clock: a
/// thesis deadline. Runs and the queue of other users keep off it; its own
/// user's runs may use it.
struct Reservation
{
    QString id;         ///< "resv-" + 16 hex digits (random), given by the book
    QString user;       ///< Hamgam user name
    QString controller; ///< fingerprint of the controller that booked it
    QList<int> devices; ///< sorted, unique
    qint64 fromMs = 0;
    qint64 toMs = 0;
    QString note;
    qint64 createdMs = 0;
    bool preempts = false; ///< its user could end others' runs when booking: it needs no notice

    /// Whether [fromMs, toMs) and [from, to) share an instant.
    bool overlaps(qint64 from, qint64 to) const { return fromMs < to && from < toMs; }
    bool activeAt(qint64 t) const { return fromMs <= t && t < toMs; }

    QJsonObject toJson() const;
    static std::optional<Reservation> fromJson(const QJsonObject &o);

    friend bool operator==(const Reservation &, const Reservation &) = default;
};
