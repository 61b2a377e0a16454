// libFuzzer target: rank 0's rendezvous server (agent/engine/rendezvousserver),
// the one parser of the engine that listens on the network. It runs for real
// on 127.0.0.1; each input is one connection. The first byte picks what the
// rest is:
//   even: raw bytes from someone without the secret (the handshake parser);
//   odd:  a client that knows the secret authenticates, then sends the rest as
//         sealed requests (each: one length byte, then that many bytes), so
//         the request parser behind the MAC is reached too.
// The server must neither crash nor stop answering a well-behaved client.
#include "logger.h"
#include "rendezvouschannel.h"
#include "rendezvousmessage.h"
#include "rendezvousserver.h"

#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <memory>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

using namespace hamgam::engine;

namespace {
const std::string kSecret(RendezvousChannel::kSecretBytes, 'k');

RendezvousServer &server()
{
    static Logger logger(0, Logger::Level::Error);
    static std::unique_ptr<RendezvousServer> s = [] {
        RendezvousServer::Options o;
        o.host = "127.0.0.1";
        o.secret = kSecret;
        o.authDeadline = std::chrono::milliseconds(200);
        auto r = RendezvousServer::start(o, &logger);
        if (!r) {
            std::fprintf(stderr, "cannot start the server\n");
            std::abort();
        }
        return std::move(*r);
    }();
    return *s;
}

int connectToServer()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    timeval tv{0, 20000}; // 20 ms: whatever the server answers by then
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(server().port()));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void sendAll(int fd, const std::string &bytes)
{
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0)
            return;
        sent += static_cast<std::size_t>(n);
    }
}

// Reads until `want` bytes, a close, or the timeout.
std::string receive(int fd, std::size_t want)
{
    std::string out;
    char buf[4096];
    while (out.size() < want) {
        const ssize_t n = ::recv(fd, buf, std::min(sizeof buf, want - out.size()), 0);
        if (n <= 0)
            break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

// A client with the secret: true when the server still authenticates and answers.
bool serverStillAnswers()
{
    const int fd = connectToServer();
    if (fd < 0)
        return false;
    timeval tv{2, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    const std::string nonce(RendezvousChannel::kNonceBytes, 'c');
    sendAll(fd, RendezvousChannel::hello(nonce));
    const std::string challenge = receive(fd, RendezvousChannel::kChallengeBytes);
    bool ok = false;
    if (challenge.size() == RendezvousChannel::kChallengeBytes) {
        RendezvousChannel channel(
            RendezvousChannel::Role::Client, kSecret, nonce,
            challenge.substr(RendezvousChannel::kMagicBytes, RendezvousChannel::kNonceBytes));
        ok = channel.verifyPeerProof(
            challenge.substr(RendezvousChannel::kMagicBytes + RendezvousChannel::kNonceBytes));
        sendAll(fd, channel.ownProof());
        std::string buffer = receive(fd, 4 + RendezvousChannel::kMacBytes), payload;
        ok = ok && channel.open(buffer, payload) == RendezvousChannel::Read::Frame;
    }
    ::close(fd);
    return ok;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const int fd = connectToServer();
    if (fd < 0)
        __builtin_trap(); // the server stopped accepting
    const std::string rest(reinterpret_cast<const char *>(data) + 1, size - 1);
    if ((data[0] & 1) == 0) {
        sendAll(fd, rest);
        (void)receive(fd, 1 << 16);
    } else {
        const std::string nonce(RendezvousChannel::kNonceBytes, 'f');
        sendAll(fd, RendezvousChannel::hello(nonce));
        const std::string challenge = receive(fd, RendezvousChannel::kChallengeBytes);
        if (challenge.size() == RendezvousChannel::kChallengeBytes) {
            RendezvousChannel channel(
                RendezvousChannel::Role::Client, kSecret, nonce,
                challenge.substr(RendezvousChannel::kMagicBytes, RendezvousChannel::kNonceBytes));
            sendAll(fd, channel.ownProof());
            for (std::size_t i = 0; i < rest.size();) {
                const std::size_t n =
                    std::min<std::size_t>(static_cast<unsigned char>(rest[i]), rest.size() - i - 1);
                sendAll(fd, channel.seal(rest.substr(i + 1, n)));
                i += 1 + n;
            }
            std::string buffer = receive(fd, 1 << 16), payload;
            while (channel.open(buffer, payload) == RendezvousChannel::Read::Frame) {
            }
        }
    }
    ::close(fd);
    // Now and then, the server must still serve a client with the secret.
    static unsigned runs = 0;
    if (++runs % 64 == 0 && !serverStillAnswers())
        __builtin_trap();
    return 0;
}
