#pragma once

#include "expected.h"
#include "protocol.h"

#include <optional>
#include <QByteArray>

/// Splits a byte stream into frames: a 4-byte big-endian length, then that many
/// bytes. An oversized or empty frame is a protocol error: the caller closes the
/// connection, since the stream can no longer be trusted to be in sync.
class FrameDecoder
{
public:
    explicit FrameDecoder(qsizetype maxFrameBytes = Protocol::kMaxFrameBytes);

    void append(const QByteArray &bytes);
    /// The next complete frame, nothing if more bytes are needed, or an error.
    Expected<std::optional<QByteArray>> next();
    /// Bytes of a frame that has started but not finished (a truncated frame at close).
    qsizetype pendingBytes() const { return m_buffer.size() - m_offset; }

    static QByteArray encode(const QByteArray &payload);

private:
    QByteArray m_buffer;
    qsizetype m_offset = 0;
    qsizetype m_maxFrameBytes;
};
