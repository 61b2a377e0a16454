#include "translatabletext.h"

#include "bidi.h"
#include "cborvalue.h"
#include "datasize.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <QCborArray>
#include <QCoreApplication>

namespace {
// Bounds on what a peer may send: a finding is a sentence, not a document.
constexpr qsizetype kMaxText = 4096;
constexpr qsizetype kMaxArgs = 16;
constexpr int kMaxArgsInAll = 64;             // nested messages included
constexpr qsizetype kMaxShown = 4 * kMaxText; // what one message may grow to, its arguments in it
constexpr qsizetype kMaxListItems = 64;
// "run: node: device: cause" is three levels; nothing real nests deeper.
constexpr int kMaxDepth = 4;
} // namespace

TranslatableText::TranslatableText(const char *context, const char *source, int n)
    : m_context(context)
    , m_source(source)
    , m_n(n)
{}

TranslatableText &TranslatableText::arg(const QString &text)
{
    m_args.append({Kind::Text, text, 0});
    return *this;
}

TranslatableText &TranslatableText::ltrArg(const QString &token)
{
    m_args.append({Kind::Ltr, token, 0});
    return *this;
}

TranslatableText &TranslatableText::arg(qint64 value)
{
    m_args.append({Kind::Integer, value, 0});
    return *this;
}

TranslatableText &TranslatableText::arg(double value, int decimals)
{
    m_args.append({Kind::Decimal, value, qBound(0, decimals, 12)});
    return *this;
}

TranslatableText &TranslatableText::dataSizeArg(qint64 bytes)
{
    m_args.append({Kind::DataSize, bytes, 0});
    return *this;
}

TranslatableText &TranslatableText::listArg(const QStringList &items)
{
    m_args.append({Kind::List, items, 0});
    return *this;
}

TranslatableText &TranslatableText::ltrListArg(const QStringList &tokens)
{
    m_args.append({Kind::LtrList, tokens, 0});
    return *this;
}

TranslatableText &TranslatableText::arg(const TranslatableText &text)
{
    m_args.append({Kind::Nested, {}, 0, std::make_shared<const TranslatableText>(text)});
    return *this;
}

QString TranslatableText::format(const Arg &arg, const QLocale &locale) const
{
    switch (arg.kind) {
    case Kind::Text:
        return arg.value.toString();
    case Kind::Ltr:
        return Bidi::ltr(arg.value.toString(), locale);
    case Kind::Integer:
        return locale.toString(arg.value.toLongLong());
    case Kind::Decimal:
        return locale.toString(arg.value.toDouble(), 'f', arg.decimals);
    case Kind::DataSize:
        return DataSize::format(arg.value.toLongLong(), 1, locale);
    case Kind::List:
        return locale.createSeparatedList(arg.value.toStringList());
    case Kind::LtrList: {
        QStringList tokens = arg.value.toStringList();
        for (QString &t : tokens)
            t = Bidi::ltr(t, locale);
        return locale.createSeparatedList(tokens);
    }
    case Kind::Nested:
        return arg.nested->toString(locale);
    }
    return {};
}

QString TranslatableText::toString(const QLocale &locale) const
{
    if (isPlain())
        return m_plain;
    // translate() fills %n and %Ln itself (with the default locale's digits).
    const QString text =
        QCoreApplication::translate(m_context.constData(), m_source.constData(), nullptr, m_n);
    // One pass, as the multi-argument QString::arg does: an argument that
    // itself contains "%2" (a path) is never substituted again.
    // Each argument formatted once, however often the text names it, and the whole bounded: a
    // peer's "%1%1%1…" over nested messages would otherwise grow with every level.
    QList<std::optional<QString>> formatted(m_args.size());
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size() && out.size() <= kMaxShown; ++i) {
        const QChar c = text.at(i);
        if (c == u'%' && i + 1 < text.size() && text.at(i + 1).isDigit() && text.at(i + 1) != u'0') {
            qsizetype end = i + 1;
            int number = 0;
            while (end < text.size() && end < i + 3 && text.at(end).isDigit()) {
                number = number * 10 + text.at(end).digitValue();
                ++end;
            }
            if (number >= 1 && number <= m_args.size()) {
                std::optional<QString> &value = formatted[number - 1];
                if (!value)
                    value = format(m_args.at(number - 1), locale);
                out += *value;
                i = end - 1;
                continue;
            }
        }
        out += c;
    }
    if (out.size() > kMaxShown) {
        out.truncate(kMaxShown);
        out += QChar(0x2026);
    }
    return out;
}

QString TranslatableText::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Text:
        return QStringLiteral("text");
    case Kind::Ltr:
        return QStringLiteral("ltr");
    case Kind::Integer:
        return QStringLiteral("integer");
    case Kind::Decimal:
        return QStringLiteral("decimal");
    case Kind::DataSize:
        return QStringLiteral("bytes");
    case Kind::List:
        return QStringLiteral("list");
    case Kind::LtrList:
        return QStringLiteral("ltr_list");
    case Kind::Nested:
        return QStringLiteral("message");
    }
    return {};
}

QCborMap TranslatableText::toCbor() const
{
    if (isPlain())
        return QCborMap{{QStringLiteral("text"), m_plain}};
    QCborArray args;
    for (const Arg &a : m_args) {
        QCborMap m{{QStringLiteral("kind"), kindName(a.kind)}};
        switch (a.kind) {
        case Kind::Integer:
        case Kind::DataSize:
            m[QStringLiteral("value")] = a.value.toLongLong();
            break;
        case Kind::Decimal:
            m[QStringLiteral("value")] = a.value.toDouble();
            m[QStringLiteral("decimals")] = a.decimals;
            break;
        case Kind::List:
        case Kind::LtrList:
            m[QStringLiteral("value")] = QCborArray::fromStringList(a.value.toStringList());
            break;
        case Kind::Text:
        case Kind::Ltr:
            m[QStringLiteral("value")] = a.value.toString();
            break;
        case Kind::Nested:
            m[QStringLiteral("value")] = a.nested->toCbor();
            break;
        }
        args.append(m);
    }
    QCborMap out{{QStringLiteral("context"), QString::fromUtf8(m_context)},
                 {QStringLiteral("source"), QString::fromUtf8(m_source)},
                 {QStringLiteral("args"), args}};
    if (m_n >= 0)
        out[QStringLiteral("n")] = m_n;
    return out;
}

TranslatableText TranslatableText::fromCbor(const QCborValue &value)
{
    int argsLeft = kMaxArgsInAll;
    return fromCbor(value, 0, &argsLeft);
}

TranslatableText TranslatableText::fromCbor(const QCborValue &value, int depth, int *argsLeft)
{
    if (value.isString())
        return TranslatableText(value.toString().left(kMaxText));
    const QCborMap map = value.toMap();
    const QString source = map.value(QStringLiteral("source")).toString().left(kMaxText);
    if (source.isEmpty())
        return TranslatableText(map.value(QStringLiteral("text")).toString().left(kMaxText));
    TranslatableText t;
    t.m_context = map.value(QStringLiteral("context")).toString().left(256).toUtf8();
    t.m_source = source.toUtf8();
    const qint64 n = CborValue::integer(map.value(QStringLiteral("n")), -1);
    t.m_n = n >= 0 && n <= std::numeric_limits<int>::max() ? int(n) : -1;
    const QCborArray args = map.value(QStringLiteral("args")).toArray();
    for (qsizetype i = 0; i < std::min(args.size(), kMaxArgs); ++i) {
        if (*argsLeft <= 0)
            break;
        --*argsLeft;
        const QCborMap a = args.at(i).toMap();
        const QString kind = a.value(QStringLiteral("kind")).toString();
        const QCborValue v = a.value(QStringLiteral("value"));
        if (kind == kindName(Kind::Integer)) {
            t.arg(CborValue::integer(v));
        } else if (kind == kindName(Kind::DataSize)) {
            t.dataSizeArg(CborValue::integer(v));
        } else if (kind == kindName(Kind::Decimal)) {
            t.arg(v.toDouble(), int(CborValue::integer(a.value(QStringLiteral("decimals")))));
        } else if (kind == kindName(Kind::List) || kind == kindName(Kind::LtrList)) {
            QStringList items;
            const QCborArray list = v.toArray();
            for (qsizetype j = 0; j < list.size() && j < kMaxListItems; ++j)
                items << list.at(j).toString().left(kMaxText);
            if (kind == kindName(Kind::List))
                t.listArg(items);
            else
                t.ltrListArg(items);
        } else if (kind == kindName(Kind::Nested)) {
            // Deeper than any real message: what it says, as plain text, so a peer cannot recurse forever.
            const QCborMap deeper = v.toMap();
            const QString words = deeper.value(QStringLiteral("text")).toString();
            t.arg(depth < kMaxDepth
                      ? fromCbor(v, depth + 1, argsLeft)
                      : TranslatableText(
                            (words.isEmpty() ? deeper.value(QStringLiteral("source")).toString() : words)
                                .left(kMaxText)));
        } else if (kind == kindName(Kind::Ltr)) {
            t.ltrArg(v.toString().left(kMaxText));
        } else {
            t.arg(v.toString().left(kMaxText)); // "text", or a kind from a newer peer shown as it came
        }
    }
    return t;
}

bool TranslatableText::Arg::operator==(const Arg &other) const
{
    return kind == other.kind && value == other.value && decimals == other.decimals &&
           (nested == other.nested || (nested && other.nested && *nested == *other.nested));
}

bool operator==(const TranslatableText &a, const TranslatableText &b)
{
    return a.m_plain == b.m_plain && a.m_context == b.m_context && a.m_source == b.m_source &&
           a.m_n == b.m_n && a.m_args == b.m_args;
}
