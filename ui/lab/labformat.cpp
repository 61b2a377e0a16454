#include "labformat.h"

#include "bidi.h"
#include "localeformat.h"
#include "safetext.h"

#include <QDateTime>
#include <QLocale>

QString LabFormat::stateText(LabDevice::State state)
{
    switch (state) {
    case LabDevice::State::Free:
        return tr("free");
    case LabDevice::State::Held:
        return tr("leased");
    case LabDevice::State::Pending:
        return tr("starting");
    case LabDevice::State::Booked:
        return tr("reserved");
    }
    return {};
}

QColor LabFormat::stateColor(LabDevice::State state, const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    switch (state) {
    case LabDevice::State::Free:
        return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32);
    case LabDevice::State::Held:
        return dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0);
    case LabDevice::State::Pending:
        return dark ? QColor(0xff, 0xd5, 0x4f) : QColor(0xb2, 0x6a, 0x00);
    case LabDevice::State::Booked:
        return dark ? QColor(0xce, 0x93, 0xd8) : QColor(0x7b, 0x1f, 0xa2);
    }
    return palette.color(QPalette::Text);
}

QColor LabFormat::userColor(const QString &user, const QPalette &palette)
{
    // FNV-1a over the name: the same colour in every view and every session (qHash is seeded per process).
    quint32 h = 2166136261u;
    for (const QChar c : user) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    // Twelve hues 30 degrees apart, two lightnesses: 24 users before two share a colour.
    const int hue = int(h % 12) * 30 + 15;
    const int light = (h / 12) % 2 == 0 ? 0 : 1;
    return QColor::fromHsl(hue, dark ? 110 : 150, dark ? (light ? 95 : 120) : (light ? 185 : 205));
}

QString LabFormat::time(qint64 ms, qint64 nowMs)
{
    if (ms <= 0)
        return {};
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(ms);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMs);
    const QString clock = Bidi::ltr(LocaleFormat::dateTime(at, QStringLiteral("HH:mm")));
    const qint64 days = now.date().daysTo(at.date());
    if (days == 0)
        return clock;
    if (days >= -6 && days <= 6)
        return tr("%1 %2").arg(LocaleFormat::date(at.date(), QStringLiteral("dddd")), clock);
    return tr("%1 %2").arg(LocaleFormat::date(at.date(), QLocale::ShortFormat), clock);
}

QString LabFormat::token(const QString &text)
{
    return Bidi::ltr(SafeText::neutralized(text));
}

QString LabFormat::text(const QString &text)
{
    return SafeText::neutralized(text);
}

QString LabFormat::devices(const QList<int> &devices)
{
    QStringList parts;
    for (int d : devices)
        parts << LocaleFormat::number(qint64(d));
    return parts.join(tr(", "));
}
