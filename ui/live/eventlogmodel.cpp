#include "eventlogmodel.h"

#include "liverundata.h"
#include "localeformat.h"
#include "safetext.h"

#include <QApplication>
#include <QStyle>

EventLogModel::EventLogModel(QObject *parent)
    : QAbstractListModel(parent)
{}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        // Messages come from workers and agents: neutralized, so a newline or U+202E cannot forge or reorder
        // lines.
        return tr("%1  %2").arg(
            LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(r.timeMs), QStringLiteral("HH:mm:ss")),
            SafeText::neutralized(r.text()));
    case Qt::ToolTipRole:
        return SafeText::neutralized(r.text());
    case Qt::DecorationRole:
        return QApplication::style()->standardIcon(
            r.level == EventText::Level::Error     ? QStyle::SP_MessageBoxCritical
            : r.level == EventText::Level::Warning ? QStyle::SP_MessageBoxWarning
                                                   : QStyle::SP_MessageBoxInformation);
    case LevelRole:
        return int(r.level); // 0 info, 1 warning, 2 error
    case TimeRole:
        return r.timeMs;
    default:
        return {};
    }
}

bool EventLogModel::refresh(const LiveRunData &data)
{
    if (data.revision(LiveRunData::Part::Log) == m_revision)
        return false;
    m_revision = data.revision(LiveRunData::Part::Log);
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(qsizetype(data.log().size()));
    for (const auto &e : data.log())
        m_rows.append({e.timeMs, e.level, e.text});
    endResetModel();
    return true;
}

void EventLogModel::retranslate()
{
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1));
}
