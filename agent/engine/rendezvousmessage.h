#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// The payload of one rendezvous request or reply (inside a sealed
/// RendezvousChannel frame): an operation or reply code, then fields, each
/// read back in the order written. Lengths are checked against what is left,
/// so a short or malformed payload reads as false, never past its end.
class RendezvousMessage
{
public:
    /// Requests: the operations of c10d::Store.
    enum class Op : std::uint8_t
    {
        Set = 1,    ///< key, value
        Get,        ///< key → value, or NotFound
        Add,        ///< key, i64 → i64
        CompareSet, ///< key, expected, desired → the value now
        DeleteKey,  ///< key → u8 (whether it was there)
        Check,      ///< list of keys → u8 (whether all are there)
        NumKeys,    ///< → i64
        Wait,       ///< list of keys, i64 milliseconds → Ok, or TimedOut
    };
    /// The first byte of every reply.
    enum class Reply : std::uint8_t
    {
        Ok = 0,
        NotFound = 1,
        TimedOut = 2,
        Refused = 3, ///< a malformed request, or a value that is not a number for Add
    };

    RendezvousMessage() = default;
    explicit RendezvousMessage(std::string bytes)
        : m_bytes(std::move(bytes))
    {}

    RendezvousMessage &u8(std::uint8_t v);
    RendezvousMessage &i64(std::int64_t v);
    RendezvousMessage &bytes(const std::string &v);
    RendezvousMessage &bytes(const std::vector<std::uint8_t> &v);
    RendezvousMessage &list(const std::vector<std::string> &v);

    bool readU8(std::uint8_t &v);
    bool readI64(std::int64_t &v);
    bool readBytes(std::string &v);
    bool readList(std::vector<std::string> &v);
    bool atEnd() const { return m_read == m_bytes.size(); }

    const std::string &data() const { return m_bytes; }

private:
    std::string m_bytes;
    std::size_t m_read = 0;
};

} // namespace hamgam::engine
