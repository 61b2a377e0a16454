#include "rendezvouschannel.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace hamgam::engine {

namespace {

struct Part
{
    const void *data;
    std::size_t size;
};

Part part(const std::string &s)
{
    return {s.data(), s.size()};
}

// HMAC-SHA256 over the concatenated parts.
std::string hmacSha256(const std::string &key, std::initializer_list<Part> parts)
{
    // Fetched once: EVP_MAC objects are shareable between threads, contexts are not.
    static EVP_MAC *const algorithm = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
    if (!algorithm)
        throw std::runtime_error("rendezvous: OpenSSL has no HMAC");
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(algorithm);
    if (!ctx)
        throw std::runtime_error("rendezvous: out of memory for an HMAC");
    char digest[] = "SHA256";
    const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                                 OSSL_PARAM_construct_end()};
    unsigned char out[EVP_MAX_MD_SIZE];
    std::size_t outSize = 0;
    bool ok = EVP_MAC_init(ctx, reinterpret_cast<const unsigned char *>(key.data()), key.size(), params) == 1;
    for (const Part &p : parts)
        ok = ok && EVP_MAC_update(ctx, static_cast<const unsigned char *>(p.data), p.size) == 1;
    ok = ok && EVP_MAC_final(ctx, out, &outSize, sizeof out) == 1;
    EVP_MAC_CTX_free(ctx);
    if (!ok || outSize != RendezvousChannel::kMacBytes)
        throw std::runtime_error("rendezvous: HMAC-SHA256 failed");
    return std::string(reinterpret_cast<const char *>(out), outSize);
}

void putU32(std::string &out, std::uint32_t v)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((v >> shift) & 0xff));
}

std::string u64Bytes(std::uint64_t v)
{
    std::string out;
    for (int shift = 56; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((v >> shift) & 0xff));
    return out;
}

std::uint32_t getU32(const char *p)
{
    const auto *u = reinterpret_cast<const unsigned char *>(p);
    return (std::uint32_t(u[0]) << 24) | (std::uint32_t(u[1]) << 16) | (std::uint32_t(u[2]) << 8) | u[3];
}

void wipe(std::string &s)
{
    if (!s.empty())
        OPENSSL_cleanse(s.data(), s.size());
    s.clear();
}

const std::string kServerProofLabel = "hamgam rendezvous server proof";
const std::string kClientProofLabel = "hamgam rendezvous client proof";
const std::string kSessionKeyLabel = "hamgam rendezvous session key";

} // namespace

const std::string &RendezvousChannel::magic()
{
    static const std::string m("HGMRDV1\n", kMagicBytes);
    return m;
}

std::string RendezvousChannel::randomBytes(std::size_t count)
{
    std::string out(count, '\0');
    if (count > 0 && RAND_bytes(reinterpret_cast<unsigned char *>(out.data()), static_cast<int>(count)) != 1)
        throw std::runtime_error("rendezvous: no random bytes from OpenSSL");
    return out;
}

bool RendezvousChannel::parseSecret(const std::string &hex, std::string &secret)
{
    if (hex.size() != 2 * kSecretBytes)
        return false;
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    std::string out;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = digit(hex[i]);
        const int lo = digit(hex[i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out.push_back(static_cast<char>(hi * 16 + lo));
    }
    secret = std::move(out);
    return true;
}

std::string RendezvousChannel::toHex(const std::string &bytes)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back(digits[u >> 4]);
        out.push_back(digits[u & 15]);
    }
    return out;
}

Result<std::string> RendezvousChannel::readSecretFile(const std::string &path)
{
    using R = Result<std::string>;
    const std::string what = "rendezvous key file " + path;
    // O_NOFOLLOW: the agent writes a plain file; a link in its place is not ours.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return R::failure(ErrorKind::Usage, "cannot read the " + what + ": " + std::strerror(errno));
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return R::failure(ErrorKind::Usage, "the " + what + " is not a regular file");
    }
    if ((st.st_mode & 077) != 0) {
        ::close(fd);
        return R::failure(ErrorKind::Usage,
                          "the " + what + " is accessible by other users; it must be private (chmod 600)");
    }
    char buffer[256];
    std::string text;
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > 1024)
            break;
    }
    ::close(fd);
    OPENSSL_cleanse(buffer, sizeof buffer);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    std::string secret;
    const bool ok = parseSecret(text, secret);
    wipe(text);
    if (!ok)
        return R::failure(ErrorKind::Usage, "the " + what + " does not hold a key (64 hexadecimal digits)");
    return secret;
}

std::string RendezvousChannel::hello(const std::string &clientNonce)
{
    return magic() + clientNonce;
}

RendezvousChannel::RendezvousChannel(Role role, const std::string &secret, const std::string &clientNonce,
                                     const std::string &serverNonce)
    : m_role(role)
{
    // Both nonces enter every proof and the key: a proof or frame recorded on
    // one connection is worth nothing on another.
    const std::string server =
        hmacSha256(secret, {part(kServerProofLabel), part(clientNonce), part(serverNonce)});
    const std::string client =
        hmacSha256(secret, {part(kClientProofLabel), part(clientNonce), part(serverNonce)});
    m_key = hmacSha256(secret, {part(kSessionKeyLabel), part(clientNonce), part(serverNonce)});
    m_ownProof = role == Role::Server ? server : client;
    m_peerProof = role == Role::Server ? client : server;
}

RendezvousChannel::~RendezvousChannel()
{
    wipe(m_key);
    wipe(m_ownProof);
    wipe(m_peerProof);
}

const std::string &RendezvousChannel::ownProof() const
{
    return m_ownProof;
}

bool RendezvousChannel::verifyPeerProof(const std::string &proof) const
{
    return proof.size() == m_peerProof.size() &&
           CRYPTO_memcmp(proof.data(), m_peerProof.data(), proof.size()) == 0;
}

std::string RendezvousChannel::mac(bool fromClient, std::uint64_t sequence, const char *bytes,
                                   std::size_t size) const
{
    // The direction keeps a server's frame from being reflected back to it as a client's.
    const char direction = fromClient ? 'C' : 'S';
    std::string length;
    putU32(length, static_cast<std::uint32_t>(size));
    return hmacSha256(m_key,
                      {Part{&direction, 1}, part(u64Bytes(sequence)), part(length), Part{bytes, size}});
}

std::string RendezvousChannel::seal(const std::string &payload)
{
    if (payload.size() > kMaxPayloadBytes)
        throw std::runtime_error("rendezvous: a message of " + std::to_string(payload.size()) +
                                 " bytes is over the limit of " + std::to_string(kMaxPayloadBytes));
    std::string frame;
    frame.reserve(4 + payload.size() + kMacBytes);
    putU32(frame, static_cast<std::uint32_t>(payload.size()));
    frame += payload;
    frame += mac(m_role == Role::Client, m_sent++, payload.data(), payload.size());
    return frame;
}

RendezvousChannel::Read RendezvousChannel::open(std::string &buffer, std::string &payload)
{
    if (buffer.size() < 4)
        return Read::Incomplete;
    const std::size_t size = getU32(buffer.data());
    if (size > kMaxPayloadBytes)
        return Read::Bad; // refused before it is buffered
    if (buffer.size() < 4 + size + kMacBytes)
        return Read::Incomplete;
    const std::string expected = mac(m_role == Role::Server, m_received, buffer.data() + 4, size);
    if (CRYPTO_memcmp(expected.data(), buffer.data() + 4 + size, kMacBytes) != 0)
        return Read::Bad;
    ++m_received;
    payload.assign(buffer, 4, size);
    buffer.erase(0, 4 + size + kMacBytes);
    return Read::Frame;
}

} // namespace hamgam::engine
