#pragma once

#include "agentdaemon.h"
#include "controllerprofile.h"
#include "deviceprobe.h"

#include <memory>
#include <QJsonObject>
#include <QTemporaryDir>

/// Helpers shared by the network tests: private directories, free ports and
/// in-process agents on loopback. Nothing leaves 127.0.0.0/8.
namespace TestSupport {

/// A UDP port for discovery no other test is likely to use at the same time.
quint16 randomDiscoveryPort();

/// An agent in this process on 127.0.0.1, on an ephemeral port, with beacons to 127.255.255.255.
struct LocalAgent
{
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<AgentDaemon> daemon;
};
LocalAgent startAgent(quint16 discoveryPort, const QStringList &trustedFingerprints,
                      std::unique_ptr<DeviceProbe> probe = {}, int beaconIntervalMs = 200,
                      const QString &name = QStringLiteral("agent"), const QString &configDir = {});

/// Options for an agent in this process on 127.0.0.1, an ephemeral port, no beacons, keys in `configDir`.
AgentOptions loopbackOptions(const QString &configDir);

/// Writes an executable shell script (`#!/bin/sh` and `body`) to `path`, for
/// stand-ins of hamgam-worker; false when it cannot be written.
bool writeScript(const QString &path, const QByteArray &body);

/// A controller profile in a private directory.
struct Controller
{
    std::unique_ptr<QTemporaryDir> dir;
    ControllerProfile profile;
};
Controller makeController();

/// Puts `controller` on the trust list the agent in `configDir` reads at start.
bool trustController(const QString &configDir, const Controller &controller);

/// Whether Debian's /usr/bin/python3 imports torch (python3-torch).
bool hasPythonTorch();
/// scripts/evaluate-model `modelDir` `data` --json, in Debian's PyTorch: its
/// result, or an empty object with `error` saying why.
QJsonObject evaluateModel(const QString &modelDir, const QString &data, QString *error);

} // namespace TestSupport
