#include "installdialog.h"

#include "agentinstaller.h"
#include "bidi.h"
#include "controllerprofile.h"
#include "identity.h"
#include "installjobsmodel.h"
#include "installprogressdelegate.h"
#include "noderegistry.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

InstallDialog::InstallDialog(ControllerProfile &profile, NodeRegistry &registry, QWidget *parent)
    : QDialog(parent)
    , m_profile(profile)
    , m_registry(registry)
    , m_jobs(new InstallJobsModel(this))
{
    m_template.agentBinary = AgentInstaller::defaultAgentBinary();
    m_template.workerBinary = AgentInstaller::defaultWorkerBinary();
    m_template.packageFile = AgentInstaller::defaultPackageFile();
    buildUi();
    retranslateUi();
    updateButtons();
}

InstallDialog::~InstallDialog()
{
    // Each installer cancels and waits for its thread; none waits on this one.
    m_installers.clear();
}

void InstallDialog::buildUi()
{
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    m_intro->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hosts = new QLineEdit;
    m_user = new QLineEdit;
    m_port = new QSpinBox;
    m_port->setRange(0, 65535);
    m_port->setValue(0);
    m_identity = new QLineEdit;
    m_browse = new QPushButton;
    connect(m_browse, &QPushButton::clicked, this, &InstallDialog::browseIdentity);
    auto *identityRow = new QHBoxLayout;
    identityRow->setContentsMargins(0, 0, 0, 0);
    identityRow->addWidget(m_identity, 1);
    identityRow->addWidget(m_browse);
    m_action = new QComboBox;
    for (auto a :
         {InstallRequest::Action::Install, InstallRequest::Action::Upgrade, InstallRequest::Action::Restart,
          InstallRequest::Action::Status, InstallRequest::Action::Uninstall})
        m_action->addItem(QString(), int(a));
    m_mode = new QComboBox;
    m_mode->addItem(QString(), int(InstallRequest::Mode::User));
    m_mode->addItem(QString(), int(InstallRequest::Mode::Package));
    m_agentPort = new QSpinBox;
    m_agentPort->setRange(1, 65535);
    m_agentPort->setValue(Protocol::kDefaultControlPort);
    m_agentOptions = new QLineEdit;
    connect(m_action, &QComboBox::currentIndexChanged, this, &InstallDialog::updateButtons);

    m_hostsLabel = new QLabel;
    m_userLabel = new QLabel;
    m_portLabel = new QLabel;
    m_identityLabel = new QLabel;
    m_actionLabel = new QLabel;
    m_modeLabel = new QLabel;
    m_agentPortLabel = new QLabel;
    m_agentOptionsLabel = new QLabel;
    // The form keeps its rows' height (Fixed): the jobs table gives way instead.
    auto *formWidget = new QWidget;
    formWidget->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto *form = new QFormLayout(formWidget);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(m_hostsLabel, m_hosts);
    form->addRow(m_userLabel, m_user);
    form->addRow(m_portLabel, m_port);
    form->addRow(m_identityLabel, identityRow);
    form->addRow(m_actionLabel, m_action);
    form->addRow(m_modeLabel, m_mode);
    form->addRow(m_agentPortLabel, m_agentPort);
    form->addRow(m_agentOptionsLabel, m_agentOptions);

    m_table = new QTableView;
    m_table->setModel(m_jobs);
    m_table->setItemDelegateForColumn(InstallJobsModel::Progress, new InstallProgressDelegate(m_table));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->horizontalHeader()->setSectionResizeMode(InstallJobsModel::Machine,
                                                      QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(InstallJobsModel::Step, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(InstallJobsModel::Progress, QHeaderView::Fixed);
    m_table->horizontalHeader()->resizeSection(InstallJobsModel::Progress, 150);
    m_table->horizontalHeader()->setSectionResizeMode(InstallJobsModel::Result, QHeaderView::Stretch);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        QMessageBox::information(this,
                                 m_jobs->index(index.row(), InstallJobsModel::Machine).data().toString(),
                                 index.data(Qt::ToolTipRole).toString());
    });

    m_log = new QPlainTextEdit;
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    m_log->setFixedHeight(m_log->fontMetrics().lineSpacing() * 6 + 12);

    m_buttons = new QDialogButtonBox;
    m_start = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_start->setDefault(true);
    m_cancel = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_close = m_buttons->addButton(QDialogButtonBox::Close);
    connect(m_start, &QPushButton::clicked, this, [this] { (void)startJobs(); });
    connect(m_cancel, &QPushButton::clicked, this, &InstallDialog::cancelJobs);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &InstallDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(formWidget);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_log);
    layout->addWidget(m_buttons);
    resize(860, 560);
}

void InstallDialog::fitHeight()
{
    // The dialog's minimum size counts the word-wrapped intro at its minimum,
    // not at this width's height: a Persian intro (taller lines) left 560 px
    // too short and squeezed the spin boxes until their text was cut. Grow to
    // what the rows need at this width (the jobs table may shrink), within the screen.
    const int wanted = layout()->totalMinimumHeightForWidth(width());
    const int most = screen() ? screen()->availableGeometry().height() - 80 : wanted;
    if (wanted > height())
        resize(width(), qMin(wanted, qMax(height(), most)));
}

void InstallDialog::retranslateUi()
{
    setWindowTitle(tr("Install agent over SSH"));
    m_intro->setText(
        tr("Installs the Hamgam agent on machines you can reach with SSH, on all of them at once. The "
           "agent trusts this computer (fingerprint %1) and is pinned here, so it appears trusted in the "
           "Machines list without a prompt. Unknown host keys are shown and asked about; passwords and "
           "passphrases are asked for when needed and never stored.")
            .arg(Bidi::ltr(Identity::displayFingerprint(m_profile.identity().fingerprint()))));
    m_hostsLabel->setText(tr("&Machines:"));
    m_hostsLabel->setBuddy(m_hosts);
    m_hosts->setPlaceholderText(
        tr("host names or addresses, separated by spaces: lab-01 lab-02 user@10.0.0.7:2222"));
    m_userLabel->setText(tr("SSH &user:"));
    m_userLabel->setBuddy(m_user);
    const QString localUser = qEnvironmentVariable("USER");
    m_user->setPlaceholderText(localUser.isEmpty() ? tr("from ~/.ssh/config, else the local user name")
                                                   : tr("from ~/.ssh/config, else %1").arg(localUser));
    m_portLabel->setText(tr("SSH &port:"));
    m_portLabel->setBuddy(m_port);
    m_port->setSpecialValueText(tr("from ~/.ssh/config, else 22"));
    m_identityLabel->setText(tr("&Key file:"));
    m_identityLabel->setBuddy(m_identity);
    m_identity->setPlaceholderText(tr("ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa"));
    m_browse->setText(tr("&Browse…"));
    m_actionLabel->setText(tr("&Action:"));
    m_actionLabel->setBuddy(m_action);
    const char *actions[] = {QT_TR_NOOP("Install"), QT_TR_NOOP("Upgrade"), QT_TR_NOOP("Restart"),
                             QT_TR_NOOP("Check status"), QT_TR_NOOP("Uninstall")};
    for (int i = 0; i < m_action->count(); ++i)
        m_action->setItemText(i, tr(actions[i]));
    m_modeLabel->setText(tr("&How:"));
    m_modeLabel->setBuddy(m_mode);
    m_mode->setItemText(0, tr("Per user, under ~/.local (no root needed; the libraries must be there)"));
    m_mode->setItemText(1, tr("Debian package, with sudo apt-get (brings its libraries along)"));
    m_agentPortLabel->setText(tr("Agent &control port:"));
    m_agentPortLabel->setBuddy(m_agentPort);
    m_agentOptionsLabel->setText(tr("Agent &options:"));
    m_agentOptionsLabel->setBuddy(m_agentOptions);
    m_agentOptions->setPlaceholderText(tr("more hamgam-agent options, e.g. --name lab-07 --telemetry-hz 2"));
    m_cancel->setText(tr("Ca&ncel"));
    m_cancel->setToolTip(tr("Stop the machines still in progress; nothing half-uploaded stays behind"));
    updateButtons();
    // Once the new texts, direction and fonts have reached every row.
    QTimer::singleShot(0, this, &InstallDialog::fitHeight);
}

void InstallDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void InstallDialog::updateButtons()
{
    const bool running = isRunning();
    const auto action = InstallRequest::Action(m_action->currentData().toInt());
    const bool installing =
        action == InstallRequest::Action::Install || action == InstallRequest::Action::Upgrade;
    m_mode->setEnabled(installing && !running);
    for (QWidget *w : std::initializer_list<QWidget *>{m_hosts, m_user, m_port, m_identity, m_browse,
                                                       m_action, m_agentPort, m_agentOptions})
        w->setEnabled(!running);
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_start->setText(m_action->currentText().isEmpty() ? tr("Start") : m_action->currentText());
}

bool InstallDialog::isRunning() const
{
    return std::any_of(m_installers.cbegin(), m_installers.cend(),
                       [](const auto &i) { return i->isRunning(); });
}

void InstallDialog::addHosts(const QString &hosts)
{
    QStringList current = InstallRequest::splitTargets(m_hosts->text());
    for (const QString &h : InstallRequest::splitTargets(hosts)) {
        if (!current.contains(h))
            current.append(h);
    }
    m_hosts->setText(current.join(QLatin1Char(' ')));
}

void InstallDialog::setAction(InstallRequest::Action action)
{
    const int index = m_action->findData(int(action));
    if (index >= 0)
        m_action->setCurrentIndex(index);
}

void InstallDialog::browseIdentity()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("SSH private key"),
                                                      QDir::home().filePath(QStringLiteral(".ssh")));
    if (!file.isEmpty())
        m_identity->setText(file);
}

InstallRequest InstallDialog::baseRequest() const
{
    InstallRequest r = m_template;
    r.action = InstallRequest::Action(m_action->currentData().toInt());
    r.mode = InstallRequest::Mode(m_mode->currentData().toInt());
    r.user = m_user->text().trimmed();
    r.sshPort = quint16(m_port->value());
    r.identityFile = m_identity->text().trimmed();
    r.agentPort = quint16(m_agentPort->value());
    r.agentArguments = QProcess::splitCommand(m_agentOptions->text());
    return r;
}

bool InstallDialog::startJobs()
{
    if (isRunning())
        return false;
    const QStringList targets = InstallRequest::splitTargets(m_hosts->text());
    if (targets.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), tr("Give at least one machine: a host name or address."));
        m_hosts->setFocus();
        return false;
    }
    const InstallRequest base = baseRequest();
    QList<InstallRequest> requests;
    for (const QString &t : targets) {
        auto r = InstallRequest::forTarget(base, t);
        if (!r) {
            QMessageBox::warning(this, windowTitle(), r.error());
            return false;
        }
        requests.append(*r);
    }
    if (!base.identityFile.isEmpty() && !QFileInfo(base.identityFile).isReadable()) {
        QMessageBox::warning(this, windowTitle(), tr("Cannot read the key file %1.").arg(base.identityFile));
        return false;
    }
    const bool installing =
        base.action == InstallRequest::Action::Install || base.action == InstallRequest::Action::Upgrade;
    if (installing && base.mode == InstallRequest::Mode::Package && base.packageFile.isEmpty()) {
        QMessageBox::warning(this, windowTitle(),
                             tr("No hamgam-agent package was found next to this program. Build it with "
                                "`cmake --build build --target package`, or install per user."));
        return false;
    }
    m_questions.clear();
    m_installers.clear();
    m_jobs->clear();
    m_log->clear();
    m_closeWhenDone = false;
    m_runAction = base.action;
    for (qsizetype k = 0; k < requests.size(); ++k) {
        const QString machine = targets[k];
        const int row = m_jobs->addJob(machine, base.action);
        auto installer =
            std::make_unique<AgentInstaller>(requests[k], m_profile.identity(), &m_profile.pins());
        AgentInstaller *raw = installer.get();
        connect(raw, &AgentInstaller::stepStarted, this,
                [this, row, machine](InstallStep step, int index, int count) {
                    m_jobs->setStep(row, step, index, count);
                    log(machine, tr("%1 (%2 of %3)").arg(InstallText::step(step)).arg(index + 1).arg(count));
                });
        connect(raw, &AgentInstaller::uploadProgress, this,
                [this, row](qint64 done, qint64 total) { m_jobs->setUploadProgress(row, done, total); });
        connect(raw, &AgentInstaller::noteAdded, this, [this, row, machine](const QString &text) {
            m_jobs->addNote(row, text);
            log(machine, text);
        });
        connect(raw, &AgentInstaller::questionAsked, this,
                [this, raw](const InstallQuestion &q) { onQuestion(raw, q); });
        connect(raw, &AgentInstaller::finished, this,
                [this, row](const InstallResult &r) { onFinished(row, r); });
        m_installers.push_back(std::move(installer));
    }
    for (auto &i : m_installers)
        i->start();
    updateButtons();
    return true;
}

void InstallDialog::cancelJobs()
{
    for (auto &i : m_installers)
        i->cancel();
}

void InstallDialog::onQuestion(AgentInstaller *installer, const InstallQuestion &question)
{
    m_questions.append({QPointer<AgentInstaller>(installer), question});
    // One dialog at a time; the others wait their turn (their jobs wait too).
    QTimer::singleShot(0, this, &InstallDialog::askNext);
}

void InstallDialog::askNext()
{
    if (m_asking || m_questions.isEmpty())
        return;
    m_asking = true;
    const auto [installer, q] = m_questions.takeFirst();
    if (installer && installer->isRunning()) {
        if (q.kind == InstallQuestion::Kind::HostKey) {
            // Rich text, so the fingerprint stays on one line to compare.
            const QString text =
                tr("<p><b>%1</b> is not in your known_hosts yet.</p><p>Its %2 host key fingerprint is<br>"
                   "</p><pre>%3</pre><p>Compare it with what "
                   "<code>ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub</code> prints on that machine. "
                   "Connect and remember this key?</p>")
                    .arg(Bidi::ltr(q.host).toHtmlEscaped(), q.keyType.toHtmlEscaped(),
                         Bidi::ltr(q.fingerprint).toHtmlEscaped());
            QMessageBox box(QMessageBox::Question, tr("Unknown host key of %1").arg(Bidi::ltr(q.host)), text,
                            QMessageBox::Yes | QMessageBox::No, this);
            box.setTextFormat(Qt::RichText);
            box.setDefaultButton(QMessageBox::No);
            box.button(QMessageBox::Yes)->setText(tr("&Connect and remember"));
            box.button(QMessageBox::No)->setText(tr("&Refuse"));
            const bool yes = box.exec() == QMessageBox::Yes;
            if (installer)
                installer->answer(yes ? std::optional<QString>(QStringLiteral("yes")) : std::nullopt);
        } else {
            QInputDialog input(this);
            input.setInputMode(QInputDialog::TextInput);
            input.setTextEchoMode(QLineEdit::Password);
            input.setWindowTitle(q.kind == InstallQuestion::Kind::Passphrase     ? tr("Key passphrase")
                                 : q.kind == InstallQuestion::Kind::SudoPassword ? tr("Password for sudo")
                                                                                 : tr("SSH password"));
            input.setLabelText(q.text);
            const bool ok = input.exec() == QDialog::Accepted;
            const QString secret = input.textValue();
            input.setTextValue(QString()); // secrets are never kept
            if (installer)
                installer->answer(ok ? std::optional<QString>(secret) : std::nullopt);
        }
    }
    m_asking = false;
    if (!m_questions.isEmpty())
        QTimer::singleShot(0, this, &InstallDialog::askNext);
}

void InstallDialog::onFinished(int row, const InstallResult &result)
{
    m_jobs->setFinished(row, result);
    const QString machine = m_jobs->index(row, InstallJobsModel::Machine).data().toString();
    log(machine, result.ok() ? tr("%1: %2").arg(InstallText::outcome(result.outcome), m_jobs->resultText(row))
                             : result.error);
    const InstallRequest::Action action = m_runAction;
    if (result.ok()) {
        if ((action == InstallRequest::Action::Install || action == InstallRequest::Action::Upgrade) &&
            result.answering) {
            // Already pinned by the installer: the Machines list shows it trusted at once.
            m_registry.addManual(result.host, result.agentPort);
        } else if (action == InstallRequest::Action::Uninstall) {
            for (const Node &n : m_registry.nodes()) {
                if ((!result.nodeId.isEmpty() && n.nodeId == result.nodeId) ||
                    (n.manual && n.address == result.host && n.port == result.agentPort)) {
                    m_registry.forget(n.key);
                    break;
                }
            }
        }
    }
    if (!isRunning()) {
        updateButtons();
        Q_EMIT allFinished();
        if (m_closeWhenDone)
            QDialog::reject();
    }
}

void InstallDialog::log(const QString &machine, const QString &text)
{
    m_log->appendPlainText(tr("[%1] %2").arg(machine, text));
}

void InstallDialog::reject()
{
    if (!isRunning()) {
        QDialog::reject();
        return;
    }
    const auto answer =
        QMessageBox::question(this, windowTitle(),
                              tr("Installations are still running. Cancel them and close? Nothing "
                                 "half-uploaded stays behind."));
    if (answer != QMessageBox::Yes)
        return;
    m_closeWhenDone = true;
    cancelJobs();
}

void InstallDialog::closeEvent(QCloseEvent *event)
{
    if (isRunning()) {
        event->ignore();
        reject();
        return;
    }
    QDialog::closeEvent(event);
}
