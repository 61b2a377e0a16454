// Usage and utilization on one node (issue #19): GPU-seconds per user in ISO
// weeks and in the 7-day window fair share uses, intervals folded into weeks
// after 12 weeks; per-device utilization rings (24 h by the minute, 7 days by
// ten minutes) that keep a gap empty, survive a restart and wrap around.
#include "labclock.h"
#include "labtestsupport.h"
#include "usageledger.h"
#include "utilizationhistory.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace LabTest;
using namespace Qt::StringLiterals;
using Range = UtilizationHistory::Range;

class TestUsageLedger : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void weekStart_data();
    void weekStart();
    void closedLeasesCount();
    void sevenDayWindow();
    void weeksSplitAtMonday();
    void weeksBeginAsTheAskersCalendar();
    void oldIntervalsFoldIntoWeeks();
    void damagedLedger();

    void bucketMeansAndPeaks();
    void gapStaysEmpty();
    void restartKeepsHistoryAndTheDowntimeEmpty();
    void ringsWrapAround();
    void damagedUtilizationFile();

private:
    static Lease running(const QString &user, QList<int> devices, qint64 sinceMs)
    {
        return activeLease(user, u"run-"_s + user, devices, (sinceMs - kT0) / kMinute, std::nullopt);
    }
    static QList<UtilizationHistory::Point> lastPoints(const UtilizationHistory &h, int device, Range range,
                                                       int n)
    {
        return h.series(device, range).mid(UtilizationHistory::bucketCount(range) - n);
    }
    QString path(const QString &name) const { return m_dir->filePath(u"lab/"_s + name); }

    std::unique_ptr<QTemporaryDir> m_dir;
    ManualLabClock m_clock{kT0};
};

void TestUsageLedger::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock.set(kT0);
}

void TestUsageLedger::weekStart_data()
{
    QTest::addColumn<QDateTime>("time");
    QTest::addColumn<QDateTime>("monday");
    const auto utc = [](int y, int m, int d, int h = 0, int min = 0, int s = 0, int ms = 0) {
        return QDateTime(QDate(y, m, d), QTime(h, min, s, ms), Qt::UTC);
    };
    QTest::newRow("the epoch, a Thursday") << utc(1970, 1, 1) << utc(1969, 12, 29);
    QTest::newRow("Monday morning") << utc(2024, 3, 4, 9) << utc(2024, 3, 4);
    QTest::newRow("Monday 00:00 is its own week") << utc(2024, 3, 11) << utc(2024, 3, 11);
    QTest::newRow("Sunday's last millisecond") << utc(2024, 3, 10, 23, 59, 59, 999) << utc(2024, 3, 4);
    QTest::newRow("across a new year") << utc(2025, 1, 1, 12) << utc(2024, 12, 30);
    QTest::newRow("leap day") << utc(2024, 2, 29, 18) << utc(2024, 2, 26);
}

void TestUsageLedger::weekStart()
{
    QFETCH(QDateTime, time);
    QFETCH(QDateTime, monday);
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(UsageLedger::weekStart(time.toMSecsSinceEpoch()), Qt::UTC),
             monday);
}

void TestUsageLedger::closedLeasesCount()
{
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    QVERIFY(ledger.load().ok());
    Lease l = running(u"ali"_s, {0, 3}, kT0);
    QVERIFY(ledger.recordClosed(l, kT0 + kHour).ok());
    Lease pending = l;
    pending.state = Lease::State::Pending;
    pending.activeSinceMs = 0;
    pending.createdMs = kT0;
    pending.expiresMs = kT0 + 20 * 1000;
    // Never ran, but kept two devices from everyone until it expired: 2 × 20 s count (issue #29, item 5).
    QVERIFY(ledger.recordClosed(pending, kT0 + kHour).ok());
    QVERIFY(ledger.record(u"sara"_s, 1, kT0, kT0).ok()); // empty: nothing
    QVERIFY(ledger.record(u"sara"_s, 0, kT0, kT0 + kHour).ok());
    QCOMPARE(ledger.intervals().size(), 2);
    QCOMPARE(ledger.recentSeconds(u"ali"_s, kT0 + kHour), 7200.0 + 40.0);
    QCOMPARE(ledger.recentSeconds(u"sara"_s, kT0 + kHour), 0.0);
    // On disk at once.
    UsageLedger reloaded(path(u"usage.json"_s), m_clock);
    QVERIFY(reloaded.load()->clean());
    QCOMPARE(reloaded.intervals(), ledger.intervals());
}

void TestUsageLedger::sevenDayWindow()
{
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    // Two days, the first of which lies before the window.
    QVERIFY(ledger.record(u"ali"_s, 1, kT0 - 8 * kDay, kT0 - 6 * kDay).ok());
    QVERIFY(ledger.record(u"reza"_s, 4, kT0 - 30 * kDay, kT0 - 20 * kDay).ok());
    QVERIFY(ledger.record(u"mina"_s, 2, kT0 - kHour, kT0 - kHour / 2).ok());
    const QList<Lease> now = {running(u"sara"_s, {1, 2}, kT0 - 30 * kMinute),
                              running(u"mina"_s, {0}, kT0 - 10 * kMinute)};
    const auto byUser = ledger.recentSecondsByUser(kT0, now);
    QCOMPARE(byUser.value(u"ali"_s), 86400.0);
    QCOMPARE(byUser.value(u"sara"_s), 3600.0);
    QCOMPARE(byUser.value(u"mina"_s), 3600.0 + 600.0);
    QVERIFY(!byUser.contains(u"reza"_s));
    QCOMPARE(ledger.recentSeconds(u"sara"_s, kT0, now), 3600.0);
    // A one-day window leaves ali out.
    QCOMPARE(ledger.recentSeconds(u"ali"_s, kT0, now, kDay), 0.0);
    // A pending lease has used nothing yet.
    Lease pending = now.first();
    pending.state = Lease::State::Pending;
    QCOMPARE(ledger.recentSeconds(u"sara"_s, kT0, {pending}), 0.0);
}

void TestUsageLedger::weeksSplitAtMonday()
{
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    const qint64 monday = UsageLedger::weekStart(kT0);
    QCOMPARE(monday, kT0 - 9 * kHour);
    // Sunday 22:00 to Monday 02:00 on 3 devices: 6 GPU-hours in each week.
    QVERIFY(ledger.record(u"ali"_s, 3, monday - 2 * kHour, monday + 2 * kHour).ok());
    QVERIFY(ledger
                .record(u"sara"_s, 1, monday - 3 * UsageLedger::kWeekMs,
                        monday - 3 * UsageLedger::kWeekMs + kHour)
                .ok());
    const QList<Lease> now = {running(u"bahar"_s, {5}, kT0 - kHour)};
    using Row = UsageLedger::WeekRow;
    QCOMPARE(ledger.weeks(kT0, 2, now),
             (QList<Row>{Row{u"ali"_s, monday - UsageLedger::kWeekMs, 21600.0},
                         Row{u"ali"_s, monday, 21600.0}, Row{u"bahar"_s, monday, 3600.0}}));
    QCOMPARE(ledger.weeks(kT0, 1, now).size(), 2);
    const auto four = ledger.weeks(kT0, 4);
    QCOMPARE(four.size(), 3);
    QCOMPARE(four.first(), (Row{u"sara"_s, monday - 3 * UsageLedger::kWeekMs, 3600.0}));
    QVERIFY(ledger.weeks(kT0, 0).isEmpty());
}

// Issue #29, item 14: usage counted Monday 00:00 UTC weeks while a Persian calendar begins its weeks on
// Saturday at 00:00 Tehran time (UTC+3:30). The asker says where its weeks begin.
void TestUsageLedger::weeksBeginAsTheAskersCalendar()
{
    using Week = UsageLedger::WeekDefinition;
    const auto utc = [](int y, int m, int d, int h = 0, int min = 0) {
        return QDateTime(QDate(y, m, d), QTime(h, min), Qt::UTC).toMSecsSinceEpoch();
    };
    const Week tehran{int(Qt::Saturday), 210};
    // Wednesday 2025-12-10 12:00 UTC: the week began Saturday 2025-12-06 00:00 in Tehran, 20:30 UTC the day
    // before.
    QCOMPARE(tehran.start(utc(2025, 12, 10, 12)), utc(2025, 12, 5, 20, 30));
    // Saturday 00:00 in Tehran is its own week; a minute before is the week before.
    QCOMPARE(tehran.start(utc(2025, 12, 5, 20, 30)), utc(2025, 12, 5, 20, 30));
    QCOMPARE(tehran.start(utc(2025, 12, 5, 20, 29)), utc(2025, 11, 28, 20, 30));
    // Sunday-first in New York (UTC-5), and the ISO week of the default definition.
    QCOMPARE((Week{int(Qt::Sunday), -300}).start(utc(2025, 12, 10, 12)), utc(2025, 12, 7, 5));
    QCOMPARE(Week{}.start(utc(2025, 12, 10, 12)), UsageLedger::weekStart(utc(2025, 12, 10, 12)));
    // Out of range: no definition.
    QVERIFY(!Week::of(0, 0));
    QVERIFY(!Week::of(8, 0));
    QVERIFY(!Week::of(1, 15 * 60));
    QVERIFY(Week::of(6, -14 * 60));

    // Friday 22:00 to Saturday 02:00 Tehran time on one device: two hours in each of Tehran's weeks,
    // all four in one ISO week.
    m_clock.set(utc(2025, 12, 10, 12));
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    QVERIFY(ledger.record(u"ali"_s, 1, utc(2025, 12, 5, 18, 30), utc(2025, 12, 5, 22, 30)).ok());
    using Row = UsageLedger::WeekRow;
    QCOMPARE(ledger.weeks(m_clock.nowMs(), 2, {}, tehran),
             (QList<Row>{Row{u"ali"_s, utc(2025, 11, 28, 20, 30), 7200.0},
                         Row{u"ali"_s, utc(2025, 12, 5, 20, 30), 7200.0}}));
    QCOMPARE(ledger.weeks(m_clock.nowMs(), 2), (QList<Row>{Row{u"ali"_s, utc(2025, 12, 1), 14400.0}}));
}

void TestUsageLedger::oldIntervalsFoldIntoWeeks()
{
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    QVERIFY(ledger.record(u"ali"_s, 2, kT0, kT0 + kHour).ok());
    const qint64 week = UsageLedger::weekStart(kT0);
    // Twelve weeks on, the interval is still kept as it is.
    m_clock.set(kT0 + kHour + UsageLedger::kKeepIntervalsMs - 1);
    QVERIFY(ledger.record(u"sara"_s, 1, m_clock.nowMs() - kHour, m_clock.nowMs()).ok());
    QCOMPARE(ledger.intervals().size(), 2);
    // Past twelve weeks it is folded into its week: the weekly figure stays, the interval goes.
    m_clock.advance(2);
    QVERIFY(ledger.record(u"sara"_s, 1, m_clock.nowMs() - kHour, m_clock.nowMs()).ok());
    QCOMPARE(ledger.intervals().size(), 2);
    QVERIFY(std::none_of(ledger.intervals().cbegin(), ledger.intervals().cend(),
                         [](const UsageLedger::Interval &i) { return i.user == u"ali"_s; }));
    const auto rows = ledger.weeks(m_clock.nowMs(), 14);
    QCOMPARE(rows.first(), (UsageLedger::WeekRow{u"ali"_s, week, 7200.0}));
    UsageLedger reloaded(path(u"usage.json"_s), m_clock);
    QVERIFY(reloaded.load()->clean());
    QCOMPARE(reloaded.weeks(m_clock.nowMs(), 14), rows);
    QCOMPARE(reloaded.intervals(), ledger.intervals());
}

void TestUsageLedger::damagedLedger()
{
    QVERIFY(QDir().mkpath(m_dir->filePath(u"lab"_s)));
    const QByteArray partly = QStringLiteral(R"({"version": 1,
        "intervals": [{"user": "ali", "devices": 2, "from_ms": %1, "to_ms": %2},
                      {"user": "ali", "devices": 2, "from_ms": %2, "to_ms": %1}],
        "weeks": [{"user": "sara", "week_start_ms": 12345, "device_ms": 10}]})")
                                  .arg(kT0 - kHour)
                                  .arg(kT0)
                                  .toUtf8();
    QVERIFY(writeAll(path(u"usage.json"_s), partly));
    UsageLedger ledger(path(u"usage.json"_s), m_clock);
    const auto load = ledger.load();
    QVERIFY(load.ok());
    QCOMPARE(load->problems.size(), 1);
    QVERIFY2(load->problems.first().contains(u"2 entries"_s), qPrintable(load->problems.first()));
    QCOMPARE(readAll(load->keptAs.first()), partly);
    QCOMPARE(ledger.intervals().size(), 1);
    QCOMPARE(ledger.intervals().first().toMs, kT0);
    QCOMPARE(ledger.recentSeconds(u"ali"_s, kT0), 7200.0);

    QVERIFY(writeAll(path(u"usage.json"_s), "{\"version\": 1, \"intervals\": {}}"));
    const auto whole = ledger.load();
    QVERIFY(whole.ok());
    QCOMPARE(whole->problems.size(), 1);
    QVERIFY(ledger.intervals().isEmpty());
    QVERIFY(ledger.record(u"ali"_s, 1, kT0, kT0 + kMinute).ok());
}

void TestUsageLedger::bucketMeansAndPeaks()
{
    UtilizationHistory h(path(u"utilization.json"_s), m_clock);
    m_clock.set(kT0 + 55000);
    h.add(0, kT0, 20, 100);
    h.add(0, kT0 + 10000, 40, 300);
    h.add(0, kT0 + 50000, 60, 200);
    h.add(0, kT0 + 51000, 250, 0); // clamped to 100
    h.add(1, kT0, -5, 7);          // clamped to 0
    const auto day = h.series(0, Range::Day);
    QCOMPARE(day.size(), 1440);
    QCOMPARE(day.first().startMs, kT0 - 1439 * kMinute);
    QCOMPARE(day.last().startMs, kT0);
    QCOMPARE(day.last().samples, 4);
    QCOMPARE(day.last().utilization, 55.0);
    QCOMPARE(day.last().memoryUsed, 300);
    QVERIFY(day.at(1438).isEmpty());
    const auto week = h.series(0, Range::Week);
    QCOMPARE(week.size(), 1008);
    QCOMPARE(week.last().startMs, kT0);
    QCOMPARE(week.last().utilization, 55.0);
    QCOMPARE(h.series(1, Range::Day).last().utilization, 0.0);
    QCOMPARE(h.devices(), (QList<int>{0, 1}));
    QVERIFY(h.series(5, Range::Day).last().isEmpty());
    QCOMPARE(h.series(5, Range::Day).size(), 1440);
}

void TestUsageLedger::gapStaysEmpty()
{
    UtilizationHistory h(path(u"utilization.json"_s), m_clock);
    // Every minute for 30 minutes, then 20 minutes of nothing (the agent was down), then 11 more.
    for (int m = -60; m <= 0; ++m) {
        if (m >= -30 && m < -10)
            continue;
        h.add(2, at(m) + 5000, 80, 1000 + m);
    }
    const auto last = lastPoints(h, 2, Range::Day, 61);
    QCOMPARE(last.first().startMs, at(-60));
    int empty = 0;
    for (int i = 0; i < last.size(); ++i) {
        const int minute = i - 60;
        QCOMPARE(last.at(i).isEmpty(), minute >= -30 && minute < -10);
        empty += last.at(i).isEmpty() ? 1 : 0;
    }
    QCOMPARE(empty, 20);
    // The 10-minute buckets: [-30, -20) and [-20, -10) empty, the rest full.
    const auto week = lastPoints(h, 2, Range::Week, 7);
    QCOMPARE(week.at(0).startMs, at(-60));
    QCOMPARE(week.at(3).isEmpty(), true);
    QCOMPARE(week.at(4).isEmpty(), true);
    QCOMPARE(week.at(2).samples, 10);
    QCOMPARE(week.at(6).samples, 1);
    QCOMPARE(week.at(5).memoryUsed, 1000 - 1);
}

void TestUsageLedger::restartKeepsHistoryAndTheDowntimeEmpty()
{
    {
        UtilizationHistory h(path(u"utilization.json"_s), m_clock);
        QVERIFY(h.load()->clean());
        for (int m = -30; m <= 0; ++m)
            h.add(0, at(m), m + 50, 1 << 20);
        QVERIFY(h.save().ok());
    }
    // Down for two hours.
    m_clock.set(at(120));
    UtilizationHistory h(path(u"utilization.json"_s), m_clock);
    const auto load = h.load();
    QVERIFY2(load.ok() && load->clean(), load.ok() ? "" : qPrintable(load.error()));
    h.add(0, at(120), 99, 5);
    const auto last = lastPoints(h, 0, Range::Day, 151);
    QCOMPARE(last.first().startMs, at(-30));
    for (int i = 0; i < last.size(); ++i) {
        const int minute = i - 30;
        if (minute <= 0) {
            QCOMPARE(last.at(i).utilization, double(minute + 50));
            QCOMPARE(last.at(i).memoryUsed, 1 << 20);
        } else if (minute < 120) {
            QVERIFY(last.at(i).isEmpty());
        } else {
            QCOMPARE(last.at(i).utilization, 99.0);
        }
    }
    // The week ring came back too: [-30, -20) averages -30..-21 => 24.5.
    const auto week = lastPoints(h, 0, Range::Week, 16);
    QCOMPARE(week.first().startMs, at(-30));
    QCOMPARE(week.first().utilization, 24.5);
    QVERIFY(week.at(4).isEmpty());
}

void TestUsageLedger::ringsWrapAround()
{
    UtilizationHistory h(path(u"utilization.json"_s), m_clock);
    h.add(0, kT0, 10, 1);
    // A day and an hour later the minute ring no longer shows it; the week ring does.
    m_clock.set(kT0 + 25 * kHour);
    h.add(0, m_clock.nowMs(), 30, 3);
    const auto day = h.series(0, Range::Day);
    int full = 0;
    for (const auto &p : day)
        full += p.isEmpty() ? 0 : 1;
    QCOMPARE(full, 1);
    QCOMPARE(day.last().utilization, 30.0);
    const auto week = h.series(0, Range::Week);
    QCOMPARE(week.at(1008 - 1 - 25 * 6).startMs, kT0);
    QCOMPARE(week.at(1008 - 1 - 25 * 6).utilization, 10.0);
    // Exactly seven days on, the slot of kT0's ten minutes holds the new bucket: a late sample
    // for the old one is dropped, not mixed in.
    m_clock.set(kT0 + 7 * kDay);
    h.add(0, kT0 + 7 * kDay, 70, 7);
    h.add(0, kT0 + 1000, 0, 0);
    const auto later = h.series(0, Range::Week);
    QCOMPARE(later.last().samples, 1);
    QCOMPARE(later.last().utilization, 70.0);
    QVERIFY(later.first().isEmpty()); // kT0 + 10 min: gone from the week too
}

void TestUsageLedger::damagedUtilizationFile()
{
    QVERIFY(QDir().mkpath(m_dir->filePath(u"lab"_s)));
    QVERIFY(writeAll(path(u"utilization.json"_s),
                     "{\"version\":1,\"devices\":[{\"device\":0,\"day\":[[1,2]]}]}"));
    UtilizationHistory h(path(u"utilization.json"_s), m_clock);
    const auto load = h.load();
    QVERIFY(load.ok());
    QCOMPARE(load->problems.size(), 1);
    QVERIFY(h.devices().isEmpty());
    QVERIFY(writeAll(path(u"utilization.json"_s), "not json"));
    const auto whole = h.load();
    QVERIFY(whole.ok());
    QCOMPARE(whole->keptAs.size(), 1);
    QCOMPARE(readAll(whole->keptAs.first()), QByteArray("not json"));
}

QTEST_APPLESS_MAIN(TestUsageLedger)
#include "tst_usageledger.moc"
