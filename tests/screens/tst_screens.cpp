// Every screen of the desktop app, as a user sees it, in English and Persian:
// three real agents on loopback, three finished runs in the history (one of
// them approximate, with local steps) and a fourth
// started from the Lab tab and training while the screens are taken. Switching
// to Persian must turn every top-level window right-to-left and translate it;
// switching back must restore left-to-right.
//
// With HAMGAM_SCREENSHOTS_DIR set (scripts/screenshots does), each screen is
// saved there as <screen>-<lang>.png for the README and docs/screenshots/, the
// main window's tabs at its default size and again at 1366x768 and 1920x1080
// (<screen>-1366x768-<lang>.png, <screen>-1920x1080-<lang>.png), and Help →
// Quick start (help-<lang>.png).
//
// darkThemeAt1366x768 renders the Lab, Live and History tabs again with a dark
// Fusion palette in a 1366x768 window (dark-<screen>-en.png). The ctest
// `screens-hidpi` runs it alone with QT_SCALE_FACTOR=2: the window, the plots'
// buffers and the drag pixmap are then in device pixels.
#include "comparisonview.h"
#include "desktopapp.h"
#include "helpdialog.h"
#include "historystore.h"
#include "historyview.h"
#include "installdialog.h"
#include "liverundata.h"
#include "machinesmodel.h"
#include "machinesview.h"
#include "mainwindow.h"
#include "noderegistry.h"
#include "processlab.h"
#include "runcontroller.h"
#include "runsetupwidget.h"
#include "runstablemodel.h"
#include "settingsdialog.h"
#include "traininggroupmodel.h"
#include "translatabletext.h"
#include "translations.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <qcustomplot.h>
#include <QDateEdit>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSplitter>
#include <QStyle>
#include <QStyleFactory>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

class TestScreens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyScreenInBothLanguages();
    void darkThemeAt1366x768();
    void windowStateIsRemembered();
    void cleanupTestCase();

private:
    QJsonObject runConfig(const QString &name, const QString &strategy, int steps) const;
    void finishedRun(const QString &name, const QString &strategy, const QJsonObject &sync = {});
    /// Grabs every visible top-level window and checks its direction.
    void grabAll(const QString &language, Qt::LayoutDirection expected);
    /// What the Lab tab shows in `language`: pre-flight findings, the run id
    /// kept in order, number boxes in the language's digits.
    void checkLab(const QString &language);
    void save(QWidget *widget, const QString &screen, const QString &language);

    ProcessLab m_lab;
    std::unique_ptr<DesktopApp> m_app;
    QString m_outDir;
    QTemporaryDir m_scratch;
    QPointer<SettingsDialog> m_settings;
    QPointer<InstallDialog> m_install;
    std::unique_ptr<RunSetupWidget> m_probe; ///< shows made-up pre-flight findings, never on screen
};

QJsonObject TestScreens::runConfig(const QString &name, const QString &strategy, int steps) const
{
    // The second and third machines are emulated as 2x and 3x slower, so the
    // plan visibly gives them smaller shares of the global batch.
    QJsonArray nodes;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        nodes.append(QJsonObject{{QStringLiteral("agent"), const_cast<ProcessLab &>(m_lab).agent(i).nodeId},
                                 {QStringLiteral("devices"), QJsonArray{0}},
                                 {QStringLiteral("slowdown"), 1.0 + i}});
    return QJsonObject{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), name},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                              {QStringLiteral("hidden"), QJsonArray{512, 256}}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("samples"), 8192},
                                                {QStringLiteral("classes"), 10},
                                                {QStringLiteral("shape"), QJsonArray{1, 32, 32}}}},
        {QStringLiteral("global_batch"), 96},
        {QStringLiteral("steps"), steps},
        {QStringLiteral("threads"), 1},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
        {QStringLiteral("planner"),
         QJsonObject{{QStringLiteral("profile_steps"), 2}, {QStringLiteral("replan_interval"), 20}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 20}}},
        {QStringLiteral("nodes"), nodes}};
}

void TestScreens::finishedRun(const QString &name, const QString &strategy, const QJsonObject &sync)
{
    const QString path = m_lab.path(name + QStringLiteral(".json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QJsonObject config = runConfig(name, strategy, 150);
    if (!sync.isEmpty())
        config.insert(QStringLiteral("sync"), sync);
    f.write(QJsonDocument(config).toJson());
    f.close();
    QByteArray out, err;
    QCOMPARE(m_lab.ctl({QStringLiteral("run"), path, QStringLiteral("--follow")}, &out, &err), 0);
}

void TestScreens::initTestCase()
{
    m_outDir = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR");
    if (m_outDir.isEmpty())
        m_outDir = m_scratch.path();
    QVERIFY(QDir().mkpath(m_outDir));

    QString error;
    QVERIFY2(m_lab.start(3, &error), qPrintable(error));
    finishedRun(QStringLiteral("mlp-hdp"), QStringLiteral("hdp"));
    finishedRun(QStringLiteral("mlp-lshdp"), QStringLiteral("lshdp"));
    // An approximate run (#32): History marks it as one.
    finishedRun(QStringLiteral("mlp-lshdp-local"), QStringLiteral("lshdp"),
                QJsonObject{{QStringLiteral("mode"), QStringLiteral("local")}, {QStringLiteral("every"), 8}});

    // The app reads the lab's controller profile and settings: the agents are pinned there.
    const QProcessEnvironment env = m_lab.environment();
    for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME"})
        qputenv(name, env.value(QString::fromLatin1(name)).toLocal8Bit());
    m_app = std::make_unique<DesktopApp>();
    const int code =
        m_app->start({QStringLiteral("hamgam"), QStringLiteral("--no-local-agent"),
                      QStringLiteral("--language"), QStringLiteral("en"), QStringLiteral("--discovery-port"),
                      QString::number(m_lab.discoveryPort()), QStringLiteral("--discovery-targets"),
                      QStringLiteral("127.255.255.255"), QStringLiteral("--history"), m_lab.historyPath()});
    QCOMPARE(code, -1);
    MainWindow *window = m_app->window();
    window->resize(MainWindow::defaultSize());
    QVERIFY(!window->windowIcon().isNull()); // the application's, from the embedded SVG
    QVERIFY(QTest::qWaitFor([&] { return window->machinesModel()->rowCount() == 3; }, 15000));
}

void TestScreens::cleanupTestCase()
{
    m_probe.reset();
    if (m_app && m_app->window() && m_app->window()->run()) {
        RunController *run = m_app->window()->run();
        if (RunStatusText::isActive(run->status())) {
            run->abort();
            (void)QTest::qWaitFor([&] { return !RunStatusText::isActive(run->status()); }, 20000);
        }
    }
    delete m_settings;
    delete m_install;
    m_app.reset();
}

void TestScreens::save(QWidget *widget, const QString &screen, const QString &language)
{
    QApplication::processEvents();
    const QPixmap pixmap = widget->grab();
    QVERIFY2(!pixmap.isNull(), qPrintable(screen));
    QVERIFY(pixmap.save(QDir(m_outDir).filePath(QStringLiteral("%1-%2.png").arg(screen, language))));
}

void TestScreens::grabAll(const QString &language, Qt::LayoutDirection expected)
{
    MainWindow *window = m_app->window();
    // Every top-level window follows the language's direction, including the
    // ones opened before the switch.
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (!w->isVisible())
            continue;
        QVERIFY2(w->layoutDirection() == expected,
                 qPrintable(QStringLiteral("%1 (%2) is not %3")
                                .arg(QString::fromLatin1(w->metaObject()->className()), w->windowTitle(),
                                     language)));
    }
    QTabWidget *tabs = window->tabs();
    const QStringList screens{QStringLiteral("lab"), QStringLiteral("live"), QStringLiteral("history")};
    // At the default size, on a 1366x768 laptop screen (issue #21: look at both) and maximized on a
    // 1920x1080 one (issue #31: the form left a gap).
    for (const QSize size : {MainWindow::defaultSize(), QSize(1366, 768), QSize(1920, 1080)}) {
        window->resize(size);
        const QString suffix = size == MainWindow::defaultSize()
                                   ? QString()
                                   : QStringLiteral("-%1x%2").arg(size.width()).arg(size.height());
        for (int i = 0; i < tabs->count() && i < screens.size(); ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(300); // plots redraw on their timers
            save(window, screens[i] + suffix, language);
        }
    }
    window->resize(MainWindow::defaultSize());
    // Help → Quick start, in this language.
    window->showHelp(HelpDialog::Page::QuickStart);
    QTest::qWait(200);
    save(window->helpDialog(), QStringLiteral("help"), language);
    window->helpDialog()->hide();
    tabs->setCurrentIndex(1);
    bool compared = false;
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (w->isVisible() && w->inherits("QDialog") && w->findChild<ComparisonView *>()) {
            save(w, QStringLiteral("compare"), language);
            compared = true;
        }
    }
    QVERIFY2(compared, "the comparison window is open");
    save(m_settings, QStringLiteral("settings"), language);
    save(m_install, QStringLiteral("install"), language);
}

void TestScreens::checkLab(const QString &language)
{
    MainWindow *window = m_app->window();
    RunSetupWidget *setup = window->runSetup();
    const bool persian = language == QLatin1String("fa");
    static const QRegularExpression latinDigit(QStringLiteral("[0-9]"));
    static const QRegularExpression persianDigit(QStringLiteral("[\\x{06F0}-\\x{06F9}]"));
    static const QRegularExpression englishWord(QStringLiteral("\\b(the|is|will|share|already)\\b"));
    static const QRegularExpression persianLetter(QStringLiteral("[\\x{0600}-\\x{06FF}]"));

    // Every number box writes the interface's digits (date boxes have their own calendar).
    for (QAbstractSpinBox *box : window->findChildren<QAbstractSpinBox *>()) {
        if (qobject_cast<QDateEdit *>(box))
            continue;
        const QString text = box->text();
        QVERIFY2(!persian || !text.contains(latinDigit),
                 qPrintable(QStringLiteral("%1: %2").arg(box->objectName(), text)));
        QVERIFY2(persian || !text.contains(persianDigit), qPrintable(text));
    }
    // The learning rate as briefly as exact, not "0.050000".
    QCOMPARE(setup->learningRateBox()->text(),
             persian ? QStringLiteral("\u06F0\u066B\u06F0\u06F5") : QStringLiteral("0.05"));

    // The agents' pre-flight findings in the interface language, whatever
    // language they answered in (the run was checked in English).
    QTreeWidget *tree = setup->preflightTree();
    int findings = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        for (int c = 0; c < tree->topLevelItem(i)->childCount(); ++c) {
            const QString text = tree->topLevelItem(i)->child(c)->text(0);
            QVERIFY2(persian ? !text.contains(englishWord) : !text.contains(persianLetter), qPrintable(text));
            ++findings;
        }
    }
    qInfo("%d pre-flight finding(s) from the lab shown in %s", findings, qPrintable(language));

    // The same, deterministic: findings as an agent sends them (untranslated,
    // through CBOR), shown while the interface is English and read again
    // after each switch.
    if (!m_probe) {
        m_probe = std::make_unique<RunSetupWidget>(*window->groupModel());
        RunController::NodePreflight p;
        p.agentId = QStringLiteral("probe");
        p.name = QStringLiteral("lab-07");
        p.reached = true;
        p.addError(TranslatableText::fromCbor(
            TranslatableText("Preflight",
                             QT_TRANSLATE_NOOP("Preflight", "cannot create the checkpoint directory %1"))
                .ltrArg(QStringLiteral("/data/ckpt"))
                .toCbor()));
        p.addWarning(TranslatableText::fromCbor(
            TranslatableText(
                "Preflight",
                QT_TRANSLATE_N_NOOP(
                    "Preflight", "the CPU is already busy (load %1 on %Ln core(s)): the run will share it"),
                2)
                .arg(4.3, 1)
                .toCbor()));
        m_probe->showPreflight({p}, false);
    }
    QTreeWidgetItem *probe = m_probe->preflightTree()->topLevelItem(0);
    QVERIFY(probe && probe->childCount() == 2);
    const QString error = probe->child(0)->text(0);
    const QString warning = probe->child(1)->text(0);
    if (persian) {
        QVERIFY2(error.contains(QChar(0x2066) + QStringLiteral("/data/ckpt") + QChar(0x2069)),
                 qPrintable(error));
        QVERIFY2(error.contains(persianLetter), qPrintable(error));
        QVERIFY2(warning.contains(QStringLiteral("\u06F4\u066B\u06F3")) && warning.contains(QChar(0x06F2)),
                 qPrintable(warning));
        QVERIFY2(!warning.contains(englishWord) && !warning.contains(latinDigit), qPrintable(warning));
    } else {
        QCOMPARE(error, QStringLiteral("cannot create the checkpoint directory /data/ckpt"));
        QCOMPARE(warning,
                 QStringLiteral("the CPU is already busy (load 4.3 on 2 cores): the run will share it"));
    }

    // The run id stays in order inside a right-to-left sentence.
    const QString runId = window->run()->runId();
    const QString message = setup->messageLabel()->text();
    QVERIFY2(message.contains(persian ? QChar(0x2066) + runId + QChar(0x2069) : runId), qPrintable(message));
    QVERIFY2(persian || !message.contains(QChar(0x2066)), qPrintable(message));
}

void TestScreens::everyScreenInBothLanguages()
{
    MainWindow *window = m_app->window();
    // The Lab tab: the group filled as by dragging, the config loaded, Start pressed.
    QList<ConfigError> configErrors;
    RunConfig config = RunConfig::fromJson(
        runConfig(QStringLiteral("mlp-lshdp-live"), QStringLiteral("lshdp"), 100000), &configErrors);
    QVERIFY(configErrors.isEmpty());
    window->groupModel()->setConfigNodes(config.nodes);
    window->loadConfig(config);
    QTest::qWait(500);
    window->runSetup()->startButton()->click();
    QVERIFY(QTest::qWaitFor([&] { return window->run() && window->run()->status() == RunStatus::Running; },
                            30000));
    // Enough steps for every plot and a rebalance or two.
    QElapsedTimer running;
    running.start();
    QVERIFY(QTest::qWaitFor(
        [&] { return window->liveData()->lossByStep().lastX() >= 60 && running.elapsed() > 20000; }, 90000));

    // History: the finished runs, the first one's details, and the three compared.
    HistoryView *history = m_app->historyView();
    QVERIFY(history);
    history->refresh();
    QVERIFY(QTest::qWaitFor([&] { return history->model()->rowCount() >= 4; }, 5000));
    QStringList finished;
    HistoryStore store(m_lab.historyPath());
    QVERIFY(store.open().ok());
    RunFilter filter;
    filter.statuses = {RunStatusText::key(RunStatus::Finished)};
    for (const RunRecord &r : store.runs(filter))
        finished << r.id;
    QCOMPARE(finished.size(), 3);
    // The local-steps run reads as approximate where runs are listed.
    QStringList strategies;
    for (int row = 0; row < history->model()->rowCount(); ++row)
        strategies << history->model()->index(row, RunsTableModel::StrategyColumn).data().toString();
    QVERIFY2(strategies.contains(QStringLiteral("LSHDP (approximate)")), qPrintable(strategies.join(u',')));
    history->selectRuns(finished);
    history->compareSelected();

    m_settings = new SettingsDialog(m_app->translations(), *m_app->profile(), m_app->registry(), window);
    m_settings->show();
    m_install = new InstallDialog(*m_app->profile(), *m_app->registry(), window);
    m_install->addHosts(QStringLiteral("student@lab-pc-07"));
    m_install->show();
    QTest::qWait(300);

    const QString englishLab = window->tabs()->tabText(0);
    checkLab(QStringLiteral("en"));
    grabAll(QStringLiteral("en"), Qt::LeftToRight);

    QVERIFY(m_app->translations()->setLanguage(QStringLiteral("fa")));
    QTest::qWait(500);
    QVERIFY(window->tabs()->tabText(0) != englishLab);
    checkLab(QStringLiteral("fa"));
    grabAll(QStringLiteral("fa"), Qt::RightToLeft);

    QVERIFY(m_app->translations()->setLanguage(QStringLiteral("en")));
    QTest::qWait(300);
    QCOMPARE(window->tabs()->tabText(0), englishLab);
    checkLab(QStringLiteral("en"));
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (w->isVisible())
            QCOMPARE(w->layoutDirection(), Qt::LeftToRight);
    }
}

namespace {
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x35, 0x35, 0x35), base(0x24, 0x24, 0x24), text(0xe8, 0xe8, 0xe8),
        dim(0x8c, 0x8c, 0x8c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2e, 0x2e, 0x2e));
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5a, 0x5a));
    p.setColor(QPalette::Dark, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, dim);
    return p;
}

int lightness(const QImage &image, int x, int y)
{
    return QColor(image.pixel(qBound(0, x, image.width() - 1), qBound(0, y, image.height() - 1))).lightness();
}
} // namespace

void TestScreens::darkThemeAt1366x768()
{
    // A dark desktop theme on a 1366x768 laptop screen: every plot follows the
    // palette (dark background, light text), nothing is cut off at the edge.
    MainWindow *window = m_app->window();
    const QPalette lightPalette = QApplication::palette();
    const QSize oldSize = window->size();
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(darkPalette());
    auto restore = qScopeGuard([&] {
        QApplication::setPalette(lightPalette);
        window->resize(oldSize);
    });

    // Room left on a 1366x768 screen by a task bar and a title bar.
    const QSize screen(1366, 768);
    const QSize usable(1366, 768 - 40 - 32);
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    QVERIFY2(minimum.width() <= usable.width() && minimum.height() <= usable.height(),
             qPrintable(QStringLiteral("the main window needs at least %1x%2")
                            .arg(minimum.width())
                            .arg(minimum.height())));
    window->resize(screen);
    QApplication::processEvents();
    QCOMPARE(window->size(), screen);

    // High DPI: with QT_SCALE_FACTOR the grabs are in device pixels, and so are
    // the plots' buffers and the drag pixmap (blurry otherwise).
    const qreal dpr = window->devicePixelRatioF();
    if (qEnvironmentVariableIsSet("QT_SCALE_FACTOR"))
        QCOMPARE(dpr, qEnvironmentVariable("QT_SCALE_FACTOR").toDouble());
    const QString suffix = dpr > 1 ? QStringLiteral("@%1x").arg(dpr) : QString();

    QTabWidget *tabs = window->tabs();
    const QStringList screens{QStringLiteral("lab"), QStringLiteral("live"), QStringLiteral("history")};
    const QRect inside = window->rect();
    int plotsChecked = 0;
    for (int i = 0; i < tabs->count() && i < screens.size(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(300); // plots redraw on their timers
        const QPixmap pixmap = window->grab();
        QCOMPARE(pixmap.devicePixelRatio(), dpr);
        QCOMPARE(pixmap.size(), window->size() * dpr);
        const QImage image = pixmap.toImage();
        if (!qEnvironmentVariableIsEmpty("HAMGAM_SCREENSHOTS_DIR"))
            QVERIFY(pixmap.save(
                QDir(m_outDir).filePath(QStringLiteral("dark-%1-en%2.png").arg(screens[i], suffix))));

        // Nothing wider or taller than the window (a scroll area's contents may be).
        QWidget *page = tabs->widget(i);
        for (QWidget *w : page->findChildren<QWidget *>()) {
            if (w->window() != window || !w->isVisibleTo(window) || w->width() <= 0 || w->height() <= 0)
                continue; // the comparison dialog is a window of its own
            bool scrolled = false;
            for (QWidget *up = w->parentWidget(); up && up != page; up = up->parentWidget())
                scrolled = scrolled || qobject_cast<QAbstractScrollArea *>(up);
            if (scrolled)
                continue;
            const QRect at(w->mapTo(window, QPoint(0, 0)), w->size());
            QVERIFY2(inside.contains(at),
                     qPrintable(QStringLiteral("%1 %2 (%3) is cut off at %4x%5+%6+%7")
                                    .arg(screens[i], QString::fromLatin1(w->metaObject()->className()),
                                         w->objectName())
                                    .arg(at.width())
                                    .arg(at.height())
                                    .arg(at.x())
                                    .arg(at.y())));
        }

        // The plots: a dark axis rect, light tick labels, never black text.
        for (QCustomPlot *plot : page->findChildren<QCustomPlot *>()) {
            if (plot->window() != window || !plot->isVisibleTo(window) || plot->height() < 60)
                continue;
            QCOMPARE(plot->bufferDevicePixelRatio(), dpr);
            const QString name =
                QStringLiteral("%1 %2").arg(screens[i], QString::fromLatin1(plot->metaObject()->className()));
            const QPoint origin = plot->mapTo(window, QPoint(0, 0));
            const QRect axis = plot->axisRect()->rect().translated(origin);
            auto px = [&](int x, int y) { return lightness(image, int(x * dpr), int(y * dpr)); };
            int dark = 0, samples = 0;
            for (int sx = 1; sx < 10; ++sx) {
                for (int sy = 1; sy < 10; ++sy, ++samples)
                    dark +=
                        px(axis.left() + axis.width() * sx / 10, axis.top() + axis.height() * sy / 10) < 100
                            ? 1
                            : 0;
            }
            // Bars, areas and heat maps cover much of it; the background shows
            // between (a white one would leave no dark sample at all).
            QVERIFY2(dark * 5 >= samples,
                     qPrintable(QStringLiteral("%1: %2 of %3 samples in the axis rect are dark")
                                    .arg(name)
                                    .arg(dark)
                                    .arg(samples)));
            // The tick labels: left of the axis rect (y) and under it (x).
            int brightest = 0, darkest = 255;
            const QRect plotRect(origin, plot->size());
            const QRect labelStrips[] = {
                QRect(QPoint(plotRect.left() + 1, axis.top()), QPoint(axis.left() - 3, axis.bottom())),
                QRect(QPoint(axis.left(), axis.bottom() + 3), QPoint(axis.right(), plotRect.bottom() - 1))};
            for (const QRect &strip : labelStrips) {
                for (int y = strip.top(); y <= strip.bottom(); ++y) {
                    for (int x = strip.left(); x <= strip.right(); ++x) {
                        const int l = px(x, y);
                        brightest = qMax(brightest, l);
                        darkest = qMin(darkest, l);
                    }
                }
            }
            QVERIFY2(brightest >= 170,
                     qPrintable(
                         QStringLiteral("%1: the tick labels are not light (%2)").arg(name).arg(brightest)));
            QVERIFY2(
                darkest >= 20,
                qPrintable(QStringLiteral("%1: black text on the dark plot (%2)").arg(name).arg(darkest)));
            ++plotsChecked;
        }
    }
    QVERIFY2(plotsChecked >= 3, qPrintable(QString::number(plotsChecked)));

    // The card a drag from the Machines list shows.
    tabs->setCurrentIndex(0);
    QApplication::processEvents();
    MachinesView *machines = window->machinesView();
    QVERIFY(machines->model()->rowCount() > 0);
    const QRect card = machines->visualRect(machines->model()->index(0, 0));
    const QPixmap drag = machines->dragPixmap(card.center());
    QCOMPARE(drag.devicePixelRatio(), dpr);
    QCOMPARE(drag.size(), card.size() * dpr);
}

void TestScreens::windowStateIsRemembered()
{
    // The splitters of the Lab, Live and History tabs and the tab shown, as the
    // user left them, come back in the next window.
    MainWindow *window = m_app->window();
    QTabWidget *tabs = window->tabs();
    auto splitters = [](MainWindow *w) {
        QList<QSplitter *> out{qobject_cast<QSplitter *>(w->tabs()->widget(0))};
        out += w->tabs()->widget(1)->findChildren<QSplitter *>();
        out += qobject_cast<HistoryView *>(w->tabs()->widget(2))->splitter();
        return out;
    };
    const QList<QSplitter *> before = splitters(window);
    QCOMPARE(before.size(), 4); // lab; live: plots | side, doctor / log; history: runs / details
    QList<QList<int>> moved;
    for (int i = 0; i < before.size(); ++i) {
        tabs->setCurrentIndex(i == 0 ? 0 : i < 3 ? 1 : 2);
        QApplication::processEvents();
        QList<int> sizes = before[i]->sizes();
        QVERIFY2(sizes.size() >= 2 && sizes.last() > 80, qPrintable(QString::number(i)));
        sizes.first() += 40;
        sizes.last() -= 40;
        before[i]->setSizes(sizes);
        moved.append(before[i]->sizes());
    }
    tabs->setCurrentIndex(2);
    QVERIFY(window->close()); // what a user does; it writes the settings

    HistoryStore store(m_lab.historyPath());
    QVERIFY(store.open().ok());
    MainWindow again(*m_app->profile(), *m_app->registry(), nullptr);
    again.addPage(new HistoryView(store), QStringLiteral("History"));
    QCOMPARE(again.tabs()->currentIndex(), 2);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.size(), window->size());
    const QList<QSplitter *> after = splitters(&again);
    QCOMPARE(after.size(), before.size());
    auto text = [](const QList<int> &sizes) {
        QStringList out;
        for (int size : sizes)
            out << QString::number(size);
        return out.join(QLatin1Char(','));
    };
    for (int i = 0; i < after.size(); ++i) {
        again.tabs()->setCurrentIndex(i == 0 ? 0 : i < 3 ? 1 : 2);
        QApplication::processEvents();
        QVERIFY2(after[i]->sizes() == moved[i],
                 qPrintable(QStringLiteral("splitter %1: %2 instead of %3")
                                .arg(i)
                                .arg(text(after[i]->sizes()), text(moved[i]))));
    }
    window->show(); // for the cleanup: the run is aborted through it
}

QTEST_MAIN(TestScreens)
#include "tst_screens.moc"
