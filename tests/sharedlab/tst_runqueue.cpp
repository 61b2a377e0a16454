// The queue's journal on one node (issue #19): one atomic file per entry,
// read back after a restart, removed when the run starts or is cancelled; a
// damaged entry is kept aside and the others stay queued.
#include "labclock.h"
#include "labtestsupport.h"
#include "runqueue.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace LabTest;
using namespace Qt::StringLiterals;

class TestRunQueue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void entryRoundTrip();
    void journaledAndReloaded();
    void removeDeletesTheFile();
    void resubmitAndRefusals();
    void damagedEntryIsKeptAside();

private:
    QString queueDir() const { return m_dir->filePath(u"lab/queue"_s); }
    std::unique_ptr<QTemporaryDir> m_dir;
    ManualLabClock m_clock{kT0};
};

void TestRunQueue::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestRunQueue::entryRoundTrip()
{
    QueueEntry e = entry(u"run-1"_s, u"ali"_s, {3, 1, 1}, 0, 90);
    e.runName = u"گفتگو gpt"_s;
    e.controller = u"fp"_s;
    e.coordinatorNodeId = u"node-a"_s;
    e.plan = QJsonObject{{u"nodes"_s, QJsonArray{u"a"_s, u"b"_s}}};
    const auto back = QueueEntry::fromJson(e.toJson());
    QVERIFY(back);
    QCOMPARE(back->devices, (QList<int>{1, 3}));
    e.devices = {1, 3};
    QVERIFY(*back == e);
    QCOMPARE(back->deviceCount(), 2);

    const QueueEntry byCount = entry(u"run-2"_s, u"ali"_s, {}, 3, 0);
    QVERIFY(*QueueEntry::fromJson(byCount.toJson()) == byCount);
    QCOMPARE(byCount.deviceCount(), 3);

    QJsonObject bad = e.toJson();
    bad.insert(u"run_id"_s, u"../escape"_s);
    QVERIFY(!QueueEntry::fromJson(bad));
    bad = byCount.toJson();
    bad.insert(u"count"_s, 0);
    QVERIFY(!QueueEntry::fromJson(bad));
    QVERIFY(!QueueEntry::isValidRunId(u".."_s));
    QVERIFY(!QueueEntry::isValidRunId(QString(81, u'a')));
    QVERIFY(QueueEntry::isValidRunId(u".hidden-run_1"_s));
}

void TestRunQueue::journaledAndReloaded()
{
    {
        RunQueue queue(queueDir(), m_clock);
        QVERIFY(queue.load().ok()); // no directory yet: an empty queue
        QCOMPARE(queue.size(), 0);
        QVERIFY(queue.add(entry(u"run-b"_s, u"sara"_s, {}, 2, 30, -5)).ok());
        QVERIFY(queue.add(entry(u"run-a"_s, u"ali"_s, {0}, 0, 60, -5)).ok());
        QVERIFY(queue.add(entry(u".early"_s, u"mina"_s, {}, 1, 0, -50)).ok());
        QVERIFY(QFileInfo::exists(queue.fileOf(u"run-a"_s)));
        QCOMPARE(QFileInfo(queue.fileOf(u"run-a"_s)).fileName(), u"run-a.json"_s);
    }
    RunQueue queue(queueDir(), m_clock);
    const auto load = queue.load();
    QVERIFY(load.ok() && load->clean());
    QStringList ids;
    for (const QueueEntry &e : queue.entries())
        ids.append(e.runId);
    QCOMPARE(ids, (QStringList{u".early"_s, u"run-a"_s, u"run-b"_s})); // by submission, then id
    QCOMPARE(queue.entry(u"run-b"_s)->count, 2);
    QCOMPARE(queue.entry(u"run-a"_s)->predictedMs, kHour);
    QVERIFY(!queue.entry(u"run-z"_s));
}

void TestRunQueue::removeDeletesTheFile()
{
    RunQueue queue(queueDir(), m_clock);
    QVERIFY(queue.add(entry(u"run-a"_s, u"ali"_s, {0}, 0, 60)).ok());
    QVERIFY(queue.add(entry(u"run-b"_s, u"ali"_s, {1}, 0, 60)).ok());
    const auto removed = queue.remove(u"run-a"_s);
    QVERIFY(removed.ok());
    QCOMPARE(removed->runId, u"run-a"_s);
    QVERIFY(!QFileInfo::exists(queue.fileOf(u"run-a"_s)));
    QVERIFY(!queue.contains(u"run-a"_s));
    QVERIFY(!queue.remove(u"run-a"_s).ok());
    RunQueue reloaded(queueDir(), m_clock);
    QVERIFY(reloaded.load().ok());
    QCOMPARE(reloaded.size(), 1);
    QVERIFY(reloaded.contains(u"run-b"_s));
}

void TestRunQueue::resubmitAndRefusals()
{
    RunQueue queue(queueDir(), m_clock);
    QVERIFY(queue.add(entry(u"run-a"_s, u"ali"_s, {0}, 0, 60)).ok());
    // The same user submitting again (a lost answer) replaces the entry.
    QVERIFY(queue.add(entry(u"run-a"_s, u"ali"_s, {0, 1}, 0, 30)).ok());
    QCOMPARE(queue.size(), 1);
    QCOMPARE(queue.entry(u"run-a"_s)->devices, (QList<int>{0, 1}));
    const Status stranger = queue.add(entry(u"run-a"_s, u"sara"_s, {2}, 0, 30));
    QVERIFY(!stranger.ok());
    QVERIFY(stranger.error().contains(u"ali"_s));
    QVERIFY(!queue.add(entry(u"bad/id"_s, u"ali"_s, {0}, 0, 30)).ok());
    QVERIFY(!queue.add(entry(u"run-c"_s, u"ali"_s, {}, 0, 30)).ok()); // no device
    QVERIFY(!queue.add(entry(u"run-d"_s, QString(), {0}, 0, 30)).ok());
    QCOMPARE(QDir(queueDir()).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

void TestRunQueue::damagedEntryIsKeptAside()
{
    {
        RunQueue queue(queueDir(), m_clock);
        QVERIFY(queue.add(entry(u"run-a"_s, u"ali"_s, {0}, 0, 60)).ok());
        QVERIFY(queue.add(entry(u"run-b"_s, u"sara"_s, {1}, 0, 60)).ok());
        QVERIFY(queue.add(entry(u"run-c"_s, u"mina"_s, {2}, 0, 60)).ok());
    }
    QVERIFY(writeAll(queueDir() + u"/run-b.json"_s,
                     "{\"version\": 1, \"entry\": {\"run_id\": \"run-b\"")); // torn
    // A file whose entry names another run is not trusted either.
    QVERIFY(QFile::rename(queueDir() + u"/run-c.json"_s, queueDir() + u"/run-x.json"_s));
    RunQueue queue(queueDir(), m_clock);
    const auto load = queue.load();
    QVERIFY(load.ok());
    QCOMPARE(load->problems.size(), 2);
    QVERIFY2(load->problems.at(1).contains(u"run-c"_s), qPrintable(load->problems.at(1)));
    QCOMPARE(queue.size(), 1);
    QVERIFY(queue.contains(u"run-a"_s));
    QCOMPARE(load->keptAs.first(), queueDir() + u"/run-b.json.damaged-20240304-090000"_s);
    QVERIFY(QFileInfo::exists(load->keptAs.first()));
    // The copies are not read as entries on the next start.
    RunQueue again(queueDir(), m_clock);
    QVERIFY(again.load()->clean());
    QCOMPARE(again.size(), 1);
}

QTEST_APPLESS_MAIN(TestRunQueue)
#include "tst_runqueue.moc"
