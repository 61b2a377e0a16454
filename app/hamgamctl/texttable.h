#pragma once

#include <QList>
#include <QStringList>

/// A plain-text table for terminals: columns padded to their widest cell
/// (counted in characters, so Persian text lines up too). Cells are shown
/// escaped (SafeText): a run name from another machine cannot add a line,
/// move the cursor or reverse the columns after it.
class TextTable
{
public:
    explicit TextTable(QStringList header)
        : m_header(std::move(header))
    {}
    void addRow(const QStringList &row);
    QString render() const;
    bool isEmpty() const { return m_rows.isEmpty(); }

private:
    QStringList m_header;
    QList<QStringList> m_rows;
};
