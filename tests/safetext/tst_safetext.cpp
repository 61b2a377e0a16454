// SafeText: what other machines' text may not do on a terminal, in a widget or in a CSV file.
#include "csv.h"
#include "safetext.h"

#include <QTest>

class TestSafeText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escaped_data();
    void escaped();
    void isolatesThatCloseAreKept();
    void jsonStaysJson();
    void neutralized_data();
    void neutralized();
    void csvFieldsAreQuotedAsTheyNeed_data();
    void csvFieldsAreQuotedAsTheyNeed();
};

void TestSafeText::csvFieldsAreQuotedAsTheyNeed_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("field");
    QTest::newRow("plain") << QVariant(QStringLiteral("sara")) << QStringLiteral("sara");
    QTest::newRow("a comma from another machine")
        << QVariant(QStringLiteral("sara,1999-01-01,0")) << QStringLiteral("\"sara,1999-01-01,0\"");
    QTest::newRow("quotes doubled") << QVariant(QStringLiteral("say \"hi\""))
                                    << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::newRow("a line break") << QVariant(QStringLiteral("a\nb")) << QStringLiteral("\"a\nb\"");
    QTest::newRow("a carriage return") << QVariant(QStringLiteral("a\rb")) << QStringLiteral("\"a\rb\"");
    QTest::newRow("a double") << QVariant(0.1 + 0.2) << QStringLiteral("0.3");
    QTest::newRow("a whole number") << QVariant(qlonglong(1) << 40) << QStringLiteral("1099511627776");
    QTest::newRow("null") << QVariant() << QString();
}

void TestSafeText::csvFieldsAreQuotedAsTheyNeed()
{
    // One writer for every CSV export: before, the usage export wrote names unquoted (#30, item 5).
    QFETCH(QVariant, value);
    QFETCH(QString, field);
    QCOMPARE(Csv::field(value), field);
    QCOMPARE(Csv::row({QStringLiteral("a,b"), QStringLiteral("c")}), QStringLiteral("\"a,b\",c\n"));
}

void TestSafeText::escaped_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("run 1") << QStringLiteral("run 1");
    QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\\nb");
    QTest::newRow("tab, return") << QStringLiteral("a\tb\r") << QStringLiteral("a\\tb\\r");
    QTest::newRow("escape") << (QChar(0x1b) + QStringLiteral("[2J")) << QStringLiteral("\\x1b[2J");
    QTest::newRow("bell, DEL, C1") << (QString(QChar(0x07)) + QChar(0x7f) + QChar(0x9b))
                                   << QStringLiteral("\\x07\\x7f\\x9b");
    QTest::newRow("backslash") << QStringLiteral("a\\nb") << QStringLiteral("a\\\\nb");
    QTest::newRow("RLO") << (QStringLiteral("abc") + QChar(0x202E) + QStringLiteral("fed"))
                         << QStringLiteral("abc\\u202efed");
    QTest::newRow("isolates") << (QChar(0x2067) + QStringLiteral("x") + QChar(0x2069))
                              << QStringLiteral("\\u2067x\\u2069");
    QTest::newRow("line separator") << (QStringLiteral("a") + QChar(0x2028) + QStringLiteral("b"))
                                    << QStringLiteral("a\\u2028b");
    // Persian keeps its zero-width non-joiner: «می‌رود».
    const QString persian = QStringLiteral("می") + QChar(0x200C) + QStringLiteral("رود");
    QTest::newRow("ZWNJ") << persian << persian;
    QTest::newRow("emoji") << QStringLiteral("run 🚀") << QStringLiteral("run 🚀");
}

void TestSafeText::escaped()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(SafeText::escaped(input), expected);
}

void TestSafeText::isolatesThatCloseAreKept()
{
    // Bidi::ltr() output survives; an unclosed isolate or a PDI alone does not.
    const QString ours = QChar(0x2066) + QStringLiteral("20261130-1143") + QChar(0x2069);
    QCOMPARE(SafeText::escapedKeepingIsolates(ours), ours);
    QCOMPARE(SafeText::escapedKeepingIsolates(QChar(0x2067) + QStringLiteral("x")),
             QStringLiteral("\\u2067x"));
    QCOMPARE(SafeText::escapedKeepingIsolates(QStringLiteral("x") + QChar(0x2069)),
             QStringLiteral("x\\u2069"));
    QCOMPARE(SafeText::escapedKeepingIsolates(QChar(0x202E) + ours), QStringLiteral("\\u202e") + ours);
    QCOMPARE(SafeText::escapedKeepingIsolates(QStringLiteral("a\nb")), QStringLiteral("a\\nb"));
}

void TestSafeText::jsonStaysJson()
{
    const QString json =
        QStringLiteral("{\"reason\":\"a") + QChar(0x202E) + QChar(0x85) + QStringLiteral("b\"}");
    QCOMPARE(SafeText::jsonEscaped(json), QStringLiteral("{\"reason\":\"a\\u202e\\u0085b\"}"));
    QCOMPARE(SafeText::jsonEscaped(QStringLiteral("{\"a\":\"\\n\"}")), QStringLiteral("{\"a\":\"\\n\"}"));
    // An indented document keeps its lines.
    QCOMPARE(SafeText::jsonEscaped(QStringLiteral("{\n\t\"a\": \"\u202e\"\r\n}")),
             QStringLiteral("{\n\t\"a\": \"\\u202e\"\r\n}"));
}

void TestSafeText::neutralized_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("run 1") << QStringLiteral("run 1");
    QTest::newRow("newlines") << QStringLiteral("a\nb\r\tc") << QStringLiteral("a b  c");
    QTest::newRow("controls dropped")
        << (QStringLiteral("a") + QChar(0x1b) + QChar(0x07) + QStringLiteral("b")) << QStringLiteral("ab");
    QTest::newRow("override dropped")
        << (QStringLiteral("abc") + QChar(0x202E) + QStringLiteral("fed")) << QStringLiteral("abcfed");
    const QString persian = QStringLiteral("اجرا") + QChar(0x202D) + QStringLiteral("۱");
    QTest::newRow("RTL isolated") << persian << (QChar(0x2068) + QStringLiteral("اجرا۱") + QChar(0x2069));
}

void TestSafeText::neutralized()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(SafeText::neutralized(input), expected);
}

QTEST_APPLESS_MAIN(TestSafeText)
#include "tst_safetext.moc"
