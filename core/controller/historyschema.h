#pragma once

#include "expected.h"

#include <QCoreApplication>

class QSqlDatabase;

/// The history database's schema and its stepwise migrations. The version is
/// kept in PRAGMA user_version; each step runs in one transaction, so a
/// database is always at exactly one version.
class HistorySchema
{
    Q_DECLARE_TR_FUNCTIONS(HistorySchema)

public:
    static constexpr int kVersion = 4;

    /// Brings the database from whatever version it has up to kVersion.
    /// Refuses a database newer than this program.
    static Status migrate(QSqlDatabase &db);
    static int version(QSqlDatabase &db);
};
