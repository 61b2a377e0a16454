#include "labqueuemodel.h"

#include "labformat.h"
#include "localeformat.h"

#include <QFont>

LabQueueModel::LabQueueModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void LabQueueModel::setSnapshot(const LabSnapshot &snapshot, const QString &me, qint64 nowMs)
{
    beginResetModel();
    m_entries = snapshot.queue();
    m_me = me;
    m_nowMs = nowMs;
    endResetModel();
}

void LabQueueModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int LabQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int LabQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LabQueueModel::display(const LabQueueEntry &e, int row, int column) const
{
    switch (column) {
    case Position:
        // The order shown is the order they start in, over every machine: 1, 2, 3…
        return LocaleFormat::number(qint64(row + 1));
    case Run:
        return e.name.isEmpty() ? LabFormat::token(e.runId)
                                : tr("%1 (%2)").arg(LabFormat::text(e.name), LabFormat::token(e.runId));
    case User:
        return LabFormat::token(e.user);
    case Machines:
        return e.nodes > 1 ? tr("%1 and %Ln more", nullptr, e.nodes - 1).arg(LabFormat::text(e.nodeName))
                           : LabFormat::text(e.nodeName);
    case Devices:
        return LabFormat::devices(e.devices);
    case EstimatedStart:
        if (!e.placeable || e.estimatedStartMs <= 0)
            return tr("not yet known");
        return e.estimatedStartMs <= m_nowMs ? tr("now") : LabFormat::time(e.estimatedStartMs, m_nowMs);
    case WaitsFor:
        return e.why.isEmpty() ? QString() : LabFormat::text(e.why.toString());
    }
    return {};
}

QVariant LabQueueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const LabQueueEntry &e = m_entries.at(index.row());
    const bool own = !m_me.isEmpty() && e.user == m_me;
    switch (role) {
    case Qt::DisplayRole:
        return display(e, index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == WaitsFor || index.column() == Run)
            return display(e, index.row(), index.column());
        if (index.column() == EstimatedStart && e.predictedS > 0)
            return tr("Predicted length: %1").arg(LocaleFormat::duration(e.predictedS * 1000));
        return {};
    case Qt::FontRole:
        if (own) { // your own runs stand out
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case RunIdRole:
        return e.runId;
    case UserNameRole:
        return e.user;
    case OwnRole:
        return own;
    default:
        return {};
    }
}

QVariant LabQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Position:
        return tr("Position");
    case Run:
        return tr("Run");
    case User:
        return tr("User");
    case Machines:
        return tr("Machines");
    case Devices:
        return tr("Devices");
    case EstimatedStart:
        return tr("Estimated start");
    case WaitsFor:
        return tr("Waits for");
    }
    return {};
}
