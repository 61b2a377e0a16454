#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class MachinesView;
class NodeRegistry;
class QPoint;
class QSortFilterProxyModel;
class QWidget;
class TrainingGroupModel;
class TrustMachinesDialog;

/// What a user does to a machine of the Machines list: add one by address,
/// its context menu (add to the training group, details, trust, forget,
/// install an agent over SSH) and the one "New machines" question for every
/// agent whose certificate nobody has confirmed yet.
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
    /// Puts `key` in the "New machines" question (NodeRegistry::trustNeeded), opening it if needed.
    void promptTrust(const QString &key);
    /// The open question, if any (for tests).
    TrustMachinesDialog *trustDialog() const;

Q_SIGNALS:
    /// The user asked to install an agent on `host` (empty: ask for one).
    void installAgentRequested(const QString &host);

private:
    void showContextMenu(const QPoint &pos);
    void showDetails(const QString &key);
    void showTrustPrompt();
    void machineChanged(const QString &key);

    NodeRegistry &m_registry;
    TrainingGroupModel &m_group;
    MachinesView *m_view;
    QSortFilterProxyModel *m_filter;
    QWidget *m_window;
    QStringList m_trustQueue;
    QPointer<TrustMachinesDialog> m_trustDialog;
};
