// The app's path: "Install agent over SSH…" against the test sshd (SshLab). The
// dialog asks about the unknown host key (answered here by clicking
// "Connect and remember"), shows a progress bar per machine, and the machine
// then appears trusted and connected in the Machines list; uninstalling from
// the dialog removes it again. HAMGAM_SCREENSHOT_DIR=dir saves pictures of the
// dialog; HAMGAM_TEST_LANGUAGE=fa shows it in Persian. Without an SSH server,
// the Persian dialog is still checked: nothing squeezed at its default size,
// and the paths in its placeholders, spin boxes and combo boxes drawn left to
// right inside the right-to-left text.
#include "agentinstaller.h"
#include "controllerprofile.h"
#include "desktopapp.h"
#include "installdialog.h"
#include "installjobsmodel.h"
#include "machinesmodel.h"
#include "noderegistry.h"
#include "sshlab.h"
#include "translations.h"

#include <functional>
#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QImage>
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
    void persianFitsAndKeepsPathsLeftToRight();

private:
    void screenshot(QWidget *widget, const QString &name);

    std::unique_ptr<SshLab> m_lab;
    QTemporaryDir m_home;
    std::unique_ptr<Translations> m_translations;
};

void TestInstallDialog::initTestCase()
{
    qunsetenv("SSH_AUTH_SOCK");
    qputenv("HOME", m_home.path().toUtf8());
    if (!QFileInfo::exists(QStringLiteral("/usr/sbin/sshd")) ||
        !QFileInfo::exists(QStringLiteral("/usr/bin/ssh-keygen")))
        return; // the tests that need them skip
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
    if (!m_lab)
        QSKIP("openssh-server and openssh-client are needed (scripts/install-deps installs them)");
    auto profile = ControllerProfile::open(m_home.filePath(QStringLiteral("config")),
                                           m_home.filePath(QStringLiteral("data")));
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
    QVERIFY2(dialog.jobs()->state(0) == InstallJobsModel::State::Succeeded,
             qPrintable(dialog.jobs()->resultText(0)));
    QCOMPARE(dialog.jobs()->index(0, InstallJobsModel::Progress).data(InstallJobsModel::ProgressRole).toInt(),
             100);
    QVERIFY(QFileInfo::exists(m_home.filePath(QStringLiteral(".ssh/known_hosts"))));

    // The Machines list: trusted and connected, no trust prompt.
    QSignalSpy prompts(&registry, &NodeRegistry::trustNeeded);
    QModelIndex row;
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (int i = 0; i < machines.rowCount(); ++i) {
                const QModelIndex idx = machines.index(i);
                if (idx.data(MachinesModel::LinkRole).toInt() == int(Node::Link::Connected))
                    row = idx;
            }
            return row.isValid();
        },
        15000));
    QCOMPARE(row.data(MachinesModel::TrustRole).toInt(), int(Node::Trust::Pinned));
    QCOMPARE(row.data(Qt::DisplayRole).toString(), QStringLiteral("dialog-lab"));
    QCOMPARE(prompts.size(), 0);
    QCOMPARE(profile->manualMachines(), QStringList()); // the app's window saves them; no window here
    QVERIFY(registry.manualEntries().contains(QStringLiteral("127.0.0.1:%1").arg(agentPort)));

    // Uninstall from the same dialog: the machine goes from the list, nothing stays on it.
    dialog.setAction(InstallRequest::Action::Uninstall);
    QVERIFY(dialog.startJobs());
    QVERIFY(done.wait(60000));
    QVERIFY2(dialog.jobs()->state(0) == InstallJobsModel::State::Succeeded,
             qPrintable(dialog.jobs()->resultText(0)));
    QCOMPARE(m_lab->remoteHomeTree(), QStringList());
    QVERIFY(profile->pins().entries().isEmpty());
    QVERIFY(QTest::qWaitFor([&] { return machines.rowCount() == 0; }, 5000));
}

namespace {
// Where `text[index]` is drawn: the widget is rendered with the text as it is
// and with that character swapped for one of the same width and bidi class
// (so nothing else moves), and the changed pixels' mean x is returned; < 0
// when the font has no such character.
double drawnAt(QWidget *widget, const std::function<void(const QString &)> &setText, const QString &text,
               qsizetype index)
{
    const QChar c = text.at(index);
    const QFontMetricsF metrics(widget->font());
    QChar swap;
    for (char16_t candidate : u"=^*+|abdgpqilj") {
        if (candidate != c.unicode() && QChar(candidate).direction() == c.direction() &&
            metrics.horizontalAdvance(QChar(candidate)) == metrics.horizontalAdvance(c)) {
            swap = QChar(candidate);
            break;
        }
    }
    if (swap.isNull())
        return -1;
    QString other = text;
    other[index] = swap;
    setText(text);
    const QImage a = widget->grab().toImage();
    setText(other);
    const QImage b = widget->grab().toImage();
    setText(text);
    double sum = 0;
    int n = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            if (a.pixel(x, y) != b.pixel(x, y)) {
                sum += x;
                ++n;
            }
        }
    }
    return n > 0 ? sum / n : -1;
}
} // namespace

void TestInstallDialog::persianFitsAndKeepsPathsLeftToRight()
{
    // Opened in English and switched to Persian while open, as the screens test
    // and a user do, in the app's fonts (Persian lines are taller in them).
    DesktopApp::choosePersianCapableFont();
    Translations translations;
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    auto profile = ControllerProfile::open(m_home.filePath(QStringLiteral("config-fa")),
                                           m_home.filePath(QStringLiteral("data-fa")));
    QVERIFY2(profile, qPrintable(profile.error()));
    NodeRegistry registry(profile->identity(), profile->pins());
    InstallDialog dialog(*profile, registry);
    dialog.addHosts(QStringLiteral("student@lab-pc-07"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    if (!translations.setLanguage(QStringLiteral("fa")))
        QSKIP("no Persian catalogue embedded");
    QTRY_COMPARE(dialog.layoutDirection(), Qt::RightToLeft);
    QCoreApplication::processEvents();

    // Nothing squeezed: a Persian intro is taller, and the dialog grows for it.
    auto squeezed = [&dialog] {
        QStringList out;
        for (QAbstractSpinBox *box : dialog.findChildren<QAbstractSpinBox *>()) {
            if (box->height() < box->sizeHint().height())
                out << QStringLiteral("%1: %2 px of %3")
                           .arg(box->text())
                           .arg(box->height())
                           .arg(box->sizeHint().height());
        }
        for (QLineEdit *edit : dialog.findChildren<QLineEdit *>()) {
            if (edit->height() < edit->sizeHint().height() &&
                !qobject_cast<QAbstractSpinBox *>(edit->parentWidget()))
                out << QStringLiteral("%1: %2 px of %3")
                           .arg(edit->placeholderText())
                           .arg(edit->height())
                           .arg(edit->sizeHint().height());
        }
        return out.join(QStringLiteral("; "));
    };
    QTRY_VERIFY2(squeezed().isEmpty(), qPrintable(squeezed()));

    // "~/.ssh/config" and "~/.local" read left to right: the "~" drawn left of the path's last letter.
    struct Path
    {
        QWidget *widget;
        std::function<QString()> text;
        std::function<void(const QString &)> setText;
        QString path;
    };
    QList<Path> paths;
    for (QLineEdit *edit : dialog.findChildren<QLineEdit *>()) {
        if (edit->placeholderText().contains(QLatin1String("~/.ssh/config")))
            paths.append({edit, [edit] { return edit->placeholderText(); },
                          [edit](const QString &t) { edit->setPlaceholderText(t); },
                          QStringLiteral("~/.ssh/config")});
    }
    for (QSpinBox *box : dialog.findChildren<QSpinBox *>()) {
        if (box->specialValueText().contains(QLatin1String("~/.ssh/config")) &&
            box->value() == box->minimum())
            paths.append({box, [box] { return box->specialValueText(); },
                          [box](const QString &t) { box->setSpecialValueText(t); },
                          QStringLiteral("~/.ssh/config")});
    }
    for (QComboBox *combo : dialog.findChildren<QComboBox *>()) {
        if (combo->currentText().contains(QLatin1String("~/.local")))
            paths.append({combo, [combo] { return combo->currentText(); },
                          [combo](const QString &t) { combo->setItemText(combo->currentIndex(), t); },
                          QStringLiteral("~/.local")});
    }
    QCOMPARE(paths.size(), 3); // the SSH user, the SSH port, how to install
    for (const Path &p : std::as_const(paths)) {
        const QString text = p.text();
        const qsizetype start = text.indexOf(p.path);
        const double first = drawnAt(p.widget, p.setText, text, start);
        const double last = drawnAt(p.widget, p.setText, text, start + p.path.size() - 1);
        if (first < 0 || last < 0)
            QSKIP("the font has no characters of the same widths to swap");
        QVERIFY2(first < last, qPrintable(QStringLiteral("%1: \"~\" drawn at x %2, the last letter at %3")
                                              .arg(text)
                                              .arg(first)
                                              .arg(last)));
    }
    translations.setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestInstallDialog)
#include "tst_installdialog.moc"
