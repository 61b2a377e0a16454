#pragma once

#include "labsnapshot.h"

#include <QAbstractTableModel>

/// Device-hours per user and week over every machine (LabClient::usage), as
/// a table: one row per user (most hours first), one column per week (oldest
/// first) and a total. LabUsagePlot draws the same figures; the CSV export
/// writes the rows as they came.
class LabUsageModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabUsageModel)

public:
    enum Role
    {
        HoursRole = Qt::UserRole + 1, ///< double, unformatted
        UserNameRole,
    };

    explicit LabUsageModel(QObject *parent = nullptr);

    void setRows(const QList<LabUsageRow> &rows);
    const QList<LabUsageRow> &rows() const { return m_rows; }
    /// Week starts (ms, Monday 00:00 UTC as the agents count), oldest first.
    const QList<qint64> &weeks() const { return m_weeks; }
    /// Users, most device-hours first.
    const QStringList &users() const { return m_users; }
    double hours(int user, int week) const;
    double userTotal(int user) const;
    double weekTotal(int week) const;
    /// "2 Dec" (or its Jalali date in Persian): a week by its first day.
    static QString weekLabel(qint64 weekStartMs);
    void retranslate();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LabUsageRow> m_rows;
    QList<qint64> m_weeks;
    QStringList m_users;
    QList<QList<double>> m_hours; ///< [user][week]
};
