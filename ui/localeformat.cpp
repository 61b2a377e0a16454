#include "localeformat.h"

#include "datasize.h"

#include <QGuiApplication>

QCalendar LocaleFormat::calendar(const QLocale &locale)
{
    return usesJalali(locale) ? QCalendar(QCalendar::System::Jalali)
                              : QCalendar(QCalendar::System::Gregorian);
}

bool LocaleFormat::usesJalali(const QLocale &locale)
{
    // Iran's calendar follows the language, not the territory: a Persian
    // interface shows Jalali dates wherever the computer is.
    return locale.language() == QLocale::Persian;
}

QString LocaleFormat::dateTime(const QDateTime &dateTime, QLocale::FormatType format, const QLocale &locale)
{
    if (!dateTime.isValid())
        return {};
    return locale.toString(dateTime, locale.dateTimeFormat(format), calendar(locale));
}

QString LocaleFormat::dateTime(const QDateTime &dateTime, const QString &format, Digits digits,
                               const QLocale &locale)
{
    if (!dateTime.isValid())
        return {};
    const QString text = locale.toString(dateTime, format, calendar(locale));
    return digits == Digits::Latin ? toLatinDigits(text) : text;
}

QString LocaleFormat::date(QDate date, QLocale::FormatType format, const QLocale &locale)
{
    if (!date.isValid())
        return {};
    return locale.toString(date, locale.dateFormat(format), calendar(locale));
}

QString LocaleFormat::date(QDate date, const QString &format, Digits digits, const QLocale &locale)
{
    if (!date.isValid())
        return {};
    const QString text = locale.toString(date, format, calendar(locale));
    return digits == Digits::Latin ? toLatinDigits(text) : text;
}

QString LocaleFormat::duration(qint64 ms, const QLocale &locale)
{
    if (ms < 0)
        return {};
    const qint64 s = (ms + 500) / 1000;
    if (s < 60)
        return tr("%1 s").arg(locale.toString(s));
    if (s < 3600)
        return tr("%1 min %2 s").arg(locale.toString(s / 60), locale.toString(s % 60));
    if (s < 86400)
        return tr("%1 h %2 min").arg(locale.toString(s / 3600), locale.toString((s % 3600) / 60));
    return tr("%1 d %2 h").arg(locale.toString(s / 86400), locale.toString((s % 86400) / 3600));
}

QString LocaleFormat::number(double value, int decimals, const QLocale &locale)
{
    return locale.toString(value, 'f', decimals);
}

QString LocaleFormat::number(qint64 value, const QLocale &locale)
{
    return locale.toString(value);
}

QString LocaleFormat::percent(double value, int decimals, const QLocale &locale)
{
    return locale.toString(value, 'f', decimals) + locale.percent();
}

QString LocaleFormat::dataSize(qint64 bytes, int decimals, const QLocale &locale)
{
    return DataSize::format(bytes, decimals, locale);
}

QString LocaleFormat::toLatinDigits(QString text)
{
    for (QChar &c : text) {
        const char16_t u = c.unicode();
        if (u >= 0x06F0 && u <= 0x06F9) // extended Arabic-Indic (Persian)
            c = QChar(u'0' + (u - 0x06F0));
        else if (u >= 0x0660 && u <= 0x0669) // Arabic-Indic
            c = QChar(u'0' + (u - 0x0660));
    }
    return text;
}

QString LocaleFormat::toNativeDigits(QString text, const QLocale &locale)
{
    const QString zero = locale.zeroDigit();
    if (zero.size() != 1 || zero == QLatin1String("0"))
        return text;
    const char16_t base = zero.at(0).unicode();
    for (QChar &c : text) {
        if (c >= u'0' && c <= u'9')
            c = QChar(char16_t(base + (c.unicode() - u'0')));
    }
    return text;
}

QString LocaleFormat::paragraph(const QString &text)
{
    // U+200F RIGHT-TO-LEFT MARK: a strong RTL character that fixes the paragraph's direction.
    // Every line is a paragraph of its own to the layout: each gets the mark.
    if (QGuiApplication::layoutDirection() != Qt::RightToLeft || text.isEmpty())
        return text;
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (!line.startsWith(QChar(0x200F)))
            line.prepend(QChar(0x200F));
    }
    return lines.join(QLatin1Char('\n'));
}
