#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl's SSH installer commands: `install`, `upgrade`, `uninstall`,
/// `restart` and `agent-status` HOST..., run on every host at once (each on its
/// own thread, see AgentInstaller), with progress on stderr and a result table
/// per machine on stdout.
class InstallCommand
{
    Q_DECLARE_TR_FUNCTIONS(InstallCommand)

public:
    static int install(const QStringList &arguments);
    static int upgrade(const QStringList &arguments);
    static int uninstall(const QStringList &arguments);
    static int restart(const QStringList &arguments);
    static int status(const QStringList &arguments);
};
