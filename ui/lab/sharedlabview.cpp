#include "sharedlabview.h"

#include "errorcolor.h"
#include "labbackend.h"
#include "labbookingdialog.h"
#include "labbookingspage.h"
#include "labdevicedelegate.h"
#include "labdevicesmodel.h"
#include "labformat.h"
#include "labpolicydialog.h"
#include "labqueuemodel.h"
#include "labusagepage.h"
#include "labweekcalendar.h"
#include "localeformat.h"
#include "sortarrowstyle.h"

#include <algorithm>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTabWidget>
#include <QVBoxLayout>

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QTableView *makeTable()
{
    auto *table = new QTableView;
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}
} // namespace

SharedLabView::SharedLabView(LabBackend *backend, QWidget *parent)
    : QWidget(parent)
    , m_backend(backend)
    , m_title(new QLabel)
    , m_summary(new QLabel)
    , m_refresh(new QPushButton)
    , m_rules(new QPushButton)
    , m_message(new QLabel)
    , m_pages(new QTabWidget)
    , m_devices(new LabDevicesModel(this))
    , m_devicesSorted(new QSortFilterProxyModel(this))
    , m_devicesView(makeTable())
    , m_queue(new LabQueueModel(this))
    , m_queueView(makeTable())
    , m_cancelRun(new QPushButton)
    , m_queueHint(new QLabel)
    , m_bookings(new LabBookingsPage)
    , m_usage(new LabUsagePage)
{
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_title->setFont(f);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    m_message->setWordWrap(true);
    m_message->setVisible(false);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rules->setVisible(false);

    // Devices.
    m_devicesSorted->setSourceModel(m_devices);
    m_devicesSorted->setSortRole(LabDevicesModel::SortRole);
    m_devicesView->setModel(m_devicesSorted);
    m_devicesView->setItemDelegate(new LabDeviceDelegate(m_devicesView));
    m_devicesView->setSortingEnabled(true);
    SortArrowStyle::apply(m_devicesView->horizontalHeader());
    m_devicesView->sortByColumn(-1, Qt::AscendingOrder); // the agents' order until a header is clicked
    m_devicesView->horizontalHeader()->setSortIndicatorShown(true);

    // Queue.
    m_queueView->setModel(m_queue);
    m_queueHint->setForegroundRole(QPalette::PlaceholderText);
    m_queueHint->setWordWrap(true);
    auto *queuePage = new QWidget;
    auto *queueLayout = new QVBoxLayout(queuePage);
    queueLayout->setContentsMargins(6, 6, 6, 6);
    queueLayout->addWidget(m_queueView, 1);
    auto *queueButtons = new QHBoxLayout;
    queueButtons->addWidget(m_queueHint, 1);
    queueButtons->addWidget(m_cancelRun);
    queueLayout->addLayout(queueButtons);

    auto *devicesPage = new QWidget;
    auto *devicesLayout = new QVBoxLayout(devicesPage);
    devicesLayout->setContentsMargins(6, 6, 6, 6);
    devicesLayout->addWidget(m_devicesView, 1);

    m_pages->setDocumentMode(true);
    m_pages->addTab(devicesPage, QString());
    m_pages->addTab(queuePage, QString());
    m_pages->addTab(m_bookings, QString());
    m_pages->addTab(m_usage, QString());

    auto *top = new QHBoxLayout;
    top->addWidget(m_title);
    top->addSpacing(12);
    top->addWidget(m_summary, 1);
    top->addWidget(m_rules);
    top->addWidget(m_refresh);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(m_pages, 1);

    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &SharedLabView::refresh);
    m_soon.setSingleShot(true);
    m_soon.setInterval(300);
    connect(&m_soon, &QTimer::timeout, this, &SharedLabView::refresh);
    connect(m_refresh, &QPushButton::clicked, this, &SharedLabView::refresh);
    connect(m_rules, &QPushButton::clicked, this, &SharedLabView::openPolicyDialog);
    connect(m_cancelRun, &QPushButton::clicked, this, &SharedLabView::confirmCancelRun);
    connect(m_queueView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SharedLabView::updateButtons);
    connect(m_queue, &QAbstractItemModel::modelReset, this, &SharedLabView::updateButtons);
    connect(m_bookings, &LabBookingsPage::bookRequested, this, &SharedLabView::openBookingDialog);
    connect(m_bookings, &LabBookingsPage::cancelRequested, this, &SharedLabView::confirmCancelBooking);
    connect(m_usage, &LabUsagePage::weeksChanged, this, &SharedLabView::refreshUsage);
    connect(m_pages, &QTabWidget::currentChanged, this, [this](int page) {
        if (page == UsagePage)
            refreshUsage();
    });
    retranslate();
    updateButtons();
}

SharedLabView::~SharedLabView() = default;

void SharedLabView::setUser(const QString &user)
{
    m_user = user;
    if (m_snapshotMs > 0)
        setSnapshot(m_snapshot, m_snapshotMs);
}

void SharedLabView::setSnapshot(const LabSnapshot &snapshot, qint64 now)
{
    m_snapshot = snapshot;
    m_snapshotMs = now;
    m_devices->setSnapshot(snapshot, now);
    m_queue->setSnapshot(snapshot, m_user, now);
    m_bookings->setSnapshot(snapshot, m_user, now);
    // Rules only for the lab admin: every other controller would be refused anyway.
    m_rules->setVisible(std::any_of(snapshot.nodes.cbegin(), snapshot.nodes.cend(),
                                    [](const LabNode &n) { return n.admin; }));
    updateSummary();
    Q_EMIT snapshotChanged(snapshot);
}

QJsonObject SharedLabView::adminPolicy() const
{
    for (const LabNode &n : m_snapshot.nodes) {
        if (n.admin)
            return n.policy;
    }
    return {};
}

void SharedLabView::refresh()
{
    if (!m_backend || m_fetching)
        return;
    m_fetching = true;
    QPointer<SharedLabView> self(this);
    m_backend->fetch(true, [self](const LabSnapshot &snapshot) {
        if (!self)
            return;
        self->m_fetching = false;
        self->setSnapshot(snapshot, nowMs());
    });
    if (m_pages->currentIndex() == UsagePage)
        refreshUsage();
}

void SharedLabView::refreshUsage()
{
    if (!m_backend || m_usageFetching)
        return;
    m_usageFetching = true;
    QPointer<SharedLabView> self(this);
    m_backend->usage(m_usage->weeks(), [self](const QList<LabUsageRow> &rows, const QStringList &errors,
                                              const QStringList &machines) {
        if (!self)
            return;
        self->m_usageFetching = false;
        self->m_usage->setRows(rows, errors, machines);
    });
}

void SharedLabView::onLabChanged()
{
    if (isVisible())
        m_soon.start();
}

void SharedLabView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_timer.start();
}

void SharedLabView::hideEvent(QHideEvent *event)
{
    // Nobody looks: no requests to every agent every 10 s.
    m_timer.stop();
    m_soon.stop();
    QWidget::hideEvent(event);
}

void SharedLabView::showPage(Page page)
{
    m_pages->setCurrentIndex(int(page));
}

void SharedLabView::showMessage(const QString &text, bool error)
{
    m_message->setText(LocaleFormat::paragraph(text));
    m_message->setStyleSheet(error ? QStringLiteral("color: %1").arg(errorColor(palette()).name())
                                   : QString());
    m_message->setVisible(!text.isEmpty());
}

void SharedLabView::updateSummary()
{
    int counts[4] = {0, 0, 0, 0};
    int idle = 0;
    for (int r = 0; r < m_devices->rowCount(); ++r) {
        ++counts[int(m_devices->device(r).state)];
        idle += m_devices->index(r, 0).data(LabDevicesModel::IdleHeldRole).toBool() ? 1 : 0;
    }
    QStringList parts{
        tr("%Ln machine(s)", nullptr, int(m_snapshot.nodes.size())),
        tr("%Ln device(s): %1 free, %2 leased, %3 starting, %4 reserved", nullptr, m_devices->rowCount())
            .arg(LocaleFormat::number(qint64(counts[0])), LocaleFormat::number(qint64(counts[1])),
                 LocaleFormat::number(qint64(counts[2])), LocaleFormat::number(qint64(counts[3])))};
    if (idle > 0)
        parts << tr("%Ln held but idle", nullptr, idle);
    parts << tr("%Ln queued", nullptr, m_queue->rowCount());
    if (m_snapshotMs > 0)
        parts << tr("updated %1").arg(LabFormat::time(m_snapshotMs, m_snapshotMs));
    m_summary->setText(parts.join(tr(" · ")));
    const QStringList problems = m_snapshot.problems();
    if (!m_snapshot.errors.isEmpty())
        showMessage(
            tr("Some machines could not be asked:\n%1").arg(m_snapshot.errors.join(QLatin1Char('\n'))), true);
    else if (!problems.isEmpty())
        showMessage(tr("Some machines found damaged files when they started:\n%1")
                        .arg(problems.join(QLatin1Char('\n'))),
                    true);
    else if (m_message->property("fromFetch").toBool())
        m_message->setVisible(false);
    m_message->setProperty("fromFetch", !m_snapshot.errors.isEmpty() || !problems.isEmpty());
}

void SharedLabView::updateButtons()
{
    const QModelIndexList rows = m_queueView->selectionModel()->selectedRows();
    const bool own = !rows.isEmpty() && rows.first().data(LabQueueModel::OwnRole).toBool();
    m_cancelRun->setEnabled(own && m_backend);
}

void SharedLabView::openBookingDialog()
{
    LabBookingDialog dialog(m_snapshot, this);
    const auto [from, to] = m_bookings->calendar()->selectedRange();
    if (to > from)
        dialog.setRange(from, to);
    // A machine shown alone is the one to book on: all its devices to start with.
    if (const QString machine = m_bookings->machine(); !machine.isEmpty()) {
        for (const LabNode &n : std::as_const(m_snapshot.nodes)) {
            if (n.nodeId != machine)
                continue;
            QList<int> all;
            for (const LabDevice &d : n.devices)
                all << d.index;
            dialog.choose(machine, all);
        }
    }
    if (dialog.exec() == QDialog::Accepted)
        book(dialog.requests(), dialog.fromMs(), dialog.toMs(), dialog.note());
}

void SharedLabView::book(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs,
                         const QString &note)
{
    if (!m_backend)
        return;
    showMessage(tr("Booking…"), false);
    QPointer<SharedLabView> self(this);
    m_backend->reserve(where, fromMs, toMs, note, [self](const Expected<QList<LabBooking>> &result) {
        if (!self)
            return;
        if (!result) {
            // The agent's own words: who holds the time, which booking is in the way.
            self->showMessage(tr("The booking was refused; nothing was booked:\n%1").arg(result.error()),
                              true);
            return;
        }
        self->showMessage(tr("Booked on %Ln machine(s).", nullptr, int(result->size())), false);
        self->refresh();
    });
}

void SharedLabView::confirmCancelBooking(const LabBooking &booking)
{
    const auto answer = QMessageBox::question(this, tr("Cancel booking"),
                                              tr("Cancel your booking on %1 from %2 to %3?")
                                                  .arg(LabFormat::text(booking.nodeName),
                                                       LabFormat::time(booking.fromMs, nowMs()),
                                                       LabFormat::time(booking.toMs, nowMs())));
    if (answer == QMessageBox::Yes)
        cancelBooking(booking);
}

void SharedLabView::cancelBooking(const LabBooking &booking)
{
    if (!m_backend)
        return;
    QPointer<SharedLabView> self(this);
    m_backend->unreserve(booking.nodeId, booking.id, [self](const Status &status) {
        if (!self)
            return;
        if (!status) {
            self->showMessage(tr("The booking could not be cancelled: %1").arg(status.error()), true);
            return;
        }
        self->showMessage(tr("Booking cancelled."), false);
        self->refresh();
    });
}

void SharedLabView::confirmCancelRun()
{
    const QModelIndexList rows = m_queueView->selectionModel()->selectedRows();
    if (rows.isEmpty() || !rows.first().data(LabQueueModel::OwnRole).toBool())
        return;
    const QString runId = rows.first().data(LabQueueModel::RunIdRole).toString();
    if (QMessageBox::question(this, tr("Cancel queued run"),
                              tr("Take run %1 out of the queue?").arg(LabFormat::token(runId))) ==
        QMessageBox::Yes)
        cancelRun(runId);
}

void SharedLabView::cancelRun(const QString &runId)
{
    if (!m_backend)
        return;
    QPointer<SharedLabView> self(this);
    m_backend->cancel(runId, [self, runId](const Status &status) {
        if (!self)
            return;
        if (!status) {
            self->showMessage(tr("Run %1 could not be taken out of the queue: %2")
                                  .arg(LabFormat::token(runId), status.error()),
                              true);
            return;
        }
        self->showMessage(tr("Run %1 was taken out of the queue.").arg(LabFormat::token(runId)), false);
        self->refresh();
    });
}

void SharedLabView::openPolicyDialog()
{
    LabPolicyDialog dialog(this);
    dialog.setPolicy(adminPolicy());
    if (dialog.exec() == QDialog::Accepted)
        applyPolicy(dialog.policy());
}

void SharedLabView::applyPolicy(const QJsonObject &policy)
{
    if (!m_backend)
        return;
    QPointer<SharedLabView> self(this);
    m_backend->setPolicy(policy, [self](const QStringList &failures) {
        if (!self)
            return;
        if (!failures.isEmpty())
            self->showMessage(
                tr("Some machines did not take the rules:\n%1").arg(failures.join(QLatin1Char('\n'))), true);
        else
            self->showMessage(tr("Every connected machine now enforces these rules."), false);
        self->refresh();
    });
}

void SharedLabView::retranslate()
{
    setWindowTitle(tr("Shared lab"));
    m_title->setText(tr("Shared lab"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Ask every machine again now (this tab does so every 10 seconds while shown)"));
    m_rules->setText(tr("Rules…"));
    m_rules->setToolTip(tr("The lab's rules, which every machine enforces (you are the lab admin)"));
    m_pages->setTabText(DevicesPage, tr("Devices"));
    m_pages->setTabText(QueuePage, tr("Queue"));
    m_pages->setTabText(BookingsPage, tr("Bookings"));
    m_pages->setTabText(UsagePage, tr("Usage"));
    m_cancelRun->setText(tr("Cancel run"));
    m_cancelRun->setToolTip(tr("Take the selected run out of the queue (your own runs only)"));
    m_queueHint->setText(
        tr("Runs start in this order: fewer device-hours over the last 7 days first (fair share); a short "
           "run may start early in a gap (backfill). Times are estimates."));
    m_devicesView->setToolTip(QString());
    m_devices->retranslate();
    m_queue->retranslate();
    updateSummary();
}

void SharedLabView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
