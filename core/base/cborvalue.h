#pragma once

#include <cmath>
#include <limits>
#include <QCborValue>

/// Reading numbers out of CBOR from the network without undefined behaviour:
/// QCborValue::toInteger() converts a double to an integer with a plain cast,
/// which is undefined for NaN, infinities and out-of-range values (the fuzzer
/// found it). Integers pass through; doubles are taken only when they are a
/// finite whole number in range; anything else gives the default.
namespace CborValue {
inline qint64 integer(const QCborValue &value, qint64 defaultValue = 0)
{
    if (value.isInteger())
        return value.toInteger();
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && d >= -9.0e18 && d <= 9.0e18)
            return qint64(d);
    }
    return defaultValue;
}
} // namespace CborValue
