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

namespace {

QHash<QString, QSet<QString>> readNames(const QJsonObject &o)
{
    QHash<QString, QSet<QString>> names;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!UserName::isValid(it.key()))
            continue;
        for (const QJsonValue fp : it.value().toArray()) {
            const QString normalized = Identity::normalizeFingerprint(fp.toString());
            if (normalized.size() == 64)
                names[it.key()].insert(normalized);
        }
    }
    return names;
}

QJsonObject writeNames(const QHash<QString, QSet<QString>> &names)
{
    QJsonObject o;
    for (auto it = names.cbegin(); it != names.cend(); ++it) {
        QStringList fps(it.value().cbegin(), it.value().cend());
        std::sort(fps.begin(), fps.end());
        o[it.key()] = QJsonArray::fromStringList(fps);
    }
    return o;
}

} // namespace

UserBindings::UserBindings(QString path)
    : m_path(std::move(path))
{}

Status UserBindings::load()
{
    m_users.clear();
    m_byAdmin.clear();
    QFile file(m_path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Status::failure(tr("cannot read %1: %2").arg(m_path, file.errorString()));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return Status::failure(tr("%1 is damaged: %2").arg(m_path, error.errorString()));
    m_users = readNames(doc.object().value(QStringLiteral("users")).toObject());
    // Version 1 files knew no admin bindings: every name in them counts as a first claim, with no rights
    // from the rules until the admin binds it.
    const QHash<QString, QSet<QString>> byAdmin =
        readNames(doc.object().value(QStringLiteral("bound_by_admin")).toObject());
    for (auto it = byAdmin.cbegin(); it != byAdmin.cend(); ++it) {
        for (const QString &fp : it.value()) {
            if (m_users.value(it.key()).contains(fp))
                m_byAdmin[it.key()].insert(fp);
        }
    }
    return {};
}

Status UserBindings::save() const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    return AtomicFile::write(
        m_path, QJsonDocument(QJsonObject{{QStringLiteral("version"), 2},
                                          {QStringLiteral("users"), writeNames(m_users)},
                                          {QStringLiteral("bound_by_admin"), writeNames(m_byAdmin)}})
                    .toJson());
}

Status UserBindings::change(const std::function<void()> &edit)
{
    auto users = m_users;
    auto byAdmin = m_byAdmin;
    edit();
    if (auto s = save(); !s) {
        m_users = std::move(users);
        m_byAdmin = std::move(byAdmin);
        return s;
    }
    return {};
}

Status UserBindings::claim(const QString &user, const QString &fingerprint, bool byAdmin)
{
    if (!UserName::isValid(user))
        return Status::failure(tr("\"%1\" is not a valid user name").arg(user.left(40)));
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    // Where only the admin gives names, a first claim binds nothing and one made before counts no more.
    if (m_byAdminOnly && !byAdmin && !boundByAdmin(user, fp))
        return Status::failure(
            tr("on this lab only the lab admin gives user names, and \"%1\" is not bound to "
               "this controller; ask the admin to run: hamgamctl policy bind %1 %2")
                .arg(user, fp));
    const auto it = m_users.constFind(user);
    if (it != m_users.cend()) {
        if (it->contains(fp))
            return {};
        return Status::failure(tr("the user name \"%1\" belongs to another controller on this machine; the "
                                  "lab admin can let this "
                                  "controller use it too: hamgamctl policy bind %1 %2")
                                   .arg(user, fp));
    }
    if (byAdmin)
        return bind(user, fp);
    // A name with rights is the admin's to give: otherwise the first student to say "prof" would have them.
    if (m_privileged.contains(user))
        return Status::failure(
            tr("the user name \"%1\" has rights in the lab's rules, so only the lab admin can give it: "
               "hamgamctl policy bind %1 %2")
                .arg(user, fp));
    // One name per certificate: one student's computer never collects a class's names.
    if (const QStringList held = namesOf(fp); !held.isEmpty())
        return Status::failure(
            tr("this controller already speaks as \"%1\" on this machine and may not take another name; the "
               "lab admin can give it one: hamgamctl policy bind %2 %3")
                .arg(held.join(QStringLiteral("\", \"")), user, fp));
    return change([&] { m_users[user].insert(fp); });
}

Expected<QString> UserBindings::adminBinding(const QString &user, const QString &fingerprint)
{
    if (!UserName::isValid(user))
        return Expected<QString>::failure(tr("\"%1\" is not a valid user name").arg(user.left(40)));
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    if (fp.size() != 64)
        return Expected<QString>::failure(
            tr("\"%1\" is not a certificate fingerprint").arg(fingerprint.left(80)));
    return fp;
}

Status UserBindings::bind(const QString &user, const QString &fingerprint)
{
    const auto fp = adminBinding(user, fingerprint);
    if (!fp)
        return Status::failure(fp.error());
    return change([&] {
        m_users[user].insert(*fp);
        m_byAdmin[user].insert(*fp);
    });
}

Status UserBindings::unbind(const QString &user)
{
    if (!m_users.contains(user))
        return Status::failure(tr("no controller is bound to the user name \"%1\" here").arg(user.left(40)));
    return change([&] {
        m_users.remove(user);
        m_byAdmin.remove(user);
    });
}

Status UserBindings::move(const QString &user, const QString &fingerprint)
{
    const auto fp = adminBinding(user, fingerprint);
    if (!fp)
        return Status::failure(fp.error());
    return change([&] {
        m_users[user] = {*fp};
        m_byAdmin[user] = {*fp};
    });
}

QStringList UserBindings::namesOf(const QString &fingerprint) const
{
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    QStringList names;
    for (auto it = m_users.cbegin(); it != m_users.cend(); ++it) {
        if (it.value().contains(fp))
            names << it.key();
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool UserBindings::boundByAdmin(const QString &user, const QString &fingerprint) const
{
    return m_byAdmin.value(user).contains(Identity::normalizeFingerprint(fingerprint));
}

QStringList UserBindings::users() const
{
    QStringList names = m_users.keys();
    std::sort(names.begin(), names.end());
    return names;
}
