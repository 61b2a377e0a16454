#include "traininggroupmodel.h"

#include "cborvalue.h"
#include "localeformat.h"
#include "machinesmodel.h"
#include "noderegistry.h"

#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QLocale>
#include <QMimeData>

TrainingGroupModel::TrainingGroupModel(NodeRegistry &registry, QObject *parent)
    : QAbstractListModel(parent)
    , m_registry(registry)
{
    m_animation.setInterval(33);
    connect(&m_animation, &QTimer::timeout, this, &TrainingGroupModel::animate);
    auto refresh = [this](const QString &key) {
        for (int r = 0; r < m_entries.size(); ++r) {
            if (m_entries[r].nodeKey == key)
                Q_EMIT dataChanged(index(r), index(r));
        }
    };
    connect(&registry, &NodeRegistry::nodeChanged, this, refresh);
}

int TrainingGroupModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QList<int> TrainingGroupModel::deviceIndices(const QString &nodeKey) const
{
    const Node *n = m_registry.node(nodeKey);
    QList<int> out;
    const qsizetype count =
        n ? (n->telemetry ? n->telemetry->devices.size() : n->advertisedDevices.size()) : 0;
    for (qsizetype i = 0; i < qMax<qsizetype>(1, count); ++i)
        out.append(int(i));
    return out;
}

QString TrainingGroupModel::deviceName(const QString &nodeKey, int device) const
{
    const Node *n = m_registry.node(nodeKey);
    if (n && n->telemetry && device < n->telemetry->devices.size())
        return n->telemetry->devices[device].label();
    if (n && device < n->advertisedDevices.size())
        return n->advertisedDevices[device].label();
    return tr("Device %1").arg(QLocale().toString(device));
}

QVariant TrainingGroupModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const Entry &e = m_entries[index.row()];
    const Node *n = m_registry.node(e.nodeKey);
    const QList<int> all = deviceIndices(e.nodeKey);
    const QList<int> used = e.devices.isEmpty() ? all : e.devices;
    switch (role) {
    case Qt::DisplayRole:
        if (!n)
            return e.nodeKey.left(8);
        return n->local ? tr("This computer (%1)").arg(n->hostname.isEmpty() ? n->name : n->hostname)
                        : n->name;
    case Qt::ToolTipRole: {
        // The card's figures in full (the card elides them), then what can be done with it.
        QStringList lines{data(index, Qt::DisplayRole).toString(), data(index, DevicesTextRole).toString()};
        const double speed = m_speed.value(e.nodeKey, -1.0);
        lines << (speed > 0 ? tr("Measured speed: %1 samples/s").arg(QLocale().toString(speed, 'f', 0))
                            : tr("Speed: not measured yet"));
        const double share = m_shareShown.value(e.nodeKey, -1.0);
        const double batch = data(index, BatchRole).toDouble();
        if (share >= 0 && batch >= 0)
            lines << tr("Batch share: %1 of the global batch, %2 samples per step")
                         .arg(LocaleFormat::percent(100 * share, 1), QLocale().toString(batch, 'f', 0));
        lines << tr("Drag to reorder; the first machine hosts the rendezvous. Press Delete or drag out to "
                    "remove.");
        return lines.join(QLatin1Char('\n'));
    }
    case NodeKeyRole:
        return e.nodeKey;
    case DevicesRole: {
        QVariantList list;
        for (int d : used)
            list.append(QVariantMap{{QStringLiteral("index"), d},
                                    {QStringLiteral("name"), deviceName(e.nodeKey, d)}});
        return list;
    }
    case DevicesTextRole:
        if (e.devices.isEmpty())
            return tr("all %Ln device(s)", nullptr, int(all.size()));
        if (used.size() == 1)
            return tr("%1 (device %2)")
                .arg(deviceName(e.nodeKey, used.first()), QLocale().toString(used.first()));
        return tr("%Ln of its devices", nullptr, int(used.size()));
    case SpeedRole:
        return m_speed.value(e.nodeKey, -1.0);
    case ShareRole:
        return m_shareShown.value(e.nodeKey, -1.0);
    case BatchRole:
        return m_batch.value(e.nodeKey, -1.0);
    case OnlineRole:
        return n && n->isConnected();
    default:
        return {};
    }
}

Qt::ItemFlags TrainingGroupModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
}

Qt::DropActions TrainingGroupModel::supportedDropActions() const
{
    return Qt::CopyAction | Qt::MoveAction;
}

Qt::DropActions TrainingGroupModel::supportedDragActions() const
{
    return Qt::MoveAction;
}

QStringList TrainingGroupModel::mimeTypes() const
{
    return {QString::fromLatin1(MachinesModel::kMimeType), QString::fromLatin1(kRowsMimeType)};
}

QMimeData *TrainingGroupModel::mimeData(const QModelIndexList &indexes) const
{
    QCborArray rows;
    for (const QModelIndex &i : indexes) {
        if (i.isValid())
            rows.append(i.row());
    }
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(kRowsMimeType), rows.toCborValue().toCbor());
    return mime;
}

bool TrainingGroupModel::canDropMimeData(const QMimeData *data, Qt::DropAction, int, int,
                                         const QModelIndex &) const
{
    return data && (data->hasFormat(QString::fromLatin1(MachinesModel::kMimeType)) ||
                    data->hasFormat(QString::fromLatin1(kRowsMimeType)));
}

bool TrainingGroupModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int,
                                      const QModelIndex &parent)
{
    if (!data || action == Qt::IgnoreAction)
        return false;
    if (row < 0)
        row = parent.isValid() ? parent.row() : int(m_entries.size());
    if (data->hasFormat(QString::fromLatin1(kRowsMimeType))) {
        // Reordering inside the group.
        QList<int> rows;
        for (const QCborValue v :
             QCborValue::fromCbor(data->data(QString::fromLatin1(kRowsMimeType))).toArray())
            rows.append(int(CborValue::integer(v)));
        std::sort(rows.begin(), rows.end());
        QList<Entry> moving;
        for (int r : rows)
            moving.append(m_entries.value(r));
        int target = row;
        for (int r : rows)
            target -= r < row ? 1 : 0;
        QList<Entry> rest;
        for (int r = 0; r < m_entries.size(); ++r) {
            if (!rows.contains(r))
                rest.append(m_entries[r]);
        }
        target = qBound(0, target, int(rest.size()));
        for (qsizetype i = 0; i < moving.size(); ++i)
            rest.insert(target + i, moving[i]);
        beginResetModel();
        m_entries = rest;
        endResetModel();
        Q_EMIT groupChanged();
        return false; // we moved the rows ourselves: the view must not remove the source rows
    }
    bool changed = false;
    for (const QCborValue v :
         QCborValue::fromCbor(data->data(QString::fromLatin1(MachinesModel::kMimeType))).toArray()) {
        const QCborMap item = v.toMap();
        changed = add(item.value(QStringLiteral("node")).toString(),
                      int(CborValue::integer(item.value(QStringLiteral("device")), -1)), row) ||
                  changed;
        row = qMin(row + 1, int(m_entries.size()));
    }
    return changed;
}

bool TrainingGroupModel::add(const QString &nodeKey, int device, int row)
{
    if (nodeKey.isEmpty())
        return false;
    for (int r = 0; r < m_entries.size(); ++r) {
        Entry &e = m_entries[r];
        if (e.nodeKey != nodeKey)
            continue;
        // Already in the group: a whole machine absorbs its devices; a device joins its machine's row.
        if (e.devices.isEmpty() || (device >= 0 && e.devices.contains(device)))
            return false;
        if (device < 0)
            e.devices.clear();
        else {
            e.devices.append(device);
            std::sort(e.devices.begin(), e.devices.end());
            if (e.devices == deviceIndices(nodeKey))
                e.devices.clear();
        }
        Q_EMIT dataChanged(index(r), index(r));
        Q_EMIT groupChanged();
        return true;
    }
    row = row < 0 ? int(m_entries.size()) : qBound(0, row, int(m_entries.size()));
    beginInsertRows({}, row, row);
    m_entries.insert(row, Entry{nodeKey, device >= 0 ? QList<int>{device} : QList<int>{}});
    endInsertRows();
    Q_EMIT groupChanged();
    return true;
}

void TrainingGroupModel::move(int from, int to)
{
    if (from < 0 || from >= m_entries.size() || to < 0 || to >= m_entries.size() || from == to)
        return;
    beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    m_entries.move(from, to);
    endMoveRows();
    Q_EMIT groupChanged();
}

bool TrainingGroupModel::removeRows(int row, int count, const QModelIndex &parent)
{
    if (parent.isValid() || row < 0 || count <= 0 || row + count > m_entries.size())
        return false;
    beginRemoveRows({}, row, row + count - 1);
    m_entries.remove(row, count);
    endRemoveRows();
    Q_EMIT groupChanged();
    return true;
}

void TrainingGroupModel::setEntries(const QList<Entry> &entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
    Q_EMIT groupChanged();
}

QList<RunConfig::Node> TrainingGroupModel::configNodes(const QList<RunConfig::Node> &previous) const
{
    QList<RunConfig::Node> out;
    for (const Entry &e : m_entries) {
        RunConfig::Node n;
        for (const RunConfig::Node &p : previous) {
            if (p.agent == e.nodeKey)
                n = p; // keep the manual batch, cap and slowdown set earlier
        }
        const Node *node = m_registry.node(e.nodeKey);
        n.agent = node && !node->nodeId.isEmpty() ? node->nodeId : e.nodeKey;
        n.name = node ? node->name : n.name;
        n.devices = e.devices.isEmpty() ? deviceIndices(e.nodeKey) : e.devices;
        out.append(n);
    }
    return out;
}

void TrainingGroupModel::setConfigNodes(const QList<RunConfig::Node> &nodes)
{
    QList<Entry> entries;
    for (const RunConfig::Node &n : nodes)
        entries.append({n.agent, n.devices == deviceIndices(n.agent) ? QList<int>{} : n.devices});
    setEntries(entries);
}

void TrainingGroupModel::setPlan(const QHash<QString, double> &samplesPerNode, int globalBatch)
{
    m_batch = samplesPerNode;
    for (auto it = samplesPerNode.cbegin(); it != samplesPerNode.cend(); ++it) {
        m_shareTarget[it.key()] = globalBatch > 0 ? it.value() / globalBatch : 0;
        if (!m_shareShown.contains(it.key()))
            m_shareShown[it.key()] = 0;
    }
    m_animation.start();
}

void TrainingGroupModel::setSpeed(const QString &nodeKey, double samplesPerSecond)
{
    m_speed[nodeKey] = samplesPerSecond;
    for (int r = 0; r < m_entries.size(); ++r) {
        if (m_entries[r].nodeKey == nodeKey)
            Q_EMIT dataChanged(index(r), index(r), {SpeedRole});
    }
}

void TrainingGroupModel::clearLiveFigures()
{
    m_speed.clear();
    m_batch.clear();
    m_shareTarget.clear();
    m_shareShown.clear();
    m_animation.stop();
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_entries.size()) - 1));
}

void TrainingGroupModel::animate()
{
    // Ease each share a third of the way to its target per frame: about 300 ms to settle.
    bool moving = false;
    for (auto it = m_shareTarget.cbegin(); it != m_shareTarget.cend(); ++it) {
        double &shown = m_shareShown[it.key()];
        const double delta = it.value() - shown;
        if (qAbs(delta) < 0.002)
            shown = it.value();
        else {
            shown += delta / 3.0;
            moving = true;
        }
    }
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_entries.size()) - 1), {ShareRole, BatchRole});
    if (!moving)
        m_animation.stop();
}
