#pragma once

#include "expected.h"

#include <functional>
#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

/// Which controllers may speak as which lab user on this agent. User names
/// travel in a controller's hello and are only claims. A name is bound to a
/// certificate by the lab admin (`hamgamctl policy bind`), or by the first
/// claim of it here (trust on first use, as pinning does), under three limits
/// (issue #29, item 3):
///   * a name bound to another certificate is refused until the admin binds
///     this one too (a second computer of the same student);
///   * a certificate holds one name: one that already speaks as someone here
///     cannot claim another (the admin may bind more to it);
///   * a name the lab's rules give rights to (may_end_others) is never taken
///     by a first claim: only the admin's binding gives it;
///   * and where the rules say names come from the admin only (`names_by_admin`,
///     `hamgamctl policy set --names admin`), no first claim binds anything: a
///     name is the admin's to give on every machine, which `policy bind` reaches
///     at once, so no student can take a name on a machine its owner has not
///     used yet.
/// Rights from the rules count only for a name the admin bound to that very
/// certificate (`boundByAdmin`), so a name taken first by a student gives no
/// rights even when the rules name it later. The admin's own certificate may
/// claim any free name: its claim is an admin binding.
/// Kept in `<config-dir>/lab/users.json`, written atomically.
class UserBindings
{
    Q_DECLARE_TR_FUNCTIONS(UserBindings)

public:
    explicit UserBindings(QString path);

    Status load();
    /// Binds `user` to `fingerprint` if the limits above allow it; `byAdmin`: the claim comes from an
    /// admin's certificate.
    Status claim(const QString &user, const QString &fingerprint, bool byAdmin = false);
    /// Admin: lets `fingerprint` speak as `user` too, with whatever rights the rules give `user`.
    Status bind(const QString &user, const QString &fingerprint);
    /// Admin: forgets every controller of `user`; the next one to claim it binds it.
    Status unbind(const QString &user);
    /// Admin: `user` becomes `fingerprint`'s alone, in one step (no moment where the name is free).
    Status move(const QString &user, const QString &fingerprint);
    /// From the lab's rules: the names they give rights to, which a first claim never takes; and
    /// whether only the admin gives names (then a first claim takes none, and a name held only by a
    /// first claim speaks no more until the admin binds it).
    void setNameRules(const QStringList &privileged, bool byAdminOnly)
    {
        m_privileged = privileged;
        m_byAdminOnly = byAdminOnly;
    }

    QSet<QString> fingerprintsOf(const QString &user) const { return m_users.value(user); }
    /// The names `fingerprint` speaks as here.
    QStringList namesOf(const QString &fingerprint) const;
    /// The admin bound `user` to `fingerprint` (not only a first claim).
    bool boundByAdmin(const QString &user, const QString &fingerprint) const;
    /// The admin bound `user` to some certificate here.
    bool boundByAdmin(const QString &user) const { return !m_byAdmin.value(user).isEmpty(); }
    QStringList users() const;

private:
    /// The normalized fingerprint of an admin's bind or move, or why `user`/`fingerprint` are not one.
    static Expected<QString> adminBinding(const QString &user, const QString &fingerprint);
    Status save() const;
    Status change(const std::function<void()> &edit);

    QString m_path;
    QHash<QString, QSet<QString>> m_users;   ///< every binding, claimed or the admin's
    QHash<QString, QSet<QString>> m_byAdmin; ///< those the admin made
    QStringList m_privileged;
    bool m_byAdminOnly = false;
};
