// The app's path: "Install agent over SSH…" against the test sshd (SshLab). The
// dialog asks about the unknown host key (answered here by clicking
// "Connect and remember"), shows a progress bar per machine, and the machine
// then appears trusted and connected in the Machines list; uninstalling from
// the dialog removes it again. HAMGAM_SCREENSHOT_DIR=dir saves pictures of the
// dialog; HAMGAM_TEST_LANGUAGE=fa shows it in Persian.
#include "agentinstaller.h"
#include "controllerprofile.h"
#include "installdialog.h"
#include "installjobsmodel.h"
#include "machinesmodel.h"
#include "noderegistry.h"
#include "sshlab.h"
#include "translations.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTimer>

class TestInstallDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void installFromTheDialogShowsTrustedMachine();

private:
    void screenshot(QWidget *widget, const QString &name);

    std::unique_ptr<SshLab> m_lab;
    QTemporaryDir m_home;
    std::unique_ptr<Translations> m_translations;
};

void TestInstallDialog::initTestCase()
{
    if (!QFileInfo::exists(QStringLiteral("/usr/sbin/sshd")) || !QFileInfo::exists(QStringLiteral("/usr/bin/ssh-keygen")))
        QSKIP("openssh-server and openssh-client are needed (scripts/install-deps installs them)");
    qunsetenv("SSH_AUTH_SOCK");
    qputenv("HOME", m_home.path().toUtf8());
    m_lab = std::make_unique<SshLab>();
    QString error;
    QVERIFY2(m_lab->start(&error), qPrintable(error));
    if (qEnvironmentVariableIsSet("HAMGAM_TEST_LANGUAGE")) {
        m_translations = std::make_unique<Translations>();
        m_translations->setLanguage(qEnvironmentVariable("HAMGAM_TEST_LANGUAGE"));
    }
}

void TestInstallDialog::screenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("HAMGAM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    const QString language = qEnvironmentVariable("HAMGAM_TEST_LANGUAGE", QStringLiteral("en"));
    widget->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, name, language));
}

void TestInstallDialog::installFromTheDialogShowsTrustedMachine()
{
    auto profile = ControllerProfile::open(m_home.filePath(QStringLiteral("config")), m_home.filePath(QStringLiteral("data")));
    QVERIFY2(profile, qPrintable(profile.error()));
    NodeRegistry registry(profile->identity(), profile->pins());
    MachinesModel machines(registry);
    const quint16 agentPort = SshLab::freePort();

    InstallDialog dialog(*profile, registry);
    InstallRequest defaults;
    defaults.readSshConfig = false; // neither ~/.ssh/config nor /etc/ssh/ssh_config of this computer
    defaults.agentBinary = QStringLiteral(HAMGAM_BIN_DIR "/hamgam-agent");
    dialog.setRequestTemplate(defaults);
    dialog.addHosts(QStringLiteral("%1@127.0.0.1:%2").arg(m_lab->userName()).arg(m_lab->port()));
    dialog.identityEdit()->setText(m_lab->userKey());
    dialog.agentPortSpin()->setValue(agentPort);
    dialog.agentOptionsEdit()->setText(QStringLiteral("--bind 127.0.0.1 --no-discovery --name dialog-lab"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    screenshot(&dialog, QStringLiteral("installdialog-empty"));

    // The host key question: check what it shows, then accept it as a user would.
    QString asked;
    QTimer clicker;
    connect(&clicker, &QTimer::timeout, this, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        asked = box->text();
        screenshot(box, QStringLiteral("installdialog-hostkey"));
        box->button(QMessageBox::Yes)->click();
    });
    clicker.start(50);

    QSignalSpy done(&dialog, &InstallDialog::allFinished);
    QVERIFY(dialog.startJobs());
    QVERIFY(dialog.cancelButton()->isEnabled());
    QVERIFY(done.wait(60000));
    screenshot(&dialog, QStringLiteral("installdialog-done"));
    QVERIFY2(asked.contains(QLatin1String("SHA256:")), qPrintable(asked));
    QCOMPARE(dialog.jobs()->rowCount(), 1);
    QVERIFY2(dialog.jobs()->state(0) == InstallJobsModel::State::Succeeded, qPrintable(dialog.jobs()->resultText(0)));
    QCOMPARE(dialog.jobs()->index(0, InstallJobsModel::Progress).data(InstallJobsModel::ProgressRole).toInt(), 100);
    QVERIFY(QFileInfo::exists(m_home.filePath(QStringLiteral(".ssh/known_hosts"))));

    // The Machines list: trusted and connected, no trust prompt.
    QSignalSpy prompts(&registry, &NodeRegistry::trustNeeded);
    QModelIndex row;
    QVERIFY(QTest::qWaitFor([&] {
        for (int i = 0; i < machines.rowCount(); ++i) {
            const QModelIndex idx = machines.index(i);
            if (idx.data(MachinesModel::LinkRole).toInt() == int(Node::Link::Connected))
                row = idx;
        }
        return row.isValid();
    }, 15000));
    QCOMPARE(row.data(MachinesModel::TrustRole).toInt(), int(Node::Trust::Pinned));
    QCOMPARE(row.data(Qt::DisplayRole).toString(), QStringLiteral("dialog-lab"));
    QCOMPARE(prompts.size(), 0);
    QCOMPARE(profile->manualMachines(), QStringList()); // the app's window saves them; no window here
    QVERIFY(registry.manualEntries().contains(QStringLiteral("127.0.0.1:%1").arg(agentPort)));

    // Uninstall from the same dialog: the machine goes from the list, nothing stays on it.
    dialog.setAction(InstallRequest::Action::Uninstall);
    QVERIFY(dialog.startJobs());
    QVERIFY(done.wait(60000));
    QVERIFY2(dialog.jobs()->state(0) == InstallJobsModel::State::Succeeded, qPrintable(dialog.jobs()->resultText(0)));
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
    QVERIFY(profile->pins().entries().isEmpty());
    QVERIFY(QTest::qWaitFor([&] { return machines.rowCount() == 0; }, 5000));
}

QTEST_MAIN(TestInstallDialog)
#include "tst_installdialog.moc"
