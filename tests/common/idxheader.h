#pragma once

#include <initializer_list>
#include <QByteArray>

/// The header of an IDX file (MNIST's format) of unsigned bytes with these
/// dimensions, big-endian, and no data after it: what the tests of damaged and
/// oversized IDX files start from.
inline QByteArray idxHeader(std::initializer_list<quint32> dims)
{
    QByteArray b("\0\0\x08", 3);
    b.append(char(dims.size()));
    for (const quint32 d : dims)
        b.append(char(d >> 24))
            .append(char((d >> 16) & 0xff))
            .append(char((d >> 8) & 0xff))
            .append(char(d & 0xff));
    return b;
}
