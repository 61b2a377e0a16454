// The agent's control server under bad input: each malformed connection is
// closed with a reason, and the agent keeps serving everyone else.
#include "agentclient.h"
#include "framecodec.h"
#include "message.h"
#include "printers.h"
#include "testsupport.h"
#include "tlsconfiguration.h"

#include <QCborArray>
#include <QSignalSpy>
#include <QSslSocket>
#include <QtEndian>
#include <QTest>

using namespace TestSupport;

class TestAgentServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void malformedInputClosesOnlyThatConnection_data();
    void malformedInputClosesOnlyThatConnection();
    void versionMismatchIsRefusedWithReason();
    void requestsGetReplies();
    void unknownTopicIsAnError();
    void telemetryIsStreamedAfterSubscribe();

private:
    QSslSocket *rawConnect();
    Expected<QCborMap> roundTrip(AgentClient &client, Message::Type type, const QCborMap &body);

    Controller m_controller;
    LocalAgent m_agent;
};

void TestAgentServer::initTestCase()
{
    m_controller = makeController();
    m_agent = startAgent(randomDiscoveryPort(), {m_controller.profile.identity().fingerprint()});
}

QSslSocket *TestAgentServer::rawConnect()
{
    auto *socket = new QSslSocket(this);
    socket->setSslConfiguration(TlsConfiguration::make(m_controller.profile.identity()));
    connect(socket, &QSslSocket::sslErrors, socket,
            [socket](const QList<QSslError> &) { socket->ignoreSslErrors(); });
    socket->connectToHostEncrypted(QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    // Wait in the event loop: the agent runs in this thread too.
    if (!QTest::qWaitFor([socket] { return socket->isEncrypted(); }, 5000))
        qWarning() << "handshake failed" << socket->errorString();
    return socket;
}

Expected<QCborMap> TestAgentServer::roundTrip(AgentClient &client, Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    client.request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 5000))
        return Expected<QCborMap>::failure(QStringLiteral("no reply"));
    return *result;
}

namespace {
QByteArray helloFrame(int version)
{
    QCborMap hello;
    hello[QStringLiteral("protocol")] = version;
    hello[QStringLiteral("software")] = QStringLiteral("test");
    hello[QStringLiteral("node_id")] = QStringLiteral("ctl");
    hello[QStringLiteral("role")] = QStringLiteral("controller");
    return FrameDecoder::encode(Message(Message::Type::Hello, hello).encode());
}
} // namespace

void TestAgentServer::malformedInputClosesOnlyThatConnection_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QByteArray oversize(4, 0);
    qToBigEndian<quint32>(quint32(Protocol::kMaxFrameBytes + 1), oversize.data());
    QTest::newRow("oversized frame") << oversize + QByteArray(100, 'x');
    QTest::newRow("empty frame") << QByteArray(4, 0);
    QTest::newRow("garbage payload") << FrameDecoder::encode(QByteArray("\xff\xff\xff\xff not cbor", 13));
    QTest::newRow("unknown message")
        << helloFrame(1) +
               FrameDecoder::encode(
                   QCborMap{{QStringLiteral("t"), QStringLiteral("rm_rf")}}.toCborValue().toCbor());
    QTest::newRow("request before hello")
        << FrameDecoder::encode(Message(Message::Type::HostInfo, {}, 1).encode());
    QTest::newRow("wrong field type after hello")
        << helloFrame(1) +
               FrameDecoder::encode(QCborMap{{QStringLiteral("t"), QStringLiteral("subscribe")},
                                             {QStringLiteral("id"), 5},
                                             {QStringLiteral("b"), QCborMap{{QStringLiteral("topics"), 5}}}}
                                        .toCborValue()
                                        .toCbor());
    QTest::newRow("push from controller")
        << helloFrame(1) + FrameDecoder::encode(Message(Message::Type::Telemetry,
                                                        QCborMap{{QStringLiteral("time"), 1},
                                                                 {QStringLiteral("devices"), QCborArray()}})
                                                    .encode());
    QTest::newRow("truncated frame then close") << FrameDecoder::encode(QByteArray(200, 'a')).left(60);
}

void TestAgentServer::malformedInputClosesOnlyThatConnection()
{
    QFETCH(QByteArray, bytes);

    AgentClient good(m_controller.profile.identity(), QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    QSignalSpy ready(&good, &AgentClient::handshakeDone);
    good.connectToAgent();
    QVERIFY(ready.wait(5000));

    QSslSocket *bad = rawConnect();
    QVERIFY(bad->isEncrypted());
    QSignalSpy closed(bad, &QSslSocket::disconnected);
    bad->write(bytes);
    bad->flush();
    if (QByteArray(QTest::currentDataTag()) == "truncated frame then close") {
        QTest::qWait(100);
        bad->disconnectFromHost();
    }
    QVERIFY(closed.count() > 0 || closed.wait(5000));

    // The well-behaved controller is still served.
    auto reply = roundTrip(good, Message::Type::HostInfo, {});
    QVERIFY2(reply.ok(), qPrintable(reply.error()));
    QCOMPARE(reply->value(QStringLiteral("node_id")).toString(), m_agent.daemon->nodeId());
    bad->deleteLater();
}

void TestAgentServer::versionMismatchIsRefusedWithReason()
{
    QSslSocket *socket = rawConnect();
    QSignalSpy closed(socket, &QSslSocket::disconnected);
    socket->write(helloFrame(99));
    QVERIFY(closed.wait(5000));
    FrameDecoder decoder;
    decoder.append(socket->readAll());
    auto frame = decoder.next();
    QVERIFY(frame.ok() && frame->has_value());
    auto message = Message::decode(**frame);
    QVERIFY(message.ok());
    QCOMPARE(message->type(), Message::Type::Error);
    QCOMPARE(message->body().value(QStringLiteral("code")).toString(), QStringLiteral("version"));
    QVERIFY(message->body().value(QStringLiteral("message")).toString().contains(QLatin1String("99")));
    socket->deleteLater();
}

void TestAgentServer::requestsGetReplies()
{
    AgentClient client(m_controller.profile.identity(), QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));
    QCOMPARE(client.nodeId(), m_agent.daemon->nodeId());
    QCOMPARE(client.peerFingerprint(), m_agent.daemon->identity().fingerprint());
    auto info = roundTrip(client, Message::Type::HostInfo, {});
    QVERIFY(info.ok());
    QCOMPARE(info->value(QStringLiteral("host")).toMap().value(QStringLiteral("hostname")).toString(),
             QStringLiteral("fakehost"));
}

void TestAgentServer::unknownTopicIsAnError()
{
    AgentClient client(m_controller.profile.identity(), QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));
    auto r = roundTrip(client, Message::Type::Subscribe,
                       QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("bogus")}}});
    QVERIFY(!r.ok());
    QVERIFY(r.error().contains(QLatin1String("bogus")));
}

void TestAgentServer::telemetryIsStreamedAfterSubscribe()
{
    AgentClient client(m_controller.profile.identity(), QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    QSignalSpy telemetry(&client, &AgentClient::telemetryReceived);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));
    QTest::qWait(300);
    QCOMPARE(telemetry.count(), 0); // nothing before subscribing
    auto r = roundTrip(client, Message::Type::Subscribe,
                       QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("telemetry")}}});
    QVERIFY(r.ok());
    QTRY_VERIFY_WITH_TIMEOUT(telemetry.count() >= 3, 5000);
    const auto snapshot = telemetry.last().first().value<TelemetrySnapshot>();
    QCOMPARE(snapshot.devices.size(), 1);
    QCOMPARE(snapshot.devices.first().name, QStringLiteral("Fake GPU 3090"));
    QCOMPARE(snapshot.devices.first().utilization, 87.0);
    QCOMPARE(snapshot.devices.first().memoryTotal, 24LL << 30);
}

QTEST_GUILESS_MAIN(TestAgentServer)
#include "tst_agentserver.moc"
