#include "labusagepage.h"

#include "appicons.h"
#include "atomicfile.h"
#include "bidi.h"
#include "errorcolor.h"
#include "labclient.h"
#include "labformat.h"
#include "labusagemodel.h"
#include "labusageplot.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

LabUsagePage::LabUsagePage(QWidget *parent)
    : QWidget(parent)
    , m_model(new LabUsageModel(this))
    , m_plot(new LabUsagePlot(*m_model))
    , m_table(new QTableView)
    , m_weeksLabel(new QLabel)
    , m_weeks(new QSpinBox)
    , m_export(new QPushButton)
    , m_message(new QLabel)
    , m_coverage(new QLabel)
{
    m_weeks->setRange(1, 52);
    m_weeks->setValue(8);
    m_weeksLabel->setBuddy(m_weeks);
    AppIcons::setButtonIcon(m_export, AppIcons::exportFiles());
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_message->setWordWrap(true);
    m_message->setVisible(false);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_weeksLabel);
    bar->addWidget(m_weeks);
    bar->addStretch(1);
    bar->addWidget(m_export);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_plot);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    m_coverage->setWordWrap(true);
    layout->addWidget(m_coverage);
    layout->addWidget(m_message);
    connect(m_weeks, &QSpinBox::valueChanged, this, &LabUsagePage::weeksChanged);
    connect(m_export, &QPushButton::clicked, this, &LabUsagePage::promptExport);
    retranslate();
}

int LabUsagePage::weeks() const
{
    return m_weeks->value();
}

void LabUsagePage::setRows(const QList<LabUsageRow> &rows, const QStringList &errors,
                           const QStringList &machines)
{
    m_model->setRows(rows);
    m_machines = machines;
    showCoverage();
    m_export->setEnabled(!rows.isEmpty());
    if (!errors.isEmpty())
        showMessage(tr("Some machines could not be asked, so these hours leave them out:\n%1")
                        .arg(errors.join(QLatin1Char('\n'))),
                    true);
    else if (m_message->property("fromUsage").toBool())
        m_message->setVisible(false);
    m_message->setProperty("fromUsage", !errors.isEmpty());
}

Status LabUsagePage::exportCsv(const QString &path) const
{
    return AtomicFile::write(path, LabClient::usageCsv(m_model->rows()),
                             QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                                 QFileDevice::ReadOther);
}

void LabUsagePage::promptExport()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export usage"),
                                                      QDir::home().filePath(QStringLiteral("lab-usage.csv")),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (Status s = exportCsv(path); !s)
        showMessage(tr("Cannot write %1: %2").arg(Bidi::ltr(path), s.error()), true);
    else
        showMessage(tr("Saved to %1").arg(Bidi::ltr(path)), false);
}

void LabUsagePage::showCoverage()
{
    // Which machines the hours are of (issue #29, item 14): a machine that did not answer is not a zero.
    QStringList names; // chosen on other machines: made safe to show
    for (const QString &m : std::as_const(m_machines))
        names << LabFormat::text(m);
    m_coverage->setText(names.isEmpty() ? QString()
                                        : tr("Over %Ln machine(s): %1", nullptr, int(names.size()))
                                              .arg(QLocale().createSeparatedList(names)));
    m_coverage->setVisible(!m_machines.isEmpty());
}

void LabUsagePage::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: %1").arg(errorColor(palette()).name())
                                   : QString());
    m_message->setVisible(!text.isEmpty());
}

void LabUsagePage::retranslate()
{
    m_weeksLabel->setText(tr("&Weeks:"));
    m_weeks->setToolTip(tr("How many weeks back, this one included"));
    m_export->setText(tr("Export CSV…"));
    m_export->setToolTip(
        tr("Save device-hours per user and week as CSV (ISO dates, one row per user and week)"));
    m_model->retranslate();
    showCoverage();
}

void LabUsagePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
