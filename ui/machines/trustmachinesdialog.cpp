#include "trustmachinesdialog.h"

#include "bidi.h"
#include "identity.h"
#include "safetext.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {
enum Column
{
    MachineColumn,
    AddressColumn,
    FingerprintColumn,
    ColumnCount
};
constexpr int kKeyRole = Qt::UserRole;
constexpr int kFingerprintRole = Qt::UserRole + 1;
} // namespace

TrustMachinesDialog::TrustMachinesDialog(QWidget *parent)
    : QDialog(parent)
    , m_intro(new QLabel)
    , m_list(new QTreeWidget)
    , m_notes(new QLabel)
{
    m_intro->setWordWrap(true);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);                       // names and notes come from other machines
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse); // the command is copied from here
    m_notes->setVisible(false);
    m_list->setColumnCount(ColumnCount);
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox;
    m_trust = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_later = buttons->addButton(QString(), QDialogButtonBox::RejectRole);
    m_later->setDefault(true); // Enter never trusts by accident
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemChanged, this, &TrustMachinesDialog::updateButton);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_notes);
    layout->addWidget(buttons);
    resize(920, 320);
    retranslate();
    updateButton();
}

QTreeWidgetItem *TrustMachinesDialog::itemOf(const QString &key) const
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->data(MachineColumn, kKeyRole).toString() == key)
            return m_list->topLevelItem(i);
    }
    return nullptr;
}

bool TrustMachinesDialog::hasMachine(const QString &key) const
{
    return itemOf(key) != nullptr;
}

void TrustMachinesDialog::setMachine(const QString &key, const QString &name, const QString &address,
                                     const QString &fingerprint, const QString &note)
{
    QTreeWidgetItem *item = itemOf(key);
    const QSignalBlocker quiet(m_list);
    if (!item) {
        item = new QTreeWidgetItem(m_list);
        item->setCheckState(MachineColumn, Qt::Unchecked);
        item->setData(MachineColumn, kKeyRole, key);
    }
    if (item->data(MachineColumn, kFingerprintRole).toString() != fingerprint ||
        item->text(AddressColumn) != Bidi::ltr(address))
        item->setCheckState(MachineColumn, Qt::Unchecked); // what the user compared is no longer shown
    // Nothing to compare, nothing to check: trusting "no certificate" would pin whatever comes next.
    item->setFlags(fingerprint.isEmpty() ? Qt::ItemIsEnabled : Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setData(MachineColumn, kFingerprintRole, fingerprint);
    item->setText(MachineColumn, SafeText::neutralized(name));
    item->setText(AddressColumn, Bidi::ltr(address));
    item->setText(FingerprintColumn, Bidi::ltr(Identity::displayFingerprint(fingerprint)));
    item->setFont(FingerprintColumn, QFontDatabase::systemFont(QFontDatabase::FixedFont));
    item->setIcon(MachineColumn,
                  note.isEmpty() ? QIcon() : style()->standardIcon(QStyle::SP_MessageBoxWarning));
    for (int c = 0; c < ColumnCount; ++c)
        item->setToolTip(c, SafeText::neutralized(note));
    updateButton();
    updateNotes();
}

void TrustMachinesDialog::updateNotes()
{
    QStringList lines;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (!item->toolTip(MachineColumn).isEmpty())
            lines << tr("%1: %2").arg(item->text(MachineColumn), item->toolTip(MachineColumn));
    }
    m_notes->setText(lines.join(QLatin1Char('\n')));
    m_notes->setVisible(!lines.isEmpty());
}

void TrustMachinesDialog::removeMachine(const QString &key)
{
    delete itemOf(key);
    updateButton();
    updateNotes();
}

int TrustMachinesDialog::machineCount() const
{
    return m_list->topLevelItemCount();
}

QList<TrustMachinesDialog::Choice> TrustMachinesDialog::checked() const
{
    QList<Choice> out;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->checkState(MachineColumn) == Qt::Checked &&
            !item->data(MachineColumn, kFingerprintRole).toString().isEmpty())
            out.append({item->data(MachineColumn, kKeyRole).toString(),
                        item->data(MachineColumn, kFingerprintRole).toString()});
    }
    return out;
}

void TrustMachinesDialog::retranslate()
{
    setWindowTitle(tr("New machines"));
    m_intro->setText(tr(
        "Hamgam agents were found on these machines. Check a machine only if its fingerprint matches the one "
        "its agent prints there (hamgam-agent --fingerprint). An unchecked machine can be trusted later from "
        "its menu in the Machines list (Trust…)."));
    m_list->setHeaderLabels({tr("Machine"), tr("Address"), tr("Fingerprint")});
    m_later->setText(tr("Not now"));
    updateButton();
}

void TrustMachinesDialog::updateButton()
{
    const int n = int(checked().size());
    m_trust->setText(tr("Trust %Ln machine(s)", nullptr, n));
    m_trust->setEnabled(n > 0);
}

void TrustMachinesDialog::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(e);
}
