#pragma once

#include "expected.h"
#include "fingerprintstore.h"
#include "userbindings.h"

#include <functional>
#include <QCoreApplication>
#include <QString>

/// Who may speak to this agent, and as whom. A connection is let in when TLS
/// shows a certificate that is
///   * on the trust list (`trusted-controllers.json`): a controller;
///   * or named by a trusted controller as the coordinator of a queued run
///     that is journaled here (another agent, which then may only lease and
///     start that run: docs/lab.md);
/// a controller on the admin list (`admin-controllers.json`) may change the
/// lab's rules; and a controller speaks for the user whose name it holds
/// (UserBindings). Every check is by fingerprint, never by address or claim.
class AgentAccess
{
    Q_DECLARE_TR_FUNCTIONS(AgentAccess)

public:
    explicit AgentAccess(const QString &configDir);

    Status load();

    static QString trustListPath(const QString &configDir);
    static QString adminListPath(const QString &configDir);

    bool isTrustedController(const QString &fingerprint) const;
    bool isAdmin(const QString &fingerprint) const;
    bool isCoordinator(const QString &fingerprint) const
    {
        return m_isCoordinator && m_isCoordinator(fingerprint);
    }
    /// Set by the lab service: whether a fingerprint coordinates a queued run journaled here.
    void setCoordinatorCheck(std::function<bool(const QString &)> check)
    {
        m_isCoordinator = std::move(check);
    }

    UserBindings &users() { return m_users; }
    const FingerprintStore &trust() const { return m_trust; }
    const FingerprintStore &admins() const { return m_admins; }

private:
    FingerprintStore m_trust;
    FingerprintStore m_admins;
    UserBindings m_users;
    std::function<bool(const QString &)> m_isCoordinator;
};
