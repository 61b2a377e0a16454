#pragma once

#include "installtypes.h"

#include <memory>
#include <QDialog>
#include <QList>
#include <QPointer>
#include <vector>

class AgentInstaller;
class ControllerProfile;
class InstallJobsModel;
class NodeRegistry;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;

/// "Install agent over SSH": installs (or upgrades, restarts, checks, removes)
/// the Hamgam agent on one or more machines at once, each on its own
/// AgentInstaller thread, with a progress bar per machine and Cancel. Unknown
/// host keys are shown with their SHA-256 fingerprint and asked about;
/// passphrases and passwords are asked for when needed and never stored. A
/// machine installed here is added to the registry already pinned, so it
/// appears trusted in the Machines list without a prompt.
class InstallDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstallDialog)

public:
    InstallDialog(ControllerProfile &profile, NodeRegistry &registry, QWidget *parent = nullptr);
    ~InstallDialog() override;

    /// Adds machines to the host field ("[user@]host[:port]", separated by spaces).
    void addHosts(const QString &hosts);
    void setAction(InstallRequest::Action action);

    QLineEdit *hostsEdit() const { return m_hosts; }
    QLineEdit *userEdit() const { return m_user; }
    QSpinBox *portSpin() const { return m_port; }
    QLineEdit *identityEdit() const { return m_identity; }
    QComboBox *actionCombo() const { return m_action; }
    QComboBox *modeCombo() const { return m_mode; }
    QSpinBox *agentPortSpin() const { return m_agentPort; }
    QLineEdit *agentOptionsEdit() const { return m_agentOptions; }
    InstallJobsModel *jobs() const { return m_jobs; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    bool isRunning() const;

    /// Starts a job per machine in the host field; returns false (with a message shown) on bad input.
    bool startJobs();
    void cancelJobs();

    /// What the form does not show (known_hosts file, whether ~/.ssh/config is read, the
    /// programs to upload, ...) comes from this template; by default InstallRequest's
    /// defaults and the programs next to this one.
    void setRequestTemplate(const InstallRequest &request) { m_template = request; }
    /// The request the form describes, without a host.
    InstallRequest baseRequest() const;

Q_SIGNALS:
    /// Every job of the last start has finished.
    void allFinished();

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void reject() override;

private:
    void buildUi();
    void retranslateUi();
    void fitHeight();
    void updateButtons();
    void browseIdentity();
    void onQuestion(AgentInstaller *installer, const InstallQuestion &question);
    void askNext();
    void onFinished(int row, const InstallResult &result);
    void log(const QString &machine, const QString &text);

    ControllerProfile &m_profile;
    NodeRegistry &m_registry;
    InstallJobsModel *m_jobs = nullptr;

    QLabel *m_intro = nullptr;
    QLabel *m_hostsLabel = nullptr;
    QLabel *m_userLabel = nullptr;
    QLabel *m_portLabel = nullptr;
    QLabel *m_identityLabel = nullptr;
    QLabel *m_actionLabel = nullptr;
    QLabel *m_modeLabel = nullptr;
    QLabel *m_agentPortLabel = nullptr;
    QLabel *m_agentOptionsLabel = nullptr;
    QLineEdit *m_hosts = nullptr;
    QLineEdit *m_user = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_identity = nullptr;
    QPushButton *m_browse = nullptr;
    QComboBox *m_action = nullptr;
    QComboBox *m_mode = nullptr;
    QSpinBox *m_agentPort = nullptr;
    QLineEdit *m_agentOptions = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_close = nullptr;

    std::vector<std::unique_ptr<AgentInstaller>> m_installers;
    QList<std::pair<QPointer<AgentInstaller>, InstallQuestion>> m_questions;
    bool m_asking = false;
    InstallRequest m_template;
    bool m_closeWhenDone = false;
    InstallRequest::Action m_runAction = InstallRequest::Action::Install;
};
