#pragma once

#include <QList>
#include <QStringList>

/// A plain-text table for terminals: columns padded to their widest cell
/// (counted in characters, so Persian text lines up too).
class TextTable
{
public:
    explicit TextTable(QStringList header) : m_header(std::move(header)) {}
    void addRow(QStringList row) { m_rows.append(std::move(row)); }
    QString render() const;
    bool isEmpty() const { return m_rows.isEmpty(); }

private:
    QStringList m_header;
    QList<QStringList> m_rows;
};
