#pragma once

#include <QString>

/// A Hamgam user name: who a controller says its user is (its profile's
/// `user`, sent in every hello). Agents record it with every lease, booking,
/// queued run and run, and key the lab's rules and usage by it, so it is an
/// identifier, not a display name: 1 to 32 of [A-Za-z0-9._-], starting with a
/// letter or digit. It arrives from the network, so it is checked before it is
/// stored, shown or put into a file name.
namespace UserName {
bool isValid(const QString &name);
/// The login name of this process's user, made valid (other characters become
/// "_"); "user" when the system has none.
QString fromSystem();
} // namespace UserName
