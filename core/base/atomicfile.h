#pragma once

#include "expected.h"

#include <QByteArray>
#include <QFileDevice>
#include <QString>

/// Writes a whole file so that readers see either the old or the new content,
/// never half of it: temporary file in the same directory, fsync, rename, fsync
/// of the directory. The file is created with exactly the given permissions.
namespace AtomicFile {
Status write(const QString &path, const QByteArray &content,
             QFileDevice::Permissions permissions = QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}
