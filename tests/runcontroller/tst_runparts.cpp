// The parts RunController is made of (issue #18, item 4), each on its own:
// a JournalFollower over a fake agent behind the AgentLink seam (events in
// any order, twice, or from a backfill come out once and in order), the
// RunOutcome rules as a table, and the RunLauncher's ranks, names and start
// requests.
#include "agentlink.h"
#include "journalfollower.h"
#include "noderegistry.h"
#include "printers.h"
#include "queuesubmitter.h"
#include "runfailuretext.h"
#include "runlauncher.h"
#include "runoutcome.h"
#include "testsupport.h"
#include "translations.h"

#include <cstdlib>
#include <optional>
#include <QCborArray>
#include <QCborValue>
#include <QDateTime>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

Q_DECLARE_METATYPE(RunOutcome::Failure)

namespace {

/// An agent that answers only when the test says so.
class FakeLink final : public AgentLink
{
    Q_OBJECT

public:
    struct Request
    {
        Message::Type type;
        QCborMap body;
        QPointer<QObject> context;
        bool hasContext;
        ReplyHandler handler;
    };

    void request(Message::Type type, const QCborMap &body, QObject *context, ReplyHandler handler,
                 int) override
    {
        m_requests.append({type, body, context, context != nullptr, std::move(handler)});
    }

    QList<Request> requests(Message::Type type) const
    {
        QList<Request> out;
        for (const Request &r : m_requests) {
            if (r.type == type)
                out << r;
        }
        return out;
    }
    /// Answers the `index`th request of `type`, as AgentClient would: not once its context is gone.
    void answer(Message::Type type, int index, const Expected<QCborMap> &reply) const
    {
        const Request r = requests(type).value(index);
        QVERIFY(r.handler);
        if (!r.hasContext || r.context)
            r.handler(reply);
    }
    void push(const QString &runId, qint64 seq, const QString &kind = QStringLiteral("step"))
    {
        Q_EMIT pushReceived(
            Message(Message::Type::RunEvent, QCborMap{{QStringLiteral("run_id"), runId},
                                                      {QStringLiteral("seq"), seq},
                                                      {QStringLiteral("event"), event(seq, kind)}}));
    }
    static QCborMap event(qint64 seq, const QString &kind = QStringLiteral("step"))
    {
        return QCborMap{{QStringLiteral("seq"), seq},
                        {QStringLiteral("time"), 1000 + seq},
                        {QStringLiteral("kind"), kind},
                        {QStringLiteral("rank"), 1},
                        {QStringLiteral("device"), 0},
                        {QStringLiteral("event"), QCborMap{{QStringLiteral("step"), seq}}}};
    }
    /// A journal reply with the events `from` to `to`.
    static QCborMap page(qint64 from, qint64 to)
    {
        QCborArray events;
        for (qint64 seq = from; seq <= to; ++seq)
            events.append(event(seq));
        return QCborMap{{QStringLiteral("events"), events}};
    }

private:
    QList<Request> m_requests;
};

QList<qint64> seqs(const QSignalSpy &spy)
{
    QList<qint64> out;
    for (const QList<QVariant> &args : spy) {
        for (const RunEvent &e : args.at(0).value<QList<RunEvent>>())
            out << e.seq;
    }
    return out;
}

QList<qint64> range(qint64 from, qint64 to)
{
    QList<qint64> out;
    for (qint64 seq = from; seq <= to; ++seq)
        out << seq;
    return out;
}

using Failures = QList<RunOutcome::Failure>;

} // namespace

class TestRunParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followerSubscribesThenBackfills();
    void followerStoresEachEventOnceInOrder();
    void followerFetchesPageAfterPage();
    void followerBackfillsFromLastSeqAfterReconnect();
    void followerReportsMissingJournal();

    void outcome_data();
    void outcome();

    void stopSaysWhatCheckpointWasWritten_data();
    void stopSaysWhatCheckpointWasWritten();
    void aRunsEndReadsInItsReadersLanguage();
    void launcherNamesAndRanks();
    void launcherResumeStep_data();
    void launcherResumeStep();
    void launcherMasterIsFirstNodesPort();
    void launcherStartsEveryNode();
    void launcherGivesBackLeasesWhenOneIsRefused();
    void queueSubmitterIsAllOrNothing();
};

void TestRunParts::followerSubscribesThenBackfills()
{
    FakeLink link;
    JournalFollower follower(QStringLiteral("run"), QStringLiteral("run-a1"), QStringLiteral("agent#1"), 0);
    follower.follow(nullptr);
    QVERIFY(!follower.link());
    follower.follow(&link);
    QCOMPARE(link.requests(Message::Type::Subscribe).size(), 1);
    QCOMPARE(link.requests(Message::Type::Subscribe).first().body.value(QStringLiteral("topics")).toArray(),
             QCborArray{QStringLiteral("runs")});
    QVERIFY(link.requests(Message::Type::Journal).isEmpty());
    QVERIFY(!follower.isSubscribed());
    // The same link again is no new subscription.
    follower.follow(&link);
    QCOMPARE(link.requests(Message::Type::Subscribe).size(), 1);

    link.answer(Message::Type::Subscribe, 0, QCborMap{});
    QVERIFY(follower.isSubscribed());
    QVERIFY(follower.isBackfilling());
    const QList<FakeLink::Request> journal = link.requests(Message::Type::Journal);
    QCOMPARE(journal.size(), 1);
    QCOMPARE(journal.first().body.value(QStringLiteral("run_id")).toString(), QStringLiteral("run-a1"));
    QCOMPARE(journal.first().body.value(QStringLiteral("from")).toInteger(), 0);
}

void TestRunParts::followerStoresEachEventOnceInOrder()
{
    FakeLink link;
    JournalFollower follower(QStringLiteral("run"), QStringLiteral("run-a1"), QStringLiteral("agent#1"), 0);
    QSignalSpy arrived(&follower, &JournalFollower::eventsArrived);
    QSignalSpy caughtUp(&follower, &JournalFollower::caughtUp);
    follower.follow(&link);
    link.answer(Message::Type::Subscribe, 0, QCborMap{});

    link.push(QStringLiteral("run-a1"), 1); // next in line: taken at once
    link.push(QStringLiteral("run-a1"), 3); // past a gap: waits for the backfill
    link.push(QStringLiteral("run"), 2);    // another attempt's run: not this journal's
    Q_EMIT link.pushReceived(
        Message(Message::Type::RunState, QCborMap{{QStringLiteral("run_id"), QStringLiteral("run-a1")}}));
    QCOMPARE(seqs(arrived), QList<qint64>{1});
    QCOMPARE(link.requests(Message::Type::Journal).size(), 1); // one backfill at a time
    QCOMPARE(caughtUp.size(), 0);

    link.answer(Message::Type::Journal, 0, FakeLink::page(1, 3)); // 1 again, then 2 and 3
    QCOMPARE(seqs(arrived), range(1, 3));
    QCOMPARE(caughtUp.size(), 1);
    QVERIFY(!follower.isBackfilling());

    link.push(QStringLiteral("run-a1"), 3); // a push the page had
    link.push(QStringLiteral("run-a1"), 2);
    link.push(QStringLiteral("run-a1"), 4);
    QCOMPARE(seqs(arrived), range(1, 4));
    QCOMPARE(follower.lastSeq(), 4);
    QCOMPARE(caughtUp.size(), 1);

    const RunEvent e = arrived.last().at(0).value<QList<RunEvent>>().first();
    QCOMPARE(e.runId, QStringLiteral("run"));
    QCOMPARE(e.source, QStringLiteral("agent#1"));
    QCOMPARE(e.kind, QStringLiteral("step"));
    QCOMPARE(e.timeMs, 1004);
    QCOMPARE(e.rank, 1);
    QCOMPARE(e.device, 0);
    QCOMPARE(e.payload.value(QStringLiteral("step")).toInteger(), 4);
}

void TestRunParts::followerFetchesPageAfterPage()
{
    FakeLink link;
    JournalFollower follower(QStringLiteral("run"), QStringLiteral("run"), QStringLiteral("agent"), 0);
    QSignalSpy arrived(&follower, &JournalFollower::eventsArrived);
    QSignalSpy caughtUp(&follower, &JournalFollower::caughtUp);
    follower.follow(&link);
    link.answer(Message::Type::Subscribe, 0, QCborMap{});
    link.answer(Message::Type::Journal, 0, FakeLink::page(1, JournalFollower::kJournalPage));
    // A full page: there is more; not caught up yet.
    QCOMPARE(caughtUp.size(), 0);
    QCOMPARE(link.requests(Message::Type::Journal).size(), 2);
    QCOMPARE(link.requests(Message::Type::Journal).at(1).body.value(QStringLiteral("from")).toInteger(),
             JournalFollower::kJournalPage);
    link.answer(Message::Type::Journal, 1,
                FakeLink::page(JournalFollower::kJournalPage, JournalFollower::kJournalPage + 5));
    QCOMPARE(caughtUp.size(), 1);
    QCOMPARE(link.requests(Message::Type::Journal).size(), 2);
    QCOMPARE(seqs(arrived), range(1, JournalFollower::kJournalPage + 5));
}

void TestRunParts::followerBackfillsFromLastSeqAfterReconnect()
{
    FakeLink first;
    FakeLink second;
    // Seven events of this journal are in the history already.
    JournalFollower follower(QStringLiteral("run"), QStringLiteral("run"), QStringLiteral("agent"), 7);
    QSignalSpy arrived(&follower, &JournalFollower::eventsArrived);
    QSignalSpy caughtUp(&follower, &JournalFollower::caughtUp);
    follower.follow(&first);
    first.answer(Message::Type::Subscribe, 0, QCborMap{});
    QCOMPARE(first.requests(Message::Type::Journal).first().body.value(QStringLiteral("from")).toInteger(),
             7);
    first.answer(Message::Type::Journal, 0, FakeLink::page(5, 9));
    QCOMPARE(seqs(arrived), range(8, 9));

    // The agent is back on a new connection: subscribed again, backfilled from the last seq it has.
    follower.follow(&second);
    QCOMPARE(follower.link(), &second);
    QVERIFY(!follower.isSubscribed());
    first.push(QStringLiteral("run"), 10); // the old connection is not listened to any more
    QCOMPARE(seqs(arrived), range(8, 9));
    second.answer(Message::Type::Subscribe, 0, QCborMap{});
    QCOMPARE(second.requests(Message::Type::Journal).first().body.value(QStringLiteral("from")).toInteger(),
             9);
    second.answer(Message::Type::Journal, 0, FakeLink::page(9, 12));
    QCOMPARE(seqs(arrived), range(8, 12));
    QCOMPARE(caughtUp.size(), 2);
}

void TestRunParts::followerReportsMissingJournal()
{
    FakeLink link;
    JournalFollower follower(QStringLiteral("run"), QStringLiteral("run"), QStringLiteral("agent"), 0);
    QSignalSpy unavailable(&follower, &JournalFollower::journalUnavailable);
    QSignalSpy caughtUp(&follower, &JournalFollower::caughtUp);
    follower.follow(&link);
    link.answer(Message::Type::Subscribe, 0, QCborMap{});
    link.answer(Message::Type::Journal, 0, Expected<QCborMap>::failure(QStringLiteral("no run run")));
    QCOMPARE(unavailable.size(), 1);
    QCOMPARE(unavailable.first().at(0).toString(), QStringLiteral("no run run"));
    QCOMPARE(caughtUp.size(), 0);
    QVERIFY(!follower.isBackfilling());
    // A failed subscription is no subscription, and fetches nothing.
    FakeLink refusing;
    JournalFollower other(QStringLiteral("run"), QStringLiteral("run"), QStringLiteral("agent"), 0);
    other.follow(&refusing);
    refusing.answer(Message::Type::Subscribe, 0, Expected<QCborMap>::failure(QStringLiteral("busy")));
    QVERIFY(!other.isSubscribed());
    QVERIFY(refusing.requests(Message::Type::Journal).isEmpty());
}

void TestRunParts::outcome_data()
{
    QTest::addColumn<QStringList>("states");
    QTest::addColumn<QStringList>("reasons");
    QTest::addColumn<Failures>("failures");
    QTest::addColumn<bool>("stopRequested");
    QTest::addColumn<bool>("abortRequested");
    QTest::addColumn<bool>("settled");
    QTest::addColumn<bool>("mayRecover");
    QTest::addColumn<RunStatus>("status");
    QTest::addColumn<QString>("reason");

    const QStringList noReasons{QString(), QString()};
    const RunOutcome::Failure oom{
        QStringLiteral("a"), QStringLiteral("A"), 0, 1, false, QStringLiteral("out of memory")};
    const RunOutcome::Failure peerGone{QStringLiteral("a"),        QStringLiteral("A"), 0, 3, false,
                                       QStringLiteral("peer gone")};
    const RunOutcome::Failure nan{QStringLiteral("b"),          QStringLiteral("B"), 1, 2, false,
                                  QStringLiteral("loss is nan")};
    const RunOutcome::Failure signal{QStringLiteral("b"),       QStringLiteral("B"), 1, 0, true,
                                     QStringLiteral("signal 9")};
    const RunOutcome::Failure killed{
        QStringLiteral("b"), QStringLiteral("B"), 1, 0, true, QStringLiteral("killed"), true};
    RunOutcome::Failure lost{
        QStringLiteral("b"),
        QStringLiteral("B"),
        -1,
        0,
        true,
        QStringLiteral("B's agent stopped: the machine went down or the agent was killed")};
    lost.lost = true;
    const RunOutcome::Failure glooError{QStringLiteral("a"),
                                        QStringLiteral("A"),
                                        0,
                                        1,
                                        false,
                                        QStringLiteral("[enforce fail at gloo/transport/tcp/pair.cc:446] "
                                                       "Connection closed by peer")};
    const RunOutcome::Failure noRank{
        QStringLiteral("b"), QStringLiteral("B"), -1, 0, false, QStringLiteral("could not start")};

    QTest::newRow("all finished") << QStringList{QStringLiteral("finished"), QStringLiteral("finished")}
                                  << noReasons << Failures{} << false << false << true << false
                                  << RunStatus::Finished << QString();
    QTest::newRow("one still running")
        << QStringList{QStringLiteral("finished"), QStringLiteral("running")} << noReasons << Failures{}
        << false << false << false << false << RunStatus::Finished << QString();
    QTest::newRow("starting is not final")
        << QStringList{QStringLiteral("starting")} << QStringList{QString()} << Failures{} << false << false
        << false << false << RunStatus::Finished << QString();
    QTest::newRow("no node") << QStringList{} << QStringList{} << Failures{} << false << false << false
                             << false << RunStatus::Finished << QString();
    // Killed by this controller while the group came down: never the cause.
    QTest::newRow("one failed, the other induced")
        << QStringList{QStringLiteral("failed"), QStringLiteral("failed")} << noReasons
        << Failures{killed, oom} << false << false << true << true << RunStatus::Failed
        << QStringLiteral("A, rank 0: out of memory");
    QTest::newRow("a crash before an error")
        << QStringList{QStringLiteral("failed"), QStringLiteral("failed")} << noReasons
        << Failures{oom, signal} << false << false << true << true << RunStatus::Failed
        << QStringLiteral("B, rank 1: signal 9");
    QTest::newRow("a peer gone is no cause")
        << QStringList{QStringLiteral("failed"), QStringLiteral("failed")} << noReasons
        << Failures{peerGone, nan} << false << false << true << true << RunStatus::Failed
        << QStringLiteral("B, rank 1: loss is nan");
    QTest::newRow("only a peer gone") << QStringList{QStringLiteral("failed"), QStringLiteral("finished")}
                                      << noReasons << Failures{peerGone} << false << false << true << true
                                      << RunStatus::Failed << QStringLiteral("A, rank 0: peer gone");
    QTest::newRow("only induced") << QStringList{QStringLiteral("failed"), QStringLiteral("finished")}
                                  << noReasons << Failures{killed} << false << false << true << true
                                  << RunStatus::Failed << QStringLiteral("B, rank 1: killed");
    QTest::newRow("the node's reason added")
        << QStringList{QStringLiteral("finished"), QStringLiteral("failed")}
        << QStringList{QString(), QStringLiteral("2 workers failed")} << Failures{nan} << false << false
        << true << true << RunStatus::Failed
        << QStringLiteral("B, rank 1: loss is nan (B: 2 workers failed)");
    QTest::newRow("only the node's reason")
        << QStringList{QStringLiteral("failed"), QStringLiteral("finished")}
        << QStringList{QStringLiteral("could not start"), QString()} << Failures{} << false << false << true
        << true << RunStatus::Failed << QStringLiteral("A: could not start");
    // Issue #29, item 13: a lost machine in plain words, never "rank -1", and the cause of what its
    // peers reported before the controller could tell it was gone.
    QTest::newRow("lost agent") << QStringList{QStringLiteral("finished"), QStringLiteral("failed")}
                                << QStringList{QString(), lost.description.toString()} << Failures{lost}
                                << false << false << true << true << RunStatus::Failed
                                << lost.description.toString();
    QTest::newRow("a lost machine before its peers' errors")
        << QStringList{QStringLiteral("failed"), QStringLiteral("failed")}
        << QStringList{QString(), lost.description.toString()} << Failures{glooError, signal, lost} << false
        << false << true << true << RunStatus::Failed << lost.description.toString();
    QTest::newRow("a node without a rank")
        << QStringList{QStringLiteral("failed"), QStringLiteral("finished")} << noReasons << Failures{noRank}
        << false << false << true << true << RunStatus::Failed << QStringLiteral("B: could not start");
    QTest::newRow("stop requested") << QStringList{QStringLiteral("stopped"), QStringLiteral("finished")}
                                    << noReasons << Failures{} << true << false << true << false
                                    << RunStatus::Stopped
                                    << QStringLiteral("stopped; no checkpoint was written (the run has no "
                                                      "checkpoint directory)");
    QTest::newRow("stopped on the node")
        << QStringList{QStringLiteral("finished"), QStringLiteral("stopped")} << noReasons << Failures{}
        << false << false << true << false << RunStatus::Stopped
        << QStringLiteral("stopped; no checkpoint was written (the run has no checkpoint directory)");
    QTest::newRow("abort requested over a failure")
        << QStringList{QStringLiteral("failed"), QStringLiteral("aborted")} << noReasons << Failures{oom}
        << false << true << true << false << RunStatus::Aborted << QStringLiteral("aborted");
    QTest::newRow("aborted on the node")
        << QStringList{QStringLiteral("aborted"), QStringLiteral("finished")} << noReasons << Failures{}
        << true << false << true << false << RunStatus::Aborted << QStringLiteral("aborted");
}

void TestRunParts::outcome()
{
    QFETCH(QStringList, states);
    QFETCH(QStringList, reasons);
    QFETCH(Failures, failures);
    QFETCH(bool, stopRequested);
    QFETCH(bool, abortRequested);
    QList<RunOutcome::Node> nodes;
    for (qsizetype i = 0; i < states.size(); ++i)
        nodes.append({QString(QLatin1Char(char('A' + i))), states.at(i), reasons.at(i)});
    const RunOutcome outcome(nodes, failures, stopRequested, abortRequested);
    QTEST(outcome.isSettled(), "settled");
    QTEST(outcome.mayRecover(), "mayRecover");
    if (!outcome.isSettled())
        return;
    QTEST(outcome.status(), "status");
    QTEST(outcome.reason().toString(), "reason");
}

// Issue #21: a run without a checkpoint directory said "stopped after a checkpoint".
void TestRunParts::stopSaysWhatCheckpointWasWritten_data()
{
    QTest::addColumn<bool>("configured");
    QTest::addColumn<qint64>("newest");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no directory")
        << false << qint64(-1) << "stopped; no checkpoint was written (the run has no checkpoint directory)";
    QTest::newRow("a directory, none written") << true << qint64(-1) << "stopped; no checkpoint was written";
    QTest::newRow("written") << true << qint64(1200) << "stopped after a checkpoint of step 1,200";
}

void TestRunParts::stopSaysWhatCheckpointWasWritten()
{
    QFETCH(bool, configured);
    QFETCH(qint64, newest);
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    RunOutcome outcome({{QStringLiteral("A"), QStringLiteral("stopped"), {}}}, {}, true, false);
    outcome.setCheckpoints(configured, newest);
    QCOMPARE(outcome.status(), RunStatus::Stopped);
    QTEST(outcome.reason().toString(), "reason");
    QLocale::setDefault(before);
    // In the controller's language: RunOutcome's messages are found in the catalogue.
    Translations::Scoped persian(QStringLiteral("fa"));
    QVERIFY2(outcome.reason().toString().contains(QStringLiteral("نقطهٔ وارسی")),
             qPrintable(outcome.reason().toString()));
}

// Issue #31, item 5: a run's end stayed in the language the controller had when it ended.
void TestRunParts::aRunsEndReadsInItsReadersLanguage()
{
    // The agent's state event, as an agent sends it: the reason untranslated beside its English.
    TranslatableText agentReason("RunSupervisor", "device %1 (rank %2) exited with code %3");
    agentReason.arg(0).arg(1).arg(QStringLiteral("4"));
    const QJsonObject state{{QStringLiteral("state"), QStringLiteral("failed")},
                            {QStringLiteral("reason"), agentReason.toString()},
                            {QStringLiteral("reason_text"), QCborValue(agentReason.toCbor()).toJsonValue()}};
    const RunOutcome::Node node{QStringLiteral("lab-pc"), QStringLiteral("failed"),
                                RunFailureText::stateReasonText(state)};
    const RunOutcome outcome({node}, {}, false, false);
    QCOMPARE(outcome.status(), RunStatus::Failed);
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(outcome.reason().toString(), QStringLiteral("lab-pc: device 0 (rank 1) exited with code 4"));
    // Kept as the history keeps it, then read by a Persian reader: every part of it in Persian.
    const TranslatableText kept =
        TranslatableText::fromCbor(QCborValue::fromCbor(QCborValue(outcome.reason().toCbor()).toCbor()));
    QCOMPARE(kept, outcome.reason());
    {
        Translations::Scoped persian(QStringLiteral("fa"));
        QLocale::setDefault(QLocale(QLocale::Persian, QLocale::Iran));
        const QString read = kept.toString();
        QVERIFY2(read.contains(QStringLiteral("lab-pc")), qPrintable(read));
        QVERIFY2(read.contains(QStringLiteral("دستگاه")) && read.contains(QStringLiteral("رتبهٔ")),
                 qPrintable(read));
        QVERIFY2(!read.contains(QLatin1String("exited")), qPrintable(read));
    }
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // And back in English when the reader is.
    QCOMPARE(kept.toString(), QStringLiteral("lab-pc: device 0 (rank 1) exited with code 4"));
    QLocale::setDefault(before);
}

void TestRunParts::launcherNamesAndRanks()
{
    QList<RunConfig::Node> nodes(3);
    nodes[0].devices = {0, 1};
    nodes[1].devices = {0};
    nodes[2].devices = {0, 1, 2};
    QCOMPARE(RunLauncher::firstRanks(nodes), (QList<int>{0, 2, 3}));
    QCOMPARE(RunLauncher::firstRanks({}), QList<int>{});
    QCOMPARE(RunLauncher::agentRunId(QStringLiteral("r1"), 0), QStringLiteral("r1"));
    QCOMPARE(RunLauncher::agentRunId(QStringLiteral("r1"), 2), QStringLiteral("r1-a2"));
    QCOMPARE(RunLauncher::source(QStringLiteral("node"), 0), QStringLiteral("node"));
    QCOMPARE(RunLauncher::source(QStringLiteral("node"), 1), QStringLiteral("node#1"));
}

void TestRunParts::launcherResumeStep_data()
{
    QTest::addColumn<QList<qint64>>("stepsOnA");
    QTest::addColumn<QList<qint64>>("stepsOnB");
    QTest::addColumn<qint64>("resume");
    QTest::newRow("the newest both have") << QList<qint64>{10, 20} << QList<qint64>{10, 30} << qint64(20);
    QTest::newRow("one behind") << QList<qint64>{10, 20, 30} << QList<qint64>{10} << qint64(10);
    QTest::newRow("none anywhere") << QList<qint64>{} << QList<qint64>{} << qint64(-1);
}

void TestRunParts::launcherResumeStep()
{
    QFETCH(QList<qint64>, stepsOnA);
    QFETCH(QList<qint64>, stepsOnB);
    QList<RunConfig::Node> nodes(2);
    nodes[0].agent = QStringLiteral("a");
    nodes[1].agent = QStringLiteral("b");
    QHash<QString, QMap<qint64, QString>> checkpoints;
    for (qint64 step : stepsOnA)
        checkpoints[QStringLiteral("a")].insert(step, QStringLiteral("/ckpt/a/%1").arg(step));
    for (qint64 step : stepsOnB)
        checkpoints[QStringLiteral("b")].insert(step, QStringLiteral("/ckpt/b/%1").arg(step));
    QTEST(RunLauncher::resumeStep(nodes, checkpoints), "resume");
}

void TestRunParts::launcherMasterIsFirstNodesPort()
{
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    FakeLink a;
    FakeLink b;
    RunLauncher launcher(registry, [&](const QString &agent) -> AgentLink * {
        return agent == QLatin1String("a") ? &a : agent == QLatin1String("b") ? &b : nullptr;
    });
    RunConfig config;
    config.nodes.resize(2);
    config.nodes[0].agent = QStringLiteral("a");
    config.nodes[0].name = QStringLiteral("A");
    config.nodes[1].agent = QStringLiteral("b");
    config.nodes[1].name = QStringLiteral("B");
    bool done = false;
    bool good = false;
    launcher.preflight(config, [&](bool ok) {
        done = true;
        good = ok;
    });
    QCOMPARE(a.requests(Message::Type::Preflight).size(), 1);
    QCOMPARE(a.requests(Message::Type::Preflight).first().body.value(QStringLiteral("master")).toBool(),
             true);
    QCOMPARE(b.requests(Message::Type::Preflight).first().body.value(QStringLiteral("master")).toBool(),
             false);
    QCOMPARE(
        b.requests(Message::Type::Preflight).first().body.value(QStringLiteral("node_index")).toInteger(), 1);
    b.answer(Message::Type::Preflight, 0,
             QCborMap{{QStringLiteral("port"), 29501},
                      {QStringLiteral("warnings"), QCborArray{QStringLiteral("slow")}}});
    QVERIFY(!done);
    a.answer(Message::Type::Preflight, 0, QCborMap{{QStringLiteral("port"), 29500}});
    QVERIFY(done);
    QVERIFY(good);
    QCOMPARE(launcher.results().size(), 2);
    QCOMPARE(launcher.results().at(1).warnings, QStringList{QStringLiteral("slow")});
    // Neither is in the registry, so no address; the port is the master's.
    QCOMPARE(launcher.masterAddress(config), QStringLiteral(":29500"));
}

void TestRunParts::launcherStartsEveryNode()
{
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    FakeLink a;
    FakeLink b;
    RunLauncher launcher(registry, [&](const QString &agent) -> AgentLink * {
        return agent == QLatin1String("a") ? &a : agent == QLatin1String("b") ? &b : nullptr;
    });
    RunConfig config;
    config.nodes.resize(2);
    config.nodes[0].devices = {0, 1};
    config.nodes[1].devices = {3};
    const QList<RunLauncher::Workers> workers{
        {QStringLiteral("r-a1"), QStringLiteral("a"), QStringLiteral("A"), 0, QStringLiteral("/ckpt/a")},
        {QStringLiteral("r-a1"), QStringLiteral("b"), QStringLiteral("B"), 2, QString()}};
    QList<int> failedNodes;
    std::optional<QStringList> done;
    bool refused = false;
    launcher.start(
        config, workers, QStringLiteral("10.0.0.1:29500"), 600,
        [&](int index, const QString &) { failedNodes << index; },
        [&](const QStringList &failures, bool wasRefused) {
            done = failures;
            refused = wasRefused;
        });
    // First a lease on every node, for exactly its devices; nothing starts before all are held.
    const QCborMap leaseA = a.requests(Message::Type::LeaseAcquire).value(0).body;
    const QCborMap leaseB = b.requests(Message::Type::LeaseAcquire).value(0).body;
    QCOMPARE(leaseA.value(QStringLiteral("run_id")).toString(), QStringLiteral("r-a1"));
    QCOMPARE(leaseA.value(QStringLiteral("devices")).toArray(), (QCborArray{0, 1}));
    QCOMPARE(leaseB.value(QStringLiteral("devices")).toArray(), (QCborArray{3}));
    QCOMPARE(leaseB.value(QStringLiteral("expected_s")).toInteger(), 600);
    QVERIFY(leaseB.value(QStringLiteral("now")).toInteger() > 0);
    a.answer(Message::Type::LeaseAcquire, 0,
             QCborMap{{QStringLiteral("lease_id"), QStringLiteral("lease-a")}});
    QVERIFY(a.requests(Message::Type::StartRun).isEmpty());
    b.answer(Message::Type::LeaseAcquire, 0,
             QCborMap{{QStringLiteral("lease_id"), QStringLiteral("lease-b")}});
    QVERIFY(!done);
    const QCborMap bodyA = a.requests(Message::Type::StartRun).value(0).body;
    const QCborMap bodyB = b.requests(Message::Type::StartRun).value(0).body;
    QCOMPARE(bodyA.value(QStringLiteral("run_id")).toString(), QStringLiteral("r-a1"));
    QCOMPARE(bodyA.value(QStringLiteral("lease_id")).toString(), QStringLiteral("lease-a"));
    QCOMPARE(bodyB.value(QStringLiteral("lease_id")).toString(), QStringLiteral("lease-b"));
    QCOMPARE(bodyA.value(QStringLiteral("node_index")).toInteger(), 0);
    QCOMPARE(bodyB.value(QStringLiteral("node_index")).toInteger(), 1);
    QCOMPARE(bodyB.value(QStringLiteral("first_rank")).toInteger(), 2);
    QCOMPARE(bodyA.value(QStringLiteral("world_size")).toInteger(), 3);
    QCOMPARE(bodyB.value(QStringLiteral("master")).toString(), QStringLiteral("10.0.0.1:29500"));
    QCOMPARE(bodyA.value(QStringLiteral("resume")).toString(), QStringLiteral("/ckpt/a"));
    QVERIFY(bodyB.contains(QStringLiteral("resume"))); // asked for, even when the node has no directory
    const QString secret = bodyA.value(QStringLiteral("rendezvous_secret")).toString();
    QCOMPARE(secret.size(), 64);
    QCOMPARE(bodyB.value(QStringLiteral("rendezvous_secret")).toString(), secret);
    a.answer(Message::Type::StartRun, 0, QCborMap{});
    QVERIFY(!done);
    b.answer(Message::Type::StartRun, 0, Expected<QCborMap>::failure(QStringLiteral("busy")));
    QVERIFY(done);
    QCOMPARE(failedNodes, QList<int>{1});
    QCOMPARE(*done, (QStringList{QStringLiteral("B: busy")}));
    QVERIFY(!refused); // the leases were granted: a start that failed
}

void TestRunParts::launcherGivesBackLeasesWhenOneIsRefused()
{
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    FakeLink a;
    FakeLink b;
    RunLauncher launcher(registry, [&](const QString &agent) -> AgentLink * {
        return agent == QLatin1String("a") ? &a : agent == QLatin1String("b") ? &b : nullptr;
    });
    RunConfig config;
    config.nodes.resize(3);
    const QList<RunLauncher::Workers> workers{
        {QStringLiteral("r"), QStringLiteral("a"), QStringLiteral("A"), 0, std::nullopt},
        {QStringLiteral("r"), QStringLiteral("b"), QStringLiteral("B"), 1, std::nullopt},
        {QStringLiteral("r"), QStringLiteral("c"), QStringLiteral("C"), 2, std::nullopt}};
    QList<int> failedNodes;
    std::optional<QStringList> done;
    bool refused = false;
    launcher.start(
        config, workers, QStringLiteral("10.0.0.1:29500"), 0,
        [&](int index, const QString &) { failedNodes << index; },
        [&](const QStringList &failures, bool wasRefused) {
            done = failures;
            refused = wasRefused;
        });
    a.answer(Message::Type::LeaseAcquire, 0,
             QCborMap{{QStringLiteral("lease_id"), QStringLiteral("lease-a")}});
    QVERIFY(!done);
    b.answer(Message::Type::LeaseAcquire, 0,
             Expected<QCborMap>::failure(
                 QStringLiteral("device 0 is held by ali (run x) for about 5 more minutes")));
    // All or nothing: nothing was started, a's lease is given back, and both failures are told.
    QVERIFY(done);
    QVERIFY(a.requests(Message::Type::StartRun).isEmpty());
    QVERIFY(b.requests(Message::Type::StartRun).isEmpty());
    QCOMPARE(a.requests(Message::Type::LeaseRelease).size(), 1);
    QCOMPARE(
        a.requests(Message::Type::LeaseRelease).first().body.value(QStringLiteral("lease_id")).toString(),
        QStringLiteral("lease-a"));
    QVERIFY(b.requests(Message::Type::LeaseRelease).isEmpty());
    QCOMPARE(failedNodes, (QList<int>{2, 1}));
    QCOMPARE(*done,
             (QStringList{QStringLiteral("C: not connected"),
                          QStringLiteral("B: device 0 is held by ali (run x) for about 5 more minutes")}));
    QVERIFY(refused); // no worker ran anywhere
}

QTEST_GUILESS_MAIN(TestRunParts)
void TestRunParts::queueSubmitterIsAllOrNothing()
{
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    FakeLink a;
    FakeLink b;
    QueueSubmitter submitter(registry, [&](const QString &agent) -> AgentLink * {
        return agent == QLatin1String("a") ? &a : agent == QLatin1String("b") ? &b : nullptr;
    });
    RunConfig config;
    config.nodes.resize(2);
    config.nodes[0].agent = QStringLiteral("a");
    config.nodes[0].devices = {0, 1};
    config.nodes[1].agent = QStringLiteral("b");
    config.nodes[1].devices = {3};
    const QList<QueueSubmitter::Target> targets{
        {QStringLiteral("a"), QStringLiteral("A"), QStringLiteral("r1")},
        {QStringLiteral("b"), QStringLiteral("B"), QStringLiteral("r1")}};
    // Both accept: the place is the coordinator's (the first machine), on this computer's clock.
    std::optional<std::pair<QStringList, QueueSubmitter::Place>> done;
    submitter.submit(config, targets, 600, false,
                     [&](const QStringList &failures, const QueueSubmitter::Place &p) {
                         done = {failures, p};
                     });
    const QCborMap bodyB = b.requests(Message::Type::QueueSubmit).value(0).body;
    QCOMPARE(bodyB.value(QStringLiteral("node_index")).toInteger(), 1);
    QCOMPARE(bodyB.value(QStringLiteral("predicted_s")).toInteger(), 600);
    const QCborMap plan = bodyB.value(QStringLiteral("plan")).toMap();
    QCOMPARE(plan.value(QStringLiteral("coordinator")).toString(), QStringLiteral("a"));
    QCOMPARE(plan.value(QStringLiteral("world_size")).toInteger(), 3);
    QCOMPARE(plan.value(QStringLiteral("nodes"))
                 .toArray()
                 .at(1)
                 .toMap()
                 .value(QStringLiteral("first_rank"))
                 .toInteger(),
             2);
    const qint64 agentNow = 1'000'000;
    b.answer(Message::Type::QueueSubmit, 0, QCborMap{{QStringLiteral("position"), 9}});
    QVERIFY(!done);
    a.answer(Message::Type::QueueSubmit, 0,
             QCborMap{{QStringLiteral("position"), 2},
                      {QStringLiteral("estimated_start"), agentNow + 60'000},
                      {QStringLiteral("now"), agentNow}});
    QVERIFY(done);
    QVERIFY(done->first.isEmpty());
    QCOMPARE(done->second.position, 2);
    const qint64 inOneMinute = QDateTime::currentMSecsSinceEpoch() + 60'000;
    QVERIFY2(std::abs(done->second.estimatedStartMs - inOneMinute) < 5000,
             qPrintable(QString::number(done->second.estimatedStartMs - inOneMinute)));
    QVERIFY(a.requests(Message::Type::QueueCancel).isEmpty());

    // One refuses: every refusal is said, and the machine that had accepted forgets the run.
    done.reset();
    submitter.submit(config, targets, 600, false,
                     [&](const QStringList &failures, const QueueSubmitter::Place &p) {
                         done = {failures, p};
                     });
    a.answer(Message::Type::QueueSubmit, 1, QCborMap{{QStringLiteral("position"), 1}});
    b.answer(Message::Type::QueueSubmit, 1, Expected<QCborMap>::failure(QStringLiteral("at most 10 runs")));
    QVERIFY(done);
    QCOMPARE(done->first, QStringList{QStringLiteral("B: at most 10 runs")});
    QCOMPARE(a.requests(Message::Type::QueueCancel).size(), 1);
    QCOMPARE(a.requests(Message::Type::QueueCancel).first().body.value(QStringLiteral("run_id")).toString(),
             QStringLiteral("r1"));
    QVERIFY(b.requests(Message::Type::QueueCancel).isEmpty());
}

#include "tst_runparts.moc"
