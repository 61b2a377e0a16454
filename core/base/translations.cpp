#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

// The layout direction of each catalogue, for QGuiApplication (Qt's own
// catalogue says it too; ours makes it hold when qtbase_<lang>.qm is missing).
static const char *const kLayoutDirection = QT_TRANSLATE_NOOP("QGuiApplication", "QT_LAYOUT_DIRECTION");
// QCommandLineParser's own words, which Qt's Persian catalogue (qtbase_fa) lacks:
// listed here so lupdate puts them in ours, which is asked first, and `--help`
// and the usage errors of hamgam, hamgam-agent and hamgamctl read in Persian.
[[maybe_unused]] static const char *const kCommandLineParserTexts[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

Translations::Translations(QObject *parent)
    : QObject(parent)
{}

Translations::~Translations()
{
    // When the application object is already gone, its translators went with it.
    if (!QCoreApplication::instance())
        return;
    if (m_app)
        QCoreApplication::removeTranslator(m_app);
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt);
}

QStringList Translations::available()
{
    QStringList out;
    const auto files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("hamgam_*.qm")});
    for (const QString &f : files)
        out.append(f.mid(7, f.size() - 10));
    return out;
}

bool Translations::setLanguage(const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (m_app) {
        QCoreApplication::removeTranslator(m_app);
        delete m_app;
        m_app = nullptr;
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt);
        delete m_qt;
        m_qt = nullptr;
    }
    auto *app = new QTranslator(this);
    if (!app->load(locale, QStringLiteral("hamgam"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        // No catalogue for this language (or the "C" locale): English, from its catalogue, so
        // that "%n device(s)" still reads "1 device" and "2 devices".
        if (app->load(QStringLiteral(":/i18n/hamgam_en.qm"))) {
            QCoreApplication::installTranslator(app);
            m_app = app;
        } else {
            delete app;
        }
        m_language = QStringLiteral("en");
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return false;
    }
    auto *qt = new QTranslator(this);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else {
        delete qt;
        qt = nullptr;
    }
    QCoreApplication::installTranslator(app);
    m_app = app;
    m_qt = qt;
    m_language = QLocale(app->language()).name().section(QLatin1Char('_'), 0, 0);
    // Numbers, dates and sizes follow the language the user reads.
    QLocale::setDefault(QLocale(app->language()));
    Q_UNUSED(kLayoutDirection);
    return true;
}

void Translations::installForLocale(QObject *owner)
{
    auto *t = new Translations(owner);
    t->setLanguage({});
}

Translations::Scoped::Scoped(const QString &language)
{
    if (language.isEmpty())
        return;
    // One loaded catalogue per language, kept for the process's lifetime.
    static QHash<QString, QTranslator *> cache;
    const QString key = language.section(QLatin1Char('_'), 0, 0);
    auto it = cache.find(key);
    if (it == cache.end()) {
        auto *t = new QTranslator(QCoreApplication::instance());
        if (!t->load(QLocale(key), QStringLiteral("hamgam"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
            delete t;
            t = nullptr;
        }
        it = cache.insert(key, t);
    }
    m_translator = it.value();
    if (m_translator)
        QCoreApplication::installTranslator(m_translator); // the newest translator is asked first
}

Translations::Scoped::~Scoped()
{
    if (m_translator && QCoreApplication::instance())
        QCoreApplication::removeTranslator(m_translator);
}
