// Frames and messages: round trips, and every kind of malformed input the
// decoder must refuse.
#include "beacon.h"
#include "framecodec.h"
#include "message.h"
#include "printers.h"
#include "rendezvousport.h"
#include "telemetry.h"

#include <cmath>
#include <limits>
#include <QCborArray>
#include <QCborValue>
#include <QFile>
#include <QTcpServer>
#include <QtEndian>
#include <QTest>

namespace QTest {
template<> char *toString(const Message::Type &type)
{
    return qstrdup(Message::typeName(type).toUtf8().constData());
}
} // namespace QTest

class TestProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void frameRoundTrip();
    void frameArrivesByteByByte();
    void severalFramesInOneChunk();
    void oversizedFrameIsRefused();
    void emptyFrameIsRefused();
    void truncatedFrameIsPending();
    void messageRoundTrip_data();
    void messageRoundTrip();
    void malformedMessage_data();
    void malformedMessage();
    void replyAndErrorCarryRequestId();
    void beaconRoundTrip();
    void beaconRejectsForeignData();
    void numbersThatAreNotNumbers();
    void rendezvousPortIsOutsideTheEphemeralRange();
};

void TestProtocol::frameRoundTrip()
{
    FrameDecoder decoder;
    const QByteArray payload("hello, frames");
    decoder.append(FrameDecoder::encode(payload));
    auto frame = decoder.next();
    QVERIFY(frame.ok());
    QVERIFY(frame->has_value());
    QCOMPARE(**frame, payload);
    auto none = decoder.next();
    QVERIFY(none.ok());
    QVERIFY(!none->has_value());
    QCOMPARE(decoder.pendingBytes(), 0);
}

void TestProtocol::frameArrivesByteByByte()
{
    FrameDecoder decoder;
    const QByteArray payload(1000, 'x');
    const QByteArray wire = FrameDecoder::encode(payload);
    for (qsizetype i = 0; i < wire.size() - 1; ++i) {
        decoder.append(wire.mid(i, 1));
        auto f = decoder.next();
        QVERIFY(f.ok());
        QVERIFY(!f->has_value());
    }
    decoder.append(wire.right(1));
    auto f = decoder.next();
    QVERIFY(f.ok() && f->has_value());
    QCOMPARE(**f, payload);
}

void TestProtocol::severalFramesInOneChunk()
{
    FrameDecoder decoder;
    QByteArray wire;
    for (int i = 1; i <= 50; ++i)
        wire += FrameDecoder::encode(QByteArray(i, char('a' + i % 26)));
    decoder.append(wire);
    for (int i = 1; i <= 50; ++i) {
        auto f = decoder.next();
        QVERIFY(f.ok() && f->has_value());
        QCOMPARE((*f)->size(), i);
    }
    QVERIFY(!decoder.next()->has_value());
}

void TestProtocol::oversizedFrameIsRefused()
{
    FrameDecoder decoder;
    QByteArray header(4, 0);
    qToBigEndian<quint32>(quint32(Protocol::kMaxFrameBytes + 1), header.data());
    decoder.append(header);
    auto f = decoder.next();
    QVERIFY(!f.ok());
    QVERIFY2(f.error().contains(QLatin1String("exceeds")), qPrintable(f.error()));

    // Exactly at the limit is fine.
    FrameDecoder ok;
    ok.append(FrameDecoder::encode(QByteArray(Protocol::kMaxFrameBytes, 'a')));
    auto g = ok.next();
    QVERIFY(g.ok() && g->has_value());
}

void TestProtocol::emptyFrameIsRefused()
{
    FrameDecoder decoder;
    decoder.append(QByteArray(4, 0));
    QVERIFY(!decoder.next().ok());
}

void TestProtocol::truncatedFrameIsPending()
{
    FrameDecoder decoder;
    decoder.append(FrameDecoder::encode(QByteArray(100, 'z')).left(50));
    auto f = decoder.next();
    QVERIFY(f.ok() && !f->has_value());
    QCOMPARE(decoder.pendingBytes(), 50);
}

void TestProtocol::messageRoundTrip_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<QCborMap>("body");
    QTest::addColumn<qint64>("id");

    QCborMap hello;
    hello[QStringLiteral("protocol")] = 1;
    hello[QStringLiteral("software")] = QStringLiteral("0.1.0");
    hello[QStringLiteral("node_id")] = QStringLiteral("n1");
    hello[QStringLiteral("role")] = QStringLiteral("agent");
    QTest::newRow("hello") << int(Message::Type::Hello) << hello << qint64(0);
    QCborMap topics;
    topics[QStringLiteral("topics")] = QCborArray{QStringLiteral("telemetry")};
    QTest::newRow("subscribe") << int(Message::Type::Subscribe) << topics << qint64(7);
    QTest::newRow("unsubscribe") << int(Message::Type::Unsubscribe) << topics << qint64(8);
    QTest::newRow("host_info") << int(Message::Type::HostInfo) << QCborMap() << qint64(9);
    QCborMap telemetry;
    telemetry[QStringLiteral("time")] = 1234;
    telemetry[QStringLiteral("devices")] = QCborArray{};
    QTest::newRow("telemetry") << int(Message::Type::Telemetry) << telemetry << qint64(0);
    QCborMap run;
    run[QStringLiteral("run_id")] = QStringLiteral("r1");
    QTest::newRow("stop_run") << int(Message::Type::StopRun) << run << qint64(10);
    QTest::newRow("list_runs") << int(Message::Type::ListRuns) << QCborMap() << qint64(11);
}

void TestProtocol::messageRoundTrip()
{
    QFETCH(int, type);
    QFETCH(QCborMap, body);
    QFETCH(qint64, id);
    const Message original(Message::Type(type), body, id);
    auto decoded = Message::decode(original.encode());
    QVERIFY2(decoded.ok(), qPrintable(decoded.error()));
    QCOMPARE(decoded->type(), original.type());
    QCOMPARE(decoded->id(), id);
    QCOMPARE(decoded->body(), body);
}

void TestProtocol::malformedMessage_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("expected");

    auto cbor = [](const QCborMap &m) { return m.toCborValue().toCbor(); };
    QTest::newRow("garbage") << QByteArray("\xff\xfe\x00garbage", 10) << QStringLiteral("CBOR");
    QTest::newRow("not a map") << QCborValue(QCborArray{1, 2}).toCbor() << QStringLiteral("not a CBOR map");
    QTest::newRow("no type") << cbor(QCborMap{{QStringLiteral("b"), QCborMap()}})
                             << QStringLiteral("no type");
    QTest::newRow("type not a string")
        << cbor(QCborMap{{QStringLiteral("t"), 5}}) << QStringLiteral("no type");
    QTest::newRow("unknown type") << cbor(QCborMap{{QStringLiteral("t"), QStringLiteral("format_disk")}})
                                  << QStringLiteral("unknown message type");
    QTest::newRow("request without id") << cbor(QCborMap{{QStringLiteral("t"), QStringLiteral("host_info")}})
                                        << QStringLiteral("no request id");
    QTest::newRow("id not an integer") << cbor(QCborMap{{QStringLiteral("t"), QStringLiteral("host_info")},
                                                        {QStringLiteral("id"), QStringLiteral("x")}})
                                       << QStringLiteral("not an integer");
    QTest::newRow("body not a map") << cbor(QCborMap{{QStringLiteral("t"), QStringLiteral("telemetry")},
                                                     {QStringLiteral("b"), 3}})
                                    << QStringLiteral("not a map");
    QTest::newRow("missing field") << cbor(QCborMap{
                                          {QStringLiteral("t"), QStringLiteral("hello")},
                                          {QStringLiteral("b"), QCborMap{{QStringLiteral("protocol"), 1}}}})
                                   << QStringLiteral("lacks the field");
    QTest::newRow("wrong field type")
        << cbor(QCborMap{
               {QStringLiteral("t"), QStringLiteral("subscribe")},
               {QStringLiteral("id"), 1},
               {QStringLiteral("b"), QCborMap{{QStringLiteral("topics"), QStringLiteral("telemetry")}}}})
        << QStringLiteral("wrong type");
    QTest::newRow("truncated cbor") << cbor(QCborMap{{QStringLiteral("t"), QStringLiteral("hello")}}).left(5)
                                    << QStringLiteral("CBOR");
}

void TestProtocol::malformedMessage()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, expected);
    auto decoded = Message::decode(payload);
    QVERIFY(!decoded.ok());
    QVERIFY2(decoded.error().contains(expected), qPrintable(decoded.error()));
}

void TestProtocol::replyAndErrorCarryRequestId()
{
    auto reply = Message::decode(Message::reply(42, QCborMap{{QStringLiteral("x"), 1}}).encode());
    QVERIFY(reply.ok());
    QCOMPARE(reply->type(), Message::Type::Reply);
    QCOMPARE(reply->replyTo(), 42);
    auto error =
        Message::decode(Message::error(43, QStringLiteral("invalid"), QStringLiteral("bad")).encode());
    QVERIFY(error.ok());
    QCOMPARE(error->type(), Message::Type::Error);
    QCOMPARE(error->replyTo(), 43);
    QCOMPARE(error->body().value(QStringLiteral("message")).toString(), QStringLiteral("bad"));
}

void TestProtocol::beaconRoundTrip()
{
    Beacon b;
    b.nodeId = QStringLiteral("node-1");
    b.hostname = QStringLiteral("gpu-box");
    b.name = QStringLiteral("RTX box");
    b.controlPort = 45455;
    b.agentVersion = QStringLiteral("0.1.0");
    b.fingerprint = QString(64, QLatin1Char('a'));
    b.intervalMs = 2000;
    b.devices = {{QStringLiteral("RTX 3090"), QStringLiteral("gpu")}};
    auto d = Beacon::decode(b.encode());
    QVERIFY2(d.ok(), qPrintable(d.error()));
    QCOMPARE(d->nodeId, b.nodeId);
    QCOMPARE(d->controlPort, b.controlPort);
    QCOMPARE(d->fingerprint, b.fingerprint);
    QCOMPARE(d->devices.size(), 1);
    QCOMPARE(d->devices.first().name, QStringLiteral("RTX 3090"));
    auto q = Beacon::decode(Beacon::query().encode());
    QVERIFY(q.ok());
    QCOMPARE(q->kind, Beacon::Kind::Query);
}

void TestProtocol::beaconRejectsForeignData()
{
    QVERIFY(!Beacon::decode(QByteArray("M-SEARCH * HTTP/1.1")).ok());
    QVERIFY(!Beacon::decode(QByteArray(9000, 'a')).ok());
    Beacon noFingerprint;
    noFingerprint.nodeId = QStringLiteral("n");
    noFingerprint.controlPort = 1;
    QVERIFY(!Beacon::decode(noFingerprint.encode()).ok());
    // Node ids are shown, stored and put in advice a user copies into a shell: only [A-Za-z0-9._-]{1,64}.
    Beacon good;
    good.nodeId = QStringLiteral("0f9c2b1e-7d4a-4b8e-9a51-3c2f7e6d1a20");
    good.controlPort = 45455;
    good.fingerprint = QString(64, QLatin1Char('a'));
    QVERIFY(Beacon::decode(good.encode()).ok());
    for (const QString &bad :
         QStringList{QStringLiteral("a;curl x|sh #"), QStringLiteral("id\n2"), QString(65, QLatin1Char('a')),
                     QStringLiteral("box ") + QChar(0x202E), QStringLiteral("\x1b[2J")}) {
        Beacon forged = good;
        forged.nodeId = bad;
        QVERIFY2(!Beacon::decode(forged.encode()).ok(), qPrintable(bad));
    }
}

void TestProtocol::numbersThatAreNotNumbers()
{
    // Regression (found by fuzz_beacon): a NaN where a port or version is expected
    // made QCborValue::toInteger() cast NaN to an integer, which is undefined.
    for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity(), 1e300, 45455.5}) {
        QCborMap m;
        m[QStringLiteral("magic")] = QStringLiteral("hamgam");
        m[QStringLiteral("v")] = 1;
        m[QStringLiteral("kind")] = QStringLiteral("announce");
        m[QStringLiteral("node_id")] = QStringLiteral("n");
        m[QStringLiteral("fingerprint")] = QString(64, QLatin1Char('a'));
        m[QStringLiteral("port")] = bad;
        m[QStringLiteral("interval_ms")] = bad;
        QVERIFY(!Beacon::decode(m.toCborValue().toCbor()).ok());
        m[QStringLiteral("port")] = 45455;
        auto b = Beacon::decode(m.toCborValue().toCbor());
        QVERIFY(b.ok());
        QCOMPARE(b->intervalMs, 2000); // the default when the interval is not a whole number
        m[QStringLiteral("v")] = bad;
        QVERIFY(!Beacon::decode(m.toCborValue().toCbor()).ok());
    }
    // Telemetry with nonsense numbers decodes to defaults, never to garbage.
    QCborMap device{{QStringLiteral("name"), QStringLiteral("gpu")},
                    {QStringLiteral("kind"), QStringLiteral("gpu")},
                    {QStringLiteral("index"), std::nan("")},
                    {QStringLiteral("mem_used"), 1e300}};
    auto d = DeviceSample::fromCbor(device);
    QVERIFY(d.ok());
    QCOMPARE(d->index, 0);
    QCOMPARE(d->memoryUsed, 0);
}

// A port picked for a later listener lies where no outgoing connection of any
// process can take it first (the CI failure of stop 26: a worker's rendezvous
// port, picked by binding port 0, taken by Gloo's pairs of another test).
void TestProtocol::rendezvousPortIsOutsideTheEphemeralRange()
{
    using Range = RendezvousPort::Range;
    const Range usual = RendezvousPort::ephemeralRange("32768\t60999\n");
    QCOMPARE(usual.first, quint16(32768));
    QCOMPARE(usual.last, quint16(60999));
    // Unreadable or nonsense: Linux's default.
    for (const QByteArray &bad :
         {QByteArray(), QByteArray("x y"), QByteArray("60999 32768"), QByteArray("0 99999")}) {
        const Range r = RendezvousPort::ephemeralRange(bad);
        QCOMPARE(r.first, quint16(32768));
        QCOMPARE(r.last, quint16(60999));
    }
    const Range below = RendezvousPort::drawRange(usual);
    QCOMPARE(below.first, quint16(20000));
    QCOMPARE(below.last, quint16(32767));
    // An ephemeral range low in the space: the draw goes above it.
    const Range above = RendezvousPort::drawRange({1024, 40000});
    QCOMPARE(above.first, quint16(40001));
    QCOMPARE(above.last, quint16(65535));
    // All of it ephemeral: nothing to draw from (pick() then asks the kernel).
    const Range none = RendezvousPort::drawRange({1024, 65535});
    QVERIFY(none.first > none.last);

    QFile file(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    const QByteArray text = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    const Range ephemeral = RendezvousPort::ephemeralRange(text);
    const Range draw = RendezvousPort::drawRange(ephemeral);
    if (draw.first > draw.last)
        QSKIP("this machine's ephemeral range covers every port above 20000");
    for (int i = 0; i < 20; ++i) {
        const quint16 port = RendezvousPort::pick(QHostAddress::LocalHost);
        QVERIFY2(port >= draw.first && port <= draw.last, qPrintable(QString::number(port)));
        QVERIFY(port < ephemeral.first || port > ephemeral.last);
        // It is free: a listener can take it.
        QTcpServer server;
        QVERIFY2(server.listen(QHostAddress::LocalHost, port), qPrintable(server.errorString()));
    }
}

QTEST_APPLESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
