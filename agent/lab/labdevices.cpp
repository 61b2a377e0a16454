#include "labdevices.h"

#include <algorithm>

QList<int> LabDevices::normalized(QList<int> devices)
{
    std::sort(devices.begin(), devices.end());
    devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
    return devices;
}

bool LabDevices::intersects(const QList<int> &a, const QList<int> &b)
{
    auto i = a.cbegin();
    auto j = b.cbegin();
    while (i != a.cend() && j != b.cend()) {
        if (*i == *j)
            return true;
        if (*i < *j)
            ++i;
        else
            ++j;
    }
    return false;
}

QJsonArray LabDevices::toJson(const QList<int> &devices)
{
    QJsonArray array;
    for (const int d : devices)
        array.append(d);
    return array;
}

std::optional<QList<int>> LabDevices::fromJson(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    QList<int> devices;
    for (const QJsonValue v : value.toArray()) {
        const double d = v.toDouble(-1);
        // 1024 is far beyond any machine and keeps a damaged index from meaning anything.
        if (!v.isDouble() || d < 0 || d > 1023 || d != double(int(d)))
            return std::nullopt;
        devices.append(int(d));
    }
    return normalized(devices);
}
