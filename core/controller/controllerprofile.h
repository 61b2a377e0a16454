#pragma once

#include "expected.h"
#include "fingerprintstore.h"
#include "identity.h"

#include <memory>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

/// What the app and hamgamctl share on one computer: the controller identity
/// (one per installation and user), the pinned agent fingerprints, machines
/// added by hand, the user's name in the lab, and the default history location.
///   config: $XDG_CONFIG_HOME/hamgam (controller.key/.crt, known-agents.json, machines.json, profile.json)
///   data:   $XDG_DATA_HOME/hamgam (history.sqlite, local-agent/)
class ControllerProfile
{
    Q_DECLARE_TR_FUNCTIONS(ControllerProfile)

public:
    static Expected<ControllerProfile> open(const QString &configDir = {}, const QString &dataDir = {});

    const Identity &identity() const { return m_identity; }
    FingerprintStore &pins() const { return *m_pins; }
    QString configDir() const { return m_configDir; }
    QString dataDir() const { return m_dataDir; }
    QString defaultHistoryPath() const;
    QString localAgentDir() const;

    /// The user's name in the lab (docs/lab.md), sent with every request: the
    /// profile's `user`, or the login name until one is set.
    QString userName() const { return m_userName; }
    /// Refused (with the reason) unless UserName::isValid(name).
    Status setUserName(const QString &name);

    QStringList manualMachines() const;
    Status saveManualMachines(const QStringList &entries) const;

    static QString defaultConfigDir();
    static QString defaultDataDir();

private:
    Identity m_identity;
    std::shared_ptr<FingerprintStore> m_pins;
    QString m_configDir;
    QString m_dataDir;
    QString m_userName;
};
