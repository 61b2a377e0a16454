#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>

/// Comma-separated values as every Hamgam export writes them (RFC 4180): a field with a comma, a
/// quote or a line break is quoted, its quotes doubled; numbers in the C locale, so a spreadsheet
/// in any language reads them.
namespace Csv {
QString field(QString text);
/// A database or JSON value: doubles to ten significant digits, whole numbers as they are, null empty.
QString field(const QVariant &value);
/// One line of fields, each quoted as it needs, ended by '\n'.
QString row(const QStringList &fields);
} // namespace Csv
