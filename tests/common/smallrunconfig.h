#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

/// The run config the end-to-end tests start from: a small mlp on synthetic
/// 8×8 images, hdp, global batch 48, 10 steps, over `nodes`. `patch` replaces
/// whole top-level fields (threads, steps, optimizer, planner, comm, ...).
inline QJsonObject smallRunConfig(const QString &name, const QJsonArray &nodes, const QJsonObject &patch = {})
{
    QJsonObject c{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), name},
        {QStringLiteral("strategy"), QStringLiteral("hdp")},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                              {QStringLiteral("hidden"), QJsonArray{32}}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("samples"), 4096},
                                                {QStringLiteral("classes"), 10},
                                                {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
        {QStringLiteral("global_batch"), 48},
        {QStringLiteral("steps"), 10},
        {QStringLiteral("nodes"), nodes}};
    for (auto it = patch.begin(); it != patch.end(); ++it)
        c[it.key()] = it.value();
    return c;
}
