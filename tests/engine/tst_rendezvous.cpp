// The rendezvous store's server and client without workers (issue #17): every
// c10d::Store operation, waits answered when a key appears, and what a client
// without the run's secret meets: a wrong key, a forged, replayed or oversized
// frame, silence, half a request, a crowd of unauthenticated connections.
#include "logger.h"
#include "rendezvouschannel.h"
#include "rendezvousmessage.h"
#include "rendezvousserver.h"
#include "rendezvousstore.h"

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <netinet/in.h>
#include <poll.h>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace hamgam::engine;
using namespace std::chrono_literals;

namespace {

std::vector<uint8_t> bytes(const std::string &s)
{
    return std::vector<uint8_t>(s.begin(), s.end());
}

std::string text(const std::vector<uint8_t> &v)
{
    return std::string(v.begin(), v.end());
}

// A bare TCP client for the attacks: raw bytes, bounded reads.
class RawClient
{
public:
    explicit RawClient(int port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        m_connected = ::connect(m_fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    }
    ~RawClient() { ::close(m_fd); }
    bool connected() const { return m_connected; }
    bool send(const std::string &data)
    {
        return ::send(m_fd, data.data(), data.size(), MSG_NOSIGNAL) == ssize_t(data.size());
    }
    /// Up to n bytes, fewer if the server closes or the time runs out.
    std::string receive(std::size_t n, int timeoutMs)
    {
        std::string out;
        QElapsedTimer t;
        t.start();
        while (out.size() < n && t.elapsed() < timeoutMs) {
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, int(std::max<qint64>(1, timeoutMs - t.elapsed()))) <= 0)
                break;
            char buffer[4096];
            const ssize_t got = ::recv(m_fd, buffer, std::min(sizeof buffer, n - out.size()), 0);
            if (got <= 0) {
                m_closed = true;
                break;
            }
            out.append(buffer, std::size_t(got));
        }
        return out;
    }
    /// True when the server closes the connection within the time (what arrives before is dropped).
    bool closedWithin(int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        while (!m_closed && t.elapsed() < timeoutMs)
            receive(1 << 16, int(timeoutMs - t.elapsed()));
        return m_closed;
    }

    /// Hello, challenge, proof, welcome, with `secret`; the channel for what follows.
    std::unique_ptr<RendezvousChannel> handshake(const std::string &secret, bool expectWelcome = true)
    {
        const std::string nonce = RendezvousChannel::randomBytes(RendezvousChannel::kNonceBytes);
        if (!send(RendezvousChannel::hello(nonce)))
            return {};
        const std::string challenge = receive(RendezvousChannel::kChallengeBytes, 3000);
        if (challenge.size() != RendezvousChannel::kChallengeBytes)
            return {};
        auto channel = std::make_unique<RendezvousChannel>(
            RendezvousChannel::Role::Client, secret, nonce,
            challenge.substr(RendezvousChannel::kMagicBytes, RendezvousChannel::kNonceBytes));
        send(channel->ownProof());
        if (expectWelcome) {
            std::string buffer = receive(4 + RendezvousChannel::kMacBytes, 3000);
            std::string payload;
            if (channel->open(buffer, payload) != RendezvousChannel::Read::Frame)
                return {};
        }
        return channel;
    }

private:
    int m_fd = -1;
    bool m_connected = false;
    bool m_closed = false;
};

std::string setRequest(const std::string &key, const std::string &value)
{
    return RendezvousMessage().u8(uint8_t(RendezvousMessage::Op::Set)).bytes(key).bytes(value).data();
}

} // namespace

class TestRendezvous : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void storeOperations();
    void getWaitsForAKeySetLater();
    void waitsAreBoundedByTheTimeout();
    void clientRetriesUntilTheServerStarts();
    void unreachableServerFailsWithinTheTimeout();
    void cloneIsAConnectionToTheSameStore();
    void cloneOfAGoneServerFailsWithinTheTimeout();
    void wrongSecretIsRefused();
    void tamperedFrameClosesTheConnection();
    void replayedFrameClosesTheConnection();
    void oversizedFrameClosesTheConnection();
    void silentClientIsDroppedAtTheDeadline();
    void halfRequestsStallNobody();
    void unauthenticatedCrowdDoesNotLockOut();
    void manyConcurrentClients();
    void bindsToTheMasterAddress();
    void secretFile();

private:
    std::unique_ptr<RendezvousServer> startServer(std::chrono::milliseconds authDeadline = 5000ms,
                                                  std::size_t maxPending = 64,
                                                  const std::string &host = "127.0.0.1");
    c10::intrusive_ptr<RendezvousStore> client(std::chrono::milliseconds timeout = 5000ms);

    std::string m_secret;
    std::unique_ptr<RendezvousServer> m_server;
};

void TestRendezvous::init()
{
    m_secret = RendezvousChannel::randomBytes(RendezvousChannel::kSecretBytes);
    m_server = startServer();
    QVERIFY(m_server);
}

void TestRendezvous::cleanup()
{
    m_server.reset();
}

std::unique_ptr<RendezvousServer> TestRendezvous::startServer(std::chrono::milliseconds authDeadline,
                                                              std::size_t maxPending, const std::string &host)
{
    RendezvousServer::Options o;
    o.host = host;
    o.port = 0;
    o.secret = m_secret;
    o.authDeadline = authDeadline;
    o.maxPending = maxPending;
    auto server = RendezvousServer::start(o, nullptr);
    if (!server) {
        qWarning("%s", server.error().message.c_str());
        return {};
    }
    return std::move(*server);
}

c10::intrusive_ptr<RendezvousStore> TestRendezvous::client(std::chrono::milliseconds timeout)
{
    auto store = RendezvousStore::connect("127.0.0.1", m_server->port(), m_secret, timeout);
    if (!store) {
        qWarning("%s", store.error().message.c_str());
        return {};
    }
    return *store;
}

void TestRendezvous::storeOperations()
{
    auto a = client();
    auto b = client();
    QVERIFY(a && b);
    a->set("k", bytes("v1"));
    QCOMPARE(text(b->get("k")), std::string("v1"));
    QCOMPARE(b->getNumKeys(), int64_t(1));
    QVERIFY(b->check({"k"}));
    QVERIFY(!b->check({"k", "missing"}));

    QCOMPARE(a->add("n", 5), int64_t(5));
    QCOMPARE(b->add("n", -2), int64_t(3));
    QCOMPARE(text(a->get("n")), std::string("3"));                // kept as text, as TCPStore does
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, a->add("k", 1)); // "v1" is not a number

    // compareSet: swaps only on a match; a missing key is created only from "".
    QCOMPARE(text(a->compareSet("k", bytes("wrong"), bytes("v2"))), std::string("v1"));
    QCOMPARE(text(a->compareSet("k", bytes("v1"), bytes("v2"))), std::string("v2"));
    QCOMPARE(text(b->compareSet("new", bytes("x"), bytes("y"))), std::string("x"));
    QVERIFY(!b->check({"new"}));
    QCOMPARE(text(b->compareSet("new", {}, bytes("y"))), std::string("y"));
    QCOMPARE(text(a->get("new")), std::string("y"));

    QVERIFY(a->deleteKey("new"));
    QVERIFY(!a->deleteKey("new"));
    QVERIFY(!b->check({"new"}));
    QCOMPARE(b->getNumKeys(), int64_t(2)); // k, n

    // Values of any bytes, a large one too.
    std::string big(3 << 20, '\0');
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = char(i * 7);
    a->set("big", bytes(big));
    QVERIFY(text(b->get("big")) == big);
    QVERIFY(m_server->refusedConnections() == 0);
}

void TestRendezvous::getWaitsForAKeySetLater()
{
    auto a = client();
    auto b = client();
    QVERIFY(a && b);
    std::string got;
    QElapsedTimer t;
    t.start();
    std::thread reader([&] { got = text(a->get("later")); });
    std::thread waiter([&] { b->wait({"later", "too"}); });
    std::this_thread::sleep_for(300ms);
    // Meanwhile the server answers others: a waiting client blocks nobody.
    auto c = client();
    QVERIFY(c);
    c->set("too", bytes("1"));
    QCOMPARE(c->getNumKeys(), int64_t(1));
    c->set("later", bytes("now"));
    reader.join();
    waiter.join();
    QCOMPARE(got, std::string("now"));
    QVERIFY(t.elapsed() >= 250);
}

void TestRendezvous::waitsAreBoundedByTheTimeout()
{
    auto a = client(600ms);
    QVERIFY(a);
    QElapsedTimer t;
    t.start();
    try {
        a->wait({"never"}, 300ms);
        QFAIL("wait returned");
    } catch (const std::runtime_error &e) {
        QVERIFY2(std::string(e.what()).find("timed out") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find("never") != std::string::npos, e.what());
    }
    QVERIFY(t.elapsed() >= 250 && t.elapsed() < 3000);
    // get() waits up to the store's timeout.
    t.restart();
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, a->get("never"));
    QVERIFY(t.elapsed() >= 500 && t.elapsed() < 4000);
    // The connection is still in step afterwards.
    a->set("after", bytes("ok"));
    QCOMPARE(text(a->get("after")), std::string("ok"));
}

void TestRendezvous::clientRetriesUntilTheServerStarts()
{
    const int port = m_server->port();
    m_server.reset();
    std::string value;
    std::thread late([&] {
        auto store = RendezvousStore::connect("127.0.0.1", port, m_secret, 10000ms);
        if (store)
            value = text((*store)->get("hello"));
    });
    std::this_thread::sleep_for(700ms);
    RendezvousServer::Options o;
    o.host = "127.0.0.1";
    o.port = port;
    o.secret = m_secret;
    auto server = RendezvousServer::start(o, nullptr);
    QVERIFY2(server, server ? "" : server.error().message.c_str());
    m_server = std::move(*server);
    auto a = client();
    QVERIFY(a);
    a->set("hello", bytes("world"));
    late.join();
    QCOMPARE(value, std::string("world"));
}

void TestRendezvous::unreachableServerFailsWithinTheTimeout()
{
    const int port = m_server->port();
    m_server.reset();
    QElapsedTimer t;
    t.start();
    auto store = RendezvousStore::connect("127.0.0.1", port, m_secret, 800ms);
    QVERIFY(!store);
    QCOMPARE(store.error().kind, ErrorKind::Communication);
    QVERIFY2(store.error().message.find("no connection within") != std::string::npos,
             store.error().message.c_str());
    QVERIFY(t.elapsed() < 3000);
}

void TestRendezvous::cloneIsAConnectionToTheSameStore()
{
    // c10d (2.8 on) clones a store for other threads: a connection of its own,
    // authenticated with the same secret, over the same keys.
    auto a = client(1500ms);
    QVERIFY(a);
    c10::intrusive_ptr<c10d::Store> b = a->clone();
    QVERIFY(b);
    QVERIFY(b.get() != a.get());
    QCOMPARE(b->getTimeout(), std::chrono::milliseconds(1500));
    b->set("from clone", bytes("1"));
    QCOMPARE(text(a->get("from clone")), std::string("1"));
    a->set("from original", bytes("2"));
    QCOMPARE(text(b->get("from original")), std::string("2"));
    QCOMPARE(b->add("n", 3), int64_t(3));
    QCOMPARE(a->add("n", 4), int64_t(7));
    // Each waits on its own connection: a waiting original blocks not its clone.
    std::string got;
    std::thread reader([&] { got = text(a->get("later")); });
    std::this_thread::sleep_for(100ms);
    b->set("later", bytes("now"));
    reader.join();
    QCOMPARE(got, std::string("now"));
    // The clone outlives the original.
    a.reset();
    QCOMPARE(b->getNumKeys(), int64_t(4));
    QCOMPARE(m_server->refusedConnections(), std::size_t(0));
}

void TestRendezvous::cloneOfAGoneServerFailsWithinTheTimeout()
{
    auto a = client(800ms);
    QVERIFY(a);
    m_server.reset();
    QElapsedTimer t;
    t.start();
    try {
        a->clone();
        QFAIL("clone() returned without a server");
    } catch (const std::runtime_error &e) {
        const std::string what = e.what();
        QVERIFY2(what.find("rendezvous store: cloning the connection") != std::string::npos, e.what());
        QVERIFY2(what.find("no connection within 0.8 s") != std::string::npos, e.what());
    }
    QVERIFY(t.elapsed() >= 500 && t.elapsed() < 3000);
}

void TestRendezvous::wrongSecretIsRefused()
{
    auto a = client();
    QVERIFY(a);
    a->set("member/0", bytes("{\"node\":0}"));
    const std::string wrong = RendezvousChannel::randomBytes(RendezvousChannel::kSecretBytes);

    // The real client notices that the server does not share its key, and says so.
    auto store = RendezvousStore::connect("127.0.0.1", m_server->port(), wrong, 3000ms);
    QVERIFY(!store);
    QVERIFY2(store.error().message.find("key") != std::string::npos, store.error().message.c_str());

    // A client that sends a proof made with another key gets no welcome and is closed.
    const std::size_t refusedBefore = m_server->refusedConnections();
    RawClient raw(m_server->port());
    QVERIFY(raw.connected());
    QVERIFY(!raw.handshake(wrong)); // no welcome frame
    QVERIFY(raw.closedWithin(3000));
    QTRY_VERIFY_WITH_TIMEOUT(m_server->refusedConnections() > refusedBefore, 3000);

    // It cannot even try a request: frames sealed with its key go nowhere.
    RawClient again(m_server->port());
    auto channel = again.handshake(wrong, false);
    QVERIFY(channel);
    again.send(
        channel->seal(RendezvousMessage().u8(uint8_t(RendezvousMessage::Op::Get)).bytes("member/0").data()));
    QVERIFY(again.closedWithin(3000));
    QCOMPARE(text(a->get("member/0")), std::string("{\"node\":0}"));
}

void TestRendezvous::tamperedFrameClosesTheConnection()
{
    RawClient raw(m_server->port());
    auto channel = raw.handshake(m_secret);
    QVERIFY(channel);
    std::string frame = channel->seal(setRequest("k", "forged"));
    frame[frame.size() / 2] ^= 1; // one bit, in the value
    raw.send(frame);
    QVERIFY(raw.closedWithin(3000));
    auto a = client();
    QVERIFY(a && !a->check({"k"}));
}

void TestRendezvous::replayedFrameClosesTheConnection()
{
    RawClient raw(m_server->port());
    auto channel = raw.handshake(m_secret);
    QVERIFY(channel);
    const std::string frame = channel->seal(setRequest("k", "once"));
    raw.send(frame);
    std::string reply = raw.receive(4 + 1 + RendezvousChannel::kMacBytes, 3000);
    std::string payload;
    QCOMPARE(channel->open(reply, payload), RendezvousChannel::Read::Frame);
    QCOMPARE(payload, std::string(1, '\0')); // Ok
    auto a = client();
    QVERIFY(a);
    a->set("k", bytes("changed"));

    // The same bytes again on the same connection (out of sequence) ...
    raw.send(frame);
    QVERIFY(raw.closedWithin(3000));
    // ... or on another connection (another key) change nothing.
    RawClient other(m_server->port());
    QVERIFY(other.handshake(m_secret));
    other.send(frame);
    QVERIFY(other.closedWithin(3000));
    QCOMPARE(text(a->get("k")), std::string("changed"));
}

void TestRendezvous::oversizedFrameClosesTheConnection()
{
    RawClient raw(m_server->port());
    QVERIFY(raw.handshake(m_secret));
    raw.send(std::string("\xff\xff\xff\xf0", 4)); // 4 GiB announced: refused before anything is buffered
    QVERIFY(raw.closedWithin(3000));
    // Before authentication, anything but the hello closes at once.
    RawClient garbage(m_server->port());
    garbage.send(std::string(1 << 20, 'x'));
    QVERIFY(garbage.closedWithin(3000));
    auto a = client();
    QVERIFY(a);
    a->set("fine", bytes("yes"));
}

void TestRendezvous::silentClientIsDroppedAtTheDeadline()
{
    m_server = startServer(600ms);
    QVERIFY(m_server);
    RawClient silent(m_server->port());
    RawClient partial(m_server->port());
    QVERIFY(silent.connected() && partial.connected());
    partial.send(RendezvousChannel::magic().substr(0, 4)); // a valid beginning, then nothing
    QElapsedTimer t;
    t.start();
    QVERIFY(silent.closedWithin(5000));
    QVERIFY(partial.closedWithin(5000));
    QVERIFY2(t.elapsed() >= 400 && t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
    QCOMPARE(m_server->refusedConnections(), std::size_t(2));
}

void TestRendezvous::halfRequestsStallNobody()
{
    // Half a request from clients authenticated or not, held open: others are served meanwhile.
    std::vector<std::unique_ptr<RawClient>> stallers;
    for (int i = 0; i < 8; ++i) {
        auto raw = std::make_unique<RawClient>(m_server->port());
        if (i % 2 == 0) {
            QVERIFY(raw->handshake(m_secret));
            raw->send(std::string("\0\0\0\x20", 4)); // a frame header, no frame
        } else {
            raw->send(RendezvousChannel::magic().substr(0, 4));
        }
        stallers.push_back(std::move(raw));
    }
    auto a = client(2000ms);
    QVERIFY(a);
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < 100; ++i)
        a->set("k" + std::to_string(i), bytes("v"));
    QCOMPARE(a->getNumKeys(), int64_t(100));
    QVERIFY(t.elapsed() < 2000);
}

void TestRendezvous::unauthenticatedCrowdDoesNotLockOut()
{
    m_server = startServer(5000ms, 8);
    QVERIFY(m_server);
    std::vector<std::unique_ptr<RawClient>> crowd;
    for (int i = 0; i < 50; ++i)
        crowd.push_back(std::make_unique<RawClient>(m_server->port()));
    auto a = client(3000ms);
    QVERIFY(a);
    a->set("in", bytes("yes"));
    // The oldest of the crowd were pushed out to make room.
    QTRY_VERIFY_WITH_TIMEOUT(m_server->refusedConnections() >= 40, 3000);
}

void TestRendezvous::manyConcurrentClients()
{
    constexpr int clients = 24;
    constexpr int adds = 40;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            try {
                auto store = RendezvousStore::connect("127.0.0.1", m_server->port(), m_secret, 10000ms);
                if (!store) {
                    ++failures;
                    return;
                }
                (*store)->set("client/" + std::to_string(c), bytes(std::to_string(c)));
                for (int i = 0; i < adds; ++i)
                    (*store)->add("counter", 1);
                // Everyone waits for everyone: the waits are answered as the keys come.
                std::vector<std::string> all;
                for (int k = 0; k < clients; ++k)
                    all.push_back("client/" + std::to_string(k));
                (*store)->wait(all);
            } catch (const std::exception &) {
                ++failures;
            }
        });
    }
    for (auto &t : threads)
        t.join();
    QCOMPARE(failures.load(), 0);
    auto a = client();
    QVERIFY(a);
    QCOMPARE(text(a->get("counter")), std::to_string(clients * adds));
    QCOMPARE(a->getNumKeys(), int64_t(clients + 1));
    QCOMPARE(m_server->authenticatedConnections(), std::size_t(clients + 1));
}

void TestRendezvous::bindsToTheMasterAddress()
{
    QCOMPARE(m_server->boundAddress(), std::string("127.0.0.1"));
    // An address that is not this machine's (TEST-NET-1): every interface, and a warning that says so.
    std::FILE *log = std::tmpfile();
    QVERIFY(log);
    {
        Logger logger(0, Logger::Level::Info, log);
        RendezvousServer::Options o;
        o.host = "192.0.2.1";
        o.secret = m_secret;
        auto server = RendezvousServer::start(o, &logger);
        QVERIFY2(server, server ? "" : server.error().message.c_str());
        QVERIFY((*server)->boundAddress() == "::" || (*server)->boundAddress() == "0.0.0.0");
    }
    std::rewind(log);
    char line[1024] = {};
    const std::size_t n = std::fread(line, 1, sizeof line - 1, log);
    std::fclose(log);
    QVERIFY2(std::string(line, n).find("listens on every interface") != std::string::npos, line);
    // A name that does not resolve is an error that names it.
    RendezvousServer::Options bad;
    bad.host = "no-such-host.invalid";
    bad.secret = m_secret;
    auto failed = RendezvousServer::start(bad, nullptr);
    QVERIFY(!failed);
    QVERIFY(failed.error().message.find("no-such-host.invalid") != std::string::npos);
}

void TestRendezvous::secretFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rendezvous.key"));
    auto write = [&](const QByteArray &content, QFile::Permissions permissions) {
        QFile::remove(path);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        QVERIFY(f.setPermissions(permissions));
    };
    const QFile::Permissions owner = QFile::ReadOwner | QFile::WriteOwner;
    const std::string hex = RendezvousChannel::toHex(m_secret);
    write(QByteArray::fromStdString(hex) + '\n', owner);
    auto ok = RendezvousChannel::readSecretFile(path.toStdString());
    QVERIFY2(ok, ok ? "" : ok.error().message.c_str());
    QVERIFY(*ok == m_secret);

    write(QByteArray::fromStdString(hex), owner | QFile::ReadOther);
    auto shared = RendezvousChannel::readSecretFile(path.toStdString());
    QVERIFY(!shared);
    QVERIFY2(shared.error().message.find("chmod 600") != std::string::npos, shared.error().message.c_str());

    write("not a key", owner);
    auto garbage = RendezvousChannel::readSecretFile(path.toStdString());
    QVERIFY(!garbage);
    QVERIFY(garbage.error().message.find("64 hexadecimal digits") != std::string::npos);

    write(QByteArray::fromStdString(hex.substr(2)), owner); // 31 bytes
    QVERIFY(!RendezvousChannel::readSecretFile(path.toStdString()));

    auto missing = RendezvousChannel::readSecretFile(dir.filePath(QStringLiteral("none")).toStdString());
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, ErrorKind::Usage);

    // A link planted in the key's place is not followed.
    write(QByteArray::fromStdString(hex), owner);
    const QString link = dir.filePath(QStringLiteral("link.key"));
    QVERIFY(QFile::link(path, link));
    QVERIFY(!RendezvousChannel::readSecretFile(link.toStdString()));
}

QTEST_GUILESS_MAIN(TestRendezvous)
#include "tst_rendezvous.moc"
