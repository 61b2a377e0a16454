#include "framecodec.h"

#include <QCoreApplication>
#include <QtEndian>

FrameDecoder::FrameDecoder(qsizetype maxFrameBytes)
    : m_maxFrameBytes(maxFrameBytes)
{}

void FrameDecoder::append(const QByteArray &bytes)
{
    // Compact lazily so a stream of small frames does not copy the buffer each time.
    if (m_offset > 0 && m_offset >= m_buffer.size() / 2) {
        m_buffer.remove(0, m_offset);
        m_offset = 0;
    }
    m_buffer.append(bytes);
}

Expected<std::optional<QByteArray>> FrameDecoder::next()
{
    using Result = Expected<std::optional<QByteArray>>;
    if (pendingBytes() < 4)
        return Result(std::nullopt);
    const auto length = qFromBigEndian<quint32>(m_buffer.constData() + m_offset);
    if (length == 0)
        return Result::failure(QCoreApplication::translate("FrameDecoder", "empty frame"));
    if (qsizetype(length) > m_maxFrameBytes)
        return Result::failure(
            QCoreApplication::translate("FrameDecoder", "frame of %1 bytes exceeds the limit of %2 bytes")
                .arg(length)
                .arg(m_maxFrameBytes));
    if (pendingBytes() < 4 + qsizetype(length))
        return Result(std::nullopt);
    QByteArray frame = m_buffer.mid(m_offset + 4, length);
    m_offset += 4 + length;
    if (m_offset == m_buffer.size()) {
        m_buffer.clear();
        m_offset = 0;
    }
    return Result(std::optional<QByteArray>(std::move(frame)));
}

QByteArray FrameDecoder::encode(const QByteArray &payload)
{
    QByteArray frame(4, Qt::Uninitialized);
    qToBigEndian<quint32>(quint32(payload.size()), frame.data());
    frame.append(payload);
    return frame;
}
