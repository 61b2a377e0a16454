#pragma once

#include <QHostAddress>
#include <QList>

/// Where discovery datagrams go: the directed broadcast address of every
/// interface that is up and can broadcast (not only 255.255.255.255, which many
/// routers and some stacks drop), limited to the interface of `bind` when it is a
/// specific address. Loopback's 127.255.255.255 is included, so agents and apps
/// on one computer find each other without any network.
namespace BroadcastTargets {
QList<QHostAddress> forBindAddress(const QHostAddress &bind);
/// Parses "a.b.c.d,e.f.g.h"; an empty list means "all interfaces".
QList<QHostAddress> parse(const QString &text, bool *ok = nullptr);
} // namespace BroadcastTargets
