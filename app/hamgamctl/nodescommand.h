#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl's machine commands: `nodes [--json]` lists the machines this
/// controller sees; `trust NODE`, `add HOST[:PORT]` and `forget NODE` manage them;
/// `watch [NODE]` streams live telemetry.
class NodesCommand
{
    Q_DECLARE_TR_FUNCTIONS(NodesCommand)

public:
    static int nodes(const QStringList &arguments);
    static int trust(const QStringList &arguments);
    static int add(const QStringList &arguments);
    static int forget(const QStringList &arguments);
    static int watch(const QStringList &arguments);
};
