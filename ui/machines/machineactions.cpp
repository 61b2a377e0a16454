#include "machineactions.h"

#include "appicons.h"
#include "bidi.h"
#include "hostport.h"
#include "identity.h"
#include "localeformat.h"
#include "machinesmodel.h"
#include "machinesview.h"
#include "noderegistry.h"
#include "protocol.h"
#include "traininggroupmodel.h"
#include "trustmachinesdialog.h"

#include <QAction>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTimer>

MachineActions::MachineActions(NodeRegistry &registry, TrainingGroupModel &group, MachinesView *view,
                               QSortFilterProxyModel *filter, QWidget *window)
    : QObject(window)
    , m_registry(registry)
    , m_group(group)
    , m_view(view)
    , m_filter(filter)
    , m_window(window)
{
    connect(&registry, &NodeRegistry::trustNeeded, this, &MachineActions::promptTrust);
    connect(&registry, &NodeRegistry::nodeChanged, this, &MachineActions::machineChanged);
    connect(&registry, &NodeRegistry::nodeRemoved, this, &MachineActions::machineChanged);
    connect(view, &MachinesView::customContextMenuRequested, this, &MachineActions::showContextMenu);
}

void MachineActions::addMachine()
{
    bool ok = false;
    const QString text =
        QInputDialog::getText(m_window, tr("Add machine"),
                              tr("Host name or address of the agent, with :port if it is not %1:")
                                  .arg(Protocol::kDefaultControlPort),
                              QLineEdit::Normal, {}, &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    auto hp = HostPort::parse(text, Protocol::kDefaultControlPort);
    if (!hp) {
        QMessageBox::warning(m_window, tr("Add machine"), hp.error());
        return;
    }
    m_registry.addManual(hp->host, hp->port);
}

void MachineActions::showContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_filter->mapToSource(m_view->indexAt(pos));
    if (!index.isValid())
        return;
    const QString key = index.data(MachinesModel::KeyRole).toString();
    const int trust = index.data(MachinesModel::TrustRole).toInt();
    QMenu menu(m_window);
    QAction *addToGroup = menu.addAction(tr("Add to the training group"));
    QAction *details = menu.addAction(tr("Details"));
    QAction *trustAction = menu.addAction(tr("Trust…"));
    trustAction->setEnabled(trust == int(Node::Trust::Unknown) &&
                            !index.data(MachinesModel::NodeIdRole).toString().isEmpty());
    QAction *forget = menu.addAction(tr("Forget"));
    forget->setEnabled(!index.data(MachinesModel::LocalRole).toBool());
    QAction *install =
        menu.addAction(AppIcons::install(), tr("Install agent over SSH…")); // SSH installer (issue 7)
    install->setEnabled(!index.data(MachinesModel::LocalRole).toBool());
    QAction *chosen = menu.exec(m_view->viewport()->mapToGlobal(pos));
    if (chosen == addToGroup) {
        m_group.add(key, -1);
    } else if (chosen == details) {
        showDetails(key);
    } else if (chosen == trustAction) {
        promptTrust(key);
    } else if (chosen == install) {
        if (const Node *node = m_registry.node(key))
            Q_EMIT installAgentRequested(node->address);
    } else if (chosen == forget) {
        const auto answer = QMessageBox::question(
            m_window, tr("Forget machine"),
            tr("Forget %1? Its pinned certificate is removed; you will be asked again when it is seen.")
                .arg(index.data(Qt::DisplayRole).toString()));
        if (answer == QMessageBox::Yes)
            m_registry.forget(key);
    }
}

void MachineActions::showDetails(const QString &key)
{
    const Node *node = m_registry.node(key);
    if (!node)
        return;
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing='4'>").arg(node->name.toHtmlEscaped());
    auto row = [&](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    const QLocale locale;
    row(tr("Status"), MachinesModel::statusText(int(node->link), int(node->trust)));
    row(tr("Address"), Bidi::ltr(QStringLiteral("%1:%2").arg(node->address).arg(node->port)));
    row(tr("Node id"), Bidi::ltr(node->nodeId));
    row(tr("Agent version"), Bidi::ltr(node->agentVersion));
    row(tr("Fingerprint"),
        Bidi::ltr(Identity::displayFingerprint(
            node->pinnedFingerprint.isEmpty() ? node->fingerprintToConfirm() : node->pinnedFingerprint)));
    if (node->telemetry) {
        const HostInfo &h = node->telemetry->host;
        row(tr("Host name"), Bidi::ltr(h.hostname));
        row(tr("Operating system"), Bidi::ltr(h.os));
        // The model kept left to right, so in Persian the comma and "۲ هسته" follow it whole.
        row(tr("Processor"), tr("%1, %Ln core(s)", nullptr, h.cores).arg(Bidi::ltr(h.cpuModel)));
        row(tr("Memory"),
            tr("%1 available of %2")
                .arg(LocaleFormat::dataSize(h.memoryAvailable), LocaleFormat::dataSize(h.memoryTotal)));
        for (const DeviceSample &d : node->telemetry->devices)
            row(d.label(),
                tr("%1% busy, %2 of %3 memory")
                    .arg(locale.toString(d.utilization, 'f', 0), LocaleFormat::dataSize(d.memoryUsed),
                         LocaleFormat::dataSize(d.memoryTotal)));
    }
    html += QStringLiteral("</table>");
    if (!node->message.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(node->message.toHtmlEscaped());
    QMessageBox box(QMessageBox::Information, tr("Machine details"), html, QMessageBox::Close, m_window);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

void MachineActions::promptTrust(const QString &key)
{
    const Node *node = m_registry.node(key);
    if (!node || node->local || node->trust != Node::Trust::Unknown)
        return;
    if (m_trustDialog) { // already asking: the machine joins the list
        m_trustQueue.append(key);
        showTrustPrompt();
        return;
    }
    if (m_trustQueue.contains(key))
        return;
    m_trustQueue.append(key);
    // Wait a moment: the agent this app starts is often heard before it is
    // known to be ours, and is then pinned without asking; the others found
    // meanwhile are asked about together.
    QTimer::singleShot(1500, this, &MachineActions::showTrustPrompt);
}

TrustMachinesDialog *MachineActions::trustDialog() const
{
    return m_trustDialog;
}

void MachineActions::showTrustPrompt()
{
    const QStringList keys = std::exchange(m_trustQueue, {});
    for (const QString &key : keys) {
        const Node *node = m_registry.node(key);
        if (!node || node->trust != Node::Trust::Unknown || node->local || node->nodeId.isEmpty())
            continue;
        if (!m_trustDialog) {
            m_trustDialog = new TrustMachinesDialog(m_window);
            m_trustDialog->setAttribute(Qt::WA_DeleteOnClose);
            TrustMachinesDialog *dialog = m_trustDialog;
            connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
                // Let go of the closing dialog first: a machine trust() finds changed is asked
                // about again in a new one, not added to this one.
                const QList<TrustMachinesDialog::Choice> chosen = dialog->checked();
                if (m_trustDialog == dialog)
                    m_trustDialog.clear();
                if (result != QDialog::Accepted)
                    return;
                for (const TrustMachinesDialog::Choice &c : chosen)
                    m_registry.trust(c.key, c.fingerprint); // exactly the certificate compared, or nothing
            });
            m_trustDialog->open();
        }
        m_trustDialog->setMachine(key, node->name, QStringLiteral("%1:%2").arg(node->address).arg(node->port),
                                  node->fingerprintToConfirm(), node->message);
    }
}

void MachineActions::machineChanged(const QString &key)
{
    if (!m_trustDialog || !m_trustDialog->hasMachine(key))
        return;
    const Node *node = m_registry.node(key);
    if (!node || node->trust != Node::Trust::Unknown || node->local) {
        m_trustDialog->removeMachine(key); // trusted, forgotten or refused meanwhile
        if (m_trustDialog->machineCount() == 0)
            m_trustDialog->reject();
        return;
    }
    m_trustDialog->setMachine(key, node->name, QStringLiteral("%1:%2").arg(node->address).arg(node->port),
                              node->fingerprintToConfirm(), node->message);
}
