#include "texttable.h"

#include "safetext.h"

namespace {
// Characters a terminal draws: zero-width joiners and combining marks (ZWNJ in
// Persian words, the hamza of «برنامهٔ») take no column.
qsizetype displayWidth(const QString &text)
{
    qsizetype width = 0;
    for (const QChar c : text) {
        const QChar::Category cat = c.category();
        if (cat == QChar::Mark_NonSpacing || cat == QChar::Mark_Enclosing || cat == QChar::Other_Format)
            continue;
        ++width;
    }
    return width;
}
} // namespace

void TextTable::addRow(const QStringList &row)
{
    QStringList cells;
    cells.reserve(row.size());
    for (const QString &cell : row)
        cells.append(SafeText::escapedKeepingIsolates(cell));
    m_rows.append(cells);
}

QString TextTable::render() const
{
    QList<qsizetype> widths(m_header.size(), 0);
    auto measure = [&](const QStringList &row) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = qMax(widths[i], displayWidth(row[i]));
    };
    measure(m_header);
    for (const QStringList &row : m_rows)
        measure(row);
    QString out;
    auto emitRow = [&](const QStringList &row) {
        QString line;
        for (qsizetype i = 0; i < widths.size(); ++i) {
            const QString cell = i < row.size() ? row[i] : QString();
            line += i + 1 < widths.size()
                        ? cell + QString(widths[i] + 2 - displayWidth(cell), QLatin1Char(' '))
                        : cell;
        }
        out += line.trimmed().isEmpty() ? QString() : line + QLatin1Char('\n');
    };
    emitRow(m_header);
    for (const QStringList &row : m_rows)
        emitRow(row);
    return out;
}
