#pragma once

#include <QAbstractListModel>
#include <QStringList>

class NodeRegistry;
struct DeviceSample;
struct Node;

/// The machines a controller sees, one row each, for the Machines list. Reads
/// the NodeRegistry and follows its changes; painting is MachineDelegate's job.
class MachinesModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MachinesModel)

public:
    enum Role
    {
        KeyRole = Qt::UserRole + 1,
        NodeIdRole,
        AddressRole,
        LinkRole,       ///< Node::Link as int
        TrustRole,      ///< Node::Trust as int
        StatusTextRole, ///< translated status
        MessageRole,
        LocalRole,
        /// QVariantList of QVariantMap {name, kind, util, mem_used, mem_total, live, lost, holders, tooltip}:
        /// `holders` who holds the GPU in one line, `tooltip` its readings and processes (rich text, escaped)
        DevicesRole,
        FingerprintRole,
        ClaimantWarningRole, ///< other machines claim to be this one: the warning, neutralized; empty when
                             ///< none
    };

    explicit MachinesModel(NodeRegistry &registry, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;

    QModelIndex indexOfKey(const QString &key) const;
    QString keyAt(int row) const { return m_keys.value(row); }

    static QString statusText(int link, int trust);
    /// The node's problem and any claimant warning, neutralized for display.
    static QString message(const Node &node);
    /// A device's readings and every process on it, for its tooltip: rich text
    /// with everything escaped, so a command line cannot be taken for markup.
    static QString deviceToolTip(const DeviceSample &device);
    static constexpr const char *kMimeType = "application/x-hamgam-machines";

private:
    void onAdded(const QString &key);
    /// The row `key` belongs in: the rows are in Node::listedBefore order.
    int rowFor(const QString &key) const;
    void onRemoved(const QString &key);
    void onChanged(const QString &key);

    NodeRegistry &m_registry;
    QStringList m_keys;
};
