#include "agentaccess.h"

#include <QDir>

AgentAccess::AgentAccess(const QString &configDir)
    : m_trust(trustListPath(configDir))
    , m_admins(adminListPath(configDir))
    , m_users(QDir(configDir).filePath(QStringLiteral("lab/users.json")))
{}

QString AgentAccess::trustListPath(const QString &configDir)
{
    return QDir(configDir).filePath(QStringLiteral("trusted-controllers.json"));
}

QString AgentAccess::adminListPath(const QString &configDir)
{
    return QDir(configDir).filePath(QStringLiteral("admin-controllers.json"));
}

Status AgentAccess::load()
{
    if (auto s = m_trust.load(); !s)
        return s;
    if (auto s = m_admins.load(); !s)
        return s;
    return m_users.load();
}

bool AgentAccess::isTrustedController(const QString &fingerprint) const
{
    return m_trust.containsFingerprint(fingerprint);
}

bool AgentAccess::isAdmin(const QString &fingerprint) const
{
    // An admin is a trusted controller first: taking a controller off the trust list takes its rights too.
    return m_trust.containsFingerprint(fingerprint) && m_admins.containsFingerprint(fingerprint);
}
