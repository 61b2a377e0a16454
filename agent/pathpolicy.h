#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QStringList>

/// Where a run may read data and write checkpoints on this node: inside the
/// directories the agent's owner allows, after resolving symbolic links and
/// "..", so a trusted controller still cannot make the agent read or write
/// anywhere else (docs/security.md).
class PathPolicy
{
    Q_DECLARE_TR_FUNCTIONS(PathPolicy)

public:
    explicit PathPolicy(QStringList allowedDirs);

    /// The default: Debian's datasets, the agent user's home, /tmp and /var/tmp.
    static QStringList defaultDirs();
    QStringList allowedDirs() const { return m_dirs; }

    /// `path` (existing or not yet) lies inside an allowed directory.
    Status check(const QString &path, const QString &what) const;

private:
    QStringList m_dirs; ///< canonical
};
