#pragma once

#include <QCalendar>
#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QString>

/// Dates, durations and numbers as the interface language writes them: in
/// Persian the Jalali calendar and Persian digits, in English the Gregorian
/// calendar. Every view formats through here, so a table, a details panel and
/// a plot never disagree. The locale defaults to QLocale(), which Translations
/// sets with the language.
class LocaleFormat final
{
    Q_DECLARE_TR_FUNCTIONS(LocaleFormat)

public:
    /// Native: the locale's own digits (۰–۹ in Persian); Latin: ASCII digits.
    enum class Digits
    {
        Native,
        Latin
    };

    /// Jalali for Persian, Gregorian otherwise.
    static QCalendar calendar(const QLocale &locale = QLocale());
    static bool usesJalali(const QLocale &locale = QLocale());

    static QString dateTime(const QDateTime &dateTime, QLocale::FormatType format = QLocale::ShortFormat,
                            const QLocale &locale = QLocale());
    /// `format` as QLocale::toString takes it ("yyyy/MM/dd HH:mm"), in the locale's calendar.
    static QString dateTime(const QDateTime &dateTime, const QString &format, Digits digits = Digits::Native,
                            const QLocale &locale = QLocale());
    static QString date(QDate date, QLocale::FormatType format = QLocale::ShortFormat,
                        const QLocale &locale = QLocale());
    static QString date(QDate date, const QString &format, Digits digits = Digits::Native,
                        const QLocale &locale = QLocale());
    /// "45 s", "3 min 20 s", "2 h 5 min", "3 d 4 h"; empty for a negative duration.
    static QString duration(qint64 ms, const QLocale &locale = QLocale());
    static QString number(double value, int decimals = 0, const QLocale &locale = QLocale());
    static QString number(qint64 value, const QLocale &locale = QLocale());
    /// "12.5%" with the locale's digits and percent sign.
    static QString percent(double value, int decimals = 1, const QLocale &locale = QLocale());
    /// "1.5 GB" with the locale's digits and translated units (DataSize::format).
    static QString dataSize(qint64 bytes, int decimals = 1, const QLocale &locale = QLocale());

    /// Replaces Persian and Arabic-Indic digits with ASCII ones.
    static QString toLatinDigits(QString text);
    /// Text for a paragraph of the interface: in a right-to-left interface a
    /// message that starts with a Latin name or path still reads right to left.
    static QString paragraph(const QString &text);
    /// Replaces ASCII digits with the locale's digits.
    static QString toNativeDigits(QString text, const QLocale &locale = QLocale());
};
