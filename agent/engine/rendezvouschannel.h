#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hamgam::engine {

/// The cryptography of one rendezvous connection (docs/security.md): the
/// mutual challenge–response that opens it, proving on both sides knowledge of
/// the run's secret, and then the framing of every message, each carrying an
/// HMAC-SHA256 over its direction, sequence number and bytes with a key of
/// that connection, so that frames can be neither forged, replayed nor
/// reordered. Pure byte work: the sockets are the caller's.
///
/// Wire: client → server  magic, client nonce                     (hello)
///       server → client  magic, server nonce, server proof       (challenge)
///       client → server  client proof
///       server → client  a sealed empty frame                    (welcome)
///       then sealed frames both ways: u32 length, payload, MAC.
class RendezvousChannel
{
public:
    enum class Role
    {
        Client,
        Server,
    };
    enum class Read
    {
        Incomplete, ///< not a whole frame yet
        Frame,      ///< one frame taken off the buffer
        Bad,        ///< a length over the limit or a MAC that does not verify: close
    };

    static constexpr std::size_t kSecretBytes = 32;
    static constexpr std::size_t kNonceBytes = 32;
    static constexpr std::size_t kMacBytes = 32;
    static constexpr std::size_t kMagicBytes = 8;
    static constexpr std::size_t kHelloBytes = kMagicBytes + kNonceBytes;
    static constexpr std::size_t kChallengeBytes = kMagicBytes + kNonceBytes + kMacBytes;
    static constexpr std::size_t kProofBytes = kMacBytes;
    /// The largest payload of one frame; a longer announced length closes the connection.
    static constexpr std::size_t kMaxPayloadBytes = 16u << 20;
    /// Identifies the protocol and its version (never the secret).
    static const std::string &magic();

    /// Cryptographically random bytes (OpenSSL); throws std::runtime_error if none can be had.
    static std::string randomBytes(std::size_t count);
    /// 64 hexadecimal digits to the 32-byte secret; false if it is anything else.
    static bool parseSecret(const std::string &hex, std::string &secret);
    static std::string toHex(const std::string &bytes);
    /// Reads the run's secret from the file the agent wrote: a regular file,
    /// neither group- nor world-accessible, holding 64 hexadecimal digits.
    static Result<std::string> readSecretFile(const std::string &path);
    /// What a client sends first.
    static std::string hello(const std::string &clientNonce);

    RendezvousChannel(Role role, const std::string &secret, const std::string &clientNonce,
                      const std::string &serverNonce);
    ~RendezvousChannel();
    RendezvousChannel(const RendezvousChannel &) = delete;
    RendezvousChannel &operator=(const RendezvousChannel &) = delete;

    /// This side's proof that it knows the secret (the server's goes in its challenge).
    const std::string &ownProof() const;
    /// Whether the other side's proof is right (constant time).
    bool verifyPeerProof(const std::string &proof) const;

    /// One frame for the other side; each call takes the next sequence number.
    std::string seal(const std::string &payload);
    /// Takes one whole frame off the front of `buffer` into `payload`.
    Read open(std::string &buffer, std::string &payload);

private:
    std::string mac(bool fromClient, std::uint64_t sequence, const char *bytes, std::size_t size) const;

    Role m_role;
    std::string m_key; ///< derived from the secret and both nonces: this connection only
    std::string m_ownProof;
    std::string m_peerProof;
    std::uint64_t m_sent = 0;
    std::uint64_t m_received = 0;
};

} // namespace hamgam::engine
