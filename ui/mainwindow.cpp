#include "mainwindow.h"

#include "appicons.h"
#include "bidi.h"
#include "controllerprofile.h"
#include "helpdialog.h"
#include "historystore.h"
#include "identity.h"
#include "labclientbackend.h"
#include "labfeed.h"
#include "labformat.h"
#include "labnotifier.h"
#include "linkforecast.h"
#include "liverundata.h"
#include "liveview.h"
#include "localeformat.h"
#include "machineactions.h"
#include "machinedelegate.h"
#include "machinesmodel.h"
#include "machinesview.h"
#include "noderegistry.h"
#include "runcontroller.h"
#include "runsession.h"
#include "runsetupwidget.h"
#include "safetext.h"
#include "sharedlabview.h"
#include "traininggroupdelegate.h"
#include "traininggroupmodel.h"
#include "traininggroupview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

MainWindow::MainWindow(ControllerProfile &profile, NodeRegistry &registry, HistoryStore *history,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_profile(profile)
    , m_registry(registry)
    , m_history(history)
{
    buildUi();
    buildMenus();
    retranslateUi();
    connect(&registry, &NodeRegistry::nodeAdded, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::nodeRemoved, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::nodeChanged, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::manualEntriesChanged, this,
            [this] { (void)m_profile.saveManualMachines(m_registry.manualEntries()); });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    rememberSplitters(m_live, QStringLiteral("live"));
    // The tab shown last; the History tab is added later, so it may be restored in addPage().
    m_savedTab = settings.value(QStringLiteral("window/tab"), 0).toInt();
    if (m_savedTab >= 0 && m_savedTab < m_tabs->count())
        m_tabs->setCurrentIndex(m_savedTab);
    userChanged();
    const QByteArray lastConfig = settings.value(QStringLiteral("run/last_config")).toByteArray();
    if (!lastConfig.isEmpty()) {
        QList<ConfigError> errors;
        const RunConfig c = RunConfig::fromJsonText(lastConfig, &errors);
        if (errors.isEmpty())
            m_setup->setConfig(c);
    }
}

MainWindow::~MainWindow() = default;

RunController *MainWindow::run() const
{
    return m_session ? &m_session->controller() : nullptr;
}

const LiveRunData *MainWindow::liveData() const
{
    return m_session ? &m_session->data() : nullptr;
}

void MainWindow::buildUi()
{
    // Machines.
    auto *machinesPanel = new QWidget;
    auto *machinesLayout = new QVBoxLayout(machinesPanel);
    machinesLayout->setContentsMargins(6, 6, 6, 6);
    auto title = [] {
        auto *label = new QLabel;
        QFont f = label->font();
        f.setBold(true);
        f.setPointSizeF(f.pointSizeF() * 1.15);
        label->setFont(f);
        return label;
    };
    m_machinesTitle = title();
    m_filterEdit = new QLineEdit;
    m_filterEdit->setClearButtonEnabled(true);
    m_model = new MachinesModel(m_registry, this);
    m_group = new TrainingGroupModel(m_registry, this);
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setSourceModel(m_model);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterRole(Qt::DisplayRole);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &QSortFilterProxyModel::setFilterFixedString);
    m_view = new MachinesView;
    m_view->setModel(m_filter);
    m_view->setItemDelegate(new MachineDelegate(m_view));
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_machineActions = new MachineActions(m_registry, *m_group, m_view, m_filter, this);
    connect(m_machineActions, &MachineActions::installAgentRequested, this,
            &MainWindow::installAgentRequested);
    connect(m_view, &MachinesView::doubleClicked, this, [this](const QModelIndex &i) {
        m_group->add(m_filter->mapToSource(i).data(MachinesModel::KeyRole).toString(), -1);
    });
    m_addButton = new QPushButton;
    AppIcons::setButtonIcon(m_addButton, AppIcons::addMachine());
    connect(m_addButton, &QPushButton::clicked, m_machineActions, &MachineActions::addMachine);
    machinesLayout->addWidget(m_machinesTitle);
    machinesLayout->addWidget(m_filterEdit);
    machinesLayout->addWidget(m_view, 1);
    machinesLayout->addWidget(m_addButton);

    // Training group.
    auto *groupPanel = new QWidget;
    auto *groupLayout = new QVBoxLayout(groupPanel);
    groupLayout->setContentsMargins(6, 6, 6, 6);
    m_groupTitle = title();
    m_groupView = new TrainingGroupView;
    m_groupView->setModel(m_group);
    m_groupView->setItemDelegate(new TrainingGroupDelegate(m_groupView));
    m_details = new QLabel;
    m_details->setWordWrap(true);
    m_details->setForegroundRole(QPalette::PlaceholderText);
    groupLayout->addWidget(m_groupTitle);
    groupLayout->addWidget(m_groupView, 1);
    groupLayout->addWidget(m_details);
    connect(m_group, &TrainingGroupModel::groupChanged, this, &MainWindow::updateDetails);

    // Run setup.
    auto *setupPanel = new QWidget;
    auto *setupLayout = new QVBoxLayout(setupPanel);
    setupLayout->setContentsMargins(6, 6, 0, 0);
    m_setupTitle = title();
    m_setup = new RunSetupWidget(*m_group);
    setupLayout->addWidget(m_setupTitle);
    setupLayout->addWidget(m_setup, 1);
    connect(m_setup, &RunSetupWidget::checkRequested, this, &MainWindow::checkRun);
    connect(m_setup, &RunSetupWidget::startRequested, this, &MainWindow::startRun);
    connect(m_setup, &RunSetupWidget::queueRequested, this, &MainWindow::queueRun);
    connect(m_setup, &RunSetupWidget::stopRequested, this, [this] {
        if (RunController *r = run())
            r->status() == RunStatus::Queued ? r->cancel() : r->stop(); // a queued run has nothing to save
    });
    connect(m_setup, &RunSetupWidget::abortRequested, this, [this] {
        if (run() && run()->status() == RunStatus::Queued) {
            run()->cancel();
            return;
        }
        if (run() &&
            QMessageBox::question(this, tr("Abort run"), tr("Stop the workers now, without a checkpoint?")) ==
                QMessageBox::Yes)
            run()->abort();
    });

    m_splitter = new QSplitter;
    m_splitter->addWidget(machinesPanel);
    m_splitter->addWidget(groupPanel);
    m_splitter->addWidget(setupPanel);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 4);
    m_splitter->setChildrenCollapsible(false);

    m_live = new LiveView;
    m_live->setSession(nullptr);

    // The shared lab (docs/lab.md): the agents' lab topic, the tab, notices about the user's own runs.
    m_labBackend = std::make_unique<LabClientBackend>(m_registry);
    m_labFeed = new LabFeed(m_registry, this);
    m_sharedLab = new SharedLabView(m_labBackend.get());
    connect(m_labFeed, &LabFeed::changed, m_sharedLab, &SharedLabView::onLabChanged);
    connect(m_labFeed, &LabFeed::changed, this, [this] {
        // A queued run's place moves as others end or queue: ask again, even with the Shared lab tab hidden.
        if (run() && run()->status() == RunStatus::Queued)
            m_labBackend->fetch(false, [this](const LabSnapshot &snapshot) { followQueue(snapshot); });
    });
    connect(m_sharedLab, &SharedLabView::snapshotChanged, this, &MainWindow::followQueue);

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_splitter, QString());
    m_tabs->addTab(m_live, QString());
    m_tabs->addTab(m_sharedLab, QString());
    setCentralWidget(m_tabs);

    m_statusLabel = new QLabel;
    statusBar()->addPermanentWidget(m_statusLabel);
    m_notifier = new LabNotifier(statusBar(), this);
    connect(m_labFeed, &LabFeed::notice, m_notifier, &LabNotifier::onNotice);
    resize(defaultSize());
}

void MainWindow::buildMenus()
{
    auto *file = menuBar()->addMenu(QString());
    auto *load = file->addAction(QString());
    load->setShortcut(QKeySequence::Open);
    connect(load, &QAction::triggered, m_setup, &RunSetupWidget::promptLoad);
    auto *save = file->addAction(QString());
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, m_setup, &RunSetupWidget::promptSave);
    file->addSeparator();
    auto *add = file->addAction(AppIcons::addMachine(), QString());
    connect(add, &QAction::triggered, m_machineActions, &MachineActions::addMachine);
    auto *install = file->addAction(AppIcons::install(), QString()); // SSH installer (issue 7)
    connect(install, &QAction::triggered, this, [this] { Q_EMIT installAgentRequested(QString()); });
    file->addSeparator();
    auto *quit = file->addAction(QString());
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    auto *tools = menuBar()->addMenu(QString());
    auto *settings = tools->addAction(QString());
    settings->setShortcut(QKeySequence::Preferences);
    connect(settings, &QAction::triggered, this, &MainWindow::settingsRequested);
    auto *help = menuBar()->addMenu(QString());
    auto *quickStart = help->addAction(QString());
    quickStart->setShortcut(QKeySequence::HelpContents);
    connect(quickStart, &QAction::triggered, this, [this] { showHelp(HelpDialog::Page::QuickStart); });
    auto *documentation = help->addAction(QString());
    connect(documentation, &QAction::triggered, this, [this] { showHelp(HelpDialog::Page::Documentation); });
    help->addSeparator();
    auto *about = help->addAction(QString());
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Hamgam"),
                           tr("<h3>Hamgam %1</h3><p>Train deep networks on the mixed, slowly networked "
                              "machines a lab already "
                              "has: batches that follow each machine's speed, and sharding that keeps "
                              "parameters inside each "
                              "machine.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
    m_menus = {file, tools, help};
    m_actions = {load, save, add, install, quit, settings, quickStart, documentation, about};
}

void MainWindow::showHelp(HelpDialog::Page page)
{
    if (!m_help) {
        m_help = new HelpDialog(this);
        m_help->setAttribute(Qt::WA_DeleteOnClose, false);
    }
    m_help->showPage(page);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("Hamgam"));
    m_machinesTitle->setText(tr("Machines"));
    m_groupTitle->setText(tr("Training group"));
    m_setupTitle->setText(tr("Run setup"));
    m_filterEdit->setPlaceholderText(tr("Filter machines"));
    m_addButton->setText(tr("Add machine…"));
    m_addButton->setToolTip(tr("Add an agent on another subnet by host name or address"));
    m_view->setToolTip(tr("Drag a machine, or one device line of it, into the training group"));
    m_tabs->setTabText(0, tr("Lab"));
    m_tabs->setTabText(1, tr("Live"));
    m_tabs->setTabText(m_tabs->indexOf(m_sharedLab), tr("Shared lab"));
    const char *menus[] = {QT_TR_NOOP("&File"), QT_TR_NOOP("&Tools"), QT_TR_NOOP("&Help")};
    for (qsizetype i = 0; i < m_menus.size(); ++i)
        m_menus[i]->setTitle(tr(menus[i]));
    const char *actions[] = {QT_TR_NOOP("&Load run config…"),
                             QT_TR_NOOP("&Save run config…"),
                             QT_TR_NOOP("&Add machine…"),
                             QT_TR_NOOP("&Install agent on a machine…"),
                             QT_TR_NOOP("&Quit"),
                             QT_TR_NOOP("&Settings…"),
                             QT_TR_NOOP("&Quick start"),
                             QT_TR_NOOP("&Documentation"),
                             QT_TR_NOOP("&About Hamgam")};
    for (qsizetype i = 0; i < m_actions.size(); ++i)
        m_actions[i]->setText(tr(actions[i]));
    updateDetails();
    updateStatus();
    updateLiveTitle();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        // A widget keeps the locale it was created with, so number boxes would
        // go on writing Latin digits after a switch to Persian: every window
        // (and through it every widget) takes the language's locale again.
        // Translations sets that default before this posted event arrives.
        for (QWidget *window : QApplication::topLevelWidgets()) {
            if (!window->testAttribute(Qt::WA_SetLocale))
                window->unsetLocale();
        }
        retranslateUi();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    for (const auto &[key, splitter] : std::as_const(m_rememberedSplitters)) {
        if (splitter)
            settings.setValue(key, splitter->saveState());
    }
    settings.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    settings.setValue(QStringLiteral("run/last_config"),
                      QJsonDocument(m_setup->config().toJson()).toJson(QJsonDocument::Compact));
    QMainWindow::closeEvent(event);
}

void MainWindow::addPage(QWidget *page, const QString &title)
{
    // Before the Shared lab, which stays last whatever the app adds.
    const int index = m_tabs->insertTab(m_tabs->indexOf(m_sharedLab), page, title);
    rememberSplitters(page, QString::fromLatin1(page->metaObject()->className()).toLower());
    if (index == m_savedTab || m_tabs->indexOf(m_sharedLab) == m_savedTab)
        m_tabs->setCurrentIndex(m_savedTab);
    // The page names itself in the interface language (its window title), so
    // its tab follows a language change.
    connect(page, &QWidget::windowTitleChanged, this, [this, page](const QString &text) {
        if (const int i = m_tabs->indexOf(page); i >= 0 && !text.isEmpty())
            m_tabs->setTabText(i, text);
    });
}

void MainWindow::rememberSplitters(QWidget *page, const QString &name)
{
    // The page's splitters in creation order. The key also holds each one's
    // orientation and pane count, so a state saved by a version with another
    // layout is ignored rather than turning a splitter on its side.
    const QList<QSplitter *> splitters = page->findChildren<QSplitter *>();
    QSettings settings;
    for (qsizetype i = 0; i < splitters.size(); ++i) {
        QSplitter *splitter = splitters[i];
        const QString key =
            QStringLiteral("window/splitters/%1/%2-%3%4")
                .arg(name)
                .arg(i)
                .arg(splitter->orientation() == Qt::Horizontal ? QLatin1Char('h') : QLatin1Char('v'))
                .arg(splitter->count());
        splitter->restoreState(settings.value(key).toByteArray());
        m_rememberedSplitters.append({key, splitter});
    }
}

void MainWindow::updateDetails()
{
    const RunConfig c = m_setup ? m_setup->config() : RunConfig();
    const int devices = c.deviceCount();
    m_details->setText(c.nodes.isEmpty()
                           ? QString()
                           : tr("%Ln machine(s), %1 in all; the first one hosts the rendezvous.", nullptr,
                                int(c.nodes.size()))
                                 .arg(tr("%Ln device(s)", nullptr, devices)));
}

void MainWindow::updateStatus()
{
    int online = 0;
    for (const Node &n : m_registry.nodes())
        online += n.isOnline() ? 1 : 0;
    m_statusLabel->setText(
        tr("user %1  ·  %Ln machine(s) online  ·  this controller %2…", nullptr, online)
            .arg(LabFormat::token(m_profile.userName()),
                 Bidi::ltr(Identity::displayFingerprint(m_profile.identity().fingerprint()).left(23))));
    m_statusLabel->setToolTip(
        tr("You are %1 in the shared lab (Settings, Lab)").arg(LabFormat::token(m_profile.userName())));
}

void MainWindow::userChanged()
{
    m_notifier->setUser(m_profile.userName());
    m_sharedLab->setUser(m_profile.userName());
    updateStatus();
}

void MainWindow::newSession()
{
    auto session = std::make_unique<RunSession>(m_registry, m_history);
    m_live->setSession(session.get()); // before the old session goes: the view never reads a dead one
    m_session = std::move(session);
    RunSession *s = m_session.get();
    RunController *run = &s->controller();
    connect(s, &RunSession::planChanged, m_group, &TrainingGroupModel::setPlan);
    connect(s, &RunSession::nodeSpeedChanged, m_group, &TrainingGroupModel::setSpeed);
    connect(run, &RunController::preflightFinished, m_setup, &RunSetupWidget::showPreflight);
    connect(run, &RunController::startFailed, this, [this, run](const QString &message) {
        m_setup->setRunning(false);
        // Refused by pre-flight: worded from the findings, which travel untranslated, so
        // a language change words it again; any other refusal is shown as it came.
        QList<RunController::NodePreflight> refused;
        for (const RunController::NodePreflight &p : run->preflightResults()) {
            if (!p.errorTexts.isEmpty())
                refused << p;
        }
        if (run->runId().isEmpty() && !refused.isEmpty())
            m_setup->showMessage(
                [refused]() -> QString {
                    QStringList lines{tr("Pre-flight found problems; nothing was started:")};
                    for (const RunController::NodePreflight &p : refused) {
                        for (const TranslatableText &e : p.errorTexts)
                            lines << tr("%1: %2").arg(p.name, e.toString());
                    }
                    return lines.join(QLatin1Char('\n'));
                },
                true);
        else
            m_setup->showMessage(message, true);
    });
    connect(run, &RunController::started, this, [this](const QString &runId) {
        m_setup->setRunning(true);
        m_setup->showMessage([runId]() -> QString { return tr("Run %1 started.").arg(Bidi::ltr(runId)); },
                             false);
        QSettings().setValue(QStringLiteral("run/last_config"),
                             QJsonDocument(m_setup->config().toJson()).toJson(QJsonDocument::Compact));
        m_tabs->setCurrentWidget(m_live);
        updateLiveTitle();
    });
    connect(run, &RunController::queued, this,
            [this](const QString &runId, int position, qint64 estimatedStartMs) {
                m_queuePosition = position;
                m_queueStartMs = estimatedStartMs;
                m_setup->setRunning(true);
                m_setup->showMessage(
                    [runId, position, estimatedStartMs]() -> QString {
                        return estimatedStartMs > 0
                                   ? tr("Run %1 is queued: position %2, estimated start %3.")
                                         .arg(Bidi::ltr(runId), LocaleFormat::number(qint64(position)),
                                              LabFormat::time(estimatedStartMs,
                                                              QDateTime::currentMSecsSinceEpoch()))
                                   : tr("Run %1 is queued: position %2.")
                                         .arg(Bidi::ltr(runId), LocaleFormat::number(qint64(position)));
                    },
                    false);
                QSettings().setValue(
                    QStringLiteral("run/last_config"),
                    QJsonDocument(m_setup->config().toJson()).toJson(QJsonDocument::Compact));
                m_tabs->setCurrentWidget(m_live);
                updateLiveTitle();
            });
    connect(run, &RunController::statusChanged, this, &MainWindow::updateLiveTitle);
    connect(run, &RunController::finished, this, [this, run](RunStatus status, const QString &reason) {
        m_setup->setRunning(false);
        m_setup->showMessage(
            [runId = run->runId(), status, reason]() -> QString {
                return reason.isEmpty()
                           ? tr("Run %1: %2.").arg(Bidi::ltr(runId), RunStatusText::display(status))
                           : tr("Run %1: %2 — %3")
                                 .arg(Bidi::ltr(runId), RunStatusText::display(status), reason);
            },
            status == RunStatus::Failed);
        updateLiveTitle();
        Q_EMIT runFinished(run->runId());
    });
}

void MainWindow::checkRun(const RunConfig &config)
{
    if (run() && RunStatusText::isActive(run()->status()) && run()->isAttached())
        return;
    newSession();
    m_setup->showMessage([]() -> QString { return tr("Checking every node…"); }, false);
    // What each sync mode would cost on these machines' link, as the history measured it (#32).
    const auto link = m_history ? LinkForecast::fromHistory(config, *m_history) : std::nullopt;
    m_setup->setLinkForecast(link ? std::optional(link->link) : std::nullopt,
                             link ? SafeText::neutralized(link->runName) : QString());
    m_session->preflight(config);
}

bool MainWindow::mayLaunch()
{
    if (run() && run()->isAttached() && RunStatusText::isActive(run()->status())) {
        m_setup->showMessage([]() -> QString { return tr("A run is already going; stop it first."); }, true);
        return false;
    }
    return true;
}

void MainWindow::startRun(const RunConfig &config)
{
    if (!mayLaunch())
        return;
    newSession();
    m_setup->setRunning(true);
    m_setup->showMessage([]() -> QString { return tr("Pre-flight on every node…"); }, false);
    // The live view and the group's cards start from a clean slate with this run's machines and devices.
    m_group->clearLiveFigures();
    m_session->controller().setExpectedSeconds(m_setup->expectedSeconds());
    m_session->start(config);
}

void MainWindow::queueRun(const RunConfig &config)
{
    if (!mayLaunch())
        return;
    newSession();
    m_queuePosition = 0;
    m_queueStartMs = 0;
    m_setup->setRunning(true);
    m_setup->showMessage([]() -> QString { return tr("Pre-flight on every node, then into the queue…"); },
                         false);
    m_group->clearLiveFigures();
    m_session->controller().setExpectedSeconds(m_setup->expectedSeconds());
    m_session->enqueue(config);
}

void MainWindow::followQueue(const LabSnapshot &snapshot)
{
    const RunController *r = run();
    if (!r || r->status() != RunStatus::Queued)
        return;
    const QList<LabQueueEntry> queue = snapshot.queue();
    for (qsizetype i = 0; i < queue.size(); ++i) {
        if (queue[i].runId != r->runId())
            continue;
        // Its place among every queued run, as the Shared lab tab and hamgamctl queue number them.
        m_queuePosition = int(i) + 1;
        m_queueStartMs = queue[i].placeable ? queue[i].estimatedStartMs : 0;
        updateLiveTitle();
        return;
    }
}

void MainWindow::attachRun(const QString &runId)
{
    if (!m_history)
        return;
    const auto record = m_history->run(runId);
    if (!record)
        return;
    newSession();
    m_setup->setRunning(RunStatusText::isActive(record->status));
    m_session->attach(runId);
    updateLiveTitle();
}

void MainWindow::loadConfig(const RunConfig &config)
{
    m_setup->setConfig(config);
    m_tabs->setCurrentIndex(0);
}

void MainWindow::updateLiveTitle()
{
    const RunController *r = run();
    if (!r || !r->isAttached()) {
        m_live->setTitle(tr("No run yet"), tr("Start one from the Lab tab."));
        return;
    }
    QString status = r->reason().isEmpty()
                         ? RunStatusText::display(r->status())
                         : tr("%1: %2").arg(RunStatusText::display(r->status()), r->reason());
    if (r->status() == RunStatus::Queued && m_queuePosition > 0)
        status =
            m_queueStartMs > 0
                ? tr("%1: position %2 in the queue, estimated start %3")
                      .arg(RunStatusText::display(r->status()), LocaleFormat::number(qint64(m_queuePosition)),
                           LabFormat::time(m_queueStartMs, QDateTime::currentMSecsSinceEpoch()))
                : tr("%1: position %2 in the queue")
                      .arg(RunStatusText::display(r->status()),
                           LocaleFormat::number(qint64(m_queuePosition)));
    m_live->setTitle(tr("%1 (%2)").arg(r->config().name, Bidi::ltr(r->runId())), status);
}
