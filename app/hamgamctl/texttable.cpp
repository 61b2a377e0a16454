#include "texttable.h"

QString TextTable::render() const
{
    QList<qsizetype> widths(m_header.size(), 0);
    auto measure = [&](const QStringList &row) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = qMax(widths[i], row[i].size());
    };
    measure(m_header);
    for (const QStringList &row : m_rows)
        measure(row);
    QString out;
    auto emitRow = [&](const QStringList &row) {
        QString line;
        for (qsizetype i = 0; i < widths.size(); ++i) {
            const QString cell = i < row.size() ? row[i] : QString();
            line += i + 1 < widths.size() ? cell.leftJustified(widths[i] + 2) : cell;
        }
        out += line.trimmed().isEmpty() ? QString() : line + QLatin1Char('\n');
    };
    emitRow(m_header);
    for (const QStringList &row : m_rows)
        emitRow(row);
    return out;
}
