#pragma once

#include "eventtext.h"

#include <functional>
#include <QAbstractListModel>

class LiveRunData;

/// The live view's event log (re-plans, evaluations, checkpoints, state
/// changes, errors), newest last, bounded by LiveRunData.
class EventLogModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogModel)

public:
    enum Role
    {
        LevelRole = Qt::UserRole + 1,
        TimeRole
    };

    explicit EventLogModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    /// Takes the new entries; returns whether anything changed.
    bool refresh(const LiveRunData &data);
    /// After a language change: every row is formatted again.
    void retranslate();

private:
    struct Row
    {
        qint64 timeMs;
        EventText::Level level;
        std::function<QString()> text;
    };
    QList<Row> m_rows;
    quint64 m_revision = ~quint64(0);
};
