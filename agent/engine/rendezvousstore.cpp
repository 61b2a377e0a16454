#include "rendezvousstore.h"

#include "rendezvouschannel.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace hamgam::engine {

using Clock = std::chrono::steady_clock;
using Message = RendezvousMessage;

namespace {

std::string secondsText(std::chrono::milliseconds ms)
{
    std::ostringstream out;
    out << static_cast<double>(ms.count()) / 1000.0 << " s";
    return out.str();
}

std::string keysText(const std::vector<std::string> &keys)
{
    std::string out;
    for (std::size_t i = 0; i < keys.size() && i < 3; ++i)
        out += (i ? ", " : "") + keys[i];
    if (keys.size() > 3)
        out += " and " + std::to_string(keys.size() - 3) + " more";
    return out;
}

int remainingMs(Clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1 << 30));
}

// Waits for the socket to be ready for `events` until the deadline.
bool ready(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        pollfd p{fd, events, 0};
        const int n = ::poll(&p, 1, remainingMs(deadline));
        if (n > 0)
            return true;
        if (n == 0)
            return false;
        if (errno != EINTR)
            return true; // let the read or write report it
    }
}

// 0, or an errno (ETIMEDOUT at the deadline).
int sendAll(int fd, const std::string &data, Clock::time_point deadline)
{
    std::size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += static_cast<std::size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!ready(fd, POLLOUT, deadline))
                return ETIMEDOUT;
        } else {
            return n < 0 ? errno : EPIPE;
        }
    }
    return 0;
}

// Appends what arrives to `buffer`: 0, −1 when the peer closed, or an errno (ETIMEDOUT).
int receiveSome(int fd, std::string &buffer, Clock::time_point deadline)
{
    char chunk[64 * 1024];
    for (;;) {
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n > 0) {
            buffer.append(chunk, static_cast<std::size_t>(n));
            return 0;
        }
        if (n == 0)
            return -1;
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return errno;
        if (!ready(fd, POLLIN, deadline))
            return ETIMEDOUT;
    }
}

// A non-blocking TCP connection to one address within the deadline, or −errno.
int connectTo(const addrinfo *ai, Clock::time_point deadline)
{
    const int fd = ::socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -errno;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        int error = errno;
        if (error == EINPROGRESS) {
            socklen_t length = sizeof error;
            error = ready(fd, POLLOUT, deadline) ? 0 : ETIMEDOUT;
            if (error == 0 && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0)
                error = errno;
        }
        if (error != 0) {
            ::close(fd);
            return -error;
        }
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

} // namespace

RendezvousStore::RendezvousStore(std::chrono::milliseconds timeout)
    : c10d::Store(timeout)
{}

RendezvousStore::~RendezvousStore()
{
    closeSocket();
}

void RendezvousStore::closeSocket()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

Result<c10::intrusive_ptr<RendezvousStore>> RendezvousStore::connect(const std::string &host, int port,
                                                                     const std::string &secret,
                                                                     std::chrono::milliseconds timeout)
{
    auto store = c10::make_intrusive<RendezvousStore>(timeout);
    if (Status s = store->open(host, port, secret); !s)
        return s.error();
    return store;
}

c10::intrusive_ptr<c10d::Store> RendezvousStore::clone()
{
    auto copy = connect(m_host, m_port, m_secret, timeout_);
    if (!copy)
        throw std::runtime_error("rendezvous store: cloning the connection: " + copy.error().message);
    return *copy;
}

Status RendezvousStore::open(const std::string &host, int port, const std::string &secret)
{
    m_host = host;
    m_port = port;
    m_secret = secret;
    m_server = (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port);
    const auto deadline = Clock::now() + timeout_;
    auto fail = [this](const std::string &why) {
        closeSocket();
        return Status::failure(ErrorKind::Communication, "rendezvous at " + m_server + ": " + why);
    };
    std::string problem = "no answer";
    auto pause = std::chrono::milliseconds(50);
    for (;;) {
        addrinfo hints{};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        hints.ai_flags = AI_NUMERICSERV;
        addrinfo *found = nullptr;
        if (const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
            rc != 0) {
            problem = std::string("cannot resolve ") + host + ": " + ::gai_strerror(rc);
        } else {
            for (const addrinfo *ai = found; ai && m_fd < 0; ai = ai->ai_next) {
                const int fd = connectTo(ai, std::min(deadline, Clock::now() + std::chrono::seconds(5)));
                if (fd >= 0)
                    m_fd = fd;
                else
                    problem = std::strerror(-fd);
            }
            ::freeaddrinfo(found);
        }
        if (m_fd >= 0) {
            // The handshake (RendezvousChannel): hello, the server's challenge, our proof, its welcome.
            const std::string clientNonce = RendezvousChannel::randomBytes(RendezvousChannel::kNonceBytes);
            std::string challenge;
            int rc = sendAll(m_fd, RendezvousChannel::hello(clientNonce), deadline);
            while (rc == 0 && challenge.size() < RendezvousChannel::kChallengeBytes)
                rc = receiveSome(m_fd, challenge, deadline);
            const std::string &magic = RendezvousChannel::magic();
            if (rc == 0 && challenge.size() > RendezvousChannel::kChallengeBytes)
                return fail("the server sent more than its challenge");
            if (rc == 0 && challenge.compare(0, magic.size(), magic) != 0)
                return fail("not a Hamgam rendezvous server (another program on this port?)");
            if (rc == 0) {
                const std::string serverNonce =
                    challenge.substr(magic.size(), RendezvousChannel::kNonceBytes);
                m_channel = std::make_unique<RendezvousChannel>(RendezvousChannel::Role::Client, secret,
                                                                clientNonce, serverNonce);
                if (!m_channel->verifyPeerProof(
                        challenge.substr(magic.size() + RendezvousChannel::kNonceBytes)))
                    return fail("the server does not know this run's key (a server of another run?)");
                rc = sendAll(m_fd, m_channel->ownProof(), deadline);
                std::string welcome;
                while (rc == 0) {
                    const auto read = m_channel->open(m_in, welcome);
                    if (read == RendezvousChannel::Read::Frame) {
                        if (!welcome.empty())
                            return fail("the server's welcome is malformed");
                        return {};
                    }
                    if (read == RendezvousChannel::Read::Bad)
                        return fail("the server's welcome does not verify");
                    rc = receiveSome(m_fd, m_in, deadline);
                }
                // Closed after our proof, by a server that proved it knows our key: so
                // the key was right, and we were pushed out by a crowd of unauthenticated
                // connections. Try again until the timeout.
            }
            problem = rc == -1 ? "the server closed the connection during the handshake (pushed out by "
                                 "unauthenticated connections?)"
                      : rc == ETIMEDOUT ? "no answer to the handshake"
                                        : std::strerror(rc);
            closeSocket();
            m_channel.reset();
            m_in.clear();
        }
        if (Clock::now() + pause >= deadline)
            return fail("no connection within " + secondsText(timeout_) + ": " + problem);
        std::this_thread::sleep_for(pause);
        pause = std::min<std::chrono::milliseconds>(pause * 2, std::chrono::seconds(1));
    }
}

std::chrono::milliseconds RendezvousStore::effectiveTimeout(std::chrono::milliseconds timeout) const
{
    // c10d's "no timeout" is not honoured: every wait here has an end.
    return timeout > std::chrono::milliseconds::zero() ? timeout : timeout_;
}

RendezvousMessage RendezvousStore::request(const RendezvousMessage &message, std::chrono::milliseconds within,
                                           RendezvousMessage::Reply &code, const std::string &what)
{
    auto broken = [&](const std::string &why) {
        // Out of step with the server from here on: later calls fail at once.
        m_broken = why;
        closeSocket();
        return std::runtime_error("rendezvous store: " + what + ": " + why);
    };
    if (!m_broken.empty() || m_fd < 0)
        throw std::runtime_error("rendezvous store: " + what + ": " +
                                 (m_broken.empty() ? std::string("not connected") : m_broken));
    const auto deadline = Clock::now() + within;
    if (const int rc = sendAll(m_fd, m_channel->seal(message.data()), deadline); rc != 0)
        throw broken("cannot send to the rendezvous server at " + m_server + ": " + std::strerror(rc));
    for (;;) {
        std::string payload;
        const auto read = m_channel->open(m_in, payload);
        if (read == RendezvousChannel::Read::Bad)
            throw broken("a reply from " + m_server + " does not verify");
        if (read == RendezvousChannel::Read::Frame) {
            RendezvousMessage reply(std::move(payload));
            std::uint8_t c = 0;
            if (!reply.readU8(c) || c > static_cast<std::uint8_t>(Message::Reply::Refused))
                throw broken("a malformed reply from " + m_server);
            code = static_cast<Message::Reply>(c);
            return reply;
        }
        const int rc = receiveSome(m_fd, m_in, deadline);
        if (rc == -1)
            throw broken("the rendezvous server at " + m_server + " closed the connection (rank 0 ended?)");
        if (rc == ETIMEDOUT)
            throw broken("no answer from the rendezvous server at " + m_server + " within " +
                         secondsText(within));
        if (rc != 0)
            throw broken("lost the connection to the rendezvous server at " + m_server + ": " +
                         std::strerror(rc));
    }
}

void RendezvousStore::set(const std::string &key, const std::vector<uint8_t> &value)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::Set)).bytes(key).bytes(value),
                         timeout_, code, "setting " + key);
    if (code != Message::Reply::Ok)
        throw std::runtime_error("rendezvous store: setting " + key + " was refused");
}

std::vector<uint8_t> RendezvousStore::compareSet(const std::string &key,
                                                 const std::vector<uint8_t> &currentValue,
                                                 const std::vector<uint8_t> &newValue)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message()
                             .u8(static_cast<std::uint8_t>(Message::Op::CompareSet))
                             .bytes(key)
                             .bytes(currentValue)
                             .bytes(newValue),
                         timeout_, code, "compare-and-set of " + key);
    std::string value;
    if (code != Message::Reply::Ok || !reply.readBytes(value))
        throw std::runtime_error("rendezvous store: compare-and-set of " + key + " was refused");
    return std::vector<uint8_t>(value.begin(), value.end());
}

std::vector<uint8_t> RendezvousStore::get(const std::string &key)
{
    wait({key}, timeout_);
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::Get)).bytes(key), timeout_, code,
                         "reading " + key);
    std::string value;
    if (code == Message::Reply::NotFound)
        throw std::runtime_error("rendezvous store: " + key + " was deleted while being read");
    if (code != Message::Reply::Ok || !reply.readBytes(value))
        throw std::runtime_error("rendezvous store: reading " + key + " was refused");
    return std::vector<uint8_t>(value.begin(), value.end());
}

int64_t RendezvousStore::add(const std::string &key, int64_t value)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::Add)).bytes(key).i64(value),
                         timeout_, code, "adding to " + key);
    std::int64_t result = 0;
    if (code == Message::Reply::Refused)
        throw std::runtime_error("rendezvous store: " + key + " does not hold a number to add to");
    if (code != Message::Reply::Ok || !reply.readI64(result))
        throw std::runtime_error("rendezvous store: adding to " + key + " was refused");
    return result;
}

bool RendezvousStore::deleteKey(const std::string &key)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::DeleteKey)).bytes(key), timeout_,
                         code, "deleting " + key);
    std::uint8_t existed = 0;
    if (code != Message::Reply::Ok || !reply.readU8(existed))
        throw std::runtime_error("rendezvous store: deleting " + key + " was refused");
    return existed != 0;
}

bool RendezvousStore::check(const std::vector<std::string> &keys)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::Check)).list(keys), timeout_,
                         code, "checking " + keysText(keys));
    std::uint8_t all = 0;
    if (code != Message::Reply::Ok || !reply.readU8(all))
        throw std::runtime_error("rendezvous store: checking " + keysText(keys) + " was refused");
    return all != 0;
}

int64_t RendezvousStore::getNumKeys()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    auto reply = request(Message().u8(static_cast<std::uint8_t>(Message::Op::NumKeys)), timeout_, code,
                         "counting the keys");
    std::int64_t count = 0;
    if (code != Message::Reply::Ok || !reply.readI64(count))
        throw std::runtime_error("rendezvous store: counting the keys was refused");
    return count;
}

void RendezvousStore::wait(const std::vector<std::string> &keys)
{
    wait(keys, timeout_);
}

void RendezvousStore::wait(const std::vector<std::string> &keys, const std::chrono::milliseconds &timeout)
{
    const auto limit = effectiveTimeout(timeout);
    std::lock_guard<std::mutex> lock(m_mutex);
    Message::Reply code{};
    const std::string what = "waiting for " + keysText(keys);
    // The server answers at its deadline; a few seconds more cover the way back.
    request(Message().u8(static_cast<std::uint8_t>(Message::Op::Wait)).list(keys).i64(limit.count()),
            limit + std::chrono::seconds(5), code, what);
    if (code == Message::Reply::TimedOut)
        throw std::runtime_error("rendezvous store: timed out after " + secondsText(limit) + " " + what);
    if (code != Message::Reply::Ok)
        throw std::runtime_error("rendezvous store: " + what + " was refused");
}

} // namespace hamgam::engine
