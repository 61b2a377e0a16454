#include "runsfilterproxy.h"

#include "runstablemodel.h"

#include <QDateTime>

RunsFilterProxy::RunsFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(RunsTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
    // Rows change while a run is going; keep the order the user chose.
    setDynamicSortFilter(true);
}

void RunsFilterProxy::setStatuses(const QStringList &statuses)
{
    if (m_statuses == statuses)
        return;
    m_statuses = statuses;
    invalidateFilter();
}

void RunsFilterProxy::setStrategies(const QStringList &strategies)
{
    if (m_strategies == strategies)
        return;
    m_strategies = strategies;
    invalidateFilter();
}

void RunsFilterProxy::setDateRange(QDate from, QDate to)
{
    if (m_from == from && m_to == to)
        return;
    m_from = from;
    m_to = to;
    invalidateFilter();
}

void RunsFilterProxy::setNameFilter(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (m_name == trimmed)
        return;
    m_name = trimmed;
    invalidateFilter();
}

bool RunsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const QModelIndex index = source->index(sourceRow, 0, sourceParent);
    if (!m_statuses.isEmpty() && !m_statuses.contains(index.data(RunsTableModel::StatusKeyRole).toString()))
        return false;
    if (!m_strategies.isEmpty() &&
        !m_strategies.contains(index.data(RunsTableModel::StrategyKeyRole).toString()))
        return false;
    if (m_from.isValid() || m_to.isValid()) {
        const QDate day =
            QDateTime::fromMSecsSinceEpoch(index.data(RunsTableModel::CreatedMsRole).toLongLong()).date();
        if ((m_from.isValid() && day < m_from) || (m_to.isValid() && day > m_to))
            return false;
    }
    // The text may be in the name, a tag or the note.
    if (!m_name.isEmpty() &&
        !index.data(RunsTableModel::NameRole).toString().contains(m_name, Qt::CaseInsensitive) &&
        !index.data(RunsTableModel::NoteRole).toString().contains(m_name, Qt::CaseInsensitive) &&
        index.data(RunsTableModel::TagsRole).toStringList().filter(m_name, Qt::CaseInsensitive).isEmpty())
        return false;
    return true;
}
