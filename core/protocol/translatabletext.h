#pragma once

#include <memory>
#include <QByteArray>
#include <QCborMap>
#include <QList>
#include <QLocale>
#include <QString>
#include <QStringList>
#include <QVariant>

/// A message for users that travels untranslated: its catalogue context, its
/// English source text (marked with QT_TRANSLATE_NOOP or QT_TRANSLATE_N_NOOP so
/// lupdate finds it), a plural count and typed arguments. Whoever shows it
/// translates it then, in the language and digits of that moment, and again
/// after a language change: an agent's pre-flight findings read in Persian in a
/// Persian interface whatever language the agent answered in. A message that
/// was translated already (plain text) is kept as it is.
class TranslatableText
{
public:
    TranslatableText() = default;
    /// Plain text, shown as it is. Implicit, so lists of these take strings.
    TranslatableText(const QString &plain)
        : m_plain(plain)
    {}
    /// `context` and `source` as given to QT_TRANSLATE_NOOP; `n` >= 0 for
    /// %n / %Ln plurals (QT_TRANSLATE_N_NOOP).
    TranslatableText(const char *context, const char *source, int n = -1);

    /// Arguments fill %1, %2, … in order, each formatted when the text is shown.
    TranslatableText &arg(const QString &text);     ///< as it is (a name)
    TranslatableText &ltrArg(const QString &token); ///< a path, id or address: kept left to right
    TranslatableText &arg(qint64 value);            ///< with the locale's digits
    TranslatableText &arg(int value) { return arg(qint64(value)); }
    TranslatableText &arg(double value, int decimals);
    TranslatableText &dataSizeArg(qint64 bytes);         ///< "1.5 GB", as DataSize::format writes it
    TranslatableText &listArg(const QStringList &items); ///< "a, b and c" in the locale's words
    /// A list of paths, ids or addresses, each kept left to right in the list.
    TranslatableText &ltrListArg(const QStringList &tokens);
    /// Another message, translated with this one: "node A: <its reason>" reads
    /// in one language when a run's end is shown again later.
    TranslatableText &arg(const TranslatableText &text);

    bool isPlain() const { return m_source.isEmpty(); }
    bool isEmpty() const { return m_source.isEmpty() && m_plain.isEmpty(); }
    /// Translated with the catalogues installed now, numbers in `locale`.
    QString toString(const QLocale &locale = QLocale()) const;

    /// {"text"} for plain text; {"context", "source", "n"?, "args"} otherwise,
    /// each argument a map {"kind", "value", "decimals"?}.
    QCborMap toCbor() const;
    /// Anything malformed gives plain text of whatever could be read.
    static TranslatableText fromCbor(const QCborValue &value);

    friend bool operator==(const TranslatableText &a, const TranslatableText &b);

private:
    enum class Kind
    {
        Text,
        Ltr,
        Integer,
        Decimal,
        DataSize,
        List,
        LtrList,
        Nested
    };
    struct Arg
    {
        Kind kind = Kind::Text;
        QVariant value;
        int decimals = 0;
        /// Kind::Nested: the message itself, read once, not again at every toString().
        std::shared_ptr<const TranslatableText> nested;
        bool operator==(const Arg &other) const;
    };
    static QString kindName(Kind kind);
    /// `depth` and `argsLeft` (over the whole tree) bound what a peer's nested messages may hold.
    static TranslatableText fromCbor(const QCborValue &value, int depth, int *argsLeft);
    QString format(const Arg &arg, const QLocale &locale) const;

    QString m_plain;
    QByteArray m_context;
    QByteArray m_source;
    int m_n = -1;
    QList<Arg> m_args;
};
