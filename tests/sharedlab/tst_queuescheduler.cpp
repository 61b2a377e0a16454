// The queue's scheduler (issue #19) as tables: fair-share order, conservative
// backfill (a later run starts early only when it ends before the head's or a
// booking's start), explicit devices and counts, the per-user device limit,
// other users' bookings (a user's own never blocks), unknown lengths, the
// estimated starts, positions and reasons to wait; and the same answer for
// the same input, whatever order it was given in.
#include "labtestsupport.h"
#include "queuescheduler.h"
#include "runpace.h"

#include <limits>
#include <QRandomGenerator>
#include <QTest>

using namespace LabTest;
using namespace Qt::StringLiterals;

namespace {
constexpr qint64 kSkip = -999999;

/// What one placement must be. startMin kSkip: never placeable.
struct Expect
{
    QString runId;
    int position = 0;
    qint64 startMin = 0;
    QList<int> devices;
    int why = -1; ///< Refusal::Kind, -1: no reason (starts now)
    int whyDevice = -2;
    QString whyUser;
    qint64 whyAmount = -1;
    qint64 whyUntilMin = kSkip;
    qint64 endMin = kSkip;
};

struct Case
{
    QueueScheduler::Input in;
    QList<Expect> expect;
};

QueueScheduler::Input lab(int devices = 4)
{
    QueueScheduler::Input in;
    in.nowMs = kT0;
    in.deviceCount = devices;
    return in;
}
} // namespace

Q_DECLARE_METATYPE(Case)

class TestQueueScheduler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data();
    void table();
    void sameInputSameAnswer();
    void placementsNeverCollide();
    void fastSearchFindsThePlainSearchsStart();
    void orderAlone();
    void aHoldersEndComesFromItsPace();

private:
    static QueueScheduler::Input busyLab();
};

void TestQueueScheduler::table_data()
{
    QTest::addColumn<Case>("c");

    {
        Case c{lab(), {}};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 2, 60)};
        c.expect = {{.runId = u"e1"_s, .position = 1, .startMin = 0, .devices = {0, 1}, .endMin = 60}};
        QTest::newRow("free lab: starts now on the lowest devices") << c;
    }
    {
        Case c{lab(), {}};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 60, -20),
                        entry(u"e2"_s, u"sara"_s, {0}, 0, 60, -10)};
        c.in.recentSeconds = {{u"ali"_s, 7200.0}, {u"sara"_s, 0.0}};
        c.expect = {{.runId = u"e2"_s, .position = 1, .startMin = 0, .devices = {0}},
                    {.runId = u"e1"_s,
                     .position = 2,
                     .startMin = 60,
                     .devices = {0},
                     .why = Refusal::Behind,
                     .whyDevice = 0,
                     .whyUser = u"sara"_s,
                     .whyAmount = 1,
                     .whyUntilMin = 60}};
        QTest::newRow("fair share: fewer recent GPU-seconds first") << c;
    }
    {
        Case c{lab(), {}};
        c.in.entries = {entry(u"e2"_s, u"sara"_s, {0}, 0, 60, -10),
                        entry(u"e1"_s, u"ali"_s, {0}, 0, 60, -20)};
        c.in.recentSeconds = {{u"ali"_s, 50.0}, {u"sara"_s, 50.0}};
        c.expect = {
            {.runId = u"e1"_s, .position = 1, .startMin = 0, .devices = {0}},
            {.runId = u"e2"_s, .position = 2, .startMin = 60, .devices = {0}, .why = Refusal::Behind}};
        QTest::newRow("same use: earlier submission first") << c;
    }
    {
        // Issue #29, item 8: the head's last attempt failed (a node across the network refused it). It
        // keeps its position, but while it backs off the run behind it uses the free device.
        Case c{lab(), {}};
        c.in.entries = {entry(u"head"_s, u"ali"_s, {0}, 0, 60, -20),
                        entry(u"next"_s, u"sara"_s, {0}, 0, 120, -10)};
        c.in.retryAfterMs = {{u"head"_s, kT0 + 15 * 1000}};
        c.expect = {
            {.runId = u"head"_s, .position = 1, .startMin = 120, .devices = {0}, .why = Refusal::Retrying},
            {.runId = u"next"_s, .position = 2, .startMin = 0, .devices = {0}, .endMin = 120}};
        QTest::newRow("a head backing off after a failed attempt keeps no device idle") << c;
    }
    {
        // Its retry time passed: it is placed first again.
        Case c{lab(), {}};
        c.in.entries = {entry(u"head"_s, u"ali"_s, {0}, 0, 60, -20),
                        entry(u"next"_s, u"sara"_s, {0}, 0, 120, -10)};
        c.in.retryAfterMs = {{u"head"_s, kT0}};
        c.expect = {
            {.runId = u"head"_s, .position = 1, .startMin = 0, .devices = {0}},
            {.runId = u"next"_s, .position = 2, .startMin = 60, .devices = {0}, .why = Refusal::Behind}};
        QTest::newRow("a head whose retry time has come is first again") << c;
    }
    {
        Case c{lab(), {}};
        c.in.entries = {entry(u"run-b"_s, u"ali"_s, {0}, 0, 60), entry(u"run-a"_s, u"sara"_s, {0}, 0, 60)};
        c.expect = {
            {.runId = u"run-a"_s, .position = 1, .startMin = 0, .devices = {0}},
            {.runId = u"run-b"_s, .position = 2, .startMin = 60, .devices = {0}, .why = Refusal::Behind}};
        QTest::newRow("same use and submission: run id") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, 60)};
        c.in.entries = {entry(u"head"_s, u"ali"_s, {0, 1}, 0, 120, -30),
                        entry(u"short"_s, u"sara"_s, {1}, 0, 30, -20)};
        c.expect = {{.runId = u"head"_s,
                     .position = 1,
                     .startMin = 60,
                     .devices = {0, 1},
                     .why = Refusal::Held,
                     .whyDevice = 0,
                     .whyUser = u"reza"_s,
                     .whyUntilMin = 60,
                     .endMin = 180},
                    {.runId = u"short"_s, .position = 2, .startMin = 0, .devices = {1}, .endMin = 30}};
        QTest::newRow("backfill: a short run that ends before the head starts") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, 60)};
        c.in.entries = {entry(u"head"_s, u"ali"_s, {0, 1}, 0, 120, -30),
                        entry(u"short"_s, u"sara"_s, {1}, 0, 60, -20)};
        c.expect = {
            {.runId = u"head"_s, .position = 1, .startMin = 60, .devices = {0, 1}, .why = Refusal::Held},
            {.runId = u"short"_s, .position = 2, .startMin = 0, .devices = {1}, .endMin = 60}};
        QTest::newRow("backfill: ending exactly at the head's start") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, 60)};
        c.in.entries = {entry(u"head"_s, u"ali"_s, {0, 1}, 0, 120, -30),
                        entry(u"long"_s, u"sara"_s, {1}, 0, 90, -20)};
        c.expect = {
            {.runId = u"head"_s, .position = 1, .startMin = 60, .devices = {0, 1}, .why = Refusal::Held},
            {.runId = u"long"_s,
             .position = 2,
             .startMin = 180,
             .devices = {1},
             .why = Refusal::Behind,
             .whyDevice = 1,
             .whyUser = u"ali"_s,
             .whyAmount = 1}};
        QTest::newRow("no backfill: it would delay the head") << c;
    }
    {
        Case c{lab(), {}};
        c.in.reservations = {booking(u"r1"_s, u"reza"_s, {0}, 60, 180)};
        c.in.entries = {entry(u"short"_s, u"ali"_s, {0}, 0, 30, -20),
                        entry(u"long"_s, u"sara"_s, {0}, 0, 90, -10)};
        c.expect = {{.runId = u"short"_s, .position = 1, .startMin = 0, .devices = {0}},
                    {.runId = u"long"_s,
                     .position = 2,
                     .startMin = 180,
                     .devices = {0},
                     .why = Refusal::Reserved,
                     .whyDevice = 0,
                     .whyUser = u"reza"_s,
                     .whyUntilMin = 180}};
        QTest::newRow("a booking: short before it, long after it") << c;
    }
    {
        Case c{lab(), {}};
        c.in.reservations = {booking(u"r1"_s, u"sara"_s, {0}, -10, 120)};
        c.in.entries = {entry(u"mine"_s, u"sara"_s, {0}, 0, 60, -20),
                        entry(u"other"_s, u"ali"_s, {0}, 0, 60, -10)};
        c.expect = {{.runId = u"mine"_s, .position = 1, .startMin = 0, .devices = {0}},
                    {.runId = u"other"_s,
                     .position = 2,
                     .startMin = 120,
                     .devices = {0},
                     .why = Refusal::Reserved,
                     .whyUser = u"sara"_s}};
        QTest::newRow("a user's own booking does not block them") << c;
    }
    {
        Case c{lab(), {}};
        c.in.reservations = {booking(u"r1"_s, u"reza"_s, {0, 1, 2}, 30, 90)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 2, 60)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 90,
                     .devices = {0, 1},
                     .why = Refusal::Reserved,
                     .whyDevice = 0,
                     .whyUser = u"reza"_s}};
        QTest::newRow("count: a booking on all but one device") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"u0"_s, u"x0"_s, {0}, -10, 30),
                       activeLease(u"u1"_s, u"x1"_s, {1}, -10, 90),
                       activeLease(u"u2"_s, u"x2"_s, {2}, -10, 60)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 2, 60)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 30,
                     .devices = {0, 3},
                     .why = Refusal::Held,
                     .whyDevice = 0,
                     .whyUser = u"u0"_s,
                     .whyUntilMin = 30}};
        QTest::newRow("count: the devices that free earliest") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"u1"_s, u"x1"_s, {1}, -10, 90)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0, 1}, 0, 60), entry(u"e2"_s, u"sara"_s, {}, 2, 60, 0)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 90,
                     .devices = {0, 1},
                     .why = Refusal::Held,
                     .whyDevice = 1,
                     .whyUser = u"u1"_s},
                    {.runId = u"e2"_s, .position = 2, .startMin = 0, .devices = {0, 2}, .endMin = 60}};
        QTest::newRow("explicit devices wait for all of them; a count backfills around them") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxDevicesPerUser = 2;
        c.in.leases = {activeLease(u"ali"_s, u"x"_s, {0}, -10, 60)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {2, 3}, 0, 30, -20),
                        entry(u"e2"_s, u"sara"_s, {}, 2, 60, -10)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 60,
                     .devices = {2, 3},
                     .why = Refusal::Policy,
                     .whyUser = u"ali"_s,
                     .whyAmount = 3},
                    {.runId = u"e2"_s, .position = 2, .startMin = 0, .devices = {1, 2}}};
        QTest::newRow("max devices per user: held plus asked; others unaffected") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxDevicesPerUser = 2;
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 1, 60, -30), entry(u"e2"_s, u"ali"_s, {}, 2, 60, -20)};
        c.expect = {
            {.runId = u"e1"_s, .position = 1, .startMin = 0, .devices = {0}},
            {.runId = u"e2"_s, .position = 2, .startMin = 60, .devices = {0, 1}, .why = Refusal::Policy}};
        QTest::newRow("max devices per user: counts the user's queued runs too") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxDevicesPerUser = 2;
        c.in.entries = {entry(u"big"_s, u"ali"_s, {}, 3, 60, -20),
                        entry(u"small"_s, u"ali"_s, {}, 1, 60, -10)};
        c.expect = {{.runId = u"big"_s,
                     .position = 1,
                     .startMin = kSkip,
                     .why = Refusal::Policy,
                     .whyUser = u"ali"_s,
                     .whyAmount = 3},
                    {.runId = u"small"_s, .position = 2, .startMin = 0, .devices = {0}}};
        QTest::newRow("max devices per user: a bigger run never starts, and blocks nobody") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxRunSeconds = 3600;
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 1, 90)};
        c.expect = {
            {.runId = u"e1"_s, .position = 1, .startMin = kSkip, .why = Refusal::Policy, .whyAmount = 5400}};
        QTest::newRow("max run: a longer prediction never starts") << c;
    }
    {
        Case c{lab(), {}};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {}, 5, 60), entry(u"e2"_s, u"ali"_s, {1, 4}, 0, 60, 0)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = kSkip,
                     .why = Refusal::NoSuchDevice,
                     .whyDevice = -1},
                    {.runId = u"e2"_s,
                     .position = 2,
                     .startMin = kSkip,
                     .why = Refusal::NoSuchDevice,
                     .whyDevice = 4}};
        QTest::newRow("more devices than the node has") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxRunSeconds = 2 * 3600;
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, std::nullopt)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 0, -20), entry(u"e2"_s, u"sara"_s, {1}, 0, 0, -10)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 90,
                     .devices = {0},
                     .why = Refusal::Held,
                     .whyUntilMin = 90,
                     .endMin = 210},
                    {.runId = u"e2"_s, .position = 2, .startMin = 0, .devices = {1}, .endMin = 120}};
        QTest::newRow("unknown lengths: the longest run allowed, from the start") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, std::nullopt)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 0)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 60,
                     .devices = {0},
                     .why = Refusal::Held,
                     .endMin = 120}};
        QTest::newRow("unknown lengths without a policy: an hour from now") << c;
    }
    {
        Case c{lab(), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -90, -10)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 30)};
        c.expect = {{.runId = u"e1"_s,
                     .position = 1,
                     .startMin = 60,
                     .devices = {0},
                     .why = Refusal::Held,
                     .whyUntilMin = 60}};
        QTest::newRow("a late run without a policy: an hour from now") << c;
    }
    {
        Case c{lab(), {}};
        c.in.policy.maxRunSeconds = 2 * 3600;
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -30, -5),
                       activeLease(u"mina"_s, u"y"_s, {1}, -119, -5)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 30, -20),
                        entry(u"e2"_s, u"sara"_s, {1}, 0, 30, -10)};
        c.expect = {{.runId = u"e1"_s, .position = 1, .startMin = 90, .devices = {0}, .why = Refusal::Held},
                    {.runId = u"e2"_s, .position = 2, .startMin = 1, .devices = {1}, .why = Refusal::Held}};
        QTest::newRow("a late run with a policy: stopped at the longest run, at least a minute ahead") << c;
    }
    {
        Case c{lab(), {}};
        Lease pending;
        pending.id = u"lease-p"_s;
        pending.runId = u"p"_s;
        pending.user = u"reza"_s;
        pending.devices = {0};
        pending.createdMs = at(-1);
        pending.expiresMs = at(0); // expired just now
        Lease live = pending;
        live.id = u"lease-q"_s;
        live.runId = u"q"_s;
        live.devices = {1};
        live.expiresMs = at(0) + 5000;
        live.expectedEndMs = at(45);
        c.in.leases = {pending, live};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 30, -20),
                        entry(u"e2"_s, u"sara"_s, {1}, 0, 30, -10)};
        c.expect = {{.runId = u"e1"_s, .position = 1, .startMin = 0, .devices = {0}},
                    {.runId = u"e2"_s,
                     .position = 2,
                     .startMin = 45,
                     .devices = {1},
                     .why = Refusal::Held,
                     .whyUser = u"reza"_s}};
        QTest::newRow("pending leases: an expired one holds nothing, a live one until its end") << c;
    }
    {
        Case c{lab(1), {}};
        c.in.entries = {entry(u"a"_s, u"ali"_s, {0}, 0, 30, -30), entry(u"b"_s, u"bahar"_s, {0}, 0, 45, -40),
                        entry(u"c"_s, u"cyrus"_s, {0}, 0, 15, -10)};
        c.in.recentSeconds = {{u"ali"_s, 100.0}, {u"bahar"_s, 200.0}, {u"cyrus"_s, 0.0}};
        c.expect = {{.runId = u"c"_s, .position = 1, .startMin = 0, .devices = {0}, .endMin = 15},
                    {.runId = u"a"_s,
                     .position = 2,
                     .startMin = 15,
                     .devices = {0},
                     .why = Refusal::Behind,
                     .whyAmount = 1,
                     .endMin = 45},
                    {.runId = u"b"_s,
                     .position = 3,
                     .startMin = 45,
                     .devices = {0},
                     .why = Refusal::Behind,
                     .whyUser = u"cyrus"_s,
                     .whyAmount = 2,
                     .endMin = 90}};
        QTest::newRow("one device: estimated starts follow the order") << c;
    }
    {
        Case c{lab(2), {}};
        c.in.leases = {activeLease(u"reza"_s, u"x"_s, {0}, -10, 30)};
        c.in.reservations = {booking(u"r1"_s, u"mina"_s, {1}, 100, 200)};
        c.in.entries = {entry(u"e1"_s, u"ali"_s, {0}, 0, 60, -30),
                        entry(u"e2"_s, u"sara"_s, {1}, 0, 100, -20),
                        entry(u"e3"_s, u"sara"_s, {1}, 0, 10, -10)};
        c.expect = {
            {.runId = u"e1"_s, .position = 1, .startMin = 30, .devices = {0}, .why = Refusal::Held},
            {.runId = u"e2"_s, .position = 2, .startMin = 0, .devices = {1}, .endMin = 100},
            {.runId = u"e3"_s, .position = 3, .startMin = 200, .devices = {1}, .why = Refusal::Behind}};
        QTest::newRow("a run ahead on other devices does not block; a booking pushes a short one past it")
            << c;
    }
}

void TestQueueScheduler::table()
{
    QFETCH(Case, c);
    const QList<QueueScheduler::Placement> got = QueueScheduler::schedule(c.in);
    QCOMPARE(got.size(), c.expect.size());
    for (int i = 0; i < got.size(); ++i) {
        const QueueScheduler::Placement &p = got.at(i);
        const Expect &e = c.expect.at(i);
        const QByteArray where = e.runId.toUtf8();
        QVERIFY2(p.runId == e.runId, QByteArray(where + " came as " + p.runId.toUtf8()).constData());
        QCOMPARE(p.position, e.position);
        if (e.startMin == kSkip) {
            QVERIFY2(!p.placeable, where.constData());
            QVERIFY(!p.startsNow);
            QCOMPARE(p.startMs, 0);
        } else {
            QVERIFY2(p.placeable, where.constData());
            QCOMPARE(p.startMs, at(e.startMin));
            QCOMPARE(p.startsNow, e.startMin == 0);
            QCOMPARE(p.devices, e.devices);
        }
        if (e.endMin != kSkip)
            QCOMPARE(p.endMs, at(e.endMin));
        QCOMPARE(p.why.has_value(), e.why >= 0);
        if (!p.why)
            continue;
        QCOMPARE(p.why->kind, Refusal::Kind(e.why));
        if (e.whyDevice != -2)
            QCOMPARE(p.why->device, e.whyDevice);
        if (!e.whyUser.isEmpty())
            QCOMPARE(p.why->user, e.whyUser);
        if (e.whyAmount >= 0)
            QCOMPARE(p.why->amount, e.whyAmount);
        if (e.whyUntilMin != kSkip)
            QCOMPARE(p.why->untilMs, at(e.whyUntilMin));
    }
}

QueueScheduler::Input TestQueueScheduler::busyLab()
{
    // 8 devices, some held and booked, 40 entries of 6 users with mixed sizes and lengths.
    QueueScheduler::Input in = lab(8);
    in.policy.maxDevicesPerUser = 6;
    in.leases = {activeLease(u"u0"_s, u"l0"_s, {0, 1}, -20, 40),
                 activeLease(u"u3"_s, u"l1"_s, {5}, -5, std::nullopt),
                 activeLease(u"u1"_s, u"l2"_s, {6, 7}, -50, 15)};
    in.reservations = {booking(u"r0"_s, u"u2"_s, {2, 3}, 120, 240), booking(u"r1"_s, u"u4"_s, {7}, 30, 90),
                       booking(u"r2"_s, u"u0"_s, {0}, 300, 360)};
    for (int i = 0; i < 40; ++i) {
        const QString user = u"u%1"_s.arg(i % 6);
        const QList<int> devices = i % 5 == 0 ? QList<int>{i % 8} : QList<int>{};
        const int count = 1 + (i * 7) % 4;
        const qint64 length = (i % 7 == 3) ? 0 : 10 + (i * 37) % 170;
        in.entries.append(
            entry(u"run-%1"_s.arg(i, 2, 10, QLatin1Char('0')), user, devices, count, length, -(i * 13) % 90));
    }
    for (int u = 0; u < 6; ++u)
        in.recentSeconds.insert(u"u%1"_s.arg(u), double((u * 5) % 6) * 3600.0);
    return in;
}

void TestQueueScheduler::sameInputSameAnswer()
{
    const QueueScheduler::Input in = busyLab();
    const auto first = QueueScheduler::schedule(in);
    QCOMPARE(first.size(), in.entries.size());
    QCOMPARE(QueueScheduler::schedule(in), first);

    // The order the caller lists things in changes nothing.
    QueueScheduler::Input shuffled = in;
    std::reverse(shuffled.entries.begin(), shuffled.entries.end());
    std::rotate(shuffled.entries.begin(), shuffled.entries.begin() + 7, shuffled.entries.end());
    std::reverse(shuffled.leases.begin(), shuffled.leases.end());
    std::reverse(shuffled.reservations.begin(), shuffled.reservations.end());
    QCOMPARE(QueueScheduler::schedule(shuffled), first);

    int startNow = 0;
    for (const auto &p : first)
        startNow += p.startsNow ? 1 : 0;
    QVERIFY(startNow > 0);
    QVERIFY(startNow < first.size());
}

void TestQueueScheduler::placementsNeverCollide()
{
    const QueueScheduler::Input in = busyLab();
    const auto placements = QueueScheduler::schedule(in);
    QMap<QString, QueueEntry> entries;
    for (const QueueEntry &e : in.entries)
        entries.insert(e.runId, e);
    for (int i = 0; i < placements.size(); ++i) {
        const auto &p = placements.at(i);
        QCOMPARE(p.position, i + 1);
        if (!p.placeable)
            continue;
        const QueueEntry &e = entries.value(p.runId);
        QVERIFY(p.startMs >= in.nowMs);
        QCOMPARE(p.startsNow, p.startMs == in.nowMs);
        QCOMPARE(p.why.has_value(), !p.startsNow);
        QCOMPARE(int(p.devices.size()), e.deviceCount());
        if (!e.devices.isEmpty())
            QCOMPARE(p.devices, e.devices);
        QCOMPARE(p.endMs - p.startMs, QueueScheduler::lengthOf(e, in.policy));
        for (const int d : p.devices) {
            // Never on a held device before the lease's assumed end, nor in another user's booking.
            for (const Lease &l : in.leases) {
                if (l.devices.contains(d))
                    QVERIFY2(p.startMs >= QueueScheduler::leaseEnd(l, in.nowMs, in.policy),
                             qPrintable(p.runId));
            }
            for (const Reservation &r : in.reservations) {
                if (r.devices.contains(d) && r.user != p.user)
                    QVERIFY2(!r.overlaps(p.startMs, p.endMs), qPrintable(p.runId + u" / "_s + r.id));
            }
            // Never two placements on one device at once.
            for (int j = 0; j < i; ++j) {
                const auto &q = placements.at(j);
                if (q.placeable && q.devices.contains(d))
                    QVERIFY2(!(q.startMs < p.endMs && p.startMs < q.endMs),
                             qPrintable(p.runId + u" / "_s + q.runId));
            }
        }
    }
}

// Issue #29, item 7: the placement search jumps over busy stretches instead of trying every
// candidate time against every block. Over random labs it must find exactly what the plain search
// finds: the first of {now, every block's end, every use's end} at which enough devices are free
// for the whole run and the user stays within the device limit.
void TestQueueScheduler::fastSearchFindsThePlainSearchsStart()
{
    QRandomGenerator random(29007);
    const QStringList users{u"ali"_s, u"sara"_s, u"mina"_s};
    for (int round = 0; round < 400; ++round) {
        QueueScheduler::Input in = lab(1 + int(random.bounded(4)));
        in.policy.maxDevicesPerUser = int(random.bounded(4));
        for (int i = 0, n = int(random.bounded(3)); i < n; ++i) {
            const int d = int(random.bounded(in.deviceCount));
            in.leases.append(activeLease(users.at(int(random.bounded(3))), u"held%1"_s.arg(i), {d}, -5,
                                         10 + random.bounded(120)));
        }
        for (int i = 0, n = int(random.bounded(4)); i < n; ++i) {
            const qint64 from = random.bounded(200);
            in.reservations.append(booking(u"b%1"_s.arg(i), users.at(int(random.bounded(3))),
                                           {int(random.bounded(in.deviceCount))}, from,
                                           from + 1 + random.bounded(90)));
        }
        for (int i = 0, n = 1 + int(random.bounded(30)); i < n; ++i) {
            const bool explicitDevices = random.bounded(2) == 0;
            QList<int> devices;
            if (explicitDevices) {
                for (int d = 0; d < in.deviceCount; ++d) {
                    if (random.bounded(2) == 0)
                        devices.append(d);
                }
            }
            const int count = 1 + int(random.bounded(in.deviceCount));
            in.entries.append(entry(u"r%1"_s.arg(i, 2, 10, QLatin1Char('0')),
                                    users.at(int(random.bounded(3))), devices, count, 1 + random.bounded(100),
                                    -100 + i));
        }

        // The plain search, against what the scheduler placed before each entry.
        struct Busy
        {
            int device;
            qint64 from, to;
            QString user;
            bool booking;
        };
        QList<Busy> busy;
        for (const Lease &l : in.leases) {
            for (const int d : l.devices)
                busy.append({d, in.nowMs, QueueScheduler::leaseEnd(l, in.nowMs, in.policy), l.user, false});
        }
        for (const Reservation &r : in.reservations) {
            for (const int d : r.devices)
                busy.append({d, r.fromMs, r.toMs, r.user, true});
        }
        QMap<QString, QueueEntry> entries;
        for (const QueueEntry &e : in.entries)
            entries.insert(e.runId, e);
        const auto placements = QueueScheduler::schedule(in);
        for (const auto &p : placements) {
            const QueueEntry &e = entries.value(p.runId);
            if (!p.placeable)
                continue;
            const qint64 length = QueueScheduler::lengthOf(e, in.policy);
            const QList<int> candidates = e.devices.isEmpty() ? [&] {
                QList<int> all;
                for (int d = 0; d < in.deviceCount; ++d)
                    all.append(d);
                return all;
            }()
                                                              : e.devices;
            QList<qint64> times{in.nowMs};
            for (const Busy &b : busy) {
                if (b.to > in.nowMs)
                    times.append(b.to);
            }
            std::sort(times.begin(), times.end());
            const auto freeAt = [&](int d, qint64 t) {
                return std::none_of(busy.cbegin(), busy.cend(), [&](const Busy &b) {
                    return b.device == d && !(b.booking && b.user == e.user) && b.from < t + length &&
                           t < b.to;
                });
            };
            const auto peak = [&](qint64 t) {
                int most = 0;
                QList<qint64> points{t};
                for (const Busy &b : busy) {
                    if (!b.booking && b.from > t && b.from < t + length)
                        points.append(b.from);
                }
                for (const qint64 at : points) {
                    int held = 0;
                    for (const Busy &b : busy)
                        held += !b.booking && b.user == e.user && b.from <= at && at < b.to ? 1 : 0;
                    most = std::max(most, held);
                }
                return most;
            };
            qint64 start = -1;
            QList<int> chosen;
            for (const qint64 t : std::as_const(times)) {
                chosen.clear();
                for (const int d : candidates) {
                    if (chosen.size() < e.deviceCount() && freeAt(d, t))
                        chosen.append(d);
                }
                if (chosen.size() < e.deviceCount() ||
                    (!e.devices.isEmpty() && chosen.size() < candidates.size()))
                    continue;
                if (in.policy.maxDevicesPerUser > 0 &&
                    peak(t) + e.deviceCount() > in.policy.maxDevicesPerUser)
                    continue;
                start = t;
                break;
            }
            const QString where = u"round %1, %2"_s.arg(round).arg(p.runId);
            QVERIFY2(p.startMs == start,
                     qPrintable(where + u": %1 min, not %2"_s.arg((p.startMs - kT0) / kMinute)
                                            .arg((start - kT0) / kMinute)));
            QVERIFY2(p.devices == chosen, qPrintable(where));
            for (const int d : std::as_const(p.devices))
                busy.append({d, p.startMs, p.endMs, e.user, false});
        }
    }
}

void TestQueueScheduler::orderAlone()
{
    const QList<QueueEntry> entries = {
        entry(u"b"_s, u"ali"_s, {}, 1, 10, -5), entry(u"a"_s, u"ali"_s, {}, 1, 10, -5),
        entry(u"c"_s, u"sara"_s, {}, 1, 10, -50), entry(u"d"_s, u"mina"_s, {}, 1, 10, -1)};
    const QMap<QString, double> use = {{u"ali"_s, 10.0}, {u"sara"_s, 10.5}};
    QStringList ids;
    for (const QueueEntry &e : QueueScheduler::order(entries, use))
        ids.append(e.runId);
    // mina has no recent use at all; ali's two runs tie on time and go by id.
    QCOMPARE(ids, (QStringList{u"d"_s, u"a"_s, u"b"_s, u"c"_s}));
}

// Issue #29, item 12: a holder 15 s from its last step was said to hold its device "about 60 more
// minutes" (the length assumed when a run names none). Its own steps say how long it has left.
void TestQueueScheduler::aHoldersEndComesFromItsPace()
{
    RunPace pace;
    QCOMPARE(pace.remainingMs(), -1); // nothing known yet
    pace.onStep(1, 10'000);
    pace.onStep(11, 20'000);
    QCOMPARE(pace.remainingMs(), -1); // no total: the ready event has not been seen
    pace.onReady(100, 0);
    // 10 steps in 10 s: 89 steps left take 89 s.
    QCOMPARE(pace.remainingMs(), 89'000);
    // Two more ranks report the same step, one with a later clock, one with an earlier: nothing changes.
    pace.onStep(11, 20'500);
    pace.onStep(11, 19'000);
    pace.onStep(5, 30'000);
    QCOMPARE(pace.remainingMs(), 89'000);
    pace.onStep(99, 108'000);
    QCOMPARE(pace.remainingMs(), 1'000);
    pace.onStep(100, 109'000);
    QCOMPARE(pace.remainingMs(), 0);

    // A first step that stalled for years, a damaged total, a damaged time: bounded or ignored.
    RunPace stalled;
    stalled.onReady(1'000'000, 0);
    stalled.onStep(1, 1);
    stalled.onStep(2, std::numeric_limits<qint64>::max() / 2);
    QCOMPARE(stalled.remainingMs(), RunPace::kLongestMs);
    RunPace damaged;
    damaged.onReady(-5, 0);
    damaged.onReady(10, 20); // starts past its end
    damaged.onStep(1, -1);
    damaged.onStep(std::numeric_limits<qint64>::max(), 5);
    QCOMPARE(damaged.remainingMs(), -1);
}

QTEST_APPLESS_MAIN(TestQueueScheduler)
#include "tst_queuescheduler.moc"
