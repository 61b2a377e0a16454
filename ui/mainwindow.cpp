#include "mainwindow.h"

#include "controllerprofile.h"
#include "hostport.h"
#include "identity.h"
#include "machinedelegate.h"
#include "machinesmodel.h"
#include "noderegistry.h"
#include "protocol.h"

#include <QAction>
#include <QCloseEvent>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

MainWindow::MainWindow(ControllerProfile &profile, NodeRegistry &registry, QWidget *parent)
    : QMainWindow(parent), m_profile(profile), m_registry(registry)
{
    buildUi();
    retranslateUi();
    connect(&registry, &NodeRegistry::trustNeeded, this, &MainWindow::promptTrust);
    connect(&registry, &NodeRegistry::nodeChanged, this, &MainWindow::updateDetails);
    connect(&registry, &NodeRegistry::telemetryUpdated, this, &MainWindow::updateDetails);
    connect(&registry, &NodeRegistry::nodeAdded, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::nodeRemoved, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::nodeChanged, this, &MainWindow::updateStatus);
    connect(&registry, &NodeRegistry::manualEntriesChanged, this,
            [this] { (void)m_profile.saveManualMachines(m_registry.manualEntries()); });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi()
{
    auto *machinesPanel = new QWidget;
    auto *layout = new QVBoxLayout(machinesPanel);
    layout->setContentsMargins(6, 6, 6, 6);
    m_machinesTitle = new QLabel;
    QFont titleFont = m_machinesTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_machinesTitle->setFont(titleFont);
    m_filterEdit = new QLineEdit;
    m_filterEdit->setClearButtonEnabled(true);
    m_model = new MachinesModel(m_registry, this);
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setSourceModel(m_model);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterRole(Qt::DisplayRole);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &QSortFilterProxyModel::setFilterFixedString);
    m_view = new QListView;
    m_view->setModel(m_filter);
    m_view->setItemDelegate(new MachineDelegate(m_view));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setUniformItemSizes(false);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    connect(m_view, &QListView::customContextMenuRequested, this, &MainWindow::showContextMenu);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::updateDetails);
    m_addButton = new QPushButton;
    connect(m_addButton, &QPushButton::clicked, this, &MainWindow::addMachine);
    layout->addWidget(m_machinesTitle);
    layout->addWidget(m_filterEdit);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_addButton);

    m_details = new QTextBrowser;
    m_details->setOpenLinks(false);

    m_splitter = new QSplitter;
    m_splitter->addWidget(machinesPanel);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    setCentralWidget(m_splitter);

    m_statusLabel = new QLabel;
    statusBar()->addPermanentWidget(m_statusLabel);
    resize(1100, 700);
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("Hamgam"));
    m_machinesTitle->setText(tr("Machines"));
    m_filterEdit->setPlaceholderText(tr("Filter machines"));
    m_addButton->setText(tr("Add machine…"));
    m_addButton->setToolTip(tr("Add an agent on another subnet by host name or address"));
    updateDetails();
    updateStatus();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::addMachine()
{
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Add machine"),
                                               tr("Host name or address of the agent, with :port if it is not %1:")
                                                   .arg(Protocol::kDefaultControlPort),
                                               QLineEdit::Normal, {}, &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    auto hp = HostPort::parse(text, Protocol::kDefaultControlPort);
    if (!hp) {
        QMessageBox::warning(this, tr("Add machine"), hp.error());
        return;
    }
    m_registry.addManual(hp->host, hp->port);
}

void MainWindow::showContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_filter->mapToSource(m_view->indexAt(pos));
    if (!index.isValid())
        return;
    const QString key = index.data(MachinesModel::KeyRole).toString();
    const int trust = index.data(MachinesModel::TrustRole).toInt();
    QMenu menu(this);
    QAction *details = menu.addAction(tr("Details"));
    QAction *trustAction = menu.addAction(tr("Trust…"));
    trustAction->setEnabled(trust == int(Node::Trust::Unknown) && !index.data(MachinesModel::NodeIdRole).toString().isEmpty());
    QAction *forget = menu.addAction(tr("Forget"));
    forget->setEnabled(!index.data(MachinesModel::LocalRole).toBool());
    QAction *chosen = menu.exec(m_view->viewport()->mapToGlobal(pos));
    if (chosen == details) {
        m_view->setCurrentIndex(m_filter->mapFromSource(index));
        updateDetails();
    } else if (chosen == trustAction) {
        promptTrust(key);
    } else if (chosen == forget) {
        const auto answer = QMessageBox::question(
            this, tr("Forget machine"),
            tr("Forget %1? Its pinned certificate is removed; you will be asked again when it is seen.")
                .arg(index.data(Qt::DisplayRole).toString()));
        if (answer == QMessageBox::Yes)
            m_registry.forget(key);
    }
}

void MainWindow::promptTrust(const QString &key)
{
    const Node *node = m_registry.node(key);
    if (!node || node->local || node->trust != Node::Trust::Unknown)
        return;
    if (m_trustQueue.contains(key))
        return;
    m_trustQueue.append(key);
    // Wait a moment: the agent this app starts is often heard before it is
    // known to be ours, and is then pinned without asking.
    QTimer::singleShot(1500, this, &MainWindow::showNextTrustPrompt);
}

void MainWindow::showNextTrustPrompt()
{
    if (m_trustBox || m_trustQueue.isEmpty())
        return;
    const QString key = m_trustQueue.takeFirst();
    const Node *node = m_registry.node(key);
    if (!node || node->trust != Node::Trust::Unknown) {
        showNextTrustPrompt();
        return;
    }
    m_trustBox = new QMessageBox(QMessageBox::Question, tr("New machine"),
                                 tr("A Hamgam agent was found on %1 (%2).").arg(node->name, node->address), QMessageBox::NoButton,
                                 this);
    m_trustBox->setAttribute(Qt::WA_DeleteOnClose);
    m_trustBox->setInformativeText(
        tr("Trust it only if this certificate fingerprint matches the one the agent prints on its machine "
           "(hamgam-agent --fingerprint):\n\n%1")
            .arg(Identity::displayFingerprint(node->fingerprintToConfirm())));
    QPushButton *trustButton = m_trustBox->addButton(tr("Trust"), QMessageBox::AcceptRole);
    m_trustBox->addButton(tr("Not now"), QMessageBox::RejectRole);
    connect(m_trustBox, &QMessageBox::buttonClicked, this, [this, key, trustButton](QAbstractButton *button) {
        if (button == trustButton)
            m_registry.trust(key);
    });
    connect(m_trustBox, &QObject::destroyed, this, [this] { QMetaObject::invokeMethod(this, &MainWindow::showNextTrustPrompt, Qt::QueuedConnection); });
    m_trustBox->open();
}

void MainWindow::updateDetails()
{
    const QModelIndex index = m_filter->mapToSource(m_view->currentIndex());
    const Node *node = index.isValid() ? m_registry.node(index.data(MachinesModel::KeyRole).toString()) : nullptr;
    if (!node) {
        m_details->setHtml(tr("<h3>Welcome to Hamgam</h3><p>Machines running <b>hamgam-agent</b> on this network appear "
                              "on the left. This computer is always there: Hamgam starts an agent on it for you.</p>"
                              "<p>Select a machine to see its details.</p>"));
        return;
    }
    const QLocale locale;
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing='4'>").arg(node->name.toHtmlEscaped());
    auto row = [&](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Status"), MachinesModel::statusText(int(node->link), int(node->trust)));
    row(tr("Address"), QStringLiteral("%1:%2").arg(node->address).arg(node->port));
    row(tr("Node id"), node->nodeId);
    row(tr("Agent version"), node->agentVersion);
    row(tr("Fingerprint"), Identity::displayFingerprint(node->pinnedFingerprint.isEmpty() ? node->fingerprintToConfirm()
                                                                                          : node->pinnedFingerprint));
    if (node->telemetry) {
        const HostInfo &h = node->telemetry->host;
        row(tr("Host name"), h.hostname);
        row(tr("Operating system"), h.os);
        row(tr("Processor"), tr("%1, %n core(s)", nullptr, h.cores).arg(h.cpuModel));
        row(tr("Memory"), tr("%1 available of %2")
                              .arg(locale.formattedDataSize(h.memoryAvailable, 1, QLocale::DataSizeTraditionalFormat),
                                   locale.formattedDataSize(h.memoryTotal, 1, QLocale::DataSizeTraditionalFormat)));
        row(tr("Load"), locale.toString(h.load1, 'f', 2));
        for (const DeviceSample &d : node->telemetry->devices) {
            QString value = tr("%1% busy, %2 of %3 memory")
                                .arg(locale.toString(d.utilization, 'f', 0),
                                     locale.formattedDataSize(d.memoryUsed, 1, QLocale::DataSizeTraditionalFormat),
                                     locale.formattedDataSize(d.memoryTotal, 1, QLocale::DataSizeTraditionalFormat));
            if (d.temperature >= 0)
                value += tr(", %1 °C").arg(locale.toString(d.temperature, 'f', 0));
            if (!d.processes.isEmpty())
                value += tr(", used by %n process(es)", nullptr, int(d.processes.size()));
            row(d.name, value);
        }
    }
    html += QStringLiteral("</table>");
    if (!node->message.isEmpty())
        html += QStringLiteral("<p style='color:#d32f2f'>%1</p>").arg(node->message.toHtmlEscaped());
    m_details->setHtml(html);
}

void MainWindow::updateStatus()
{
    int online = 0;
    const QList<Node> nodes = m_registry.nodes();
    for (const Node &n : nodes)
        online += n.isOnline() ? 1 : 0;
    m_statusLabel->setText(tr("%n machine(s) online  ·  this controller %1…", nullptr, online)
                               .arg(Identity::displayFingerprint(m_profile.identity().fingerprint()).left(23)));
}
