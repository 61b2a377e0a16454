#include "localetickers.h"

#include "localeformat.h"

QString LocaleNumberTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision)
{
    Q_UNUSED(locale);
    // Ticks that should be 0 arrive as 1e-17 and the like.
    if (qAbs(tick) < 1e-12)
        tick = 0;
    return QLocale().toString(tick, formatChar.toLatin1(), precision);
}

QString LocaleTimeTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision)
{
    return LocaleFormat::toNativeDigits(QCPAxisTickerTime::getTickLabel(tick, locale, formatChar, precision));
}

LocaleDateTimeTicker::LocaleDateTimeTicker()
{
    setDateTimeFormat(QStringLiteral("HH:mm\nd MMM"));
}

QString LocaleDateTimeTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                                           int precision)
{
    Q_UNUSED(locale);
    Q_UNUSED(formatChar);
    Q_UNUSED(precision);
    QDateTime at = keyToDateTime(tick);
    at = mDateTimeSpec == Qt::TimeZone ? at.toTimeZone(mTimeZone) : at.toTimeSpec(mDateTimeSpec);
    return LocaleFormat::dateTime(at, mDateTimeFormat);
}

QSharedPointer<QCPAxisTicker> LocaleTickers::number()
{
    return QSharedPointer<QCPAxisTicker>(new LocaleNumberTicker);
}

QSharedPointer<QCPAxisTicker> LocaleTickers::duration()
{
    return QSharedPointer<QCPAxisTicker>(new LocaleTimeTicker);
}

QSharedPointer<QCPAxisTicker> LocaleTickers::dateTime()
{
    return QSharedPointer<QCPAxisTicker>(new LocaleDateTimeTicker);
}
