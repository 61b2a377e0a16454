#pragma once

#include "protocol.h"

#include <QHostAddress>
#include <QList>
#include <QString>
#include <QStringList>

/// Everything an agent is started with (hamgam-agent's command line).
struct AgentOptions
{
    quint16 port = Protocol::kDefaultControlPort;
    QHostAddress bind = QHostAddress::Any;
    QString configDir;
    QString name;
    quint16 discoveryPort = Protocol::kDefaultDiscoveryPort;
    QList<QHostAddress> discoveryTargets; ///< empty: every interface's broadcast address
    bool discovery = true;
    double telemetryHz = 1.0;
    int beaconIntervalMs = Protocol::kBeaconIntervalMs;
    int idleExitSeconds = 0; ///< 0: never; otherwise exit after this long with no controller and no run
    int maxConnections = 64;
    int maxActiveRuns = 4;
    QString workerPath;      ///< hamgam-worker; empty: next to this program
    QString workerInterface; ///< interface for the workers' (plaintext) Gloo traffic; empty: the one towards
                             ///< the master
    QStringList
        allowedDirs; ///< where runs may read data and write checkpoints; empty: PathPolicy::defaultDirs()
};
