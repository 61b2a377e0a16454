#include "rendezvousmessage.h"

namespace hamgam::engine {

RendezvousMessage &RendezvousMessage::u8(std::uint8_t v)
{
    m_bytes.push_back(static_cast<char>(v));
    return *this;
}

RendezvousMessage &RendezvousMessage::i64(std::int64_t v)
{
    const auto u = static_cast<std::uint64_t>(v);
    for (int shift = 56; shift >= 0; shift -= 8)
        m_bytes.push_back(static_cast<char>((u >> shift) & 0xff));
    return *this;
}

RendezvousMessage &RendezvousMessage::bytes(const std::string &v)
{
    i64(static_cast<std::int64_t>(v.size()));
    m_bytes += v;
    return *this;
}

RendezvousMessage &RendezvousMessage::bytes(const std::vector<std::uint8_t> &v)
{
    i64(static_cast<std::int64_t>(v.size()));
    m_bytes.append(v.begin(), v.end());
    return *this;
}

RendezvousMessage &RendezvousMessage::list(const std::vector<std::string> &v)
{
    i64(static_cast<std::int64_t>(v.size()));
    for (const auto &s : v)
        bytes(s);
    return *this;
}

bool RendezvousMessage::readU8(std::uint8_t &v)
{
    if (m_bytes.size() - m_read < 1)
        return false;
    v = static_cast<std::uint8_t>(m_bytes[m_read++]);
    return true;
}

bool RendezvousMessage::readI64(std::int64_t &v)
{
    if (m_bytes.size() - m_read < 8)
        return false;
    std::uint64_t u = 0;
    for (int i = 0; i < 8; ++i)
        u = (u << 8) | static_cast<unsigned char>(m_bytes[m_read++]);
    v = static_cast<std::int64_t>(u);
    return true;
}

bool RendezvousMessage::readBytes(std::string &v)
{
    std::int64_t size = 0;
    if (!readI64(size) || size < 0 || static_cast<std::uint64_t>(size) > m_bytes.size() - m_read)
        return false;
    v.assign(m_bytes, m_read, static_cast<std::size_t>(size));
    m_read += static_cast<std::size_t>(size);
    return true;
}

bool RendezvousMessage::readList(std::vector<std::string> &v)
{
    std::int64_t count = 0;
    // Each entry takes at least its 8-byte length: a count beyond that is a lie.
    if (!readI64(count) || count < 0 || static_cast<std::uint64_t>(count) > (m_bytes.size() - m_read) / 8)
        return false;
    v.clear();
    for (std::int64_t i = 0; i < count; ++i) {
        std::string s;
        if (!readBytes(s))
            return false;
        v.push_back(std::move(s));
    }
    return true;
}

} // namespace hamgam::engine
