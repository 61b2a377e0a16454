#pragma once

#include <QCoreApplication>
#include <QStringList>

/// Names the Debian packages that provide shared libraries, so a machine that
/// lacks some can be told exactly what to install. Asks this computer's dpkg
/// (which has the same libraries, since it built or runs the same programs),
/// and knows the libraries Hamgam links when dpkg cannot say.
class LibraryPackages
{
    Q_DECLARE_TR_FUNCTIONS(LibraryPackages)

public:
    /// One package per soname where known (sorted, no duplicates); sonames no one
    /// knows stay in `unknown`.
    static QStringList packagesFor(const QStringList &sonames, QStringList *unknown = nullptr);
    /// From the built-in table only; empty when not in it.
    static QString knownPackage(const QString &soname);
};
