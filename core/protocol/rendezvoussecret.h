#pragma once

#include <QByteArray>
#include <QRandomGenerator>
#include <QString>

/// A run's rendezvous secret (docs/security.md): 32 random bytes as 64
/// hexadecimal digits, fresh for every start and the same for every node of
/// it, so only that start's workers can use its rendezvous store. Made by
/// whoever starts the run: a controller, or the agent that coordinates a
/// queued run. It travels over mutual TLS only and is never journaled.
namespace RendezvousSecret {
inline QString fresh()
{
    QByteArray secret(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(secret.data()), secret.size() / 4);
    const QString hex = QString::fromLatin1(secret.toHex());
    secret.fill('\0');
    return hex;
}
} // namespace RendezvousSecret
