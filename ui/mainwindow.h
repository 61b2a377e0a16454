#pragma once

#include "helpdialog.h"
#include "labsnapshot.h"
#include "runconfig.h"

#include <memory>
#include <QMainWindow>
#include <QPointer>
#include <QStringList>

class ControllerProfile;
class HistoryStore;
class LabClientBackend;
class LabFeed;
class LabNotifier;
class LiveRunData;
class LiveView;
class MachineActions;
class MachinesModel;
class MachinesView;
class NodeRegistry;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class RunController;
class RunSession;
class RunSetupWidget;
class SharedLabView;
class TrainingGroupModel;
class TrainingGroupView;

/// Hamgam's main window. The Lab tab has the machines of the lab, the
/// training group (machines dragged in) and the run setup side by side; the
/// Live tab follows the current run (a queued one too: its place in the queue
/// until it starts); the History tab (added by the app) lists past runs; the
/// Shared lab tab, always last, shows who holds which device, the queue, the
/// bookings and usage. The current run is a RunSession, which the window only
/// connects to its views. Notices about the user's own runs come from the
/// agents' `lab` topic (LabFeed) to a LabNotifier.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    MainWindow(ControllerProfile &profile, NodeRegistry &registry, HistoryStore *history,
               QWidget *parent = nullptr);
    /// The window's size when no size was saved: every screen's text fits it.
    static QSize defaultSize() { return {1280, 760}; }
    ~MainWindow() override;

    MachinesModel *machinesModel() const { return m_model; }
    MachinesView *machinesView() const { return m_view; }
    TrainingGroupModel *groupModel() const { return m_group; }
    TrainingGroupView *groupView() const { return m_groupView; }
    RunSetupWidget *runSetup() const { return m_setup; }
    LiveView *liveView() const { return m_live; }
    QTabWidget *tabs() const { return m_tabs; }
    SharedLabView *sharedLabView() const { return m_sharedLab; }
    LabNotifier *labNotifier() const { return m_notifier; }
    LabFeed *labFeed() const { return m_labFeed; }
    /// The user name and the machines online, in the status bar.
    QLabel *statusLabel() const { return m_statusLabel; }
    /// The current run's session; nullptr before the first check, start or attach.
    RunSession *session() const { return m_session.get(); }
    RunController *run() const;
    const LiveRunData *liveData() const;

    /// Adds a page (the history, for one) to the tabs, before the Shared lab tab.
    void addPage(QWidget *page, const QString &title);
    /// The profile's user name changed (Settings): the status bar, the notices and the Shared lab follow.
    void userChanged();
    /// Follows a run that is already going (started by another controller or before a restart).
    void attachRun(const QString &runId);
    /// Loads a config into the run setup (e.g. "New run from this one") and shows the Lab tab.
    void loadConfig(const RunConfig &config);
    /// Help → Quick start (F1) and Help → Documentation: one window for both.
    void showHelp(HelpDialog::Page page);
    /// The help window once shown; nullptr before.
    HelpDialog *helpDialog() const { return m_help; }
    /// The menu bar's menus and actions, for tests.
    QList<QAction *> menuActions() const { return m_actions; }

Q_SIGNALS:
    void settingsRequested();
    /// "Install agent over SSH…" (a machine's context menu, `host` set) or "Install agent on a machine…"
    /// (File menu).
    void installAgentRequested(const QString &host);
    void runFinished(const QString &runId);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildUi();
    void buildMenus();
    void retranslateUi();
    /// Restores the splitters inside a tab page now and saves them when the window closes.
    void rememberSplitters(QWidget *page, const QString &name);
    void updateDetails();
    void updateStatus();
    void checkRun(const RunConfig &config);
    void startRun(const RunConfig &config);
    /// As startRun, but the run waits in the lab's queue on its machines (docs/lab.md).
    void queueRun(const RunConfig &config);
    /// Whether a run may start now; tells the user why not.
    bool mayLaunch();
    /// The queued run's place, as the Shared lab's latest snapshot has it.
    void followQueue(const LabSnapshot &snapshot);
    /// Replaces the current session by a new one, connected to the views.
    void newSession();
    void updateLiveTitle();

    ControllerProfile &m_profile;
    NodeRegistry &m_registry;
    HistoryStore *m_history;
    MachinesModel *m_model = nullptr;
    QSortFilterProxyModel *m_filter = nullptr;
    MachinesView *m_view = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QPushButton *m_addButton = nullptr;
    QLabel *m_machinesTitle = nullptr;
    QLabel *m_groupTitle = nullptr;
    QLabel *m_setupTitle = nullptr;
    QLabel *m_details = nullptr;
    TrainingGroupModel *m_group = nullptr;
    TrainingGroupView *m_groupView = nullptr;
    RunSetupWidget *m_setup = nullptr;
    LiveView *m_live = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_splitter = nullptr;
    QLabel *m_statusLabel = nullptr;
    MachineActions *m_machineActions = nullptr;
    std::unique_ptr<RunSession> m_session;
    /// Declared after the session and before the views: gone before any view it answers.
    std::unique_ptr<LabClientBackend> m_labBackend;
    LabFeed *m_labFeed = nullptr;
    LabNotifier *m_notifier = nullptr;
    SharedLabView *m_sharedLab = nullptr;
    int m_queuePosition = 0;   ///< the current run's place in the queue while it is queued
    qint64 m_queueStartMs = 0; ///< and its estimated start; 0 unknown
    QList<QAction *> m_actions;
    QList<QMenu *> m_menus;
    QPointer<HelpDialog> m_help;
    QList<QPair<QString, QPointer<QSplitter>>> m_rememberedSplitters; ///< settings key, splitter
    int m_savedTab = 0; ///< the tab shown when the window last closed
};
