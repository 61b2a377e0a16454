#pragma once

#include "labclient.h"
#include "labsnapshot.h"

#include <QDialog>

class QDateTimeEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

/// "Book…": which devices of which machines, from when to when, and a note.
/// The machines and their devices come from the latest snapshot, each device
/// checkable; times in the interface's calendar (Jalali in Persian). OK stays
/// off until at least one device is chosen and the end is after the start.
class LabBookingDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabBookingDialog)

public:
    explicit LabBookingDialog(const LabSnapshot &snapshot, QWidget *parent = nullptr);

    /// Checks these devices of this machine (a machine the snapshot has).
    void choose(const QString &nodeId, const QList<int> &devices);
    void setRange(qint64 fromMs, qint64 toMs);
    void setNote(const QString &note);

    QList<LabClient::BookingRequest> requests() const;
    qint64 fromMs() const;
    qint64 toMs() const;
    QString note() const;
    /// Why OK is off; empty when the booking can be asked for.
    QString problem() const;

    static constexpr int kMaxNote = 200;

private:
    void onItemChanged(QStandardItem *item);
    void update();

    QStandardItemModel *m_devices;
    QTreeView *m_tree;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QLineEdit *m_note;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    bool m_syncing = false; ///< a machine's and its devices' check marks being brought in line
};
