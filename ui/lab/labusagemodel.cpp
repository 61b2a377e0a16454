#include "labusagemodel.h"

#include "labformat.h"
#include "localeformat.h"

#include <algorithm>
#include <numeric>
#include <QDateTime>
#include <QFont>
#include <QHash>

LabUsageModel::LabUsageModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void LabUsageModel::setRows(const QList<LabUsageRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    m_weeks.clear();
    m_users.clear();
    m_hours.clear();
    QHash<QString, double> totals;
    for (const LabUsageRow &r : rows) {
        if (!m_weeks.contains(r.weekStartMs))
            m_weeks.append(r.weekStartMs);
        totals[r.user] += r.gpuHours;
    }
    std::sort(m_weeks.begin(), m_weeks.end());
    m_users = totals.keys();
    std::sort(m_users.begin(), m_users.end(), [&](const QString &a, const QString &b) {
        return totals[a] != totals[b] ? totals[a] > totals[b] : a < b;
    });
    m_hours.fill(QList<double>(m_weeks.size(), 0.0), m_users.size());
    for (const LabUsageRow &r : rows)
        m_hours[m_users.indexOf(r.user)][m_weeks.indexOf(r.weekStartMs)] += r.gpuHours;
    endResetModel();
}

void LabUsageModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

double LabUsageModel::hours(int user, int week) const
{
    return m_hours.value(user).value(week);
}

double LabUsageModel::userTotal(int user) const
{
    const QList<double> h = m_hours.value(user);
    return std::accumulate(h.cbegin(), h.cend(), 0.0);
}

double LabUsageModel::weekTotal(int week) const
{
    double sum = 0;
    for (const QList<double> &h : m_hours)
        sum += h.value(week);
    return sum;
}

QString LabUsageModel::weekLabel(qint64 weekStartMs)
{
    // The agents begin the weeks at 00:00 here, on the locale's first day (LabClient::usage): that date.
    const QDate date = QDateTime::fromMSecsSinceEpoch(weekStartMs).date();
    return LocaleFormat::date(date, QStringLiteral("d MMM"));
}

int LabUsageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_users.size());
}

int LabUsageModel::columnCount(const QModelIndex &parent) const
{
    // The user, each week, the total.
    return parent.isValid() ? 0 : int(m_weeks.size()) + 2;
}

QVariant LabUsageModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_users.size())
        return {};
    const int user = index.row();
    const int column = index.column();
    const bool isTotal = column == columnCount() - 1;
    const double value = column == 0 ? 0 : isTotal ? userTotal(user) : hours(user, column - 1);
    switch (role) {
    case Qt::DisplayRole:
        if (column == 0)
            return LabFormat::token(m_users[user]);
        return labDeviceTime(value);
    case Qt::TextAlignmentRole:
        return column == 0 ? QVariant() : QVariant::fromValue(Qt::AlignTrailing | Qt::AlignVCenter);
    case Qt::FontRole:
        if (isTotal) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case HoursRole:
        return column == 0 ? QVariant() : QVariant(value);
    case UserNameRole:
        return m_users[user];
    default:
        return {};
    }
}

QVariant LabUsageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section > 0 && section <= m_weeks.size())
        return tr("Device-hours in the week from %1").arg(weekLabel(m_weeks[section - 1]));
    if (role != Qt::DisplayRole)
        return {};
    if (section == 0)
        return tr("User");
    if (section == columnCount() - 1)
        return tr("Total");
    return weekLabel(m_weeks.value(section - 1));
}
