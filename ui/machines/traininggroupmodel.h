#pragma once

#include "runconfig.h"

#include <QAbstractListModel>
#include <QHash>
#include <QTimer>

class NodeRegistry;

/// The training group: the machines (or single devices of machines) a run
/// will use, in order (the first is the master). Machines are dropped in from
/// the Machines list, reordered by drag, removed by Delete or by dragging out.
/// Each row knows its measured speed and its share of the global batch, and
/// the share moves smoothly when the plan changes.
class TrainingGroupModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingGroupModel)

public:
    enum Role
    {
        NodeKeyRole = Qt::UserRole + 1,
        DevicesRole,     ///< QVariantList of QVariantMap {index, name}
        DevicesTextRole, ///< "2 devices", "GPU 1 of 2", translated
        SpeedRole,       ///< samples/s measured, or -1
        ShareRole,       ///< fraction of the global batch shown now (animated)
        BatchRole,       ///< samples planned, or -1
        OnlineRole,
    };
    struct Entry
    {
        QString nodeKey;
        QList<int> devices; ///< empty: all of the machine's devices
    };

    explicit TrainingGroupModel(NodeRegistry &registry, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;
    bool removeRows(int row, int count, const QModelIndex &parent = {}) override;

    QList<Entry> entries() const { return m_entries; }
    void setEntries(const QList<Entry> &entries);
    /// The group as the run config's node list (keeping manual batches and slowdowns given before).
    QList<RunConfig::Node> configNodes(const QList<RunConfig::Node> &previous = {}) const;
    void setConfigNodes(const QList<RunConfig::Node> &nodes);
    /// Adds a machine (device -1) or one device; returns false when it was already there.
    bool add(const QString &nodeKey, int device, int row = -1);
    void move(int from, int to);

    /// Live figures: samples per node planned, and measured speed.
    void setPlan(const QHash<QString, double> &samplesPerNode, int globalBatch);
    void setSpeed(const QString &nodeKey, double samplesPerSecond);
    void clearLiveFigures();

    static constexpr const char *kRowsMimeType = "application/x-hamgam-group-rows";

Q_SIGNALS:
    void groupChanged();

private:
    QList<int> deviceIndices(const QString &nodeKey) const;
    QString deviceName(const QString &nodeKey, int device) const;
    void animate();

    NodeRegistry &m_registry;
    QList<Entry> m_entries;
    QHash<QString, double> m_speed;
    QHash<QString, double> m_batch;
    QHash<QString, double> m_shareTarget;
    QHash<QString, double> m_shareShown;
    QTimer m_animation;
};
