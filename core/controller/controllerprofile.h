#pragma once

#include "expected.h"
#include "fingerprintstore.h"
#include "identity.h"

#include <memory>
#include <QString>
#include <QStringList>

/// What the app and hamgamctl share on one computer: the controller identity
/// (one per installation and user), the pinned agent fingerprints, machines
/// added by hand, and the default history location.
///   config: $XDG_CONFIG_HOME/hamgam (controller.key/.crt, known-agents.json, machines.json)
///   data:   $XDG_DATA_HOME/hamgam (history.sqlite, local-agent/)
class ControllerProfile
{
public:
    static Expected<ControllerProfile> open(const QString &configDir = {}, const QString &dataDir = {});

    const Identity &identity() const { return m_identity; }
    FingerprintStore &pins() const { return *m_pins; }
    QString configDir() const { return m_configDir; }
    QString dataDir() const { return m_dataDir; }
    QString defaultHistoryPath() const;
    QString localAgentDir() const;

    QStringList manualMachines() const;
    Status saveManualMachines(const QStringList &entries) const;

    static QString defaultConfigDir();
    static QString defaultDataDir();

private:
    Identity m_identity;
    std::shared_ptr<FingerprintStore> m_pins;
    QString m_configDir;
    QString m_dataDir;
};
