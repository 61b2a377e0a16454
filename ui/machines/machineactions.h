#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class MachinesView;
class NodeRegistry;
class QMessageBox;
class QPoint;
class QSortFilterProxyModel;
class QWidget;
class TrainingGroupModel;

/// What a user does to a machine of the Machines list: add one by address,
/// its context menu (add to the training group, details, trust, forget,
/// install an agent over SSH) and the "New machine" prompts, one at a time,
/// for agents whose certificate nobody has confirmed yet.
class MachineActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MachineActions)

public:
    /// `window`: the dialogs' parent; `view` shows `filter`, a proxy of the machines model.
    MachineActions(NodeRegistry &registry, TrainingGroupModel &group, MachinesView *view,
                   QSortFilterProxyModel *filter, QWidget *window);

    /// Asks for a host (and port) and adds it to the registry.
    void addMachine();
    /// Queues the "New machine" prompt for `key` (NodeRegistry::trustNeeded).
    void promptTrust(const QString &key);

Q_SIGNALS:
    /// The user asked to install an agent on `host` (empty: ask for one).
    void installAgentRequested(const QString &host);

private:
    void showContextMenu(const QPoint &pos);
    void showDetails(const QString &key);
    void showNextTrustPrompt();

    NodeRegistry &m_registry;
    TrainingGroupModel &m_group;
    MachinesView *m_view;
    QSortFilterProxyModel *m_filter;
    QWidget *m_window;
    QStringList m_trustQueue;
    QPointer<QMessageBox> m_trustBox;
};
