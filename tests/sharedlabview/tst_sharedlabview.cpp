// The desktop app's side of the shared lab (issue #19, docs/lab.md), fed with
// snapshots made by hand: the devices table (states, who, an idle but held GPU
// flagged), the queue in start order with Cancel for one's own runs, the week
// calendar (days and hours, a booking over midnight, lanes, right-to-left
// mirroring, a selection booked), the usage chart's totals and its CSV, the
// admin's rules, refreshing only while shown, notices about one's own runs,
// the user name in Settings, and the Queue button of Run setup putting a run
// into a real agent's queue and the Live tab following it into Running.
#include "agentclient.h"
#include "agentdaemon.h"
#include "atomicfile.h"
#include "fakeprobe.h"
#include "historystore.h"
#include "labbackend.h"
#include "labbookingdialog.h"
#include "labbookingspage.h"
#include "labcalendarlayout.h"
#include "labdevicedelegate.h"
#include "labdevicesmodel.h"
#include "labfeed.h"
#include "labnotifier.h"
#include "labpolicydialog.h"
#include "labqueuemodel.h"
#include "labservice.h"
#include "labusagemodel.h"
#include "labusagepage.h"
#include "labusageplot.h"
#include "labweekcalendar.h"
#include "liveview.h"
#include "mainwindow.h"
#include "noderegistry.h"
#include "printers.h"
#include "runcontroller.h"
#include "runsetupwidget.h"
#include "settingsdialog.h"
#include "sharedlabview.h"
#include "smallrunconfig.h"
#include "testsupport.h"
#include "translatabletext.h"
#include "translations.h"
#include "version.h"

#include <QCborArray>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

namespace {

constexpr qint64 kMinute = 60 * 1000;
constexpr qint64 kHour = 60 * kMinute;

/// A LabBackend that records what the views ask and answers as the test says.
class FakeBackend final : public LabBackend
{
public:
    LabSnapshot snapshot;
    QList<LabUsageRow> usageRows;
    QStringList usageMachines{QStringLiteral("box-a"), QStringLiteral("box-b")};
    int fetches = 0;
    int usages = 0;
    std::optional<QString> refuseBooking; ///< the agent's words when set
    struct Booked
    {
        QList<LabClient::BookingRequest> where;
        qint64 fromMs = 0;
        qint64 toMs = 0;
        QString note;
    };
    QList<Booked> booked;
    QStringList cancelled;
    QStringList unreserved;
    QList<QJsonObject> policies;

    void fetch(bool, std::function<void(const LabSnapshot &)> done) override
    {
        ++fetches;
        done(snapshot);
    }
    void usage(int,
               std::function<void(const QList<LabUsageRow> &, const QStringList &, const QStringList &)> done)
        override
    {
        ++usages;
        done(usageRows, {}, usageMachines);
    }
    void reserve(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs,
                 const QString &note, std::function<void(const Expected<QList<LabBooking>> &)> done) override
    {
        booked.append({where, fromMs, toMs, note});
        if (refuseBooking)
            done(Expected<QList<LabBooking>>::failure(*refuseBooking));
        else
            done(QList<LabBooking>{LabBooking{}});
    }
    void unreserve(const QString &nodeId, const QString &bookingId,
                   std::function<void(const Status &)> done) override
    {
        unreserved << nodeId + QLatin1Char('/') + bookingId;
        done(Status());
    }
    void cancel(const QString &runId, std::function<void(const Status &)> done) override
    {
        cancelled << runId;
        done(Status());
    }
    void setPolicy(const QJsonObject &policy, std::function<void(const QStringList &)> done) override
    {
        policies << policy;
        done({});
    }
};

LabSeries daySeries(qint64 nowMs, const std::function<int(int minutesAgo)> &util)
{
    LabSeries s;
    s.stepMs = kMinute;
    s.startMs = nowMs - 24 * kHour;
    for (int i = 0; i < 24 * 60; ++i)
        s.util << util(24 * 60 - i);
    return s;
}

LabHold hold(const QString &user, const QString &runId, qint64 sinceMs, qint64 untilMs = 0)
{
    LabHold h;
    h.leaseId = QStringLiteral("lease-") + runId;
    h.runId = runId;
    h.user = user;
    h.sinceMs = sinceMs;
    h.untilMs = untilMs;
    return h;
}

LabBooking booking(const QString &id, const QString &nodeId, const QString &nodeName, const QString &user,
                   QList<int> devices, qint64 fromMs, qint64 toMs, const QString &note = {})
{
    LabBooking b;
    b.id = id;
    b.nodeId = nodeId;
    b.nodeName = nodeName;
    b.user = user;
    b.devices = devices;
    b.fromMs = fromMs;
    b.toMs = toMs;
    b.note = note;
    return b;
}

LabQueueEntry queued(const QString &runId, const QString &user, const QString &nodeId, qint64 startMs,
                     qint64 submittedMs, bool placeable = true)
{
    LabQueueEntry e;
    e.runId = runId;
    e.name = runId.section(QLatin1Char('-'), 0, 0);
    e.user = user;
    e.nodeId = nodeId;
    e.nodeName = nodeId == QLatin1String("node-a") ? QStringLiteral("gpu-box") : QStringLiteral("ws-7");
    e.coordinator = true;
    e.placeable = placeable;
    e.estimatedStartMs = placeable ? startMs : 0;
    e.submittedMs = submittedMs;
    e.devices = {0};
    e.why = TranslatableText(QStringLiteral("device 0 is held by ali"));
    return e;
}

/// Two machines, six devices: held and busy, held but idle, free, starting, booked, held and just started.
LabSnapshot labSnapshot(qint64 now)
{
    LabNode a;
    a.nodeId = QStringLiteral("node-a");
    a.name = QStringLiteral("gpu-box");
    a.user = QStringLiteral("sara");
    a.admin = true;
    a.policy = QJsonObject{{QStringLiteral("max_devices_per_user"), 4},
                           {QStringLiteral("max_run_s"), 86400},
                           {QStringLiteral("may_end_others"), QJsonArray{QStringLiteral("prof")}}};
    auto device = [](const LabNode &n, int index, LabDevice::State state, int util) {
        LabDevice d;
        d.nodeId = n.nodeId;
        d.nodeName = n.name;
        d.index = index;
        d.name = QStringLiteral("RTX 3090");
        d.kind = QStringLiteral("gpu");
        d.state = state;
        d.util = util;
        return d;
    };
    LabDevice busy = device(a, 0, LabDevice::State::Held, 91);
    busy.hold =
        hold(QStringLiteral("sara"), QStringLiteral("20261207-101500-3f2a"), now - 2 * kHour, now + kHour);
    busy.day = daySeries(now, [](int) { return 90; });
    LabDevice idle = device(a, 1, LabDevice::State::Held, 1);
    idle.hold = hold(QStringLiteral("ali"), QStringLiteral("20261207-090000-9c1d"), now - 3 * kHour);
    idle.day = daySeries(now, [](int ago) { return ago <= 60 ? 2 : 70; }); // idle for the last hour
    LabDevice free = device(a, 2, LabDevice::State::Free, 0);
    free.nextBooking = booking(QStringLiteral("resv-1"), a.nodeId, a.name, QStringLiteral("sara"), {2, 3},
                               now + 20 * kHour, now + 24 * kHour, QStringLiteral("thesis"));
    LabDevice starting = device(a, 3, LabDevice::State::Pending, 0);
    starting.hold = hold(QStringLiteral("reza"), QStringLiteral("20261207-120000-77aa"), now - 10000);
    starting.hold->pending = true;
    a.devices = {busy, idle, free, starting};

    LabNode b;
    b.nodeId = QStringLiteral("node-b");
    b.name = QStringLiteral("ws-7");
    b.user = QStringLiteral("sara");
    LabDevice booked = device(b, 0, LabDevice::State::Booked, 0);
    booked.booking = booking(QStringLiteral("resv-2"), b.nodeId, b.name, QStringLiteral("reza"), {0},
                             now - kHour, now + 3 * kHour, QStringLiteral("deadline"));
    LabDevice fresh = device(b, 1, LabDevice::State::Held, 0);
    fresh.hold = hold(QStringLiteral("ali"), QStringLiteral("20261207-125500-0b0b"), now - 5 * kMinute);
    fresh.day = daySeries(now, [](int) { return 0; });
    b.devices = {booked, fresh};

    a.queue = {
        queued(QStringLiteral("late-run"), QStringLiteral("sara"), a.nodeId, now + 2 * kHour,
               now - 20 * kMinute),
        queued(QStringLiteral("never-run"), QStringLiteral("reza"), a.nodeId, 0, now - 30 * kMinute, false)};
    b.queue = {queued(QStringLiteral("soon-run"), QStringLiteral("ali"), b.nodeId, now + 30 * kMinute,
                      now - 10 * kMinute)};
    a.bookings = {*free.nextBooking};
    b.bookings = {*booked.booking};
    LabSnapshot s;
    s.nodes = {a, b};
    return s;
}

/// A fixed moment: Wednesday 10 December 2025, 10:00 local time.
qint64 wednesdayMorning()
{
    return QDateTime(QDate(2025, 12, 10), QTime(10, 0)).toMSecsSinceEpoch();
}

qint64 at(QDate date, int hour, int minute = 0)
{
    return QDateTime(date, QTime(hour, minute)).toMSecsSinceEpoch();
}

} // namespace

class TestSharedLabView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void devicesShowStateHolderAndTimes();
    void anIdleButHeldDeviceStandsOut_data();
    void anIdleButHeldDeviceStandsOut();
    void theSparklineAveragesEachPixel();
    void theQueueIsInStartOrderAndOnlyOwnRunsCancel();
    void bookingsFallIntoDaysAndHours();
    void theWeekBeginsAsTheLanguageCounts();
    void theCalendarMirrorsRightToLeft();
    void aDraggedTimeIsBookedAndARefusalShown();
    void ownBookingsCancelFromTheCalendar();
    void theBookingDialogAsksForDevicesAndTimes();
    void aFewMinutesReadAsMinutes();
    void usageChartSumsEachWeek();
    void usageExportsCsv();
    void rulesAreForTheAdmin();
    void refreshesOnlyWhileShown();
    void notifiesOwnRunsOnlyOnce();
    void settingsValidateTheUserName();
    void queueButtonPutsTheRunInTheAgentsQueue();

private:
    std::unique_ptr<Translations> m_translations;
    QTemporaryDir m_dir;
};

void TestSharedLabView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Settings of this test only, never the user's.
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    m_translations = std::make_unique<Translations>();
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
}

void TestSharedLabView::cleanupTestCase()
{
    m_translations.reset();
}

void TestSharedLabView::devicesShowStateHolderAndTimes()
{
    const qint64 now = wednesdayMorning();
    LabDevicesModel model;
    model.setSnapshot(labSnapshot(now), now);
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.columnCount(), int(LabDevicesModel::ColumnCount));
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    const QStringList states{text(0, LabDevicesModel::State), text(1, LabDevicesModel::State),
                             text(2, LabDevicesModel::State), text(3, LabDevicesModel::State),
                             text(4, LabDevicesModel::State), text(5, LabDevicesModel::State)};
    QCOMPARE(states,
             (QStringList{QStringLiteral("leased"), QStringLiteral("leased"), QStringLiteral("free"),
                          QStringLiteral("starting"), QStringLiteral("reserved"), QStringLiteral("leased")}));
    QCOMPARE(model.index(4, 0).data(LabDevicesModel::StateRole).toInt(), int(LabDevice::State::Booked));
    QCOMPARE(text(0, LabDevicesModel::Machine), QStringLiteral("gpu-box"));
    QCOMPARE(text(0, LabDevicesModel::User), QStringLiteral("sara"));
    QCOMPARE(text(0, LabDevicesModel::Run), QStringLiteral("20261207-101500-3f2a"));
    QCOMPARE(text(0, LabDevicesModel::Since), QStringLiteral("08:00"));
    QCOMPARE(text(0, LabDevicesModel::Until), QStringLiteral("11:00"));
    QCOMPARE(text(0, LabDevicesModel::UtilNow), QStringLiteral("91%"));
    QCOMPARE(text(0, LabDevicesModel::WeekMean), QStringLiteral("—")); // no week of samples given
    // A booked device is about its booking: its user, from and until.
    QCOMPARE(text(4, LabDevicesModel::User), QStringLiteral("reza"));
    QCOMPARE(text(4, LabDevicesModel::Since), QStringLiteral("09:00"));
    QCOMPARE(text(4, LabDevicesModel::Until), QStringLiteral("13:00"));
    // The next booking: whose and when (tomorrow, so with its day).
    QVERIFY2(text(2, LabDevicesModel::NextBooking).startsWith(QLatin1String("sara, Thursday 06:00")),
             qPrintable(text(2, LabDevicesModel::NextBooking)));
    QCOMPARE(
        model.index(0, LabDevicesModel::Day).data(LabDevicesModel::SeriesRole).value<QList<int>>().size(),
        1440);
    QCOMPARE(model.headerData(LabDevicesModel::Day, Qt::Horizontal).toString(), QStringLiteral("Last 24 h"));
    // The small sparkline in words (issue #29, item 14): the mean, the peak and when, each four hours.
    const QStringList day =
        model.index(1, LabDevicesModel::Day).data(Qt::ToolTipRole).toString().split(u'\n');
    QCOMPARE(day.size(), 2 + 6);
    QCOMPARE(day[0], QStringLiteral("Last 24 hours: 67% on average"));
    QCOMPARE(day[1], QStringLiteral("Highest: 70% at Tuesday 10:00"));
    QCOMPARE(day[2], QStringLiteral("10:00–14:00: 70%"));
    QCOMPARE(day[7], QStringLiteral("06:00–10:00: 53%")); // idle for the last hour of it
    QCOMPARE(model.index(1, LabDevicesModel::Day).data(LabDevicesModel::SeriesStepRole).toLongLong(),
             kMinute);
}

void TestSharedLabView::anIdleButHeldDeviceStandsOut_data()
{
    QTest::addColumn<int>("utilNow");
    QTest::addColumn<int>("recent");      ///< utilization in the last 15 minutes of the day series
    QTest::addColumn<int>("heldMinutes"); ///< since the lease began
    QTest::addColumn<QJsonObject>("policy");
    QTest::addColumn<bool>("idle");
    QTest::newRow("idle an hour") << 1 << 2 << 60 << QJsonObject() << true;
    QTest::newRow("busy now") << 50 << 2 << 60 << QJsonObject() << false;
    QTest::newRow("busy a while ago") << 1 << 40 << 60 << QJsonObject() << false;
    QTest::newRow("just started") << 1 << 2 << 5 << QJsonObject() << false;
    QTest::newRow("the lab's threshold")
        << 8 << 8 << 60
        << QJsonObject{{QStringLiteral("idle_util_percent"), 10}, {QStringLiteral("idle_minutes"), 30}}
        << true;
}

void TestSharedLabView::anIdleButHeldDeviceStandsOut()
{
    QFETCH(int, utilNow);
    QFETCH(int, recent);
    QFETCH(int, heldMinutes);
    QFETCH(QJsonObject, policy);
    QFETCH(bool, idle);
    const qint64 now = wednesdayMorning();
    LabDevice d;
    d.state = LabDevice::State::Held;
    d.util = utilNow;
    d.hold = hold(QStringLiteral("ali"), QStringLiteral("r1"), now - heldMinutes * kMinute);
    d.day = daySeries(now, [&](int ago) { return ago <= 15 ? recent : 80; });
    QCOMPARE(LabDevicesModel::isIdleHeld(d, policy, now), idle);
    // Free or booked devices are never "held but idle".
    d.state = LabDevice::State::Free;
    QVERIFY(!LabDevicesModel::isIdleHeld(d, policy, now));

    // In the table: the flag, a warning icon in Now, and a tooltip that says so.
    LabDevicesModel model;
    model.setSnapshot(labSnapshot(now), now);
    QList<int> flagged;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(LabDevicesModel::IdleHeldRole).toBool())
            flagged << r;
    }
    QCOMPARE(flagged, QList<int>{1}); // ali's idle GPU; not his one that has just started
    const QModelIndex utilNowCell = model.index(1, LabDevicesModel::UtilNow);
    QVERIFY(!utilNowCell.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(model.index(0, LabDevicesModel::UtilNow).data(Qt::DecorationRole).isNull());
    QVERIFY2(utilNowCell.data(Qt::ToolTipRole).toString().startsWith(QLatin1String("Held but idle")),
             qPrintable(utilNowCell.data(Qt::ToolTipRole).toString()));
}

void TestSharedLabView::theSparklineAveragesEachPixel()
{
    // 1440 minutes into 144 pixels: ten minutes each, gaps (-1) left out of the mean.
    QList<int> values(1440, 50);
    for (int i = 0; i < 10; ++i)
        values[i] = -1; // the agent was down
    for (int i = 10; i < 20; ++i)
        values[i] = i < 15 ? 100 : -1;
    const QList<double> cols = LabDeviceDelegate::columns(values, 144);
    QCOMPARE(cols.size(), 144);
    QCOMPARE(cols[0], -1.0);
    QCOMPARE(cols[1], 100.0);
    QCOMPARE(cols[2], 50.0);
    QVERIFY(LabDeviceDelegate::columns({}, 10).isEmpty());
}

void TestSharedLabView::theQueueIsInStartOrderAndOnlyOwnRunsCancel()
{
    const qint64 now = wednesdayMorning();
    FakeBackend backend;
    backend.snapshot = labSnapshot(now);
    SharedLabView view(&backend);
    view.setUser(QStringLiteral("sara"));
    view.setSnapshot(backend.snapshot, now);
    LabQueueModel *queue = view.queueModel();
    QCOMPARE(queue->rowCount(), 3);
    auto cell = [&](int row, int column) { return queue->index(row, column).data().toString(); };
    // By estimated start over every machine; a run that cannot be placed last.
    QCOMPARE(queue->index(0, 0).data(LabQueueModel::RunIdRole).toString(), QStringLiteral("soon-run"));
    QCOMPARE(queue->index(1, 0).data(LabQueueModel::RunIdRole).toString(), QStringLiteral("late-run"));
    QCOMPARE(queue->index(2, 0).data(LabQueueModel::RunIdRole).toString(), QStringLiteral("never-run"));
    QCOMPARE(cell(0, LabQueueModel::Position), QStringLiteral("1"));
    QCOMPARE(cell(2, LabQueueModel::Position), QStringLiteral("3"));
    QCOMPARE(cell(0, LabQueueModel::EstimatedStart), QStringLiteral("10:30"));
    QCOMPARE(cell(2, LabQueueModel::EstimatedStart), QStringLiteral("not yet known"));
    QCOMPARE(cell(0, LabQueueModel::WaitsFor), QStringLiteral("device 0 is held by ali"));
    QCOMPARE(cell(1, LabQueueModel::Machines), QStringLiteral("gpu-box"));
    QVERIFY(queue->index(1, 0).data(LabQueueModel::OwnRole).toBool());
    QVERIFY(!queue->index(0, 0).data(LabQueueModel::OwnRole).toBool());

    // Cancel: off for ali's run, on for sara's own, and it asks the agents.
    view.queueView()->selectRow(0);
    QVERIFY(!view.cancelRunButton()->isEnabled());
    view.queueView()->selectRow(1);
    QVERIFY(view.cancelRunButton()->isEnabled());
    view.cancelRun(QStringLiteral("late-run"));
    QCOMPARE(backend.cancelled, QStringList{QStringLiteral("late-run")});
    QVERIFY(view.messageLabel()->text().contains(QLatin1String("taken out of the queue")));
}

void TestSharedLabView::bookingsFallIntoDaysAndHours()
{
    const QDate monday(2025, 12, 8);
    const QList<LabBooking> bookings{
        // Monday 22:00 to Tuesday 02:00: two blocks, one each side of midnight.
        booking(QStringLiteral("b0"), QStringLiteral("node-a"), QStringLiteral("gpu-box"),
                QStringLiteral("sara"), {0, 1}, at(monday, 22), at(monday.addDays(1), 2)),
        // Wednesday 09:00–13:00 and 11:00–12:00 overlap: side by side.
        booking(QStringLiteral("b1"), QStringLiteral("node-b"), QStringLiteral("ws-7"),
                QStringLiteral("reza"), {0}, at(monday.addDays(2), 9), at(monday.addDays(2), 13)),
        booking(QStringLiteral("b2"), QStringLiteral("node-a"), QStringLiteral("gpu-box"),
                QStringLiteral("ali"), {2}, at(monday.addDays(2), 11), at(monday.addDays(2), 12)),
        // Wednesday 14:00–15:30: after them, alone again.
        booking(QStringLiteral("b3"), QStringLiteral("node-a"), QStringLiteral("gpu-box"),
                QStringLiteral("ali"), {3}, at(monday.addDays(2), 14), at(monday.addDays(2), 15, 30)),
        // The week after: not in this one.
        booking(QStringLiteral("b4"), QStringLiteral("node-a"), QStringLiteral("gpu-box"),
                QStringLiteral("ali"), {3}, at(monday.addDays(8), 9), at(monday.addDays(8), 10)),
    };
    const QList<LabCalendarBlock> blocks = LabCalendarLayout::layout(bookings, monday);
    QCOMPARE(blocks.size(), 5);
    QCOMPARE(blocks[0].booking, 0);
    QCOMPARE(blocks[0].day, 0);
    QCOMPARE(blocks[0].startMinute, 22 * 60);
    QCOMPARE(blocks[0].endMinute, 24 * 60);
    QVERIFY(!blocks[0].continuesBefore);
    QVERIFY(blocks[0].continuesAfter);
    QCOMPARE(blocks[1].booking, 0);
    QCOMPARE(blocks[1].day, 1);
    QCOMPARE(blocks[1].startMinute, 0);
    QCOMPARE(blocks[1].endMinute, 2 * 60);
    QVERIFY(blocks[1].continuesBefore);
    QVERIFY(!blocks[1].continuesAfter);
    QCOMPARE(blocks[2].booking, 1);
    QCOMPARE(blocks[2].day, 2);
    QCOMPARE(std::make_pair(blocks[2].lane, blocks[2].lanes), std::make_pair(0, 2));
    QCOMPARE(blocks[3].booking, 2);
    QCOMPARE(std::make_pair(blocks[3].lane, blocks[3].lanes), std::make_pair(1, 2));
    QCOMPARE(blocks[3].startMinute, 11 * 60);
    QCOMPARE(blocks[4].booking, 3);
    QCOMPARE(std::make_pair(blocks[4].lane, blocks[4].lanes), std::make_pair(0, 1));
    QCOMPARE(blocks[4].endMinute, 15 * 60 + 30);
    QCOMPARE(LabCalendarLayout::dayStartMs(monday, 1), at(monday.addDays(1), 0));
}

void TestSharedLabView::theWeekBeginsAsTheLanguageCounts()
{
    const QDate wednesday(2025, 12, 10);
    QCOMPARE(LabCalendarLayout::weekStart(wednesday, QLocale(QLocale::English, QLocale::UnitedKingdom)),
             QDate(2025, 12, 8)); // Monday
    QCOMPARE(LabCalendarLayout::weekStart(wednesday, QLocale(QLocale::Persian, QLocale::Iran)),
             QDate(2025, 12, 6)); // Saturday
    QCOMPARE(LabCalendarLayout::weekStart(QDate(2025, 12, 6), QLocale(QLocale::Persian, QLocale::Iran)),
             QDate(2025, 12, 6));
}

void TestSharedLabView::theCalendarMirrorsRightToLeft()
{
    const QDate monday(2025, 12, 8);
    LabWeekCalendar calendar;
    calendar.resize(900, 700);
    calendar.setWeek(monday);
    calendar.setBookings(
        {booking(QStringLiteral("b1"), QStringLiteral("node-b"), QStringLiteral("ws-7"),
                 QStringLiteral("reza"), {0}, at(monday.addDays(2), 9), at(monday.addDays(2), 13)),
         booking(QStringLiteral("b2"), QStringLiteral("node-a"), QStringLiteral("gpu-box"),
                 QStringLiteral("ali"), {2}, at(monday.addDays(2), 11), at(monday.addDays(2), 12))});
    QCOMPARE(calendar.blocks().size(), 2);

    calendar.setLayoutDirection(Qt::LeftToRight);
    QVERIFY(calendar.dayRect(0).left() < calendar.dayRect(6).left());
    QVERIFY(calendar.dayRect(0).left() > 0); // the hours' column at the left
    const QRect ltrFirst = calendar.blockRect(calendar.blocks()[0]);
    const QRect ltrSecond = calendar.blockRect(calendar.blocks()[1]);
    QVERIFY(calendar.dayRect(2).contains(ltrFirst));
    QVERIFY(ltrFirst.left() < ltrSecond.left()); // lane 0 leads
    // Hours run down: 09:00 above 11:00, and an hour is as tall as its minutes.
    QVERIFY(ltrFirst.top() < ltrSecond.top());
    QVERIFY(qAbs(ltrFirst.height() - 4 * (ltrSecond.height() + 1)) <= 4);

    // Persian: days run right to left, the hours' column on the right, lanes mirrored within a day.
    calendar.setLayoutDirection(Qt::RightToLeft);
    QVERIFY(calendar.dayRect(0).left() > calendar.dayRect(6).left());
    QVERIFY(calendar.dayRect(0).right() < calendar.width() - 20);
    const QRect rtlFirst = calendar.blockRect(calendar.blocks()[0]);
    const QRect rtlSecond = calendar.blockRect(calendar.blocks()[1]);
    QVERIFY(calendar.dayRect(2).contains(rtlFirst));
    QVERIFY(rtlFirst.left() > rtlSecond.left());
    QCOMPARE(rtlFirst.top(), ltrFirst.top());
    // An exact mirror image of the English layout.
    const int w = calendar.width();
    auto mirror = [w](const QRect &r) {
        return QRect(w - r.left() - r.width(), r.top(), r.width(), r.height());
    };
    QCOMPARE(rtlFirst, mirror(ltrFirst));
    QCOMPARE(rtlSecond, mirror(ltrSecond));
    QCOMPARE(calendar.bookingAt(rtlFirst.center()), 0);
    QCOMPARE(calendar.bookingAt(rtlSecond.center()), 1);
}

void TestSharedLabView::aDraggedTimeIsBookedAndARefusalShown()
{
    const qint64 now = wednesdayMorning();
    FakeBackend backend;
    backend.snapshot = labSnapshot(now);
    SharedLabView view(&backend);
    view.setUser(QStringLiteral("sara"));
    view.resize(1200, 800);
    view.setSnapshot(backend.snapshot, now);
    view.showPage(SharedLabView::BookingsPage);
    LabWeekCalendar *calendar = view.bookingsPage()->calendar();
    const QDate monday(2025, 12, 8);
    calendar->setWeek(monday);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Drag over Thursday from 12:10 to 14:40 (clear of the booking until 10:00): snapped to 12:00–15:00.
    const QRect thursday = calendar->dayRect(3);
    auto y = [&](int minute) { return thursday.top() + int(minute * thursday.height() / 1440.0); };
    QSignalSpy selected(calendar, &LabWeekCalendar::selectionChanged);
    QTest::mousePress(calendar, Qt::LeftButton, {}, QPoint(thursday.center().x(), y(12 * 60 + 10)));
    QMouseEvent move(QEvent::MouseMove, QPointF(thursday.center().x(), y(14 * 60 + 40)),
                     calendar->mapToGlobal(QPointF(thursday.center().x(), y(14 * 60 + 40))), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(calendar, &move);
    QTest::mouseRelease(calendar, Qt::LeftButton, {}, QPoint(thursday.center().x(), y(14 * 60 + 40)));
    QVERIFY(!selected.isEmpty());
    QCOMPARE(calendar->selection().day, 3);
    QCOMPARE(calendar->selection().fromMinute, 12 * 60);
    QCOMPARE(calendar->selection().toMinute, 15 * 60);
    const auto [from, to] = calendar->selectedRange();
    QCOMPARE(from, at(monday.addDays(3), 12));
    QCOMPARE(to, at(monday.addDays(3), 15));
    // A press on a booking selects no time.
    const QRect onBooking = calendar->blockRect(calendar->blocks().first());
    QTest::mousePress(calendar, Qt::LeftButton, {}, onBooking.center());
    QTest::mouseRelease(calendar, Qt::LeftButton, {}, onBooking.center());
    QCOMPARE(calendar->selection().fromMinute, 12 * 60);

    // Refused: the agent's own words show, and nothing is said to be booked.
    const QString refusal =
        QStringLiteral("gpu-box: devices 1 overlap booking resv-2 of reza, 09:00 to 13:00");
    backend.refuseBooking = refusal;
    view.book({{QStringLiteral("node-a"), {1}}}, from, to, QStringLiteral("thesis"));
    QCOMPARE(backend.booked.size(), 1);
    QCOMPARE(backend.booked[0].where.first().devices, QList<int>{1});
    QCOMPARE(backend.booked[0].note, QStringLiteral("thesis"));
    QVERIFY(view.messageLabel()->isVisible());
    QVERIFY2(view.messageLabel()->text().contains(refusal), qPrintable(view.messageLabel()->text()));
    QVERIFY(view.messageLabel()->text().contains(QLatin1String("refused")));
    // Accepted: said, and the lab asked again.
    backend.refuseBooking.reset();
    const int fetches = backend.fetches;
    view.book({{QStringLiteral("node-a"), {1}}}, from, to, QString());
    QVERIFY2(view.messageLabel()->text().contains(QLatin1String("Booked on 1 machine")),
             qPrintable(view.messageLabel()->text()));
    QCOMPARE(backend.fetches, fetches + 1);
}

void TestSharedLabView::ownBookingsCancelFromTheCalendar()
{
    const qint64 now = wednesdayMorning();
    FakeBackend backend;
    backend.snapshot = labSnapshot(now);
    SharedLabView view(&backend);
    view.setUser(QStringLiteral("sara"));
    view.setSnapshot(backend.snapshot, now);
    // Both bookings of the snapshot are in the calendar, on this week's days.
    LabWeekCalendar *calendar = view.bookingsPage()->calendar();
    calendar->setWeek(LabCalendarLayout::weekStart(QDateTime::fromMSecsSinceEpoch(now).date()));
    QCOMPARE(calendar->bookings().size(), 2);
    QSignalSpy cancel(calendar, &LabWeekCalendar::cancelRequested);
    view.cancelBooking(calendar->bookings().first());
    QCOMPARE(backend.unreserved, QStringList{QStringLiteral("node-b/resv-2")});
    // One machine alone.
    QComboBox *machines = view.bookingsPage()->findChild<QComboBox *>();
    QVERIFY(machines);
    machines->setCurrentIndex(machines->findData(QStringLiteral("node-a")));
    QCOMPARE(view.bookingsPage()->machine(), QStringLiteral("node-a"));
    QCOMPARE(calendar->bookings().size(), 1);
    QCOMPARE(calendar->bookings().first().id, QStringLiteral("resv-1"));
}

void TestSharedLabView::theBookingDialogAsksForDevicesAndTimes()
{
    const qint64 now = wednesdayMorning();
    LabBookingDialog dialog(labSnapshot(now));
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(dialog.requests().isEmpty());
    QVERIFY(!dialog.problem().isEmpty());
    QVERIFY(!ok->isEnabled());
    dialog.choose(QStringLiteral("node-a"), {1, 3});
    dialog.setRange(now + kHour, now + 3 * kHour);
    dialog.setNote(QStringLiteral("  thesis runs "));
    QVERIFY(dialog.problem().isEmpty());
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.requests().size(), 1);
    QCOMPARE(dialog.requests().first().nodeId, QStringLiteral("node-a"));
    QCOMPARE(dialog.requests().first().devices, (QList<int>{1, 3}));
    QCOMPARE(dialog.fromMs(), now + kHour);
    QCOMPARE(dialog.toMs(), now + 3 * kHour);
    QCOMPARE(dialog.note(), QStringLiteral("thesis runs"));
    // A machine checked as a whole: all its devices, on both machines at once.
    auto *model = qobject_cast<QStandardItemModel *>(dialog.findChild<QTreeView *>()->model());
    QStandardItem *ws = model->item(1);
    QCOMPARE(model->item(0)->checkState(), Qt::PartiallyChecked);
    ws->setCheckState(Qt::Checked);
    QCOMPARE(dialog.requests().size(), 2);
    QCOMPARE(dialog.requests()[1].devices, (QList<int>{0, 1}));
    // The end before the start: refused before asking anyone.
    dialog.setRange(now + 3 * kHour, now + kHour);
    QVERIFY(!dialog.problem().isEmpty());
    QVERIFY(!ok->isEnabled());
}

// Issue #29, item 14: a few minutes of a device read "0.0" hours, as if nothing had run.
void TestSharedLabView::aFewMinutesReadAsMinutes()
{
    const qint64 w1 = QDateTime(QDate(2025, 12, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    LabUsagePage page;
    page.setRows({{QStringLiteral("ali"), w1, 0.02},
                  {QStringLiteral("nima"), w1, 0.04},
                  {QStringLiteral("reza"), w1, 0.3}},
                 {});
    LabUsageModel *model = page.model();
    QCOMPARE(model->users(),
             (QStringList{QStringLiteral("reza"), QStringLiteral("nima"), QStringLiteral("ali")}));
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("0.3"));
    QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("2 min"));
    QCOMPARE(model->index(2, 1).data().toString(), QStringLiteral("1 min"));
    QCOMPARE(labDeviceTime(0), QStringLiteral("0.0"));
    QCOMPARE(labDeviceTime(0.001), QStringLiteral("1 min"));
}

void TestSharedLabView::usageChartSumsEachWeek()
{
    const qint64 w1 = QDateTime(QDate(2025, 12, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const qint64 w2 = QDateTime(QDate(2025, 12, 8), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const QList<LabUsageRow> rows{{QStringLiteral("sara"), w2, 20.5},
                                  {QStringLiteral("ali"), w1, 3},
                                  {QStringLiteral("sara"), w1, 10},
                                  {QStringLiteral("reza"), w2, 2.25},
                                  {QStringLiteral("ali"), w2, 40}};
    LabUsagePage page;
    page.setRows(rows, {}, {QStringLiteral("box-a"), QStringLiteral("box-b")});
    // The machines the hours are of, as hamgamctl usage names them (issue #29, item 14).
    QCOMPARE(page.coverageLabel()->text(), QStringLiteral("Over 2 machines: box-a and box-b"));
    LabUsageModel *model = page.model();
    QCOMPARE(model->weeks(), (QList<qint64>{w1, w2}));
    QCOMPARE(model->users(),
             (QStringList{QStringLiteral("ali"), QStringLiteral("sara"), QStringLiteral("reza")}));
    QCOMPARE(model->columnCount(), 4); // user, two weeks, total
    QCOMPARE(model->index(1, 3).data(LabUsageModel::HoursRole).toDouble(), 30.5);
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("3.0"));
    QCOMPARE(model->headerData(3, Qt::Horizontal).toString(), QStringLiteral("Total"));

    // The chart: one stacked bar per user, each week's stack summing to the week's total.
    LabUsagePlot *plot = page.plot();
    QCOMPARE(plot->bars().size(), 3);
    QCOMPARE(plot->totals(), (QList<double>{13, 62.75}));
    for (int week = 0; week < 2; ++week) {
        double sum = 0;
        for (QCPBars *bars : plot->bars()) {
            auto it = bars->data()->findBegin(week + 1, false);
            QVERIFY(it != bars->data()->constEnd());
            QCOMPARE(it->key, double(week + 1));
            sum += it->value;
        }
        QCOMPARE(sum, plot->totals()[week]);
    }
    // Stacked in the model's order: sara's bars sit on ali's.
    QCOMPARE(plot->bars()[1]->barBelow(), plot->bars()[0]);
    QVERIFY(plot->yAxis->range().upper > 62.75);
}

void TestSharedLabView::usageExportsCsv()
{
    const qint64 w1 = QDateTime(QDate(2025, 12, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const QList<LabUsageRow> rows{{QStringLiteral("ali"), w1, 3}, {QStringLiteral("sara"), w1, 10.5}};
    LabUsagePage page;
    QVERIFY(!page.exportButton()->isEnabled() || page.model()->rowCount() == 0);
    page.setRows(rows, {});
    QVERIFY(page.exportButton()->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("usage.csv"));
    QVERIFY(page.exportCsv(path).ok());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray csv = f.readAll();
    QCOMPARE(csv, LabClient::usageCsv(rows));
    QCOMPARE(csv, QByteArray("user,week_start,gpu_hours\nali,2025-12-01,3.000\nsara,2025-12-01,10.500\n"));
    QVERIFY(!page.exportCsv(path + QStringLiteral("/under-a-file.csv")).ok()); // a file is no directory
}

void TestSharedLabView::rulesAreForTheAdmin()
{
    const qint64 now = wednesdayMorning();
    FakeBackend backend;
    SharedLabView view(&backend);
    LabSnapshot s = labSnapshot(now);
    view.setSnapshot(s, now);
    QVERIFY(view.rulesButton()->isVisibleTo(&view));
    QCOMPARE(view.adminPolicy().value(QStringLiteral("max_devices_per_user")).toInt(), 4);
    for (LabNode &n : s.nodes)
        n.admin = false;
    view.setSnapshot(s, now);
    QVERIFY(!view.rulesButton()->isVisibleTo(&view));

    LabPolicyDialog dialog;
    dialog.setPolicy(labSnapshot(now).nodes.first().policy);
    QCOMPARE(dialog.maxDevicesBox()->value(), 4);
    QCOMPARE(dialog.maxRunBox()->value(), 24 * 60); // minutes
    QCOMPARE(dialog.mayEndEdit()->text(), QStringLiteral("prof"));
    dialog.mayEndEdit()->setText(QStringLiteral("prof, ta"));
    dialog.idlePercentBox()->setValue(5);
    QVERIFY(!dialog.problem().isEmpty()); // idle reclaim needs minutes too
    dialog.idleMinutesBox()->setValue(30);
    QVERIFY(dialog.problem().isEmpty());
    const QJsonObject policy = dialog.policy();
    QCOMPARE(policy.value(QStringLiteral("max_run_s")).toDouble(), 86400.0);
    QCOMPARE(policy.value(QStringLiteral("booking_notice_min")).toInt(), 60); // the default, kept
    {
        // Issue #29, item 11: a 10-minute limit showed as "1 h" and was saved as 1 h on OK.
        LabPolicyDialog tenMinutes;
        QJsonObject p = labSnapshot(now).nodes.first().policy;
        p[QStringLiteral("max_run_s")] = 600;
        p[QStringLiteral("booking_notice_min")] = 15;
        tenMinutes.setPolicy(p);
        QCOMPARE(tenMinutes.maxRunBox()->value(), 10);
        QCOMPARE(tenMinutes.maxRunBox()->text(),
                 tenMinutes.maxRunBox()->prefix() + QStringLiteral("10") + tenMinutes.maxRunBox()->suffix());
        QCOMPARE(tenMinutes.policy().value(QStringLiteral("max_run_s")).toDouble(), 600.0);
        QCOMPARE(tenMinutes.policy().value(QStringLiteral("booking_notice_min")).toInt(), 15);
        // Names from the admin only (issue #29, item 3): shown as the machine has it, and kept on OK.
        QVERIFY(!tenMinutes.namesByAdminBox()->isChecked());
        QCOMPARE(tenMinutes.policy().value(QStringLiteral("names_by_admin")).toBool(), false);
        p[QStringLiteral("names_by_admin")] = true;
        tenMinutes.setPolicy(p);
        QVERIFY(tenMinutes.namesByAdminBox()->isChecked());
        QCOMPARE(tenMinutes.policy().value(QStringLiteral("names_by_admin")).toBool(), true);
    }
    QCOMPARE(policy.value(QStringLiteral("may_end_others")).toArray(),
             (QJsonArray{QStringLiteral("prof"), QStringLiteral("ta")}));
    QCOMPARE(policy.value(QStringLiteral("idle_util_percent")).toInt(), 5);
    QCOMPARE(policy.value(QStringLiteral("idle_minutes")).toInt(), 30);
    dialog.mayEndEdit()->setText(QStringLiteral("prof, not a name!"));
    QVERIFY(!dialog.problem().isEmpty());
    QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());

    view.applyPolicy(policy);
    QCOMPARE(backend.policies, QList<QJsonObject>{policy});
}

void TestSharedLabView::refreshesOnlyWhileShown()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch(); // the view takes its snapshots "now"
    FakeBackend backend;
    backend.snapshot = labSnapshot(now);
    QTabWidget tabs;
    auto *other = new QWidget;
    auto *view = new SharedLabView(&backend);
    tabs.addTab(other, QStringLiteral("other"));
    tabs.addTab(view, QStringLiteral("lab"));
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    QCOMPARE(backend.fetches, 0);
    QVERIFY(!view->refreshTimer().isActive());
    // Shown: asked at once, then every 10 s.
    tabs.setCurrentWidget(view);
    QCOMPARE(backend.fetches, 1);
    QVERIFY(view->refreshTimer().isActive());
    QCOMPARE(view->refreshTimer().interval(), 10000);
    QCOMPARE(view->devicesModel()->rowCount(), 6);
    // A push: asked again soon.
    view->onLabChanged();
    QTRY_COMPARE_WITH_TIMEOUT(backend.fetches, 2, 2000);
    // Hidden: no timer, and pushes wait for the next show.
    tabs.setCurrentWidget(other);
    QVERIFY(!view->refreshTimer().isActive());
    view->onLabChanged();
    QTest::qWait(500);
    QCOMPARE(backend.fetches, 2);
    tabs.setCurrentWidget(view);
    QCOMPARE(backend.fetches, 3);
    // The usage page asks for usage when it is shown.
    QCOMPARE(backend.usages, 0);
    view->showPage(SharedLabView::UsagePage);
    QCOMPARE(backend.usages, 1);
    QVERIFY(view->summaryLabel()->text().contains(QLatin1String("1 held but idle")));
}

void TestSharedLabView::notifiesOwnRunsOnlyOnce()
{
    QMainWindow window;
    LabNotifier notifier(window.statusBar());
    notifier.setUser(QStringLiteral("sara"));
    QSignalSpy shown(&notifier, &LabNotifier::shown);
    auto notice = [](const QString &kind, const QString &user, const TranslatableText &reason = {}) {
        QCborMap n{{QStringLiteral("kind"), kind},
                   {QStringLiteral("run_id"), QStringLiteral("20261207-101500-3f2a")},
                   {QStringLiteral("user"), user},
                   {QStringLiteral("node_id"), QStringLiteral("node-a")}};
        if (!reason.isEmpty())
            n[QStringLiteral("reason_text")] = reason.toCbor();
        return n;
    };
    notifier.onNotice(notice(QStringLiteral("finished"), QStringLiteral("ali")));
    QCOMPARE(shown.size(), 0); // not hers
    notifier.onNotice(notice(QStringLiteral("stopped"), QStringLiteral("sara")));
    QCOMPARE(shown.size(), 0); // she stopped it herself
    // The reason travels untranslated and is put together when shown.
    TranslatableText idle("LabText", "its devices stayed below %1% for %2 minutes");
    idle.arg(5).arg(30);
    notifier.onNotice(notice(QStringLiteral("reclaimed"), QStringLiteral("sara"), idle));
    QCOMPARE(shown.size(), 1);
    QCOMPARE(shown[0][0].toString(), QStringLiteral("Your run's devices were reclaimed"));
    QCOMPARE(
        shown[0][1].toString(),
        QStringLiteral("Run 20261207-101500-3f2a was stopped: its devices stayed below 5% for 30 minutes"));
    // Without a tray (offscreen), the status bar says it.
    if (!notifier.trayIcon())
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("reclaimed")));
    // Each machine of the run sends its notice: told once.
    notifier.onNotice(notice(QStringLiteral("reclaimed"), QStringLiteral("sara"), idle));
    QCOMPARE(shown.size(), 1);
    for (const char *kind : {"started", "finished", "failed", "ended_by"})
        notifier.onNotice(notice(QLatin1String(kind), QStringLiteral("sara")));
    QCOMPARE(shown.size(), 5);
    QCOMPARE(shown[1][0].toString(), QStringLiteral("Your run has started"));
    QCOMPARE(shown[4][0].toString(), QStringLiteral("Your run was ended by someone else"));
    QVERIFY(!LabNotifier::describe(notice(QStringLiteral("unknown-kind"), QStringLiteral("sara")),
                                   QStringLiteral("sara")));
}

void TestSharedLabView::settingsValidateTheUserName()
{
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    SettingsDialog dialog(nullptr, controller.profile, &registry);
    QSignalSpy changed(&dialog, &SettingsDialog::userNameChanged);
    QLineEdit *name = dialog.userNameEdit();
    QCOMPARE(name->text(), controller.profile.userName());
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QPushButton *apply = buttons->button(QDialogButtonBox::Apply);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    for (const QString &bad :
         {QStringLiteral("sara k"), QStringLiteral("-sara"), QString(),
          QStringLiteral("a-name-that-is-far-too-long-to-be-one"), QStringLiteral("سارا")}) {
        name->setText(bad);
        QVERIFY2(!dialog.userNameError()->isHidden(), qPrintable(bad));
        QVERIFY(!dialog.userNameError()->text().isEmpty());
        QVERIFY(!apply->isEnabled());
        QVERIFY(!ok->isEnabled());
    }
    name->setText(QStringLiteral("sara.k"));
    QVERIFY(dialog.userNameError()->isHidden());
    QVERIFY(apply->isEnabled());
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.hasChanges());
    dialog.apply();
    QCOMPARE(controller.profile.userName(), QStringLiteral("sara.k"));
    QCOMPARE(registry.user(), QStringLiteral("sara.k"));
    QCOMPARE(changed.size(), 1);
    QVERIFY(!dialog.hasChanges());
    // Saved in the profile: a new one reads it back.
    auto reopened = ControllerProfile::open(controller.profile.configDir(), controller.profile.dataDir());
    QVERIFY(reopened.ok());
    QCOMPARE(reopened->userName(), QStringLiteral("sara.k"));
}

void TestSharedLabView::queueButtonPutsTheRunInTheAgentsQueue()
{
    // A real agent with one fake GPU and a worker that trains nothing: "short..." runs end at once.
    const QString worker = m_dir.filePath(QStringLiteral("hamgam-worker"));
    QVERIFY(TestSupport::writeScript(
        worker, "if [ \"$1\" = --version ]; then echo 'hamgam-worker " + QByteArray(Hamgam::kVersion) +
                    "'; exit 0; fi\n"
                    "echo '{\"event\":\"ready\",\"steps\":10}'\n"
                    "sleep 0.3\n"
                    "echo '{\"event\":\"done\",\"reason\":\"completed\",\"step\":10}'\n"
                    "exit 0\n"));
    TestSupport::Controller sara = TestSupport::makeController();
    TestSupport::Controller ali = TestSupport::makeController();
    QVERIFY(sara.profile.setUserName(QStringLiteral("sara")).ok());
    const QString configDir = m_dir.filePath(QStringLiteral("agent"));
    QVERIFY(QDir().mkpath(configDir));
    QVERIFY(TestSupport::trustController(configDir, sara));
    QVERIFY(TestSupport::trustController(configDir, ali));
    AgentOptions options = TestSupport::loopbackOptions(configDir);
    options.name = QStringLiteral("box");
    options.workerPath = worker;
    options.telemetryHz = 10;
    AgentDaemon agent(options, std::make_unique<FakeProbe>());
    QVERIFY2(agent.start().ok(), "the agent did not start");

    // Ali holds the GPU (a lease of his own, not confirmed by any run yet).
    AgentClient aliClient(ali.profile.identity(), QStringLiteral("127.0.0.1"), agent.port());
    aliClient.setUser(QStringLiteral("ali"));
    QSignalSpy handshake(&aliClient, &AgentClient::handshakeDone);
    aliClient.connectToAgent();
    QVERIFY(handshake.wait(10000));
    std::optional<Expected<QCborMap>> leased;
    aliClient.request(Message::Type::LeaseAcquire,
                      QCborMap{{QStringLiteral("run_id"), QStringLiteral("alis-hold")},
                               {QStringLiteral("devices"), QCborArray{0}},
                               {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}},
                      nullptr, [&](const Expected<QCborMap> &r) { leased = r; });
    QVERIFY(QTest::qWaitFor([&] { return leased.has_value(); }, 10000));
    QVERIFY2(leased->ok(), qPrintable(leased->error()));
    const QString leaseId = (*leased)->value(QStringLiteral("lease_id")).toString();

    // Sara's app.
    (void)sara.profile.pins().add(agent.identity().fingerprint(), agent.name(), agent.nodeId());
    NodeRegistry registry(sara.profile.identity(), sara.profile.pins());
    registry.setUser(sara.profile.userName());
    registry.start(nullptr);
    registry.addManual(QStringLiteral("127.0.0.1"), agent.port());
    QVERIFY(QTest::qWaitFor(
        [&] { return registry.node(agent.nodeId()) && registry.node(agent.nodeId())->telemetry; }, 15000));
    HistoryStore history(m_dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(history.open().ok());
    MainWindow window(sara.profile, registry, &history);
    QList<ConfigError> errors;
    const RunConfig config = RunConfig::fromJson(
        smallRunConfig(QStringLiteral("short-queued"),
                       QJsonArray{QJsonObject{{QStringLiteral("agent"), agent.nodeId()},
                                              {QStringLiteral("devices"), QJsonArray{0}}}}),
        &errors);
    QVERIFY(errors.isEmpty());
    window.runSetup()->setConfig(config);
    window.runSetup()->expectedTimeBox()->setValue(0.5);
    QCOMPARE(window.runSetup()->expectedSeconds(), qint64(1800));
    QVERIFY(QTest::qWaitFor([&] { return window.runSetup()->queueButton()->isEnabled(); }, 5000));
    QVERIFY(window.statusLabel()->text().contains(QLatin1String("user sara")));

    QTest::mouseClick(window.runSetup()->queueButton(), Qt::LeftButton);
    QVERIFY(window.run());
    QVERIFY(QTest::qWaitFor([&] { return window.run()->status() == RunStatus::Queued; }, 20000));
    const QString runId = window.run()->runId();
    // In the agent's queue, with the time she expects, and in the Live tab as queued, first in line.
    QVERIFY(agent.lab()->queue().contains(runId));
    QCOMPARE(agent.lab()->queue().entry(runId)->predictedMs, qint64(1800) * 1000);
    QCOMPARE(window.tabs()->currentWidget(), window.liveView());
    auto liveStatus = [&] { return window.liveView()->statusLabel()->text(); };
    QVERIFY2(liveStatus().contains(QLatin1String("Queued")) &&
                 liveStatus().contains(QLatin1String("position 1")),
             qPrintable(liveStatus()));
    QVERIFY(!window.runSetup()->queueButton()->isEnabled());
    // Waiting, it shows how long, and no charts or doctor until it starts (issue #29, item 12).
    window.liveView()->refreshNow(true);
    QVERIFY(!window.liveView()->showsCharts());
    QVERIFY2(window.liveView()->waitingLabel()->text().startsWith(QLatin1String("Waiting in the queue for ")),
             qPrintable(window.liveView()->waitingLabel()->text()));
    QVERIFY(window.liveView()->progressLabel()->text().isEmpty());
    if (const QString dir = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR"); !dir.isEmpty()) {
        window.resize(1280, 760);
        window.liveView()->refreshNow(true);
        QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("live-queued-en.png"))));
    }

    // Ali lets go: the agent starts her run by itself, and the Live tab follows it to the end.
    std::optional<Expected<QCborMap>> released;
    aliClient.request(Message::Type::LeaseRelease, QCborMap{{QStringLiteral("lease_id"), leaseId}}, nullptr,
                      [&](const Expected<QCborMap> &r) { released = r; });
    QVERIFY(QTest::qWaitFor([&] { return released.has_value(); }, 10000));
    QVERIFY(QTest::qWaitFor([&] { return window.run()->status() == RunStatus::Finished; }, 30000));
    QVERIFY2(liveStatus().contains(QLatin1String("Finished")), qPrintable(liveStatus()));
    window.liveView()->refreshNow(true);
    QVERIFY(window.liveView()->showsCharts()); // it ran: its charts stay
    QCOMPARE(history.run(runId)->status, RunStatus::Finished);
    QVERIFY(window.runSetup()->queueButton()->isEnabled());

    // Queued again behind ali, then taken out: nothing ran, and the Live tab says so instead of charts.
    leased.reset();
    aliClient.request(Message::Type::LeaseAcquire,
                      QCborMap{{QStringLiteral("run_id"), QStringLiteral("alis-hold-2")},
                               {QStringLiteral("devices"), QCborArray{0}},
                               {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}},
                      nullptr, [&](const Expected<QCborMap> &r) { leased = r; });
    QVERIFY(QTest::qWaitFor([&] { return leased.has_value(); }, 10000));
    QVERIFY2(leased->ok(), qPrintable(leased->error()));
    QTest::mouseClick(window.runSetup()->queueButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return window.run()->status() == RunStatus::Queued; }, 20000));
    window.run()->cancel();
    QVERIFY(QTest::qWaitFor([&] { return !RunStatusText::isActive(window.run()->status()); }, 20000));
    window.liveView()->refreshNow(true);
    QVERIFY(!window.liveView()->showsCharts());
    QCOMPARE(
        window.liveView()->waitingLabel()->text(),
        QStringLiteral("It left the queue before it started: nothing ran, so there is nothing to show."));
}

QTEST_MAIN(TestSharedLabView)
#include "tst_sharedlabview.moc"
