#include "controllerprofile.h"

#include "atomicfile.h"
#include "username.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QSysInfo>

QString ControllerProfile::defaultConfigDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
        .filePath(QStringLiteral("hamgam"));
}

QString ControllerProfile::defaultDataDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("hamgam"));
}

Expected<ControllerProfile> ControllerProfile::open(const QString &configDir, const QString &dataDir)
{
    ControllerProfile p;
    p.m_configDir = configDir.isEmpty() ? defaultConfigDir() : configDir;
    p.m_dataDir = dataDir.isEmpty() ? defaultDataDir() : dataDir;
    if (!QDir().mkpath(p.m_configDir) || !QDir().mkpath(p.m_dataDir))
        return Expected<ControllerProfile>::failure(
            QCoreApplication::translate("ControllerProfile", "cannot create %1").arg(p.m_configDir));
    QFile::setPermissions(p.m_configDir,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    auto identity =
        Identity::loadOrCreate(p.m_configDir, QStringLiteral("controller"),
                               QStringLiteral("hamgam controller on %1").arg(QSysInfo::machineHostName()));
    if (!identity)
        return Expected<ControllerProfile>::failure(identity.error());
    p.m_identity = *identity;
    p.m_pins =
        std::make_shared<FingerprintStore>(QDir(p.m_configDir).filePath(QStringLiteral("known-agents.json")));
    if (auto s = p.m_pins->load(); !s)
        return Expected<ControllerProfile>::failure(s.error());
    p.m_userName = UserName::fromSystem();
    QFile profile(QDir(p.m_configDir).filePath(QStringLiteral("profile.json")));
    if (profile.open(QIODevice::ReadOnly)) {
        const QString user =
            QJsonDocument::fromJson(profile.readAll()).object().value(QStringLiteral("user")).toString();
        // A name edited by hand into something invalid falls back to the login name, as if unset.
        if (UserName::isValid(user))
            p.m_userName = user;
    }
    return p;
}

Status ControllerProfile::setUserName(const QString &name)
{
    if (!UserName::isValid(name))
        return Status::failure(tr("\"%1\" is not a user name: use 1 to 32 letters, digits, \".\", \"_\" or "
                                  "\"-\", starting with a letter or digit")
                                   .arg(name));
    QJsonObject root;
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("user")] = name;
    if (auto s = AtomicFile::write(QDir(m_configDir).filePath(QStringLiteral("profile.json")),
                                   QJsonDocument(root).toJson());
        !s)
        return s;
    m_userName = name;
    return {};
}

QString ControllerProfile::defaultHistoryPath() const
{
    return QDir(m_dataDir).filePath(QStringLiteral("history.sqlite"));
}

QString ControllerProfile::localAgentDir() const
{
    return QDir(m_dataDir).filePath(QStringLiteral("local-agent"));
}

QStringList ControllerProfile::manualMachines() const
{
    QFile file(QDir(m_configDir).filePath(QStringLiteral("machines.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList out;
    for (const QJsonValue v :
         QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("manual")).toArray())
        out.append(v.toString());
    return out;
}

Status ControllerProfile::saveManualMachines(const QStringList &entries) const
{
    QJsonObject root;
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("manual")] = QJsonArray::fromStringList(entries);
    return AtomicFile::write(QDir(m_configDir).filePath(QStringLiteral("machines.json")),
                             QJsonDocument(root).toJson());
}
