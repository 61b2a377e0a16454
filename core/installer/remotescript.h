#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

/// A POSIX sh script for the remote side of the SSH installer: variable lines
/// (quoted), positional arguments, the shared prelude (:/installer/common.sh) and
/// one script from :/installer. It is fed to `sh -s` on stdin, so nothing in it,
/// a sudo password included, shows in a process list.
class RemoteScript
{
public:
    explicit RemoteScript(const QString &name);

    RemoteScript &set(const QString &variable, const QString &value);
    RemoteScript &arguments(const QStringList &arguments);
    QByteArray text() const;

    /// The command that runs a script given on stdin.
    static QString command() { return QStringLiteral("sh -s"); }
    /// 'text' for sh, with embedded single quotes escaped.
    static QString quote(const QString &text);
    /// A resource under :/installer, e.g. "launcher.sh.in".
    static QString resource(const QString &name);

private:
    QString m_name;
    QStringList m_lines;
};
