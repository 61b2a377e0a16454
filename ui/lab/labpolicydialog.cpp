#include "labpolicydialog.h"

#include "errorcolor.h"
#include "labformat.h"
#include "username.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

LabPolicyDialog::LabPolicyDialog(QWidget *parent)
    : QDialog(parent)
    , m_maxDevices(new QSpinBox)
    , m_maxRunMinutes(new QSpinBox)
    , m_mayEnd(new QLineEdit)
    , m_idlePercent(new QSpinBox)
    , m_idleMinutes(new QSpinBox)
    , m_bookingNotice(new QSpinBox)
    , m_maxBookings(new QSpinBox)
    , m_maxQueued(new QSpinBox)
    , m_namesByAdmin(new QCheckBox(tr("Only the lab admin gives &user names")))
    , m_problem(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("The lab's rules"));
    m_maxDevices->setRange(0, 1024);
    m_maxDevices->setSpecialValueText(tr("no limit"));
    m_maxRunMinutes->setRange(0, 30 * 24 * 60);
    m_maxRunMinutes->setSingleStep(30);
    m_maxRunMinutes->setSuffix(tr(" min"));
    m_maxRunMinutes->setSpecialValueText(tr("no limit"));
    m_mayEnd->setPlaceholderText(tr("user names, e.g. prof, ta"));
    m_idlePercent->setRange(0, 100);
    m_idlePercent->setSuffix(tr("%"));
    m_idlePercent->setSpecialValueText(tr("off"));
    m_idleMinutes->setRange(0, 7 * 24 * 60);
    m_idleMinutes->setSuffix(tr(" min"));
    m_idleMinutes->setSpecialValueText(tr("off"));
    m_bookingNotice->setRange(0, 7 * 24 * 60);
    m_bookingNotice->setSingleStep(15);
    m_bookingNotice->setSuffix(tr(" min"));
    m_bookingNotice->setSpecialValueText(tr("none: a booking stops runs when it begins"));
    // Never zero: these caps keep each machine's state bounded (issue #29, item 7).
    m_maxBookings->setRange(1, 200);
    m_maxQueued->setRange(1, 200);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1").arg(errorColor(palette()).name()));

    auto *intro =
        new QLabel(tr("Every connected machine enforces these rules on its own devices. Zero means no "
                      "limit."));
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Most &devices one user may hold on a machine:"), m_maxDevices);
    form->addRow(tr("&Longest run:"), m_maxRunMinutes);
    form->addRow(tr("&Who else may end others' runs:"), m_mayEnd);
    form->addRow(tr("Idle reclaim &below:"), m_idlePercent);
    form->addRow(tr("Idle reclaim &after:"), m_idleMinutes);
    form->addRow(tr("A booking gives &notice of:"), m_bookingNotice);
    form->addRow(tr("Most &bookings ahead per user on a machine:"), m_maxBookings);
    form->addRow(tr("Most runs &queued per user on a machine:"), m_maxQueued);
    form->addRow(m_namesByAdmin);
    m_namesByAdmin->setToolTip(
        tr("Off, a free name is bound on each machine to the computer that uses it first. On, only the "
           "admin's binding (hamgamctl policy bind NAME FINGERPRINT) gives a name, so no student can take "
           "a classmate's name on a machine the classmate has not used yet."));
    auto *hint =
        new QLabel(tr("A run whose devices all stay below the utilization for the minutes given is "
                      "stopped and its devices go back to the lab; its user is told why. A booking stops "
                      "another user's run on its devices only once that much notice has passed since it "
                      "was made, unless its user may end others' runs. The lab admin may always end any "
                      "run."));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_mayEnd, &QLineEdit::textChanged, this, &LabPolicyDialog::update);
    connect(m_idlePercent, &QSpinBox::valueChanged, this, &LabPolicyDialog::update);
    connect(m_idleMinutes, &QSpinBox::valueChanged, this, &LabPolicyDialog::update);
    update();
}

void LabPolicyDialog::setPolicy(const QJsonObject &policy)
{
    m_maxDevices->setValue(policy.value(QStringLiteral("max_devices_per_user")).toInt());
    // Minutes: a limit set in minutes from hamgamctl shows as it is (seconds round up to a minute).
    const qint64 seconds = qint64(policy.value(QStringLiteral("max_run_s")).toDouble());
    m_maxRunMinutes->setValue(int(qMin<qint64>((seconds + 59) / 60, m_maxRunMinutes->maximum())));
    QStringList users;
    for (const QJsonValue v : policy.value(QStringLiteral("may_end_others")).toArray())
        users << v.toString();
    m_mayEnd->setText(users.join(QStringLiteral(", ")));
    m_idlePercent->setValue(policy.value(QStringLiteral("idle_util_percent")).toInt());
    m_idleMinutes->setValue(policy.value(QStringLiteral("idle_minutes")).toInt());
    m_bookingNotice->setValue(policy.value(QStringLiteral("booking_notice_min")).toInt(60));
    // An agent from before the caps sends none and has none: the most is the nearest.
    m_maxBookings->setValue(
        policy.value(QStringLiteral("max_bookings_per_user")).toInt(m_maxBookings->maximum()));
    m_maxQueued->setValue(policy.value(QStringLiteral("max_queued_per_user")).toInt(m_maxQueued->maximum()));
    m_namesByAdmin->setChecked(policy.value(QStringLiteral("names_by_admin")).toBool());
    update();
}

QStringList LabPolicyDialog::mayEndUsers() const
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return m_mayEnd->text().split(separators, Qt::SkipEmptyParts);
}

QJsonObject LabPolicyDialog::policy() const
{
    return QJsonObject{{QStringLiteral("max_devices_per_user"), m_maxDevices->value()},
                       {QStringLiteral("max_run_s"), double(qint64(m_maxRunMinutes->value()) * 60)},
                       {QStringLiteral("may_end_others"), QJsonArray::fromStringList(mayEndUsers())},
                       {QStringLiteral("idle_util_percent"), m_idlePercent->value()},
                       {QStringLiteral("idle_minutes"), m_idleMinutes->value()},
                       {QStringLiteral("booking_notice_min"), m_bookingNotice->value()},
                       {QStringLiteral("max_bookings_per_user"), m_maxBookings->value()},
                       {QStringLiteral("max_queued_per_user"), m_maxQueued->value()},
                       {QStringLiteral("names_by_admin"), m_namesByAdmin->isChecked()}};
}

QString LabPolicyDialog::problem() const
{
    for (const QString &user : mayEndUsers()) {
        if (!UserName::isValid(user))
            return tr("\"%1\" is not a user name: 1 to 32 letters, digits, \".\", \"_\" or \"-\".")
                .arg(LabFormat::token(user));
    }
    if ((m_idlePercent->value() > 0) != (m_idleMinutes->value() > 0))
        return tr("Idle reclaim needs both a utilization and minutes (or neither).");
    return {};
}

void LabPolicyDialog::update()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}
