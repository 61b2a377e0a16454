// The lease book, the reservation book and the lab policy (issue #19): all or
// nothing, who holds what and until when, bookings that keep other users off,
// the policy's limits, and every change on disk before the call returns
// (a reload sees it; a damaged file is kept aside, never lost).
#include "labclock.h"
#include "labpolicy.h"
#include "labtestsupport.h"
#include "leasebook.h"
#include "reservationbook.h"

#include <limits>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace LabTest;

class TestLeaseBook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void grantsExplicitDevicesPending();
    void allOrNothing();
    void countTakesLowestFreeDevices();
    void countTooLargeOrNoDevice_data();
    void countTooLargeOrNoDevice();
    void sameRunGetsItsLeaseBack();
    void pendingLeaseExpires();
    void askingAgainNeitherProlongsNorBeatsABooking();
    void confirmMakesItActive();
    void releaseEndsIt();
    void reservationRule_data();
    void reservationRule();
    void maxDevicesPerUser();
    void maxRun();
    void everyChangeIsOnDisk();
    void missingFileIsAnEmptyBook();
    void damagedFileIsKeptAside_data();
    void damagedFileIsKeptAside();
    void partlyDamagedFileKeepsTheRest();
    void failedSaveHoldsNothing();

    void reservationRefusals_data();
    void reservationRefusals();
    void adjacentBookingsAreFine();
    void onlyOwnerOrAdminRemoves();
    void reservationQueries();
    void oldReservationsArePruned();
    void endedReservationsAreKeptPerUser();
    void reservationsSurviveReload();

    void policyValidation_data();
    void policyValidation();
    void policyRoundTripAndFile();
    void damagedPolicyFallsBackToDefault();
    void damagedPolicyKeepsTheLastGoodRules();

private:
    LeaseBook::AcquireRequest request(const QString &runId, const QString &user, QList<int> devices,
                                      int count = 0, qint64 expectedMs = kHour) const
    {
        LeaseBook::AcquireRequest r;
        r.runId = runId;
        r.user = user;
        r.controller = QStringLiteral("fp-") + user;
        r.devices = devices;
        r.count = count;
        r.expectedMs = expectedMs;
        r.deviceCount = 4;
        return r;
    }
    QString leasePath() const { return m_dir->filePath(QStringLiteral("lab/leases.json")); }
    QString bookingPath() const { return m_dir->filePath(QStringLiteral("lab/reservations.json")); }
    QStringList damagedCopies(const QString &path) const
    {
        const QFileInfo info(path);
        return info.dir().entryList({info.fileName() + QStringLiteral(".damaged-*")}, QDir::Files);
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    ManualLabClock m_clock{kT0};
    LabPolicy m_policy;
};

void TestLeaseBook::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock.set(kT0);
    m_policy = LabPolicy{};
}

void TestLeaseBook::grantsExplicitDevicesPending()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    auto r = request(QStringLiteral("run-a"), QStringLiteral("ali"), {3, 1, 3});
    r.ttlMs = 5000;
    const auto result = book.acquire(r, bookings, m_policy);
    QVERIFY2(result.ok(), qPrintable(result.error));
    const Lease &l = *result.lease;
    QVERIFY(l.id.startsWith(QStringLiteral("lease-")));
    QCOMPARE(l.id.size(), 6 + 16);
    QCOMPARE(l.devices, (QList<int>{1, 3}));
    QCOMPARE(l.state, Lease::State::Pending);
    QCOMPARE(l.createdMs, kT0);
    QCOMPARE(l.expiresMs, kT0 + 5000);
    QCOMPARE(l.expectedEndMs, kT0 + kHour);
    QCOMPARE(l.controller, QStringLiteral("fp-ali"));
    QVERIFY(!result.existing);
    QCOMPARE(book.holderOf(1)->runId, QStringLiteral("run-a"));
    QVERIFY(!book.holderOf(0));
    QCOMPARE(book.devicesHeldBy(QStringLiteral("ali")), (QList<int>{1, 3}));
    QVERIFY(book.devicesHeldBy(QStringLiteral("sara")).isEmpty());
    QCOMPARE(book.leaseOfRun(QStringLiteral("run-a"))->id, l.id);
}

void TestLeaseBook::allOrNothing()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto first =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {1}), bookings, m_policy);
    QVERIFY(first.ok());
    QVERIFY(book.confirm(first.lease->id, at(90)).ok());
    m_clock.advance(10 * kMinute);

    const auto second =
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("sara"), {0, 1, 2}), bookings, m_policy);
    QVERIFY(!second.ok());
    QVERIFY(second.error.isEmpty());
    QVERIFY(second.refusal);
    QCOMPARE(second.refusal->kind, Refusal::Held);
    QCOMPARE(second.refusal->device, 1);
    QCOMPARE(second.refusal->user, QStringLiteral("ali"));
    QCOMPARE(second.refusal->runId, QStringLiteral("run-a"));
    QCOMPARE(second.refusal->sinceMs, kT0);
    QCOMPARE(second.refusal->untilMs, at(90));
    // Nothing of the refused request is held.
    QVERIFY(!book.holderOf(0));
    QVERIFY(!book.holderOf(2));
    QCOMPARE(book.leases().size(), 1);
    QVERIFY(!book.leaseOfRun(QStringLiteral("run-b")));
}

void TestLeaseBook::countTakesLowestFreeDevices()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    QVERIFY(
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy).ok());
    // Device 1 is booked by someone else for the next two hours: a count skips it.
    QVERIFY(bookings.add(booking({}, QStringLiteral("reza"), {1}, 30, 150), 4).ok());
    const auto got =
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("sara"), {}, 2), bookings, m_policy);
    QVERIFY2(got.ok(), got.refusal ? qPrintable(got.refusal->kindName()) : qPrintable(got.error));
    QCOMPARE(got.lease->devices, (QList<int>{2, 3}));

    // Now only device 1 is free of holds, and it is booked: the first taken device says why.
    const auto none =
        book.acquire(request(QStringLiteral("run-c"), QStringLiteral("mina"), {}, 1), bookings, m_policy);
    QVERIFY(!none.ok());
    QVERIFY(none.refusal);
    QCOMPARE(none.refusal->kind, Refusal::Held);
    QCOMPARE(none.refusal->device, 0);
    // reza may use his own booking.
    const auto own =
        book.acquire(request(QStringLiteral("run-d"), QStringLiteral("reza"), {}, 1), bookings, m_policy);
    QVERIFY(own.ok());
    QCOMPARE(own.lease->devices, (QList<int>{1}));
}

void TestLeaseBook::countTooLargeOrNoDevice_data()
{
    QTest::addColumn<QList<int>>("devices");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("device");
    QTest::newRow("count above the node") << QList<int>{} << 5 << -1;
    QTest::newRow("count zero") << QList<int>{} << 0 << -1;
    QTest::newRow("device 4 of 4") << QList<int>{0, 4} << 0 << 4;
    QTest::newRow("negative device") << QList<int>{-1} << 0 << -1;
}

void TestLeaseBook::countTooLargeOrNoDevice()
{
    QFETCH(QList<int>, devices);
    QFETCH(int, count);
    QFETCH(int, device);
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto r = book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), devices, count),
                                bookings, m_policy);
    QVERIFY(!r.ok());
    QVERIFY(r.refusal);
    QCOMPARE(r.refusal->kind, Refusal::NoSuchDevice);
    QCOMPARE(r.refusal->device, device);
    QCOMPARE(r.refusal->limit, 4);
    QVERIFY(book.leases().isEmpty());
}

void TestLeaseBook::sameRunGetsItsLeaseBack()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto first =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0, 1}), bookings, m_policy);
    QVERIFY(first.ok());
    m_clock.advance(15000);
    const auto again =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {1, 0}), bookings, m_policy);
    QVERIFY(again.ok());
    QVERIFY(again.existing);
    QCOMPARE(again.lease->id, first.lease->id);
    // One TTL per pending lease: asking again does not hold it longer (issue #29, item 5).
    QCOMPARE(again.lease->expiresMs, kT0 + LeaseBook::kDefaultTtlMs);
    QCOMPARE(book.leases().size(), 1);
    // By count, the same number of devices is the same request.
    QVERIFY(book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {}, 2), bookings, m_policy)
                .existing);

    const auto other =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {2}), bookings, m_policy);
    QVERIFY(!other.ok());
    QVERIFY(other.refusal);
    QCOMPARE(other.refusal->kind, Refusal::Busy);
    QCOMPARE(other.refusal->runId, QStringLiteral("run-a"));
    const auto stranger =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("sara"), {0, 1}), bookings, m_policy);
    QVERIFY(!stranger.ok());
    QVERIFY(stranger.refusal);
    QCOMPARE(stranger.refusal->kind, Refusal::Busy);
}

void TestLeaseBook::pendingLeaseExpires()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto got =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {2}), bookings, m_policy);
    QVERIFY(got.ok());
    m_clock.advance(LeaseBook::kDefaultTtlMs - 1);
    QVERIFY(book.holderOf(2));
    auto none = book.expire();
    QVERIFY(none.ok());
    QVERIFY(none->isEmpty());

    m_clock.advance(1);
    // Past its expiry it holds nothing, even before expire() drops it.
    QVERIFY(!book.holderOf(2));
    QVERIFY(book.devicesHeldBy(QStringLiteral("ali")).isEmpty());
    const auto expired = book.expire();
    QVERIFY(expired.ok());
    QCOMPARE(expired->size(), 1);
    QCOMPARE(expired->first().id, got.lease->id);
    QVERIFY(book.leases().isEmpty());
    // And it is gone from disk: a restarted agent does not hold it either.
    LeaseBook reloaded(leasePath(), m_clock);
    QVERIFY(reloaded.load().ok());
    QVERIFY(reloaded.leases().isEmpty());

    const auto late = book.confirm(got.lease->id, 0);
    QVERIFY(!late.ok());
    QVERIFY(late.error().contains(got.lease->id));
}

void TestLeaseBook::confirmMakesItActive()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto got = book.acquire(
        request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}, 0, 30 * kMinute), bookings, m_policy);
    QVERIFY(got.ok());
    m_clock.advance(5000);
    // No new prediction: the acquire's 30 minutes count from the real start.
    const auto active = book.confirm(got.lease->id, 0);
    QVERIFY2(active.ok(), qPrintable(active.error()));
    QCOMPARE(active->state, Lease::State::Active);
    QCOMPARE(active->activeSinceMs, kT0 + 5000);
    QCOMPARE(active->expiresMs, 0);
    QCOMPARE(active->expectedEndMs, kT0 + 5000 + 30 * kMinute);
    // Active leases never expire.
    m_clock.advance(10 * kDay);
    QVERIFY(book.expire()->isEmpty());
    QCOMPARE(book.holderOf(0)->id, got.lease->id);
    // Confirming again is harmless; a new prediction is taken.
    const auto again = book.confirm(got.lease->id, at(20000));
    QVERIFY(again.ok());
    QCOMPARE(again->activeSinceMs, kT0 + 5000);
    QCOMPARE(again->expectedEndMs, at(20000));

    QVERIFY(!book.confirm(QStringLiteral("lease-0000000000000000"), 0).ok());
}

void TestLeaseBook::releaseEndsIt()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto a =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy);
    const auto b =
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("ali"), {1}), bookings, m_policy);
    QVERIFY(a.ok() && b.ok());
    const auto released = book.release(a.lease->id);
    QVERIFY(released.ok());
    QCOMPARE(released->runId, QStringLiteral("run-a"));
    QVERIFY(!book.holderOf(0));
    const auto byRun = book.releaseRun(QStringLiteral("run-b"));
    QVERIFY(byRun.ok());
    QCOMPARE(byRun->id, b.lease->id);
    QVERIFY(book.leases().isEmpty());
    QVERIFY(!book.release(a.lease->id).ok());
    QVERIFY(!book.releaseRun(QStringLiteral("run-b")).ok());
    // The released devices can be taken again at once.
    QVERIFY(book.acquire(request(QStringLiteral("run-c"), QStringLiteral("sara"), {0, 1}), bookings, m_policy)
                .ok());
}

void TestLeaseBook::reservationRule_data()
{
    QTest::addColumn<QString>("user");
    QTest::addColumn<qint64>("fromMin");
    QTest::addColumn<qint64>("toMin");
    QTest::addColumn<qint64>("expectedMin"); // 0: unknown
    QTest::addColumn<qint64>("maxRunS");
    QTest::addColumn<bool>("granted");
    const QString sara = QStringLiteral("sara");
    const QString ali = QStringLiteral("ali");
    QTest::newRow("other's booking now")
        << sara << qint64(-10) << qint64(30) << qint64(60) << qint64(0) << false;
    QTest::newRow("other's booking within the run")
        << sara << qint64(59) << qint64(120) << qint64(60) << qint64(0) << false;
    QTest::newRow("other's booking after the run")
        << sara << qint64(60) << qint64(120) << qint64(60) << qint64(0) << true;
    QTest::newRow("other's booking already over")
        << sara << qint64(-60) << qint64(0) << qint64(60) << qint64(0) << true;
    QTest::newRow("own booking") << ali << qint64(-10) << qint64(30) << qint64(60) << qint64(0) << true;
    QTest::newRow("unknown length, booking in 23 h")
        << sara << qint64(23 * 60) << qint64(24 * 60) << qint64(0) << qint64(0) << false;
    QTest::newRow("unknown length, booking in 25 h")
        << sara << qint64(25 * 60) << qint64(26 * 60) << qint64(0) << qint64(0) << true;
    QTest::newRow("unknown length, booking within max run")
        << sara << qint64(100) << qint64(200) << qint64(0) << qint64(2 * 3600) << false;
    QTest::newRow("unknown length, booking after max run")
        << sara << qint64(120) << qint64(200) << qint64(0) << qint64(2 * 3600) << true;
}

void TestLeaseBook::reservationRule()
{
    QFETCH(QString, user);
    QFETCH(qint64, fromMin);
    QFETCH(qint64, toMin);
    QFETCH(qint64, expectedMin);
    QFETCH(qint64, maxRunS);
    QFETCH(bool, granted);
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    // Booked earlier, when the window was still ahead.
    m_clock.set(at(-120));
    const auto booked = bookings.add(booking({}, user, {2, 3}, fromMin, toMin), 4);
    QVERIFY2(booked.ok(), qPrintable(booked.error));
    m_clock.set(kT0);
    m_policy.maxRunSeconds = maxRunS;
    const auto r = book.acquire(
        request(QStringLiteral("run-a"), QStringLiteral("ali"), {1, 3}, 0, expectedMin * kMinute), bookings,
        m_policy);
    QCOMPARE(r.ok(), granted);
    if (!granted) {
        QCOMPARE(r.refusal->kind, Refusal::Reserved);
        QCOMPARE(r.refusal->device, 3);
        QCOMPARE(r.refusal->user, user);
        QCOMPARE(r.refusal->reservationId, booked.reservation->id);
        QCOMPARE(r.refusal->sinceMs, at(fromMin));
        QCOMPARE(r.refusal->untilMs, at(toMin));
    }
}

void TestLeaseBook::maxDevicesPerUser()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    m_policy.maxDevicesPerUser = 3;
    const auto a =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy);
    QVERIFY(a.ok());
    QVERIFY(book.confirm(a.lease->id, 0).ok());
    // A pending lease counts too.
    QVERIFY(
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("ali"), {1}), bookings, m_policy).ok());
    const auto over =
        book.acquire(request(QStringLiteral("run-c"), QStringLiteral("ali"), {}, 2), bookings, m_policy);
    QVERIFY(!over.ok());
    QVERIFY(over.refusal);
    QCOMPARE(over.refusal->kind, Refusal::Policy);
    QCOMPARE(over.refusal->detail, QStringLiteral("max_devices"));
    QCOMPARE(over.refusal->limit, 3);
    QCOMPARE(over.refusal->amount, 4);
    QCOMPARE(over.refusal->user, QStringLiteral("ali"));
    // One more is within the limit; another user is not affected by ali's devices.
    QVERIFY(book.acquire(request(QStringLiteral("run-c"), QStringLiteral("ali"), {}, 1), bookings, m_policy)
                .ok());
    QVERIFY(book.acquire(request(QStringLiteral("run-d"), QStringLiteral("sara"), {}, 1), bookings, m_policy)
                .ok());
    // Once a lease ends, its devices no longer count.
    QVERIFY(book.releaseRun(QStringLiteral("run-a")).ok());
    QCOMPARE(book.devicesHeldBy(QStringLiteral("ali")), (QList<int>{1, 2}));
}

void TestLeaseBook::maxRun()
{
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    m_policy.maxRunSeconds = 3600;
    const auto longer = book.acquire(
        request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}, 0, kHour + 1000), bookings, m_policy);
    QVERIFY(!longer.ok());
    QVERIFY(longer.refusal);
    QCOMPARE(longer.refusal->kind, Refusal::Policy);
    QCOMPARE(longer.refusal->detail, QStringLiteral("max_run"));
    QCOMPARE(longer.refusal->limit, 3600);
    QCOMPARE(longer.refusal->amount, 3601);
    QVERIFY(book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}, 0, kHour), bookings,
                         m_policy)
                .ok());
    // Unknown length: allowed, and stopped at the limit by the agent.
    QVERIFY(
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("ali"), {1}, 0, 0), bookings, m_policy)
            .ok());
}

void TestLeaseBook::everyChangeIsOnDisk()
{
    ReservationBook bookings(bookingPath(), m_clock);
    QString id;
    {
        LeaseBook book(leasePath(), m_clock);
        QVERIFY(book.load().ok());
        const auto a =
            book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0, 2}), bookings, m_policy);
        QVERIFY(a.ok());
        id = a.lease->id;
        // Written before acquire returned: the file names the lease.
        QVERIFY(readAll(leasePath()).contains(id.toUtf8()));
        QVERIFY(book.confirm(id, at(45)).ok());
        auto b = request(QStringLiteral("run-b"), QStringLiteral("sara"), {1});
        b.queued = true;
        QVERIFY(book.acquire(b, bookings, m_policy).ok());
        QCOMPARE(QFileInfo(leasePath()).permissions() & (QFile::ReadOther | QFile::WriteOther),
                 QFile::Permissions());
    }
    m_clock.advance(10000); // an agent restart, within the pending lease's time
    LeaseBook reloaded(leasePath(), m_clock);
    const auto load = reloaded.load();
    QVERIFY2(load.ok(), qPrintable(load.error()));
    QVERIFY(load->clean());
    QCOMPARE(reloaded.leases().size(), 2);
    const Lease a = *reloaded.lease(id);
    QCOMPARE(a.state, Lease::State::Active);
    QCOMPARE(a.devices, (QList<int>{0, 2}));
    QCOMPARE(a.activeSinceMs, kT0);
    QCOMPARE(a.expectedEndMs, at(45));
    QCOMPARE(a.controller, QStringLiteral("fp-ali"));
    QVERIFY(reloaded.leaseOfRun(QStringLiteral("run-b")));
    const Lease b = *reloaded.leaseOfRun(QStringLiteral("run-b"));
    QCOMPARE(b.state, Lease::State::Pending);
    QVERIFY(b.queued);
    QCOMPARE(b.expiresMs, kT0 + LeaseBook::kDefaultTtlMs);
    // The restarted agent still refuses the held device, and the pending lease expires in time.
    m_clock.advance(kMinute);
    const auto refused =
        reloaded.acquire(request(QStringLiteral("run-c"), QStringLiteral("mina"), {2}), bookings, m_policy);
    QVERIFY(refused.refusal);
    QCOMPARE(refused.refusal->kind, Refusal::Held);
    QCOMPARE(reloaded.leases().size(), 1);
    LeaseBook third(leasePath(), m_clock);
    QVERIFY(third.load().ok());
    QCOMPARE(third.leases().size(), 1);
}

void TestLeaseBook::missingFileIsAnEmptyBook()
{
    LeaseBook book(m_dir->filePath(QStringLiteral("nowhere/leases.json")), m_clock);
    const auto load = book.load();
    QVERIFY(load.ok());
    QVERIFY(load->clean());
    QVERIFY(book.leases().isEmpty());
    QVERIFY(!QFileInfo::exists(book.path())); // loading writes nothing
}

void TestLeaseBook::damagedFileIsKeptAside_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("problem");
    QTest::newRow("truncated") << QByteArray("{\"version\": 1, \"leases\": [{\"id\": \"lea")
                               << QStringLiteral("not valid JSON");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("not a JSON object");
    QTest::newRow("no version") << QByteArray("{\"leases\": []}") << QStringLiteral("version");
    QTest::newRow("newer version") << QByteArray("{\"version\": 7, \"leases\": []}")
                                   << QStringLiteral("newer version");
    QTest::newRow("leases not a list")
        << QByteArray("{\"version\": 1, \"leases\": 3}") << QStringLiteral("not a list");
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe garbage", 11) << QStringLiteral("not valid JSON");
}

void TestLeaseBook::damagedFileIsKeptAside()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, problem);
    QVERIFY(QDir().mkpath(QFileInfo(leasePath()).absolutePath()));
    QVERIFY(writeAll(leasePath(), content));
    LeaseBook book(leasePath(), m_clock);
    const auto load = book.load();
    QVERIFY2(load.ok(), qPrintable(load.error()));
    QCOMPARE(load->problems.size(), 1);
    const QString message = load->problems.first();
    QVERIFY2(message.contains(leasePath()) && message.contains(problem), qPrintable(message));
    QCOMPARE(load->keptAs.size(), 1);
    QCOMPARE(load->keptAs.first(), leasePath() + QStringLiteral(".damaged-20240304-090000"));
    QVERIFY(message.contains(load->keptAs.first()));
    // The damaged bytes are kept as they were; the book starts empty and works.
    QCOMPARE(readAll(load->keptAs.first()), content);
    QVERIFY(!QFileInfo::exists(leasePath()));
    QVERIFY(book.leases().isEmpty());
    QVERIFY(book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}),
                         ReservationBook(bookingPath(), m_clock), m_policy)
                .ok());
    LeaseBook reloaded(leasePath(), m_clock);
    QVERIFY(reloaded.load()->clean());
    QCOMPARE(reloaded.leases().size(), 1);

    // A second damaged file at the same second does not overwrite the first copy.
    QVERIFY(writeAll(leasePath(), content));
    const auto again = reloaded.load();
    QVERIFY(again.ok());
    QCOMPARE(again->keptAs.first(), leasePath() + QStringLiteral(".damaged-20240304-090000-2"));
    QCOMPARE(damagedCopies(leasePath()).size(), 2);
}

void TestLeaseBook::partlyDamagedFileKeepsTheRest()
{
    ReservationBook bookings(bookingPath(), m_clock);
    {
        LeaseBook book(leasePath(), m_clock);
        QVERIFY(book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy)
                    .ok());
        QVERIFY(
            book.acquire(request(QStringLiteral("run-b"), QStringLiteral("sara"), {1}), bookings, m_policy)
                .ok());
    }
    // Damage the second lease (no devices) and add one that would double-grant device 0.
    QJsonObject root = QJsonDocument::fromJson(readAll(leasePath())).object();
    QJsonArray leases = root.value(QStringLiteral("leases")).toArray();
    QJsonObject broken = leases.at(1).toObject();
    broken.remove(QStringLiteral("devices"));
    leases.replace(1, broken);
    QJsonObject twin = leases.at(0).toObject();
    twin.insert(QStringLiteral("id"), QStringLiteral("lease-twin"));
    twin.insert(QStringLiteral("run_id"), QStringLiteral("run-twin"));
    leases.append(twin);
    root.insert(QStringLiteral("leases"), leases);
    const QByteArray damaged = QJsonDocument(root).toJson();
    QVERIFY(writeAll(leasePath(), damaged));

    LeaseBook book(leasePath(), m_clock);
    const auto load = book.load();
    QVERIFY(load.ok());
    QCOMPARE(load->problems.size(), 1);
    QVERIFY2(load->problems.first().contains(QStringLiteral("2 entries")),
             qPrintable(load->problems.first()));
    QVERIFY(load->problems.first().contains(QStringLiteral("number 2")));
    QCOMPARE(readAll(load->keptAs.first()), damaged); // copied whole
    QCOMPARE(book.leases().size(), 1);
    QCOMPARE(book.leases().first().runId, QStringLiteral("run-a"));
    // What was kept is written back, so the next start is clean.
    LeaseBook reloaded(leasePath(), m_clock);
    QVERIFY(reloaded.load()->clean());
    QCOMPARE(reloaded.leases().size(), 1);
}

void TestLeaseBook::failedSaveHoldsNothing()
{
    // The book's directory cannot be made (a file stands in its way).
    QVERIFY(writeAll(m_dir->filePath(QStringLiteral("lab")), "not a directory"));
    LeaseBook book(leasePath(), m_clock);
    QVERIFY(book.load().ok());
    ReservationBook bookings(bookingPath(), m_clock);
    const auto r =
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy);
    QVERIFY(!r.ok());
    QVERIFY(!r.refusal);
    QVERIFY(!r.error.isEmpty());
    QVERIFY(book.leases().isEmpty());
    QVERIFY(!book.holderOf(0));
    const auto booked = bookings.add(booking({}, QStringLiteral("sara"), {0}, 10, 20), 4);
    QVERIFY(!booked.ok());
    QVERIFY(!booked.error.isEmpty());
    QVERIFY(bookings.reservations().isEmpty());
}

void TestLeaseBook::reservationRefusals_data()
{
    QTest::addColumn<QList<int>>("devices");
    QTest::addColumn<qint64>("fromMin");
    QTest::addColumn<qint64>("toMin");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<int>("device");
    QTest::newRow("empty window") << QList<int>{0} << qint64(60) << qint64(60) << int(Refusal::Invalid)
                                  << QStringLiteral("empty_window") << -1;
    QTest::newRow("inverted window") << QList<int>{0} << qint64(60) << qint64(30) << int(Refusal::Invalid)
                                     << QStringLiteral("empty_window") << -1;
    QTest::newRow("already over") << QList<int>{0} << qint64(-60) << qint64(0) << int(Refusal::Invalid)
                                  << QStringLiteral("in_past") << -1;
    QTest::newRow("longer than 31 days") << QList<int>{0} << qint64(0) << qint64(31 * 24 * 60 + 1)
                                         << int(Refusal::Invalid) << QStringLiteral("too_long") << -1;
    QTest::newRow("no device") << QList<int>{} << qint64(0) << qint64(60) << int(Refusal::Invalid)
                               << QStringLiteral("no_devices") << -1;
    QTest::newRow("device not on the node")
        << QList<int>{1, 4} << qint64(0) << qint64(60) << int(Refusal::NoSuchDevice) << QString() << 4;
    QTest::newRow("overlaps the existing booking")
        << QList<int>{2, 3} << qint64(90) << qint64(150) << int(Refusal::Reserved) << QString() << 3;
    QTest::newRow("inside the existing booking")
        << QList<int>{3} << qint64(130) << qint64(140) << int(Refusal::Reserved) << QString() << 3;
}

void TestLeaseBook::reservationRefusals()
{
    QFETCH(QList<int>, devices);
    QFETCH(qint64, fromMin);
    QFETCH(qint64, toMin);
    QFETCH(int, kind);
    QFETCH(QString, detail);
    QFETCH(int, device);
    ReservationBook bookings(bookingPath(), m_clock);
    const auto existing = bookings.add(booking({}, QStringLiteral("ali"), {3, 0}, 120, 180), 4);
    QVERIFY(existing.ok());
    QCOMPARE(existing.reservation->devices, (QList<int>{0, 3}));
    // Everyone is refused an overlap, the booking's own user too.
    for (const QString &user : {QStringLiteral("sara"), QStringLiteral("ali")}) {
        const auto r = bookings.add(booking({}, user, devices, fromMin, toMin), 4);
        QVERIFY(!r.ok());
        QVERIFY(r.refusal);
        QCOMPARE(r.refusal->kind, Refusal::Kind(kind));
        QCOMPARE(r.refusal->detail, detail);
        QCOMPARE(r.refusal->device, device);
        if (kind == Refusal::Reserved) {
            QCOMPARE(r.refusal->reservationId, existing.reservation->id);
            QCOMPARE(r.refusal->user, QStringLiteral("ali"));
            QCOMPARE(r.refusal->sinceMs, at(120));
            QCOMPARE(r.refusal->untilMs, at(180));
        }
    }
    QCOMPARE(bookings.reservations().size(), 1);
}

void TestLeaseBook::adjacentBookingsAreFine()
{
    ReservationBook bookings(bookingPath(), m_clock);
    QVERIFY(bookings.add(booking({}, QStringLiteral("ali"), {0}, 60, 120), 4).ok());
    QVERIFY(bookings.add(booking({}, QStringLiteral("sara"), {0}, 120, 180), 4).ok());
    QVERIFY(bookings.add(booking({}, QStringLiteral("mina"), {0}, 0, 60), 4).ok());
    QVERIFY(
        bookings.add(booking({}, QStringLiteral("reza"), {1}, 0, 31 * 24 * 60), 4).ok()); // exactly 31 days
    // A window that began earlier but is not over yet may still be booked.
    QVERIFY(bookings.add(booking({}, QStringLiteral("reza"), {2}, -30, 30), 4).ok());
    const auto list = bookings.reservations();
    QCOMPARE(list.size(), 5);
    QCOMPARE(list.at(0).fromMs, at(-30)); // by start
    QCOMPARE(list.at(4).user, QStringLiteral("sara"));
    QVERIFY(list.at(0).id != list.at(1).id);
    QCOMPARE(list.at(1).createdMs, kT0);
}

void TestLeaseBook::onlyOwnerOrAdminRemoves()
{
    ReservationBook bookings(bookingPath(), m_clock);
    const auto a = bookings.add(booking({}, QStringLiteral("ali"), {0}, 60, 120), 4);
    const auto b = bookings.add(booking({}, QStringLiteral("ali"), {1}, 60, 120), 4);
    const auto refused = bookings.remove(a.reservation->id, QStringLiteral("sara"), false);
    QVERIFY(!refused.ok());
    QVERIFY(refused.error().contains(QStringLiteral("ali")));
    QCOMPARE(bookings.reservations().size(), 2);
    const auto own = bookings.remove(a.reservation->id, QStringLiteral("ali"), false);
    QVERIFY(own.ok());
    QCOMPARE(own->id, a.reservation->id);
    QVERIFY(bookings.remove(b.reservation->id, QStringLiteral("sara"), true).ok());
    QVERIFY(bookings.reservations().isEmpty());
    QVERIFY(!bookings.remove(b.reservation->id, QStringLiteral("ali"), true).ok());
    ReservationBook reloaded(bookingPath(), m_clock);
    QVERIFY(reloaded.load().ok());
    QVERIFY(reloaded.reservations().isEmpty());
}

void TestLeaseBook::reservationQueries()
{
    ReservationBook bookings(bookingPath(), m_clock);
    const auto early = bookings.add(booking({}, QStringLiteral("ali"), {0, 1}, 60, 120), 4).reservation;
    const auto late = bookings.add(booking({}, QStringLiteral("sara"), {1}, 300, 360), 4).reservation;
    QVERIFY(early && late);
    QCOMPARE(bookings.overlapping({1}, at(0), at(60)).size(), 0);
    QCOMPARE(bookings.overlapping({1}, at(0), at(61)).size(), 1);
    QCOMPARE(bookings.overlapping({1, 2}, at(0), at(400)).size(), 2);
    QCOMPARE(bookings.overlapping({2, 3}, at(0), at(400)).size(), 0);
    QVERIFY(!bookings.activeAt(0, at(59)));
    QCOMPARE(bookings.activeAt(0, at(60))->id, early->id);
    QVERIFY(!bookings.activeAt(0, at(120)));
    QCOMPARE(bookings.nextStartAfter(1, at(0))->id, early->id);
    QCOMPARE(bookings.nextStartAfter(1, at(60))->id, late->id);
    QVERIFY(!bookings.nextStartAfter(1, at(300)));
    QVERIFY(!bookings.nextStartAfter(3, at(0)));
    QCOMPARE(bookings.reservation(late->id)->user, QStringLiteral("sara"));
}

void TestLeaseBook::oldReservationsArePruned()
{
    ReservationBook bookings(bookingPath(), m_clock);
    QVERIFY(bookings.add(booking({}, QStringLiteral("ali"), {0}, 60, 120), 4).ok());
    QVERIFY(bookings.add(booking({}, QStringLiteral("sara"), {1}, 60, 24 * 60), 4).ok());
    // Eight days after the first ended, but not after the second.
    m_clock.set(at(120) + ReservationBook::kKeepEndedMs + 1);
    ReservationBook reloaded(bookingPath(), m_clock);
    QVERIFY(reloaded.load().ok());
    QCOMPARE(reloaded.reservations().size(), 1);
    QCOMPARE(reloaded.reservations().first().user, QStringLiteral("sara"));
}

// Issue #29, item 7: one-minute bookings made one after another must not pile up for eight days.
void TestLeaseBook::endedReservationsAreKeptPerUser()
{
    ReservationBook bookings(bookingPath(), m_clock);
    const int made = ReservationBook::kKeepEndedPerUser + 5;
    for (int i = 0; i < made; ++i)
        QVERIFY(bookings.add(booking({}, QStringLiteral("sara"), {0}, 60 + i, 61 + i), 4).ok());
    QVERIFY(bookings.add(booking({}, QStringLiteral("ali"), {1}, 60, 61), 4).ok());
    QCOMPARE(bookings.upcomingOf(QStringLiteral("sara"), at(0)), made);
    QCOMPARE(bookings.upcomingOf(QStringLiteral("sara"), at(60 + made - 1)), 1);
    m_clock.set(at(60 + made + 1));
    QCOMPARE(bookings.upcomingOf(QStringLiteral("sara"), m_clock.nowMs()), 0);
    ReservationBook reloaded(bookingPath(), m_clock);
    QVERIFY(reloaded.load().ok());
    int sara = 0;
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const Reservation &r : reloaded.reservations()) {
        if (r.user == QLatin1String("sara")) {
            ++sara;
            earliest = qMin(earliest, r.fromMs);
        }
    }
    // The newest 50 of hers, and his one.
    QCOMPARE(sara, ReservationBook::kKeepEndedPerUser);
    QCOMPARE(earliest, at(60 + 5));
    QCOMPARE(reloaded.reservations().size(), ReservationBook::kKeepEndedPerUser + 1);
}

void TestLeaseBook::reservationsSurviveReload()
{
    Reservation made;
    {
        ReservationBook bookings(bookingPath(), m_clock);
        auto r = booking({}, QStringLiteral("ali"), {2, 1}, 60, 120);
        r.note = QStringLiteral("thesis deadline, پایان‌نامه");
        r.controller = QStringLiteral("fp-ali");
        const auto added = bookings.add(r, 4);
        QVERIFY(added.ok());
        made = *added.reservation;
    }
    ReservationBook reloaded(bookingPath(), m_clock);
    const auto load = reloaded.load();
    QVERIFY(load.ok() && load->clean());
    QCOMPARE(reloaded.reservations().size(), 1);
    QCOMPARE(reloaded.reservations().first(), made);

    QVERIFY(writeAll(bookingPath(), "{\"version\":1,\"reservations\":[{\"id\":\"x\"}]}"));
    const auto damaged = reloaded.load();
    QVERIFY(damaged.ok());
    QCOMPARE(damaged->problems.size(), 1);
    QVERIFY(reloaded.reservations().isEmpty());
}

void TestLeaseBook::policyValidation_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error"); // empty: valid
    QTest::newRow("empty is the default") << QByteArray("{}") << QString();
    QTest::newRow("all set") << QByteArray(R"({"max_devices_per_user": 4, "max_run_s": 86400,
        "may_end_others": ["sara", "ali"], "idle_util_percent": 5, "idle_minutes": 30})")
                             << QString();
    QTest::newRow("negative devices")
        << QByteArray(R"({"max_devices_per_user": -1})") << QStringLiteral("max_devices_per_user");
    QTest::newRow("fractional devices")
        << QByteArray(R"({"max_devices_per_user": 1.5})") << QStringLiteral("max_devices_per_user");
    QTest::newRow("devices as text") << QByteArray(R"({"max_devices_per_user": "4"})")
                                     << QStringLiteral("max_devices_per_user");
    QTest::newRow("max run over a year")
        << QByteArray(R"({"max_run_s": 40000000})") << QStringLiteral("max_run_s");
    QTest::newRow("utilization over 100")
        << QByteArray(R"({"idle_util_percent": 101})") << QStringLiteral("idle_util_percent");
    QTest::newRow("idle minutes over a week")
        << QByteArray(R"({"idle_util_percent": 5, "idle_minutes": 20000})") << QStringLiteral("idle_minutes");
    QTest::newRow("idle minutes without a threshold")
        << QByteArray(R"({"idle_minutes": 30})") << QStringLiteral("idle_util_percent");
    QTest::newRow("bad user name") << QByteArray(R"({"may_end_others": ["ali", "a b"]})")
                                   << QStringLiteral("a b");
    QTest::newRow("users not a list")
        << QByteArray(R"({"may_end_others": "ali"})") << QStringLiteral("may_end_others");
    QTest::newRow("caps set") << QByteArray(R"({"max_bookings_per_user": 200, "max_queued_per_user": 1})")
                              << QString();
    QTest::newRow("no cap on bookings")
        << QByteArray(R"({"max_bookings_per_user": 0})") << QStringLiteral("max_bookings_per_user");
    QTest::newRow("queue cap over the most")
        << QByteArray(R"({"max_queued_per_user": 201})") << QStringLiteral("max_queued_per_user");
}

void TestLeaseBook::policyValidation()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    const auto policy = LabPolicy::fromJson(QJsonDocument::fromJson(json).object());
    QCOMPARE(policy.ok(), error.isEmpty());
    if (!policy.ok())
        QVERIFY2(policy.error().contains(error), qPrintable(policy.error()));
}

void TestLeaseBook::policyRoundTripAndFile()
{
    LabPolicy p;
    p.maxDevicesPerUser = 2;
    p.maxRunSeconds = 6 * 3600;
    p.mayEndOthers = {QStringLiteral("sara"), QStringLiteral("reza"), QStringLiteral("sara")};
    p.idleUtilPercent = 10;
    p.idleMinutes = 45;
    p.updatedMs = kT0;
    p.updatedBy = QStringLiteral("admin");
    const auto back = LabPolicy::fromJson(p.toJson());
    QVERIFY(back.ok());
    QCOMPARE(back->mayEndOthers,
             (QStringList{QStringLiteral("reza"), QStringLiteral("sara")})); // sorted, unique
    p.mayEndOthers = back->mayEndOthers;
    QVERIFY(*back == p);
    QCOMPARE(p.assumedRunMs(), 6 * kHour);
    QCOMPARE(LabPolicy{}.assumedRunMs(), kHour);
    QVERIFY(p.idleReclaimOn());
    QVERIFY(!LabPolicy{}.idleReclaimOn());
    QVERIFY(p.mayEnd(QStringLiteral("sara"), false));
    QVERIFY(!p.mayEnd(QStringLiteral("ali"), false));
    QVERIFY(p.mayEnd(QStringLiteral("ali"), true));

    const QString path = m_dir->filePath(QStringLiteral("lab/policy.json"));
    const auto none = LabPolicy::load(path, kT0);
    QVERIFY(none.ok());
    QVERIFY(*none == LabPolicy{});
    QVERIFY(p.save(path).ok());
    const auto loaded = LabPolicy::load(path, kT0);
    QVERIFY(loaded.ok());
    QVERIFY(*loaded == p);
}

void TestLeaseBook::damagedPolicyFallsBackToDefault()
{
    // No rules were ever saved whole here (a file written by hand): the defaults, and it says so.
    const QString path = m_dir->filePath(QStringLiteral("policy.json"));
    const QByteArray content = R"({"version": 1, "policy": {"max_devices_per_user": -4}})";
    QVERIFY(writeAll(path, content));
    LabLoad report;
    const auto loaded = LabPolicy::load(path, kT0, &report);
    QVERIFY(loaded.ok());
    QVERIFY(*loaded == LabPolicy{});
    QCOMPARE(report.problems.size(), 1);
    QVERIFY2(report.problems.first().contains(QStringLiteral("max_devices_per_user")),
             qPrintable(report.problems.first()));
    QVERIFY2(report.problems.first().contains(QStringLiteral("the defaults are in force")),
             qPrintable(report.problems.first()));
    QCOMPARE(readAll(report.keptAs.first()), content);
    QVERIFY(!QFileInfo::exists(path));
}

// Issue #29, item 10: a damaged policy.json reset the rules to none (fail
// open). The last rules saved whole are put back, in force and in the file.
void TestLeaseBook::damagedPolicyKeepsTheLastGoodRules()
{
    const QString path = m_dir->filePath(QStringLiteral("kept/policy.json"));
    LabPolicy rules;
    rules.maxDevicesPerUser = 2;
    rules.mayEndOthers = {QStringLiteral("prof")};
    QVERIFY(rules.save(path).ok());
    QVERIFY(QFileInfo::exists(LabPolicy::lastGoodPath(path)));
    for (const QByteArray &damage :
         {QByteArray("{\"version\": 1, \"pol"),
          QByteArray(R"({"version": 1, "policy": {"max_devices_per_user": -4}})")}) {
        QVERIFY(writeAll(path, damage));
        LabLoad report;
        const auto loaded = LabPolicy::load(path, kT0, &report);
        QVERIFY(loaded.ok());
        QVERIFY(*loaded == rules);
        QCOMPARE(report.problems.size(), 1);
        QVERIFY2(report.problems.first().contains(QStringLiteral("the last rules saved whole are in force")),
                 qPrintable(report.problems.first()));
        QCOMPARE(readAll(report.keptAs.first()), damage);
        // Put back in place: the next start reads them without a word.
        LabLoad again;
        const auto reread = LabPolicy::load(path, kT0 + 1000, &again);
        QVERIFY(reread.ok());
        QVERIFY(*reread == rules);
        QVERIFY(again.problems.isEmpty());
    }
}

QTEST_APPLESS_MAIN(TestLeaseBook)
#include "tst_leasebook.moc"

void TestLeaseBook::askingAgainNeitherProlongsNorBeatsABooking()
{
    // Issue #29, item 5: a pending lease asked for again every 15 s was renewed each time, held its
    // device for ever, and kept it even from the owner of a booking that had begun.
    LeaseBook book(leasePath(), m_clock);
    ReservationBook bookings(bookingPath(), m_clock);
    QVERIFY(
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy).ok());
    m_clock.advance(15000);
    QVERIFY(
        book.acquire(request(QStringLiteral("run-a"), QStringLiteral("ali"), {0}), bookings, m_policy).ok());
    m_clock.advance(6000); // 21 s after the lease was made: its one TTL is over, whatever was asked meanwhile
    QVERIFY(!book.holderOf(0));

    // A booking made while a pending lease waits, for the window the lease asks for: asking again is
    // refused, with the booking named.
    QVERIFY(
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("ali"), {1}), bookings, m_policy).ok());
    const qint64 minutesNow = (m_clock.nowMs() - kT0) / 60000;
    QVERIFY(bookings.add(booking({}, QStringLiteral("sara"), {1}, minutesNow + 1, minutesNow + 60), 4).ok());
    m_clock.advance(5000);
    const auto again =
        book.acquire(request(QStringLiteral("run-b"), QStringLiteral("ali"), {1}), bookings, m_policy);
    QVERIFY(!again.ok());
    QVERIFY(again.refusal);
    QCOMPARE(again.refusal->kind, Refusal::Reserved);
    QCOMPARE(again.refusal->user, QStringLiteral("sara"));
}
