// The Help menu (issue #21, item 7): the README's quick start, in English and
// in Persian, and the index of every document in docs/, each of which opens.
#include "helpdialog.h"
#include "mainwindow.h"
#include "noderegistry.h"
#include "testsupport.h"
#include "translations.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QTextBrowser>

using namespace TestSupport;

class TestHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void quickStartIsTheReadmes();
    void quickStartInPersian();
    void everyDocumentIsListedAndOpens();
    void helpMenuOpensIt();

private:
    static QStringList boldStepTitles(const QString &text, const QRegularExpression &pattern);
    std::unique_ptr<Translations> m_translations;
};

void TestHelp::initTestCase()
{
    m_translations = std::make_unique<Translations>();
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
}

QStringList TestHelp::boldStepTitles(const QString &text, const QRegularExpression &pattern)
{
    QStringList titles;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        titles << it.next().captured(1);
    return titles;
}

void TestHelp::quickStartIsTheReadmes()
{
    QFile readme(QStringLiteral(HAMGAM_SOURCE_DIR "/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(readme.readAll());
    const qsizetype start = text.indexOf(QLatin1String("\n## Quick start\n"));
    QVERIFY2(start > 0, "README.md has no Quick start section");
    const QString section = text.mid(start, text.indexOf(QLatin1String("\n## "), start + 5) - start);
    // The numbered steps' titles, as README and the Help window give them, in the same order.
    const QStringList readmeSteps =
        boldStepTitles(section, QRegularExpression(QStringLiteral("\\n\\d\\. \\*\\*([^*]+)\\*\\*")));
    const QStringList helpSteps = boldStepTitles(HelpDialog::quickStartHtml(),
                                                 QRegularExpression(QStringLiteral("<li><b>([^<]+)</b>")));
    QCOMPARE(readmeSteps.size(), 8);
    QCOMPARE(helpSteps, readmeSteps);
}

void TestHelp::quickStartInPersian()
{
    HelpDialog help;
    help.show();
    help.showPage(HelpDialog::Page::QuickStart);
    const QString english = help.browser()->toPlainText();
    QVERIFY2(english.contains(QLatin1String("Make a training group.")), qPrintable(english));

    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    const QString persian = help.browser()->toPlainText();
    const QString title = help.windowTitle();
    const Qt::LayoutDirection direction = help.browser()->layoutDirection();
    m_translations->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents();
    QVERIFY2(persian.contains(QRegularExpression(QStringLiteral("[\\x{0600}-\\x{06FF}]"))),
             qPrintable(persian));
    // No English sentence is left: English words remain only in commands and names.
    QString words = persian;
    for (const QString &kept :
         {QStringLiteral("hamgamctl"), QStringLiteral("scripts/run"), QStringLiteral("scripts/local-lab"),
          QStringLiteral("hamgam-agent"), QStringLiteral("my-run.json"), QStringLiteral("JSON")})
        words.remove(kept);
    static const QRegularExpression englishWord(
        QStringLiteral("\\b(the|and|of|to|a|is|on|Drag|Check|Start|Stop|machine|run|Quick)\\b"));
    const QStringList lines = words.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.contains(QLatin1String("--follow")) || line.contains(QLatin1String("RUN")) ||
            line.contains(QLatin1String("--once")) || line.trimmed() == QLatin1String("check") ||
            line.trimmed() == QLatin1String("runs") || line.startsWith(QLatin1String(" check")) ||
            line.startsWith(QLatin1String(" runs")))
            continue; // the commands block, left as typed
        QVERIFY2(!line.contains(englishWord), qPrintable(line));
    }
    QVERIFY2(title.contains(QRegularExpression(QStringLiteral("[\\x{0600}-\\x{06FF}]"))), qPrintable(title));
    QCOMPARE(direction, Qt::RightToLeft);
}

void TestHelp::everyDocumentIsListedAndOpens()
{
    const QStringList onDisk =
        QDir(QStringLiteral(HAMGAM_SOURCE_DIR "/docs")).entryList({QStringLiteral("*.md")}, QDir::Files);
    QStringList listed = HelpDialog::documents();
    QCOMPARE(QSet<QString>(listed.cbegin(), listed.cend()), QSet<QString>(onDisk.cbegin(), onDisk.cend()));
    QCOMPARE(listed.first(), QStringLiteral("run-config.md")); // what a newcomer needs first
    HelpDialog help;
    help.showPage(HelpDialog::Page::Documentation);
    const QString index = help.browser()->toPlainText();
    for (const QString &file : std::as_const(listed)) {
        QVERIFY2(!HelpDialog::documentDescription(file).isEmpty(), qPrintable(file));
        QVERIFY2(index.contains(HelpDialog::documentDescription(file)), qPrintable(file));
        help.openDocument(file);
        QFile f(QDir(QStringLiteral(HAMGAM_SOURCE_DIR "/docs")).filePath(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString title =
            QString::fromUtf8(f.readLine()).remove(QLatin1Char('#')).remove(QLatin1Char('`')).trimmed();
        QVERIFY2(help.browser()->toPlainText().startsWith(title),
                 qPrintable(file + QStringLiteral(": ") + help.browser()->toPlainText().left(80)));
    }
    // A link of the index opens its document in the same window.
    help.showPage(HelpDialog::Page::Documentation);
    Q_EMIT help.browser()->anchorClicked(QUrl(QStringLiteral("engine.md")));
    QVERIFY2(help.browser()->toPlainText().startsWith(QLatin1String("The training engine")),
             qPrintable(help.browser()->toPlainText().left(80)));
}

void TestHelp::helpMenuOpensIt()
{
    Controller controller = makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    MainWindow window(controller.profile, registry, nullptr);
    window.show();
    QAction *quickStart = nullptr;
    QAction *documentation = nullptr;
    for (QAction *a : window.menuActions()) {
        if (a->text() == QLatin1String("&Quick start"))
            quickStart = a;
        if (a->text() == QLatin1String("&Documentation"))
            documentation = a;
    }
    QVERIFY(quickStart && documentation);
    QCOMPARE(quickStart->shortcut(), QKeySequence(QKeySequence::HelpContents));
    quickStart->trigger();
    QVERIFY(window.helpDialog() && window.helpDialog()->isVisible());
    QCOMPARE(window.helpDialog()->page(), HelpDialog::Page::QuickStart);
    documentation->trigger();
    QCOMPARE(window.helpDialog()->page(), HelpDialog::Page::Documentation);
    QVERIFY(window.helpDialog()->browser()->toPlainText().contains(QLatin1String("run-config")) ||
            window.helpDialog()->browser()->toPlainText().contains(QLatin1String("Run config")));
}

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
