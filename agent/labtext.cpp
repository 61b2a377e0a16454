#include "labtext.h"

#include <QCoreApplication>

using Text = TranslatableText;

namespace {
constexpr const char *kContext = "LabText";

qint64 minutesFrom(qint64 ms)
{
    return ms <= 0 ? 0 : (ms + 59999) / 60000;
}

// A duration as a plural-aware catalogue entry: minutes below two hours, hours from there.
Text withSpan(const char *minutesSource, const char *hoursSource, qint64 ms)
{
    const qint64 minutes = minutesFrom(ms);
    if (minutes < 120)
        return Text(kContext, minutesSource, int(minutes));
    return Text(kContext, hoursSource, int((minutes + 30) / 60));
}
} // namespace

QString LabText::span(qint64 ms)
{
    const qint64 minutes = minutesFrom(ms);
    if (minutes < 120)
        return QCoreApplication::translate(kContext, "%n minute(s)", nullptr, int(minutes));
    return QCoreApplication::translate(kContext, "%n hour(s)", nullptr, int((minutes + 30) / 60));
}

TranslatableText LabText::refusal(const Refusal &r, qint64 nowMs)
{
    switch (r.kind) {
    case Refusal::Held: {
        if (r.untilMs > nowMs) {
            Text t =
                withSpan(QT_TRANSLATE_N_NOOP("LabText", "device %1 is held by %2 (run %3) for about %n more "
                                                        "minute(s)"),
                         QT_TRANSLATE_N_NOOP("LabText", "device %1 is held by %2 (run %3) for about %n more "
                                                        "hour(s)"),
                         r.untilMs - nowMs);
            return t.arg(r.device).arg(r.user).ltrArg(r.runId);
        }
        return Text(kContext,
                    QT_TRANSLATE_NOOP("LabText", "device %1 is held by %2 (run %3), with no expected end"))
            .arg(r.device)
            .arg(r.user)
            .ltrArg(r.runId);
    }
    case Refusal::Reserved: {
        if (r.sinceMs <= nowMs) {
            Text t =
                withSpan(QT_TRANSLATE_N_NOOP("LabText", "device %1 is booked by %2 for %n more minute(s)"),
                         QT_TRANSLATE_N_NOOP("LabText", "device %1 is booked by %2 for %n more hour(s)"),
                         r.untilMs - nowMs);
            return t.arg(r.device).arg(r.user);
        }
        Text t =
            withSpan(QT_TRANSLATE_N_NOOP("LabText", "device %1 is booked by %2 from %n minute(s) from now"),
                     QT_TRANSLATE_N_NOOP("LabText", "device %1 is booked by %2 from %n hour(s) from now"),
                     r.sinceMs - nowMs);
        return t.arg(r.device).arg(r.user);
    }
    case Refusal::Policy:
        if (r.detail == QLatin1String("max_run")) {
            Text t =
                withSpan(QT_TRANSLATE_N_NOOP("LabText", "the run is expected to take %n minute(s), longer "
                                                        "than the lab's longest run (%1)"),
                         QT_TRANSLATE_N_NOOP("LabText", "the run is expected to take %n hour(s), longer "
                                                        "than the lab's longest run (%1)"),
                         r.amount * 1000);
            return t.arg(span(r.limit * 1000));
        }
        if (r.detail == QLatin1String("max_bookings"))
            return Text(kContext,
                        QT_TRANSLATE_N_NOOP("LabText",
                                            "the lab's rules let one user have at most %n booking(s) "
                                            "ahead on this machine, and %1 has that many; remove one first"),
                        int(r.limit))
                .arg(r.user);
        if (r.detail == QLatin1String("max_queued"))
            return Text(kContext,
                        QT_TRANSLATE_N_NOOP("LabText",
                                            "the lab's rules let one user have at most %n run(s) waiting "
                                            "in this machine's queue, and %1 has that many"),
                        int(r.limit))
                .arg(r.user);
        return Text(kContext,
                    QT_TRANSLATE_N_NOOP("LabText",
                                        "the lab's rules let one user hold at most %n device(s) on "
                                        "this machine; %1 would hold %2"),
                    int(r.limit))
            .arg(r.user)
            .arg(r.amount);
    case Refusal::NoSuchDevice:
        if (r.device < 0)
            return Text(kContext,
                        QT_TRANSLATE_NOOP("LabText", "this machine does not have that many devices"));
        return Text(kContext, QT_TRANSLATE_NOOP("LabText", "this machine has no device %1")).arg(r.device);
    case Refusal::Busy:
        return Text(kContext, QT_TRANSLATE_NOOP("LabText", "run %1 already holds other devices here"))
            .ltrArg(r.runId);
    case Refusal::Behind:
        return Text(kContext,
                    QT_TRANSLATE_N_NOOP("LabText", "%n run(s) ahead of it in the queue need its devices"),
                    int(r.amount));
    case Refusal::Retrying:
        return withSpan(QT_TRANSLATE_N_NOOP("LabText", "its last attempt to start failed; it tries again in "
                                                       "%n minute(s), and lets the runs behind it use the "
                                                       "devices meanwhile"),
                        QT_TRANSLATE_N_NOOP("LabText", "its last attempt to start failed; it tries again in "
                                                       "%n hour(s), and lets the runs behind it use the "
                                                       "devices meanwhile"),
                        r.untilMs - nowMs);
    case Refusal::Invalid:
        if (r.detail == QLatin1String("in_past"))
            return Text(kContext, QT_TRANSLATE_NOOP("LabText", "the booking's window is already over"));
        if (r.detail == QLatin1String("too_long"))
            return Text(kContext, QT_TRANSLATE_N_NOOP("LabText", "a booking may last at most %n day(s)"),
                        int(r.limit));
        if (r.detail == QLatin1String("no_devices"))
            return Text(kContext, QT_TRANSLATE_NOOP("LabText", "the booking names no device"));
        return Text(kContext, QT_TRANSLATE_NOOP("LabText", "the booking's end is not after its start"));
    }
    return {};
}

TranslatableText LabText::idleReclaimed(int utilPercent, int minutes)
{
    return Text(kContext,
                QT_TRANSLATE_N_NOOP("LabText",
                                    "stopped by the lab's idle rule: its devices stayed under %1 % "
                                    "for %n minute(s), so they went back to the lab"),
                minutes)
        .arg(utilPercent);
}

TranslatableText LabText::longestRunReached(qint64 maxRunSeconds)
{
    return Text(kContext,
                QT_TRANSLATE_NOOP("LabText", "stopped by the lab's rules: it reached the longest run "
                                             "allowed (%1)"))
        .arg(span(maxRunSeconds * 1000));
}

TranslatableText LabText::bookingBegins(const QString &user, int device)
{
    return Text(kContext, QT_TRANSLATE_NOOP("LabText", "stopped for a booking: %1 booked device %2 from now"))
        .arg(user)
        .arg(device);
}

TranslatableText LabText::endedBy(const QString &user, bool stop)
{
    return stop ? Text(kContext, QT_TRANSLATE_NOOP("LabText", "stopped by %1 after a checkpoint")).arg(user)
                : Text(kContext, QT_TRANSLATE_NOOP("LabText", "aborted by %1")).arg(user);
}

TranslatableText LabText::startWouldBeRefused()
{
    return Text(kContext,
                QT_TRANSLATE_NOOP("LabText", "so a run started now is refused; queued, it waits its "
                                             "turn"));
}
