#pragma once

#include "controllerprofile.h"

#include <memory>
#include <QObject>
#include <QPointer>

class DiscoveryListener;
class HistoryView;
class InstallDialog;
class HistoryStore;
class LocalAgentLauncher;
class MainWindow;
class NodeRegistry;
class Translations;

/// The composition root of the desktop app: parses the command line, opens the
/// controller profile, starts discovery and the local agent (the embedded
/// default), applies the saved language and shows the main window. main()
/// only creates the QApplication and this.
class DesktopApp final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopApp)

public:
    explicit DesktopApp(QObject *parent = nullptr);
    ~DesktopApp() override;

    /// Returns an exit code to leave with at once, or -1 to enter the event loop.
    int start(const QStringList &arguments);
    /// Whether the command line only asks for the help or the version, which start() answers under a
    /// QCoreApplication, with no display.
    static bool answersWithoutDisplay(int argc, char **argv);
    /// A font that has every Persian glyph, when Debian's Noto or FarsiWeb fonts are installed.
    static void choosePersianCapableFont();

    MainWindow *window() const { return m_window.get(); }
    NodeRegistry *registry() const { return m_registry.get(); }
    Translations *translations() const { return m_translations.get(); }
    ControllerProfile *profile() { return m_profile ? &*m_profile : nullptr; }
    HistoryView *historyView() const { return m_historyView; }

private:
    std::unique_ptr<Translations> m_translations;
    std::optional<ControllerProfile> m_profile;
    std::unique_ptr<NodeRegistry> m_registry;
    std::unique_ptr<HistoryStore> m_history;
    std::unique_ptr<DiscoveryListener> m_listener;
    std::unique_ptr<LocalAgentLauncher> m_launcher;
    std::unique_ptr<MainWindow> m_window;
    HistoryView *m_historyView = nullptr;
    QPointer<InstallDialog> m_installDialog; ///< one, not modal: installs run while the window is used
    QString m_localKey;
};
