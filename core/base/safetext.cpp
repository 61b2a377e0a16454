#include "safetext.h"

#include <QList>

namespace {
bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029;
}

bool isRightToLeft(char32_t c)
{
    const QChar::Direction d = QChar::direction(c);
    return d == QChar::DirR || d == QChar::DirAL;
}
} // namespace

bool SafeText::isBidiControl(char32_t c)
{
    return c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069);
}

namespace {
QString escape(const QString &text, bool keepIsolates)
{
    const QList<uint> chars = text.toUcs4();
    // Which isolate marks pair up (initiator ... its PDI), scanning as the bidi algorithm does.
    QList<bool> keep(chars.size(), false);
    if (keepIsolates) {
        QList<qsizetype> open;
        for (qsizetype i = 0; i < chars.size(); ++i) {
            if (chars[i] >= 0x2066 && chars[i] <= 0x2068) {
                open.append(i);
            } else if (chars[i] == 0x2069 && !open.isEmpty()) {
                keep[open.takeLast()] = true;
                keep[i] = true;
            }
        }
    }
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < chars.size(); ++i) {
        const char32_t c = chars[i];
        if (keep[i]) {
            out += QString::fromUcs4(&c, 1);
            continue;
        }
        switch (c) {
        case '\\':
            out += QLatin1String("\\\\");
            continue;
        case '\n':
            out += QLatin1String("\\n");
            continue;
        case '\r':
            out += QLatin1String("\\r");
            continue;
        case '\t':
            out += QLatin1String("\\t");
            continue;
        default:
            break;
        }
        if (c < 0x100 && isControl(c))
            out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
        else if (isControl(c) || SafeText::isBidiControl(c))
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
        else
            out += QString::fromUcs4(&c, 1);
    }
    return out;
}
} // namespace

QString SafeText::escaped(const QString &text)
{
    return escape(text, false);
}

QString SafeText::escapedKeepingIsolates(const QString &text)
{
    return escape(text, true);
}

QString SafeText::jsonEscaped(const QString &json)
{
    QString out;
    out.reserve(json.size());
    for (const char32_t c : json.toUcs4()) {
        // A serializer's raw \n, \r and \t are the document's own layout
        // (inside strings it escapes them), so they stay as they are.
        const bool layout = c == '\n' || c == '\r' || c == '\t';
        if (!layout && (isControl(c) || isBidiControl(c)))
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
        else
            out += QString::fromUcs4(&c, 1);
    }
    return out;
}

QString SafeText::neutralized(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    bool rightToLeft = false;
    for (const char32_t c : text.toUcs4()) {
        if (c == '\n' || c == '\r' || c == '\t' || c == 0x2028 || c == 0x2029)
            out += QLatin1Char(' ');
        else if (isControl(c) || isBidiControl(c))
            continue;
        else {
            rightToLeft = rightToLeft || isRightToLeft(c);
            out += QString::fromUcs4(&c, 1);
        }
    }
    if (rightToLeft)
        return QChar(0x2068) + out + QChar(0x2069);
    return out;
}
