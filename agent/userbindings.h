#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>

/// Which controllers may speak as which lab user on this agent. User names
/// travel in a controller's hello and are only claims; the first controller
/// that uses a name here binds it (trust on first use, as pinning does), and
/// another controller claiming it later is refused until the lab admin binds
/// it too (a second computer of the same student). The lab's rules (who may
/// end others' runs, how many devices one user may hold) and its usage are
/// keyed by these names, so one trusted controller cannot pass for another.
/// Kept in `<config-dir>/lab/users.json`, written atomically.
class UserBindings
{
    Q_DECLARE_TR_FUNCTIONS(UserBindings)

public:
    explicit UserBindings(QString path);

    Status load();
    /// Binds `user` to `fingerprint` if nobody has it yet; refuses a name bound to other controllers.
    Status claim(const QString &user, const QString &fingerprint);
    /// Admin: lets `fingerprint` speak as `user` too.
    Status bind(const QString &user, const QString &fingerprint);
    /// Admin: forgets every controller of `user`; the next one to claim it binds it.
    Status unbind(const QString &user);
    QSet<QString> fingerprintsOf(const QString &user) const { return m_users.value(user); }
    QStringList users() const;

private:
    Status save() const;

    QString m_path;
    QHash<QString, QSet<QString>> m_users;
};
