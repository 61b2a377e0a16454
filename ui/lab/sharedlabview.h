#pragma once

#include "labclient.h"
#include "labsnapshot.h"

#include <QTimer>
#include <QWidget>

class LabBackend;
class LabBookingsPage;
class LabDevicesModel;
class LabQueueModel;
class LabUsagePage;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;

/// The "Shared lab" tab (docs/lab.md): every device of every machine with who
/// holds it and how busy it is, the queue, a week calendar of bookings, usage
/// per user, and for the lab admin the rules. It asks the agents through a
/// LabBackend, again when they push a change and every 10 seconds while it is
/// shown (never while hidden), and keeps the latest snapshot for its pages.
class SharedLabView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SharedLabView)

public:
    static constexpr int kRefreshMs = 10000;
    enum Page
    {
        DevicesPage,
        QueuePage,
        BookingsPage,
        UsagePage
    };

    /// `backend` may be null: the view then only shows what setSnapshot() gives it (screens, tests).
    explicit SharedLabView(LabBackend *backend, QWidget *parent = nullptr);
    ~SharedLabView() override;

    /// Whose runs and bookings are "mine" (ControllerProfile::userName).
    void setUser(const QString &user);
    QString user() const { return m_user; }
    /// Shows a snapshot taken at `nowMs` (this computer's clock).
    void setSnapshot(const LabSnapshot &snapshot, qint64 nowMs);
    const LabSnapshot &snapshot() const { return m_snapshot; }

    /// Asks every agent now (nothing when a request is already out, or there is no backend).
    void refresh();
    /// An agent pushed a change: ask again soon if shown; when hidden, the next show asks anyway.
    void onLabChanged();
    /// Books, and shows the outcome (an overlap is refused with the agent's words).
    void book(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs, const QString &note);
    void cancelBooking(const LabBooking &booking);
    /// Takes a queued run out of the queue on every agent.
    void cancelRun(const QString &runId);
    /// Sends the admin's rules to every machine.
    void applyPolicy(const QJsonObject &policy);
    void showPage(Page page);

    LabDevicesModel *devicesModel() const { return m_devices; }
    LabQueueModel *queueModel() const { return m_queue; }
    QTableView *devicesView() const { return m_devicesView; }
    QTableView *queueView() const { return m_queueView; }
    LabBookingsPage *bookingsPage() const { return m_bookings; }
    LabUsagePage *usagePage() const { return m_usage; }
    QTabWidget *pages() const { return m_pages; }
    QPushButton *rulesButton() const { return m_rules; }
    QPushButton *cancelRunButton() const { return m_cancelRun; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *summaryLabel() const { return m_summary; }
    const QTimer &refreshTimer() const { return m_timer; }
    /// The rules of the first machine that counts this controller as the lab admin; empty when none does.
    QJsonObject adminPolicy() const;

public Q_SLOTS:
    void openBookingDialog();
    void openPolicyDialog();

Q_SIGNALS:
    void snapshotChanged(const LabSnapshot &snapshot);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refreshUsage();
    void showMessage(const QString &text, bool error);
    void updateSummary();
    void updateButtons();
    void confirmCancelBooking(const LabBooking &booking);
    void confirmCancelRun();

    LabBackend *m_backend;
    QString m_user;
    LabSnapshot m_snapshot;
    qint64 m_snapshotMs = 0;
    bool m_fetching = false;
    bool m_usageFetching = false;
    QTimer m_timer;
    QTimer m_soon; ///< gathers a burst of pushes into one request

    QLabel *m_title;
    QLabel *m_summary;
    QPushButton *m_refresh;
    QPushButton *m_rules;
    QLabel *m_message;
    QTabWidget *m_pages;
    LabDevicesModel *m_devices;
    QSortFilterProxyModel *m_devicesSorted;
    QTableView *m_devicesView;
    LabQueueModel *m_queue;
    QTableView *m_queueView;
    QPushButton *m_cancelRun;
    QLabel *m_queueHint;
    LabBookingsPage *m_bookings;
    LabUsagePage *m_usage;
};
