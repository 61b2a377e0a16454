#pragma once

#include <optional>
#include <QJsonArray>
#include <QJsonValue>
#include <QList>

/// Device lists as the lab keeps them: indices into the agent's telemetry
/// device list, sorted and unique, so two lists compare and intersect simply.
namespace LabDevices {
/// Sorted, duplicates dropped.
QList<int> normalized(QList<int> devices);
/// Whether the two sorted lists share a device.
bool intersects(const QList<int> &a, const QList<int> &b);
QJsonArray toJson(const QList<int> &devices);
/// nullopt unless every element is an integer 0..1023; the result is normalized.
std::optional<QList<int>> fromJson(const QJsonValue &value);
} // namespace LabDevices
