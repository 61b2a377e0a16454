#pragma once

#include <QDialog>
#include <QStringList>

class ControllerProfile;
class NodeRegistry;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class Translations;

/// The app's settings: interface language (applied at once through
/// Translations), the local agent's telemetry rate, the history location, the
/// trusted agents (pinned fingerprints) with Revoke, and the user's name in the
/// shared lab (saved in the controller profile). Nothing changes until
/// Apply or OK; Cancel discards, revocations included. Values live in QSettings
/// under the keys below.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    static constexpr const char *kLanguageKey = "ui/language";           ///< "", "en", "fa"; "": the system's
    static constexpr const char *kTelemetryHzKey = "agent/telemetry_hz"; ///< double, 0.1 to 10
    static constexpr const char *kHistoryPathKey = "history/path";       ///< empty: the profile's default
    static constexpr double kDefaultTelemetryHz = 1.0;

    /// `translations` may be null (the choice is then only remembered); so may
    /// `registry`, and a revoked pin is then removed from profile.pins() alone.
    SettingsDialog(Translations *translations, ControllerProfile &profile, NodeRegistry *registry,
                   QWidget *parent = nullptr);
    ~SettingsDialog() override;

    /// The saved telemetry rate, within the agent's limits.
    static double telemetryHz();
    /// The saved history location, or `defaultPath` when none is set.
    static QString historyPath(const QString &defaultPath);

    QComboBox *languageCombo() const { return m_language; }
    QDoubleSpinBox *telemetrySpin() const { return m_telemetry; }
    QLineEdit *historyEdit() const { return m_history; }
    QStandardItemModel *trustedModel() const { return m_trusted; }
    QTableView *trustedView() const { return m_trustedView; }
    QLineEdit *userNameEdit() const { return m_userName; }
    /// Why the user name cannot be saved; empty when it can.
    QLabel *userNameError() const { return m_userNameError; }
    bool hasChanges() const;

public Q_SLOTS:
    /// Saves and applies every change.
    void apply();
    void accept() override;
    /// Reads the saved settings and pins again, dropping unapplied changes.
    void reload();
    /// Marks the selected agents for revocation (done on Apply).
    void revokeSelected();

Q_SIGNALS:
    void languageChanged(const QString &language);
    void telemetryRateChanged(double hz);
    void historyPathChanged(const QString &path);
    void agentRevoked(const QString &nodeId);
    void userNameChanged(const QString &user);

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void retranslateUi();
    void fillLanguages();
    void fillTrusted();
    void updateButtons();
    void browseHistory();
    /// The user name typed, when valid; the error shown beside it otherwise.
    bool userNameValid() const;

    Translations *m_translations;
    ControllerProfile &m_profile;
    NodeRegistry *m_registry;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_languageLabel = nullptr;
    QComboBox *m_language = nullptr;
    QLabel *m_telemetryLabel = nullptr;
    QDoubleSpinBox *m_telemetry = nullptr;
    QLabel *m_telemetryHint = nullptr;
    QLabel *m_historyLabel = nullptr;
    QLineEdit *m_history = nullptr;
    QPushButton *m_browse = nullptr;
    QLabel *m_historyHint = nullptr;
    QLabel *m_trustedIntro = nullptr;
    QStandardItemModel *m_trusted = nullptr;
    QTableView *m_trustedView = nullptr;
    QPushButton *m_revoke = nullptr;
    QLabel *m_userLabel = nullptr;
    QLineEdit *m_userName = nullptr;
    QLabel *m_userNameError = nullptr;
    QLabel *m_userHint = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QString m_savedLanguage;
    double m_savedTelemetry = kDefaultTelemetryHz;
    QString m_savedHistory;
    QStringList m_pendingRevocations;
};
