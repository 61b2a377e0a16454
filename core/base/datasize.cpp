#include "datasize.h"

#include <iterator>

namespace {
const char *const kUnits[] = {QT_TRANSLATE_NOOP("DataSize", "%1 B"), QT_TRANSLATE_NOOP("DataSize", "%1 KB"),
                              QT_TRANSLATE_NOOP("DataSize", "%1 MB"), QT_TRANSLATE_NOOP("DataSize", "%1 GB"),
                              QT_TRANSLATE_NOOP("DataSize", "%1 TB")};
} // namespace

int DataSize::unitPower(qint64 bytes)
{
    constexpr int kLargest = int(std::size(kUnits)) - 1;
    const quint64 magnitude = bytes < 0 ? quint64(0) - quint64(bytes) : quint64(bytes);
    int power = 0;
    while (power < kLargest && magnitude >= (quint64(1) << (10 * (power + 1))))
        ++power;
    return power;
}

QString DataSize::numberInUnitOf(qint64 bytes, qint64 reference, int decimals, const QLocale &locale)
{
    const int power = unitPower(reference);
    return power == 0 ? locale.toString(bytes)
                      : locale.toString(double(bytes) / double(quint64(1) << (10 * power)), 'f',
                                        qBound(0, decimals, 3));
}

QString DataSize::format(qint64 bytes, int decimals, const QLocale &locale)
{
    return tr(kUnits[unitPower(bytes)]).arg(numberInUnitOf(bytes, bytes, decimals, locale));
}
