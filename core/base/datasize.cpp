#include "datasize.h"

#include <iterator>

QString DataSize::format(qint64 bytes, int decimals, const QLocale &locale)
{
    static const char *const units[] = {QT_TR_NOOP("%1 B"), QT_TR_NOOP("%1 KB"), QT_TR_NOOP("%1 MB"),
                                        QT_TR_NOOP("%1 GB"), QT_TR_NOOP("%1 TB")};
    constexpr int kLargest = int(std::size(units)) - 1;
    const quint64 magnitude = bytes < 0 ? quint64(0) - quint64(bytes) : quint64(bytes);
    int power = 0;
    while (power < kLargest && magnitude >= (quint64(1) << (10 * (power + 1))))
        ++power;
    const QString number = power == 0 ? locale.toString(bytes)
                                      : locale.toString(double(bytes) / double(quint64(1) << (10 * power)),
                                                        'f', qBound(0, decimals, 3));
    return tr(units[power]).arg(number);
}
