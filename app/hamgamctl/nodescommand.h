#pragma once

#include <QStringList>

/// `hamgamctl nodes [--json]`: the machines this controller can see.
/// `hamgamctl trust NODE`, `hamgamctl add HOST[:PORT]`, `hamgamctl forget NODE`.
namespace NodesCommand {
int nodes(const QStringList &arguments);
int trust(const QStringList &arguments);
int add(const QStringList &arguments);
int forget(const QStringList &arguments);
} // namespace NodesCommand
