#include "machinesmodel.h"

#include "bidi.h"
#include "datasize.h"
#include "devicetext.h"
#include "noderegistry.h"
#include "safetext.h"

#include <QCborArray>
#include <QCborMap>
#include <QMimeData>

MachinesModel::MachinesModel(NodeRegistry &registry, QObject *parent)
    : QAbstractListModel(parent)
    , m_registry(registry)
{
    for (const Node &n : registry.nodes())
        m_keys.append(n.key);
    connect(&registry, &NodeRegistry::nodeAdded, this, &MachinesModel::onAdded);
    connect(&registry, &NodeRegistry::nodeRemoved, this, &MachinesModel::onRemoved);
    connect(&registry, &NodeRegistry::nodeChanged, this, &MachinesModel::onChanged);
    connect(&registry, &NodeRegistry::telemetryUpdated, this, &MachinesModel::onChanged);
}

int MachinesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_keys.size());
}

QString MachinesModel::message(const Node &node)
{
    QStringList parts;
    if (!node.message.isEmpty())
        parts << SafeText::neutralized(node.message);
    if (const QString warning = NodeRegistry::claimantWarning(node); !warning.isEmpty())
        parts << SafeText::neutralized(warning);
    return parts.join(QLatin1Char('\n'));
}

QString MachinesModel::deviceToolTip(const DeviceSample &d)
{
    const QLocale locale;
    QStringList lines{SafeText::neutralized(d.label())};
    if (!d.uuid.isEmpty())
        lines << Bidi::ltr(SafeText::neutralized(d.uuid));
    if (d.lost) {
        lines << DeviceText::lost();
    } else {
        lines << tr("Utilization %1%, memory %2 of %3")
                     .arg(locale.toString(d.utilization, 'f', 0), DataSize::format(d.memoryUsed, 1, locale),
                          DataSize::format(d.memoryTotal, 1, locale));
        if (const QStringList readings = DeviceText::readings(d, locale); !readings.isEmpty())
            lines << readings.join(tr(" · "));
    }
    if (!d.processes.isEmpty())
        lines << tr("%Ln process(es):", nullptr, int(d.processes.size()));
    for (const DeviceProcess &p : d.processes)
        lines << tr("%1 · %2 · %3 (pid %4)")
                     .arg(DeviceText::user(p, DeviceText::Shown::Widget), DeviceText::memory(p.memoryBytes),
                          DeviceText::command(p, DeviceText::Shown::Widget))
                     .arg(p.pid);
    for (QString &line : lines)
        line = line.toHtmlEscaped();
    return QStringLiteral("<qt>") + lines.join(QStringLiteral("<br>")) + QStringLiteral("</qt>");
}

QString MachinesModel::statusText(int link, int trust)
{
    switch (Node::Trust(trust)) {
    case Node::Trust::Changed:
        return tr("Certificate changed: refused");
    case Node::Trust::RejectedByAgent:
        return tr("Agent does not trust this computer");
    case Node::Trust::Unknown:
        if (Node::Link(link) != Node::Link::Offline)
            return tr("Not trusted yet");
        break;
    case Node::Trust::Pinned:
        break;
    }
    switch (Node::Link(link)) {
    case Node::Link::Offline:
        return tr("Offline");
    case Node::Link::Online:
        return tr("Online");
    case Node::Link::Connecting:
        return tr("Connecting…");
    case Node::Link::Connected:
        return tr("Connected");
    }
    return {};
}

QVariant MachinesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_keys.size())
        return {};
    const Node *n = m_registry.node(m_keys[index.row()]);
    if (!n)
        return {};
    switch (role) {
    // Names and messages come from other machines: shown neutralized (SafeText).
    case Qt::DisplayRole:
        return n->local ? tr("This computer (%1)")
                              .arg(SafeText::neutralized(n->hostname.isEmpty() ? n->name : n->hostname))
                        : SafeText::neutralized(n->name);
    case Qt::ToolTipRole:
        return tr("%1\nAddress: %2\nStatus: %3%4")
            .arg(SafeText::neutralized(n->name),
                 Bidi::ltr(QStringLiteral("%1:%2").arg(n->address).arg(n->port)),
                 statusText(int(n->link), int(n->trust)),
                 message(*n).isEmpty() ? QString() : QStringLiteral("\n") + message(*n));
    case KeyRole:
        return n->key;
    case NodeIdRole:
        return n->nodeId;
    case AddressRole:
        return QStringLiteral("%1:%2").arg(n->address).arg(n->port);
    case LinkRole:
        return int(n->link);
    case TrustRole:
        return int(n->trust);
    case StatusTextRole:
        return statusText(int(n->link), int(n->trust));
    case MessageRole:
        return message(*n);
    case ClaimantWarningRole:
        return SafeText::neutralized(NodeRegistry::claimantWarning(*n));
    case LocalRole:
        return n->local;
    case FingerprintRole:
        return n->pinnedFingerprint.isEmpty() ? n->fingerprintToConfirm() : n->pinnedFingerprint;
    case DevicesRole: {
        QVariantList devices;
        if (n->telemetry) {
            for (const DeviceSample &d : n->telemetry->devices) {
                devices.append(QVariantMap{
                    {QStringLiteral("name"), d.label()},
                    {QStringLiteral("kind"), DeviceSample::kindName(d.kind)},
                    {QStringLiteral("util"), d.utilization},
                    {QStringLiteral("mem_used"), d.memoryUsed},
                    {QStringLiteral("mem_total"), d.memoryTotal},
                    {QStringLiteral("live"), true},
                    {QStringLiteral("lost"), d.lost},
                    {QStringLiteral("holders"), DeviceText::holders(d.processes, DeviceText::Shown::Widget)},
                    {QStringLiteral("tooltip"), deviceToolTip(d)}});
            }
        } else {
            for (const Beacon::Device &d : n->advertisedDevices)
                devices.append(QVariantMap{{QStringLiteral("name"), d.label()},
                                           {QStringLiteral("kind"), d.kind},
                                           {QStringLiteral("live"), false},
                                           {QStringLiteral("tooltip"), SafeText::neutralized(d.label())}});
        }
        return devices;
    }
    default:
        return {};
    }
}

QHash<int, QByteArray> MachinesModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(KeyRole, "key");
    names.insert(NodeIdRole, "nodeId");
    names.insert(AddressRole, "address");
    names.insert(LinkRole, "link");
    names.insert(TrustRole, "trust");
    names.insert(StatusTextRole, "statusText");
    names.insert(MessageRole, "message");
    names.insert(LocalRole, "local");
    names.insert(DevicesRole, "devices");
    names.insert(FingerprintRole, "fingerprint");
    names.insert(ClaimantWarningRole, "claimantWarning");
    return names;
}

Qt::ItemFlags MachinesModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
}

QStringList MachinesModel::mimeTypes() const
{
    return {QString::fromLatin1(kMimeType)};
}

QMimeData *MachinesModel::mimeData(const QModelIndexList &indexes) const
{
    // A list of {node, device}: device -1 means the whole machine.
    QCborArray items;
    for (const QModelIndex &index : indexes) {
        if (!index.isValid())
            continue;
        QCborMap item;
        item[QStringLiteral("node")] = m_keys.value(index.row());
        item[QStringLiteral("device")] = -1;
        items.append(item);
    }
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(kMimeType), items.toCborValue().toCbor());
    return mime;
}

QModelIndex MachinesModel::indexOfKey(const QString &key) const
{
    const qsizetype row = m_keys.indexOf(key);
    return row < 0 ? QModelIndex() : index(int(row));
}

int MachinesModel::rowFor(const QString &key) const
{
    // The place Node::listedBefore gives it among the other rows.
    const Node *node = m_registry.node(key);
    int row = 0;
    for (const QString &other : m_keys) {
        const Node *n = m_registry.node(other);
        if (other != key && node && n && Node::listedBefore(*n, *node))
            ++row;
    }
    return row;
}

void MachinesModel::onAdded(const QString &key)
{
    if (m_keys.contains(key))
        return;
    const int row = rowFor(key);
    beginInsertRows({}, row, row);
    m_keys.insert(row, key);
    endInsertRows();
}

void MachinesModel::onRemoved(const QString &key)
{
    const qsizetype row = m_keys.indexOf(key);
    if (row < 0)
        return;
    beginRemoveRows({}, int(row), int(row));
    m_keys.removeAt(row);
    endRemoveRows();
}

void MachinesModel::onChanged(const QString &key)
{
    const QModelIndex i = indexOfKey(key);
    if (!i.isValid())
        return;
    // A machine that told its name moves to where the name sorts.
    const int from = i.row();
    const int to = rowFor(key);
    if (to != from && beginMoveRows({}, from, from, {}, to > from ? to + 1 : to)) {
        m_keys.move(from, to);
        endMoveRows();
    }
    const QModelIndex now = indexOfKey(key);
    Q_EMIT dataChanged(now, now);
}
