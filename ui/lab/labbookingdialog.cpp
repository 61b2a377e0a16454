#include "labbookingdialog.h"

#include "errorcolor.h"
#include "labformat.h"
#include "localeformat.h"

#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace {
constexpr int kNodeIdRole = Qt::UserRole + 1;
constexpr int kDeviceRole = Qt::UserRole + 2;
} // namespace

LabBookingDialog::LabBookingDialog(const LabSnapshot &snapshot, QWidget *parent)
    : QDialog(parent)
    , m_devices(new QStandardItemModel(this))
    , m_tree(new QTreeView)
    , m_from(new QDateTimeEdit)
    , m_to(new QDateTimeEdit)
    , m_note(new QLineEdit)
    , m_problem(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Book devices"));
    for (const LabNode &n : snapshot.nodes) {
        auto *machine = new QStandardItem(LabFormat::text(n.name));
        machine->setData(n.nodeId, kNodeIdRole);
        machine->setCheckable(true);
        machine->setEditable(false);
        for (const LabDevice &d : n.devices) {
            auto *device = new QStandardItem(
                d.name.isEmpty() ? tr("device %1").arg(LocaleFormat::number(qint64(d.index)))
                                 : tr("device %1: %2")
                                       .arg(LocaleFormat::number(qint64(d.index)), LabFormat::text(d.name)));
            device->setData(n.nodeId, kNodeIdRole);
            device->setData(d.index, kDeviceRole);
            device->setCheckable(true);
            device->setEditable(false);
            machine->appendRow(device);
        }
        m_devices->appendRow(machine);
    }
    m_tree->setModel(m_devices);
    m_tree->setHeaderHidden(true);
    m_tree->expandAll();
    m_tree->setMinimumHeight(140);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendar(LocaleFormat::calendar());
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy/MM/dd HH:mm"));
    }
    m_note->setMaxLength(kMaxNote);
    m_note->setPlaceholderText(tr("what it is for, e.g. thesis runs"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1").arg(errorColor(palette()).name()));

    auto *form = new QFormLayout;
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    form->addRow(tr("&Note:"), m_note);
    auto *intro =
        new QLabel(tr("Choose the devices. A booking on several machines is made on all of them or on "
                      "none; one that overlaps another is refused."));
    intro->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_tree, 1);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Book"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_devices, &QStandardItemModel::itemChanged, this, &LabBookingDialog::onItemChanged);
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &LabBookingDialog::update);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &LabBookingDialog::update);
    const qint64 hour = 3600 * 1000;
    const qint64 next = (QDateTime::currentMSecsSinceEpoch() / hour + 1) * hour;
    setRange(next, next + hour);
    resize(460, 420);
}

void LabBookingDialog::choose(const QString &nodeId, const QList<int> &devices)
{
    for (int r = 0; r < m_devices->rowCount(); ++r) {
        QStandardItem *machine = m_devices->item(r);
        if (machine->data(kNodeIdRole).toString() != nodeId)
            continue;
        for (int c = 0; c < machine->rowCount(); ++c) {
            QStandardItem *device = machine->child(c);
            if (devices.contains(device->data(kDeviceRole).toInt()))
                device->setCheckState(Qt::Checked);
        }
    }
    update();
}

void LabBookingDialog::setRange(qint64 fromMs, qint64 toMs)
{
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(fromMs));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(toMs));
    update();
}

void LabBookingDialog::setNote(const QString &note)
{
    m_note->setText(note);
}

QList<LabClient::BookingRequest> LabBookingDialog::requests() const
{
    QList<LabClient::BookingRequest> out;
    for (int r = 0; r < m_devices->rowCount(); ++r) {
        QStandardItem *machine = m_devices->item(r);
        LabClient::BookingRequest request{machine->data(kNodeIdRole).toString(), {}};
        for (int c = 0; c < machine->rowCount(); ++c) {
            if (machine->child(c)->checkState() == Qt::Checked)
                request.devices << machine->child(c)->data(kDeviceRole).toInt();
        }
        if (!request.devices.isEmpty())
            out << request;
    }
    return out;
}

qint64 LabBookingDialog::fromMs() const
{
    return m_from->dateTime().toMSecsSinceEpoch();
}

qint64 LabBookingDialog::toMs() const
{
    return m_to->dateTime().toMSecsSinceEpoch();
}

QString LabBookingDialog::note() const
{
    return m_note->text().trimmed();
}

QString LabBookingDialog::problem() const
{
    if (requests().isEmpty())
        return tr("Choose at least one device.");
    if (toMs() <= fromMs())
        return tr("The end must come after the start.");
    return {};
}

void LabBookingDialog::onItemChanged(QStandardItem *item)
{
    if (m_syncing)
        return;
    m_syncing = true;
    if (!item->parent()) {
        // A machine checked or unchecked: all its devices with it.
        if (item->checkState() != Qt::PartiallyChecked) {
            for (int c = 0; c < item->rowCount(); ++c)
                item->child(c)->setCheckState(item->checkState());
        }
    } else {
        // A device: its machine shows whether all, some or none of its devices are chosen.
        QStandardItem *machine = item->parent();
        int checked = 0;
        for (int c = 0; c < machine->rowCount(); ++c)
            checked += machine->child(c)->checkState() == Qt::Checked ? 1 : 0;
        machine->setCheckState(checked == 0                     ? Qt::Unchecked
                               : checked == machine->rowCount() ? Qt::Checked
                                                                : Qt::PartiallyChecked);
    }
    m_syncing = false;
    update();
}

void LabBookingDialog::update()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}
