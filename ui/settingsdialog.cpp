#include "settingsdialog.h"

#include "bidi.h"
#include "controllerprofile.h"
#include "errorcolor.h"
#include "identity.h"
#include "localeformat.h"
#include "noderegistry.h"
#include "translations.h"
#include "username.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QTableView>
#include <QTabWidget>
#include <QVBoxLayout>

namespace {
constexpr double kMinHz = 0.1;
constexpr double kMaxHz = 10.0;
constexpr int kNodeIdRole = Qt::UserRole + 1;

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// A language's name in itself ("فارسی"), so it can be found whatever the
// interface language is now; "English" rather than "American English".
QString languageName(const QString &code)
{
    const QLocale locale(code);
    const QString native = locale.nativeLanguageName();
    const QString plain = QLocale::languageToString(locale.language());
    return native.isEmpty() || native.contains(plain) ? plain : native;
}

// 32 groups of two hex digits, in two lines of 16, each kept left to right.
QString groupedFingerprint(const QString &fingerprint)
{
    const QString shown = Identity::displayFingerprint(fingerprint);
    const qsizetype half = 16 * 3 - 1;
    return shown.size() > half
               ? Bidi::ltr(shown.left(half)) + QLatin1Char('\n') + Bidi::ltr(shown.mid(half + 1))
               : Bidi::ltr(shown);
}
} // namespace

SettingsDialog::SettingsDialog(Translations *translations, ControllerProfile &profile, NodeRegistry *registry,
                               QWidget *parent)
    : QDialog(parent)
    , m_translations(translations)
    , m_profile(profile)
    , m_registry(registry)
{
    buildUi();
    retranslateUi();
    reload();
}

SettingsDialog::~SettingsDialog() = default;

double SettingsDialog::telemetryHz()
{
    const double hz = QSettings().value(key(kTelemetryHzKey), kDefaultTelemetryHz).toDouble();
    return hz >= kMinHz && hz <= kMaxHz ? hz : kDefaultTelemetryHz;
}

QString SettingsDialog::historyPath(const QString &defaultPath)
{
    const QString path = QSettings().value(key(kHistoryPathKey)).toString().trimmed();
    return path.isEmpty() ? defaultPath : path;
}

void SettingsDialog::buildUi()
{
    m_language = new QComboBox;
    m_language->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_telemetry = new QDoubleSpinBox;
    m_telemetry->setRange(kMinHz, kMaxHz);
    m_telemetry->setDecimals(1);
    m_telemetry->setSingleStep(0.5);
    m_telemetryHint = new QLabel;
    m_history = new QLineEdit;
    m_history->setClearButtonEnabled(true);
    m_history->setMinimumWidth(320);
    m_browse = new QPushButton;
    m_historyHint = new QLabel;
    for (QLabel *hint : {m_telemetryHint, m_historyHint}) {
        hint->setWordWrap(true);
        hint->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        hint->setForegroundRole(QPalette::PlaceholderText);
    }
    m_languageLabel = new QLabel;
    m_telemetryLabel = new QLabel;
    m_historyLabel = new QLabel;
    m_languageLabel->setBuddy(m_language);
    m_telemetryLabel->setBuddy(m_telemetry);
    m_historyLabel->setBuddy(m_history);

    auto *historyRow = new QHBoxLayout;
    historyRow->addWidget(m_history, 1);
    historyRow->addWidget(m_browse);
    auto *general = new QWidget;
    auto *form = new QFormLayout(general);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(m_languageLabel, m_language);
    form->addRow(m_telemetryLabel, m_telemetry);
    form->addRow(QString(), m_telemetryHint);
    form->addRow(m_historyLabel, historyRow);
    form->addRow(QString(), m_historyHint);

    m_trustedIntro = new QLabel;
    m_trustedIntro->setWordWrap(true);
    m_trusted = new QStandardItemModel(this);
    m_trustedView = new QTableView;
    m_trustedView->setModel(m_trusted);
    m_trustedView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_trustedView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_trustedView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_trustedView->setAlternatingRowColors(true);
    m_trustedView->setWordWrap(true);
    m_trustedView->verticalHeader()->hide();
    m_trustedView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_trustedView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_trustedView->horizontalHeader()->setStretchLastSection(true);
    m_revoke = new QPushButton;
    auto *trusted = new QWidget;
    auto *trustedLayout = new QVBoxLayout(trusted);
    trustedLayout->addWidget(m_trustedIntro);
    trustedLayout->addWidget(m_trustedView, 1);
    auto *revokeRow = new QHBoxLayout;
    revokeRow->addStretch(1);
    revokeRow->addWidget(m_revoke);
    trustedLayout->addLayout(revokeRow);

    // The shared lab: who this controller speaks for (docs/lab.md).
    m_userName = new QLineEdit;
    m_userName->setMaxLength(64); // longer than any valid name, so the error shows rather than a cut
    m_userName->setObjectName(QStringLiteral("userName"));
    m_userLabel = new QLabel;
    m_userLabel->setBuddy(m_userName);
    m_userNameError = new QLabel;
    m_userNameError->setWordWrap(true);
    m_userNameError->setVisible(false);
    m_userHint = new QLabel;
    m_userHint->setWordWrap(true);
    m_userHint->setForegroundRole(QPalette::PlaceholderText);
    m_userHint->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    auto *lab = new QWidget;
    auto *labForm = new QFormLayout(lab);
    labForm->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    labForm->addRow(m_userLabel, m_userName);
    labForm->addRow(QString(), m_userNameError);
    labForm->addRow(QString(), m_userHint);

    m_tabs = new QTabWidget;
    m_tabs->addTab(general, QString());
    m_tabs->addTab(trusted, QString());
    m_tabs->addTab(lab, QString());

    m_buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_language, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateButtons);
    connect(m_telemetry, &QDoubleSpinBox::valueChanged, this, &SettingsDialog::updateButtons);
    connect(m_history, &QLineEdit::textChanged, this, &SettingsDialog::updateButtons);
    connect(m_userName, &QLineEdit::textChanged, this, &SettingsDialog::updateButtons);
    connect(m_browse, &QPushButton::clicked, this, &SettingsDialog::browseHistory);
    connect(m_revoke, &QPushButton::clicked, this, &SettingsDialog::revokeSelected);
    auto *revokeKey = new QAction(m_trustedView);
    revokeKey->setShortcut(QKeySequence::Delete);
    revokeKey->setShortcutContext(Qt::WidgetShortcut);
    m_trustedView->addAction(revokeKey);
    connect(revokeKey, &QAction::triggered, this, &SettingsDialog::revokeSelected);
    connect(m_trustedView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SettingsDialog::updateButtons);
    resize(760, 480);
}

void SettingsDialog::retranslateUi()
{
    setWindowTitle(tr("Settings"));
    m_tabs->setTabText(0, tr("General"));
    m_tabs->setTabText(1, tr("Trusted agents"));
    m_tabs->setTabText(2, tr("Lab"));
    m_userLabel->setText(tr("&User name:"));
    m_userName->setToolTip(tr("Your name in the shared lab: the agents record it with every run, lease and "
                              "booking"));
    m_userHint->setText(
        tr("1 to 32 letters, digits, \".\", \"_\" or \"-\". The first computer that uses a name on an agent "
           "owns "
           "it there; the lab admin can bind it to a second computer. Connections are made again with the "
           "new name when you apply."));
    m_languageLabel->setText(tr("&Language:"));
    m_language->setToolTip(tr("The language of the interface; it changes as soon as you apply"));
    m_telemetryLabel->setText(tr("&Telemetry rate (per second):"));
    m_telemetryHint->setText(
        tr("How often the agent on this computer reports utilization and memory. It takes effect when "
           "that agent next starts."));
    m_historyLabel->setText(tr("&History database:"));
    m_history->setPlaceholderText(QDir::toNativeSeparators(m_profile.defaultHistoryPath()));
    m_history->setToolTip(tr("The SQLite file that keeps every run; empty for the default"));
    m_browse->setText(tr("Browse…"));
    m_historyHint->setText(
        tr("Takes effect the next time Hamgam starts. The file is opened if it exists and created if not."));
    m_trustedIntro->setText(
        tr("Hamgam talks only to agents whose certificate fingerprint is pinned here. Revoke an agent "
           "and you are asked again the next time it is seen; compare the fingerprint with the one "
           "its machine shows (hamgam-agent --fingerprint)."));
    m_revoke->setText(tr("&Revoke"));
    m_revoke->setToolTip(tr("Remove the pinned fingerprint of the selected agents when you apply"));
    m_telemetry->setLocale(QLocale());
    fillLanguages();
    fillTrusted();
}

void SettingsDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void SettingsDialog::fillLanguages()
{
    const QString chosen = m_language->count() > 0 ? m_language->currentData().toString() : m_savedLanguage;
    const QSignalBlocker block(m_language);
    m_language->clear();
    m_language->addItem(tr("System default (%1)").arg(languageName(QLocale::system().name())), QString());
    for (const QString &code : Translations::available())
        m_language->addItem(languageName(code), code);
    m_language->setCurrentIndex(qMax(0, m_language->findData(chosen)));
}

void SettingsDialog::fillTrusted()
{
    m_trusted->clear();
    m_trusted->setHorizontalHeaderLabels(
        {tr("Node id"), tr("Name"), tr("Fingerprint (SHA-256)"), tr("Trusted since")});
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const FingerprintStore::Entry &e : m_profile.pins().entries()) {
        if (e.nodeId.isEmpty() || m_pendingRevocations.contains(e.nodeId))
            continue;
        auto *id = new QStandardItem(Bidi::ltr(e.nodeId));
        id->setData(e.nodeId, kNodeIdRole);
        id->setFont(fixed);
        auto *label = new QStandardItem(e.label);
        auto *fingerprint = new QStandardItem(groupedFingerprint(e.fingerprint));
        fingerprint->setFont(fixed);
        fingerprint->setToolTip(Bidi::ltr(Identity::displayFingerprint(e.fingerprint)));
        auto *added = new QStandardItem(LocaleFormat::dateTime(e.added.toLocalTime()));
        m_trusted->appendRow({id, label, fingerprint, added});
    }
    updateButtons();
}

void SettingsDialog::reload()
{
    QSettings settings;
    m_savedLanguage = settings.value(key(kLanguageKey)).toString();
    m_savedTelemetry = telemetryHz();
    m_savedHistory = settings.value(key(kHistoryPathKey)).toString().trimmed();
    m_pendingRevocations.clear();
    {
        const QSignalBlocker b1(m_language);
        const QSignalBlocker b2(m_telemetry);
        const QSignalBlocker b3(m_history);
        m_language->setCurrentIndex(qMax(0, m_language->findData(m_savedLanguage)));
        m_telemetry->setValue(m_savedTelemetry);
        m_history->setText(m_savedHistory);
        const QSignalBlocker b4(m_userName);
        m_userName->setText(m_profile.userName());
    }
    fillTrusted();
}

bool SettingsDialog::hasChanges() const
{
    return m_language->currentData().toString() != m_savedLanguage ||
           !qFuzzyCompare(m_telemetry->value(), m_savedTelemetry) ||
           m_history->text().trimmed() != m_savedHistory || !m_pendingRevocations.isEmpty() ||
           m_userName->text().trimmed() != m_profile.userName();
}

bool SettingsDialog::userNameValid() const
{
    return UserName::isValid(m_userName->text().trimmed());
}

void SettingsDialog::updateButtons()
{
    // A name the agents would refuse is never saved: it shows why, and Apply and OK wait.
    const bool valid = userNameValid();
    m_userNameError->setText(valid ? QString()
                             : m_userName->text().trimmed().isEmpty()
                                 ? tr("A user name is needed.")
                                 : tr("Not a user name: use 1 to 32 letters, digits, \".\", \"_\" or \"-\", "
                                      "starting with a letter or digit."));
    m_userNameError->setStyleSheet(QStringLiteral("color: %1").arg(errorColor(palette()).name()));
    m_userNameError->setVisible(!valid);
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(hasChanges() && valid);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(valid);
    m_revoke->setEnabled(m_trustedView->selectionModel()->hasSelection());
}

void SettingsDialog::browseHistory()
{
    const QString current =
        m_history->text().trimmed().isEmpty() ? m_profile.defaultHistoryPath() : m_history->text().trimmed();
    const QString path = QFileDialog::getSaveFileName(this, tr("History database"), current,
                                                      tr("SQLite databases (*.sqlite *.db);;All files (*)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_history->setText(QDir::toNativeSeparators(path));
}

void SettingsDialog::revokeSelected()
{
    const QModelIndexList rows = m_trustedView->selectionModel()->selectedRows();
    QStringList ids;
    for (const QModelIndex &i : rows)
        ids << i.data(kNodeIdRole).toString();
    if (ids.isEmpty())
        return;
    m_pendingRevocations << ids;
    fillTrusted();
}

void SettingsDialog::apply()
{
    QSettings settings;
    const QString language = m_language->currentData().toString();
    const double hz = m_telemetry->value();
    const QString history = QDir::fromNativeSeparators(m_history->text().trimmed());
    const QStringList revoked = m_pendingRevocations;
    m_pendingRevocations.clear();

    if (!qFuzzyCompare(hz, m_savedTelemetry)) {
        settings.setValue(key(kTelemetryHzKey), hz);
        Q_EMIT telemetryRateChanged(hz);
    }
    if (history != QDir::fromNativeSeparators(m_savedHistory)) {
        if (history.isEmpty())
            settings.remove(key(kHistoryPathKey));
        else
            settings.setValue(key(kHistoryPathKey), history);
        Q_EMIT historyPathChanged(history);
    }
    QStringList failures;
    for (const QString &nodeId : revoked) {
        if (m_registry && m_registry->node(nodeId)) {
            m_registry->forget(nodeId);
        } else if (Status s = m_profile.pins().removeNode(nodeId); !s) {
            failures << s.error();
            continue;
        }
        Q_EMIT agentRevoked(nodeId);
    }
    const QString user = m_userName->text().trimmed();
    if (user != m_profile.userName() && UserName::isValid(user)) {
        if (Status s = m_profile.setUserName(user); !s) {
            failures << s.error();
        } else {
            if (m_registry)
                m_registry->setUser(user);
            Q_EMIT userNameChanged(user);
        }
    }
    const bool languageChanges = language != m_savedLanguage;
    if (languageChanges)
        settings.setValue(key(kLanguageKey), language);
    settings.sync();
    // The language last: it retranslates this dialog too, from the values just saved.
    reload();
    if (languageChanges) {
        if (m_translations)
            m_translations->setLanguage(language);
        Q_EMIT languageChanged(language);
    }
    if (!failures.isEmpty())
        QMessageBox::warning(this, tr("Settings"), failures.join(QLatin1Char('\n')));
}

void SettingsDialog::accept()
{
    if (!userNameValid())
        return;
    apply();
    QDialog::accept();
}
