#pragma once

#include <QDialog>
#include <QJsonObject>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

/// "Rules…", for the lab admin: the most devices one user may hold on a
/// machine, the longest run, who else may end other users' runs, idle
/// reclaim, and the notice a booking gives before it stops another user's run. Zero means no limit (or off),
/// as the agents read it. The result is the whole policy (the agents replace theirs with it).
class LabPolicyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabPolicyDialog)

public:
    explicit LabPolicyDialog(QWidget *parent = nullptr);

    /// Fills the fields from a machine's policy (LabNode::policy).
    void setPolicy(const QJsonObject &policy);
    /// The policy as the agents take it: max_devices_per_user, max_run_s, may_end_others, idle_util_percent,
    /// idle_minutes, booking_notice_min, max_bookings_per_user, max_queued_per_user, names_by_admin.
    QJsonObject policy() const;
    /// Why OK is off (a user name that is not one); empty when none.
    QString problem() const;

    QSpinBox *maxDevicesBox() const { return m_maxDevices; }
    QSpinBox *maxRunBox() const { return m_maxRunMinutes; }
    QLineEdit *mayEndEdit() const { return m_mayEnd; }
    QSpinBox *idlePercentBox() const { return m_idlePercent; }
    QSpinBox *idleMinutesBox() const { return m_idleMinutes; }
    QSpinBox *bookingNoticeBox() const { return m_bookingNotice; }
    QCheckBox *namesByAdminBox() const { return m_namesByAdmin; }

private:
    QStringList mayEndUsers() const;
    void update();

    QSpinBox *m_maxDevices;
    QSpinBox *m_maxRunMinutes; ///< minutes: what hamgamctl sets in minutes shows and saves as it is
    QLineEdit *m_mayEnd;
    QSpinBox *m_idlePercent;
    QSpinBox *m_idleMinutes;
    QSpinBox *m_bookingNotice;
    QSpinBox *m_maxBookings;
    QSpinBox *m_maxQueued;
    QCheckBox *m_namesByAdmin;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
