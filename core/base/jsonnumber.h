#pragma once

#include <QJsonValue>

/// A JSON number as a 64-bit integer (truncated toward zero), or `fallback`
/// when it is not a number or lies beyond what qint64 holds: converting such a
/// double is undefined behaviour, and events and journals come from other
/// processes (the fuzzer found a step of 1.4e107).
inline qint64 jsonInt64(const QJsonValue &v, qint64 fallback = 0)
{
    if (!v.isDouble())
        return fallback;
    const double d = v.toDouble();
    // ±2^63 are exact doubles; every double strictly between them converts (NaN fails both tests).
    if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0))
        return fallback;
    return static_cast<qint64>(d);
}
