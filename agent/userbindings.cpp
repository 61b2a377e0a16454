#include "userbindings.h"

#include "atomicfile.h"
#include "identity.h"
#include "username.h"

#include <algorithm>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

UserBindings::UserBindings(QString path)
    : m_path(std::move(path))
{}

Status UserBindings::load()
{
    m_users.clear();
    QFile file(m_path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Status::failure(tr("cannot read %1: %2").arg(m_path, file.errorString()));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return Status::failure(tr("%1 is damaged: %2").arg(m_path, error.errorString()));
    const QJsonObject users = doc.object().value(QStringLiteral("users")).toObject();
    for (auto it = users.begin(); it != users.end(); ++it) {
        if (!UserName::isValid(it.key()))
            continue;
        for (const QJsonValue fp : it.value().toArray())
            m_users[it.key()].insert(Identity::normalizeFingerprint(fp.toString()));
    }
    return {};
}

Status UserBindings::save() const
{
    QJsonObject users;
    for (auto it = m_users.cbegin(); it != m_users.cend(); ++it) {
        QStringList fps(it.value().cbegin(), it.value().cend());
        std::sort(fps.begin(), fps.end());
        users[it.key()] = QJsonArray::fromStringList(fps);
    }
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    return AtomicFile::write(
        m_path, QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("users"), users}})
                    .toJson());
}

Status UserBindings::claim(const QString &user, const QString &fingerprint)
{
    if (!UserName::isValid(user))
        return Status::failure(tr("\"%1\" is not a valid user name").arg(user.left(40)));
    const auto it = m_users.constFind(user);
    if (it == m_users.cend())
        return bind(user, fingerprint);
    if (it->contains(fingerprint))
        return {};
    return Status::failure(
        tr("the user name \"%1\" belongs to another controller on this machine; the lab admin can let this "
           "controller use it too: hamgamctl policy bind %1 %2")
            .arg(user, fingerprint));
}

Status UserBindings::bind(const QString &user, const QString &fingerprint)
{
    if (!UserName::isValid(user))
        return Status::failure(tr("\"%1\" is not a valid user name").arg(user.left(40)));
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    if (fp.size() != 64)
        return Status::failure(tr("\"%1\" is not a certificate fingerprint").arg(fingerprint.left(80)));
    auto before = m_users;
    m_users[user].insert(fp);
    if (auto s = save(); !s) {
        m_users = std::move(before);
        return s;
    }
    return {};
}

Status UserBindings::unbind(const QString &user)
{
    if (!m_users.contains(user))
        return Status::failure(tr("no controller is bound to the user name \"%1\" here").arg(user.left(40)));
    auto before = m_users;
    m_users.remove(user);
    if (auto s = save(); !s) {
        m_users = std::move(before);
        return s;
    }
    return {};
}

QStringList UserBindings::users() const
{
    QStringList names = m_users.keys();
    std::sort(names.begin(), names.end());
    return names;
}
