#pragma once

#include <qcustomplot.h>

/// Tick labels in the interface language. QCustomPlot hands its tickers the
/// plot's own locale, which it fixes when the plot is created; these tickers
/// format with the application's QLocale() instead (what Translations sets),
/// so a language switch needs only a replot. Persian gets Persian digits and
/// Jalali dates (LocaleFormat).

/// Numbers through QLocale: "۱٬۲۰۰" in Persian, "1,200" in English.
class LocaleNumberTicker : public QCPAxisTicker
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

/// Durations (seconds since a start, as QCPAxisTickerTime) with the locale's digits.
class LocaleTimeTicker : public QCPAxisTickerTime
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

/// Dates and times (keys in seconds since the epoch, as QCPAxisTickerDateTime)
/// in the locale's calendar: Jalali month names and Persian digits in Persian.
class LocaleDateTimeTicker : public QCPAxisTickerDateTime
{
public:
    LocaleDateTimeTicker();

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

/// Shared instances for QCPAxis::setTicker().
namespace LocaleTickers {
QSharedPointer<QCPAxisTicker> number();
QSharedPointer<QCPAxisTicker> duration();
QSharedPointer<QCPAxisTicker> dateTime();
} // namespace LocaleTickers
