#pragma once

#include <QDate>
#include <QSortFilterProxyModel>

/// Filters and sorts a RunsTableModel for the History table: by status,
/// strategy, creation date (local days, both ends included) and a piece of the
/// name, a tag or the note (case-insensitive). Sorts by the raw values (RunsTableModel::SortRole).
class RunsFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsFilterProxy)

public:
    explicit RunsFilterProxy(QObject *parent = nullptr);

    /// Status keys ("finished", ...); empty: every status.
    void setStatuses(const QStringList &statuses);
    /// Strategy keys ("lshdp", ...); empty: every strategy.
    void setStrategies(const QStringList &strategies);
    /// Invalid dates: no limit on that side.
    void setDateRange(QDate from, QDate to);
    void setNameFilter(const QString &text);

    QStringList statuses() const { return m_statuses; }
    QStringList strategies() const { return m_strategies; }
    QDate fromDate() const { return m_from; }
    QDate toDate() const { return m_to; }
    QString nameFilter() const { return m_name; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_statuses;
    QStringList m_strategies;
    QDate m_from;
    QDate m_to;
    QString m_name;
};
