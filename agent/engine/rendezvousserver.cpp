#include "rendezvousserver.h"

#include "logger.h"
#include "rendezvouschannel.h"
#include "rendezvousmessage.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace hamgam::engine {

using Clock = std::chrono::steady_clock;
using Message = RendezvousMessage;

struct RendezvousServer::Connection
{
    enum class Stage
    {
        Hello, ///< waiting for the client's magic and nonce
        Proof, ///< challenge sent, waiting for the client's proof
        Ready, ///< authenticated: sealed requests
    };
    int fd = -1;
    Stage stage = Stage::Hello;
    std::string peer;
    std::string in;
    std::string out;
    Clock::time_point authDeadline;
    std::unique_ptr<RendezvousChannel> channel;
    bool waiting = false;
    std::vector<std::string> waitKeys;
    Clock::time_point waitDeadline;
    bool closed = false;

    bool pending() const { return !closed && stage != Stage::Ready; }
};

namespace {

std::string addressText(const sockaddr *addr)
{
    char text[INET6_ADDRSTRLEN] = {};
    if (addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(addr)->sin_addr, text, sizeof text);
    else if (addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(addr)->sin6_addr, text, sizeof text);
    return text;
}

// A listening socket on addr, or −errno.
int bindTo(const sockaddr *addr, socklen_t length, bool dualStack)
{
    const int fd = ::socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -errno;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (addr->sa_family == AF_INET6) {
        const int v6only = dualStack ? 0 : 1;
        ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, sizeof v6only);
    }
    if (::bind(fd, addr, length) != 0 || ::listen(fd, 128) != 0) {
        const int error = errno;
        ::close(fd);
        return -error;
    }
    return fd;
}

bool parseInt64(const std::string &text, std::int64_t &value)
{
    const char *end = text.data() + text.size();
    const auto r = std::from_chars(text.data(), end, value);
    return r.ec == std::errc() && r.ptr == end && !text.empty();
}

} // namespace

RendezvousServer::RendezvousServer(Options options, Logger *logger)
    : m_options(std::move(options))
    , m_logger(logger)
{}

Result<std::unique_ptr<RendezvousServer>> RendezvousServer::start(Options options, Logger *logger)
{
    using R = Result<std::unique_ptr<RendezvousServer>>;
    if (options.secret.size() != RendezvousChannel::kSecretBytes)
        return R::failure(ErrorKind::Internal, "the rendezvous server needs the run's 32-byte key");
    std::unique_ptr<RendezvousServer> server(new RendezvousServer(std::move(options), logger));
    if (Status s = server->listen(); !s)
        return s.error();
    if (::pipe2(server->m_wakeFds, O_CLOEXEC | O_NONBLOCK) != 0)
        return R::failure(ErrorKind::Communication,
                          std::string("rendezvous server: cannot create a pipe: ") + std::strerror(errno));
    server->m_thread = std::thread([s = server.get()] { s->loop(); });
    return R(std::move(server));
}

RendezvousServer::~RendezvousServer()
{
    m_stop = true;
    if (m_wakeFds[1] >= 0) {
        const char byte = 0;
        [[maybe_unused]] const ssize_t n = ::write(m_wakeFds[1], &byte, 1);
    }
    if (m_thread.joinable())
        m_thread.join();
    for (auto &c : m_connections) {
        if (!c->closed)
            ::close(c->fd);
    }
    for (const int fd : {m_listenFd, m_wakeFds[0], m_wakeFds[1]}) {
        if (fd >= 0)
            ::close(fd);
    }
    std::fill(m_options.secret.begin(), m_options.secret.end(), '\0');
}

Status RendezvousServer::listen()
{
    const std::string port = std::to_string(m_options.port);
    int lastError = 0;
    bool onlyNotLocal = true;
    if (!m_options.host.empty()) {
        // Only the address the master's name resolves to: the interface the
        // other workers reach, not every interface of this machine.
        addrinfo hints{};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        hints.ai_flags = AI_NUMERICSERV;
        addrinfo *found = nullptr;
        if (const int rc = ::getaddrinfo(m_options.host.c_str(), port.c_str(), &hints, &found); rc != 0)
            return Status::failure(ErrorKind::Communication, "cannot resolve the master host " +
                                                                 m_options.host + ": " + ::gai_strerror(rc));
        for (addrinfo *ai = found; ai && m_listenFd < 0; ai = ai->ai_next) {
            const int fd = bindTo(ai->ai_addr, ai->ai_addrlen, false);
            if (fd >= 0) {
                m_listenFd = fd;
            } else {
                lastError = -fd;
                onlyNotLocal = onlyNotLocal && lastError == EADDRNOTAVAIL;
            }
        }
        ::freeaddrinfo(found);
        if (m_listenFd < 0 && !onlyNotLocal)
            return Status::failure(ErrorKind::Communication, "cannot serve the rendezvous store on port " +
                                                                 port + " of " + m_options.host + ": " +
                                                                 std::strerror(lastError));
        if (m_listenFd < 0 && m_logger)
            m_logger->warning("the master address " + m_options.host +
                              " is not an address of this machine (a NAT or a proxy in between?): the "
                              "rendezvous store listens on every interface");
    }
    if (m_listenFd < 0) {
        // Every interface: IPv6 with IPv4 mapped, else IPv4 alone.
        sockaddr_in6 any6{};
        any6.sin6_family = AF_INET6;
        any6.sin6_addr = in6addr_any;
        any6.sin6_port = htons(static_cast<std::uint16_t>(m_options.port));
        int fd = bindTo(reinterpret_cast<const sockaddr *>(&any6), sizeof any6, true);
        if (fd < 0) {
            sockaddr_in any4{};
            any4.sin_family = AF_INET;
            any4.sin_addr.s_addr = htonl(INADDR_ANY);
            any4.sin_port = htons(static_cast<std::uint16_t>(m_options.port));
            fd = bindTo(reinterpret_cast<const sockaddr *>(&any4), sizeof any4, false);
        }
        if (fd < 0)
            return Status::failure(ErrorKind::Communication, "cannot serve the rendezvous store on port " +
                                                                 port + ": " + std::strerror(-fd));
        m_listenFd = fd;
    }
    sockaddr_storage local{};
    socklen_t length = sizeof local;
    ::getsockname(m_listenFd, reinterpret_cast<sockaddr *>(&local), &length);
    m_boundAddress = addressText(reinterpret_cast<const sockaddr *>(&local));
    m_port = local.ss_family == AF_INET ? ntohs(reinterpret_cast<sockaddr_in *>(&local)->sin_port)
                                        : ntohs(reinterpret_cast<sockaddr_in6 *>(&local)->sin6_port);
    return {};
}

void RendezvousServer::loop()
{
    std::vector<pollfd> fds;
    while (!m_stop) {
        // Sleep until the next deadline (an authentication or a wait), at most a second.
        const auto now = Clock::now();
        auto next = now + std::chrono::seconds(1);
        for (const auto &c : m_connections) {
            if (c->pending())
                next = std::min(next, c->authDeadline);
            if (c->waiting)
                next = std::min(next, c->waitDeadline);
        }
        const auto timeout = std::max<std::int64_t>(
            0, std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1);
        fds.clear();
        fds.push_back({m_wakeFds[0], POLLIN, 0});
        fds.push_back({m_listenFd, POLLIN, 0});
        for (const auto &c : m_connections)
            fds.push_back({c->fd, static_cast<short>(POLLIN | (c->out.empty() ? 0 : POLLOUT)), 0});
        if (::poll(fds.data(), fds.size(), static_cast<int>(timeout)) < 0 && errno != EINTR)
            break;
        if (m_stop)
            break;
        // Connections accepted now are polled from the next round; those polled are at the front.
        const std::size_t polled = fds.size() - 2;
        for (std::size_t i = 0; i < polled; ++i) {
            Connection &c = *m_connections[i];
            const short events = fds[i + 2].revents;
            if (c.closed || events == 0)
                continue;
            if (events & POLLOUT)
                flush(c);
            if (!c.closed && (events & (POLLIN | POLLHUP | POLLERR)))
                receive(c);
        }
        if (fds[1].revents & POLLIN)
            accept();

        const auto after = Clock::now();
        for (auto &c : m_connections) {
            if (c->pending() && after >= c->authDeadline) {
                refuse(*c,
                       "no authentication within " + std::to_string(m_options.authDeadline.count()) + " ms");
            } else if (!c->closed && c->waiting && after >= c->waitDeadline) {
                c->waiting = false;
                reply(*c, Message().u8(static_cast<std::uint8_t>(Message::Reply::TimedOut)));
            }
            // A released wait may have requests queued behind it.
            if (!c->closed && c->stage == Connection::Stage::Ready && !c->waiting && !c->in.empty())
                process(*c);
        }
        m_connections.erase(std::remove_if(m_connections.begin(), m_connections.end(),
                                           [](const auto &c) { return c->closed; }),
                            m_connections.end());
    }
}

void RendezvousServer::accept()
{
    for (;;) {
        sockaddr_storage addr{};
        socklen_t length = sizeof addr;
        const int fd =
            ::accept4(m_listenFd, reinterpret_cast<sockaddr *>(&addr), &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            return; // EAGAIN, or out of descriptors until some close
        }
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        // Bounded unauthenticated connections: a newcomer pushes out the oldest
        // pending one, whatever its step (the hello is public, so being past it
        // earns nothing), so a flood cannot keep the run's workers out for long.
        // A worker that was pushed out connects again within its timeout.
        std::size_t pending = 0;
        Connection *oldest = nullptr;
        for (auto &c : m_connections) {
            if (!c->pending())
                continue;
            ++pending;
            if (!oldest)
                oldest = c.get(); // m_connections is in order of arrival
        }
        if (pending >= m_options.maxPending && oldest)
            refuse(*oldest, "too many unauthenticated connections");
        auto c = std::make_unique<Connection>();
        c->fd = fd;
        c->peer = addressText(reinterpret_cast<const sockaddr *>(&addr));
        c->authDeadline = Clock::now() + m_options.authDeadline;
        m_connections.push_back(std::move(c));
    }
}

void RendezvousServer::receive(Connection &c)
{
    char buffer[64 * 1024];
    while (!c.closed) {
        // Before authentication, read no more than the step needs: nothing is
        // buffered for a client that has not proven itself.
        std::size_t want = sizeof buffer;
        if (c.stage == Connection::Stage::Hello)
            want = RendezvousChannel::kHelloBytes - c.in.size();
        else if (c.stage == Connection::Stage::Proof)
            want = RendezvousChannel::kProofBytes - c.in.size();
        const ssize_t n = ::recv(c.fd, buffer, want, 0);
        if (n > 0) {
            c.in.append(buffer, static_cast<std::size_t>(n));
            if (c.waiting && c.in.size() > RendezvousChannel::kMaxPayloadBytes + 64) {
                refuse(c, "too much sent during a wait");
                return;
            }
            if (!c.waiting)
                process(c);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        // The peer closed (or the connection broke): nothing to answer.
        ::close(c.fd);
        c.closed = true;
    }
}

void RendezvousServer::process(Connection &c)
{
    try {
        const std::string &magic = RendezvousChannel::magic();
        if (c.stage == Connection::Stage::Hello) {
            // Anything that is not our protocol is refused at its first bytes.
            const std::size_t prefix = std::min(c.in.size(), magic.size());
            if (c.in.compare(0, prefix, magic, 0, prefix) != 0) {
                refuse(c, "not a rendezvous client");
                return;
            }
            if (c.in.size() < RendezvousChannel::kHelloBytes)
                return;
            const std::string clientNonce = c.in.substr(magic.size(), RendezvousChannel::kNonceBytes);
            const std::string serverNonce = RendezvousChannel::randomBytes(RendezvousChannel::kNonceBytes);
            c.in.clear();
            c.channel = std::make_unique<RendezvousChannel>(RendezvousChannel::Role::Server, m_options.secret,
                                                            clientNonce, serverNonce);
            c.out += magic + serverNonce + c.channel->ownProof();
            c.stage = Connection::Stage::Proof;
            flush(c);
            return;
        }
        if (c.stage == Connection::Stage::Proof) {
            if (c.in.size() < RendezvousChannel::kProofBytes)
                return;
            if (!c.channel->verifyPeerProof(c.in.substr(0, RendezvousChannel::kProofBytes))) {
                refuse(c, "wrong key");
                return;
            }
            c.in.erase(0, RendezvousChannel::kProofBytes);
            c.stage = Connection::Stage::Ready;
            ++m_authenticated;
            c.out += c.channel->seal(std::string()); // the welcome: the client knows it was accepted
            flush(c);
        }
        while (!c.closed && !c.waiting) {
            std::string payload;
            const auto read = c.channel->open(c.in, payload);
            if (read == RendezvousChannel::Read::Incomplete)
                return;
            if (read == RendezvousChannel::Read::Bad) {
                refuse(c, "a frame that is too long or does not verify");
                return;
            }
            if (!handle(c, payload)) {
                refuse(c, "a malformed request");
                return;
            }
        }
    } catch (const std::exception &e) {
        refuse(c, e.what());
    }
}

bool RendezvousServer::hasAll(const std::vector<std::string> &keys) const
{
    return std::all_of(keys.begin(), keys.end(),
                       [this](const std::string &k) { return m_values.count(k) > 0; });
}

bool RendezvousServer::handle(Connection &c, const std::string &payload)
{
    Message m(payload);
    std::uint8_t op = 0;
    if (!m.readU8(op))
        return false;
    const auto ok = static_cast<std::uint8_t>(Message::Reply::Ok);
    std::string key;
    switch (static_cast<Message::Op>(op)) {
    case Message::Op::Set: {
        std::string value;
        if (!m.readBytes(key) || !m.readBytes(value) || !m.atEnd())
            return false;
        m_values[key] = std::move(value);
        reply(c, Message().u8(ok));
        releaseWaits();
        return true;
    }
    case Message::Op::Get: {
        if (!m.readBytes(key) || !m.atEnd())
            return false;
        const auto it = m_values.find(key);
        if (it == m_values.end())
            reply(c, Message().u8(static_cast<std::uint8_t>(Message::Reply::NotFound)));
        else
            reply(c, Message().u8(ok).bytes(it->second));
        return true;
    }
    case Message::Op::Add: {
        std::int64_t delta = 0;
        if (!m.readBytes(key) || !m.readI64(delta) || !m.atEnd())
            return false;
        std::int64_t value = 0;
        const auto it = m_values.find(key);
        if (it != m_values.end() && !parseInt64(it->second, value)) {
            reply(c, Message().u8(static_cast<std::uint8_t>(Message::Reply::Refused)));
            return true;
        }
        // As TCPStore: the counter is kept as decimal text, so get() reads it too.
        value =
            static_cast<std::int64_t>(static_cast<std::uint64_t>(value) + static_cast<std::uint64_t>(delta));
        m_values[key] = std::to_string(value);
        reply(c, Message().u8(ok).i64(value));
        releaseWaits();
        return true;
    }
    case Message::Op::CompareSet: {
        std::string expected;
        std::string desired;
        if (!m.readBytes(key) || !m.readBytes(expected) || !m.readBytes(desired) || !m.atEnd())
            return false;
        // TCPStore's semantics: a missing key is created only when `expected` is empty.
        const auto it = m_values.find(key);
        if (it == m_values.end()) {
            if (expected.empty()) {
                m_values[key] = desired;
                reply(c, Message().u8(ok).bytes(desired));
                releaseWaits();
            } else {
                reply(c, Message().u8(ok).bytes(expected));
            }
        } else {
            if (it->second == expected)
                it->second = desired;
            reply(c, Message().u8(ok).bytes(it->second));
            releaseWaits();
        }
        return true;
    }
    case Message::Op::DeleteKey: {
        if (!m.readBytes(key) || !m.atEnd())
            return false;
        reply(c, Message().u8(ok).u8(m_values.erase(key) > 0 ? 1 : 0));
        return true;
    }
    case Message::Op::Check: {
        std::vector<std::string> keys;
        if (!m.readList(keys) || !m.atEnd())
            return false;
        reply(c, Message().u8(ok).u8(hasAll(keys) ? 1 : 0));
        return true;
    }
    case Message::Op::NumKeys:
        if (!m.atEnd())
            return false;
        reply(c, Message().u8(ok).i64(static_cast<std::int64_t>(m_values.size())));
        return true;
    case Message::Op::Wait: {
        std::vector<std::string> keys;
        std::int64_t ms = 0;
        if (!m.readList(keys) || !m.readI64(ms) || !m.atEnd())
            return false;
        if (hasAll(keys)) {
            reply(c, Message().u8(ok));
            return true;
        }
        // Answered later, by releaseWaits() or at the deadline; the loop goes on meanwhile.
        c.waiting = true;
        c.waitKeys = std::move(keys);
        c.waitDeadline = Clock::now() + std::chrono::milliseconds(std::clamp<std::int64_t>(ms, 0, 86400000));
        return true;
    }
    }
    return false;
}

void RendezvousServer::releaseWaits()
{
    for (auto &c : m_connections) {
        if (!c->closed && c->waiting && hasAll(c->waitKeys)) {
            c->waiting = false;
            reply(*c, Message().u8(static_cast<std::uint8_t>(Message::Reply::Ok)));
        }
    }
}

void RendezvousServer::reply(Connection &c, const RendezvousMessage &message)
{
    c.out += c.channel->seal(message.data());
    flush(c);
}

void RendezvousServer::flush(Connection &c)
{
    while (!c.closed && !c.out.empty()) {
        const ssize_t n = ::send(c.fd, c.out.data(), c.out.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c.out.erase(0, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return; // the rest when poll() says it can go
        ::close(c.fd);
        c.closed = true;
    }
}

void RendezvousServer::refuse(Connection &c, const std::string &why)
{
    if (c.closed)
        return;
    ++m_refused;
    // A scan or a flood must not flood the log: the first few say who and why.
    if (m_logger && m_refusalsLogged < 10) {
        ++m_refusalsLogged;
        m_logger->warning("rendezvous store: closed a connection from " + c.peer + ": " + why +
                          (m_refusalsLogged == 10 ? " (further ones are not logged)" : ""));
    }
    ::close(c.fd);
    c.closed = true;
}

} // namespace hamgam::engine
