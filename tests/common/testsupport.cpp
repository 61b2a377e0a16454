#include "testsupport.h"

#include "fakeprobe.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>

namespace TestSupport {

quint16 randomDiscoveryPort()
{
    return quint16(40000 + QRandomGenerator::global()->bounded(20000));
}

LocalAgent startAgent(quint16 discoveryPort, const QStringList &trustedFingerprints,
                      std::unique_ptr<DeviceProbe> probe, int beaconIntervalMs, const QString &name,
                      const QString &configDir)
{
    LocalAgent agent;
    agent.dir = std::make_unique<QTemporaryDir>();
    AgentOptions options;
    options.port = 0;
    options.bind = QHostAddress::LocalHost;
    options.configDir = configDir.isEmpty() ? agent.dir->path() : configDir;
    options.name = name;
    options.discoveryPort = discoveryPort;
    options.discoveryTargets = {QHostAddress(QStringLiteral("127.255.255.255"))};
    options.beaconIntervalMs = beaconIntervalMs;
    options.telemetryHz = 10;
    FingerprintStore trust(AgentDaemon::trustListPath(options.configDir));
    (void)trust.load();
    for (const QString &fp : trustedFingerprints)
        (void)trust.add(fp, QStringLiteral("test"));
    agent.daemon =
        std::make_unique<AgentDaemon>(options, probe ? std::move(probe) : std::make_unique<FakeProbe>());
    const Status s = agent.daemon->start();
    if (!s)
        qFatal("agent failed to start: %s", qPrintable(s.error()));
    return agent;
}

AgentOptions loopbackOptions(const QString &configDir)
{
    AgentOptions options;
    options.port = 0;
    options.bind = QHostAddress::LocalHost;
    options.configDir = configDir;
    options.discovery = false;
    return options;
}

bool trustController(const QString &configDir, const Controller &controller)
{
    FingerprintStore trust(AgentDaemon::trustListPath(configDir));
    return trust.add(controller.profile.identity().fingerprint(), QStringLiteral("test")).ok();
}

bool writeScript(const QString &path, const QByteArray &body)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write("#!/bin/sh\n" + body) < 0)
        return false;
    f.close();
    return f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

Controller makeController()
{
    Controller c;
    c.dir = std::make_unique<QTemporaryDir>();
    auto profile = ControllerProfile::open(c.dir->filePath(QStringLiteral("config")),
                                           c.dir->filePath(QStringLiteral("data")));
    if (!profile)
        qFatal("cannot create a controller profile: %s", qPrintable(profile.error()));
    c.profile = *profile;
    return c;
}

bool hasPythonTorch()
{
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import torch")});
    return probe.waitForFinished(60000) && probe.exitStatus() == QProcess::NormalExit &&
           probe.exitCode() == 0;
}

QJsonObject evaluateModel(const QString &modelDir, const QString &data, QString *error)
{
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral(HAMGAM_SOURCE_DIR "/scripts/evaluate-model"), modelDir, data,
                  QStringLiteral("--json")});
    if (!python.waitForFinished(120000)) {
        *error = QStringLiteral("scripts/evaluate-model did not finish");
        return {};
    }
    const QByteArray output = python.readAllStandardOutput();
    if (python.exitCode() != 0) {
        *error = QString::fromUtf8(output + python.readAllStandardError());
        return {};
    }
    return QJsonDocument::fromJson(output).object();
}

} // namespace TestSupport
