#pragma once

#include "labsnapshot.h"

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>

/// How the Shared lab tab words and colours what the agents report: a
/// device's state, a time on this computer's clock next to "now", a user's
/// colour (the same in the devices table, the calendar and the usage chart).
/// One place, so the views never disagree.
class LabFormat final
{
    Q_DECLARE_TR_FUNCTIONS(LabFormat)

public:
    /// "free", "leased", "starting", "reserved", translated.
    static QString stateText(LabDevice::State state);
    static QColor stateColor(LabDevice::State state, const QPalette &palette);
    /// A colour of its own for each user name, lighter on a dark palette.
    static QColor userColor(const QString &user, const QPalette &palette);
    /// "14:05" today, "Monday 14:05" within the week around now, a date and time further away; the time
    /// kept left to right. Empty for 0 (unknown).
    static QString time(qint64 ms, qint64 nowMs);
    /// A user name or an id from an agent: neutralized and kept left to right.
    static QString token(const QString &text);
    /// Text another machine chose (a machine's name, a run's name, a note), made safe to show.
    static QString text(const QString &text);
    /// "0, 1, 3" in the locale's digits.
    static QString devices(const QList<int> &devices);
};
