#include "plotexportdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

PlotExportDialog::PlotExportDialog(const QStringList &plotTitles, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export plots"));
    auto *plots = new QVBoxLayout;
    for (const QString &title : plotTitles) {
        auto *box = new QCheckBox(title);
        box->setChecked(true);
        connect(box, &QCheckBox::toggled, this, &PlotExportDialog::updateOk);
        plots->addWidget(box);
        m_plots << box;
    }
    m_png = new QCheckBox(tr("PNG (pictures for slides and chat)"));
    m_pdf = new QCheckBox(tr("PDF (sharp at any size, for papers)"));
    m_png->setChecked(true);
    m_pdf->setChecked(true);
    auto *formats = new QVBoxLayout;
    formats->addWidget(m_png);
    formats->addWidget(m_pdf);
    connect(m_png, &QCheckBox::toggled, this, &PlotExportDialog::updateOk);
    connect(m_pdf, &QCheckBox::toggled, this, &PlotExportDialog::updateOk);

    m_dir = new QLineEdit(QDir::toNativeSeparators(defaultDirectory()));
    m_dir->setObjectName(QStringLiteral("directory"));
    m_dir->setToolTip(tr("A folder that does not exist yet is made"));
    connect(m_dir, &QLineEdit::textChanged, this, &PlotExportDialog::updateOk);
    auto *choose = new QPushButton(tr("Choose…"));
    connect(choose, &QPushButton::clicked, this, &PlotExportDialog::chooseDirectory);
    auto *folder = new QHBoxLayout;
    folder->addWidget(m_dir, 1);
    folder->addWidget(choose);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Save"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(tr("Plots"), plots);
    form->addRow(tr("Formats"), formats);
    form->addRow(tr("Folder"), folder);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    updateOk();
}

QList<int> PlotExportDialog::chosenPlots() const
{
    QList<int> chosen;
    for (int i = 0; i < m_plots.size(); ++i) {
        if (m_plots[i]->isChecked())
            chosen << i;
    }
    return chosen;
}

QList<PlotExporter::Format> PlotExportDialog::chosenFormats() const
{
    QList<PlotExporter::Format> formats;
    if (m_png->isChecked())
        formats << PlotExporter::Format::Png;
    if (m_pdf->isChecked())
        formats << PlotExporter::Format::Pdf;
    return formats;
}

QString PlotExportDialog::directory() const
{
    return QDir::cleanPath(QDir::fromNativeSeparators(m_dir->text().trimmed()));
}

void PlotExportDialog::setDirectory(const QString &dir)
{
    m_dir->setText(QDir::toNativeSeparators(dir));
}

bool PlotExportDialog::canAccept() const
{
    return !chosenPlots().isEmpty() && !chosenFormats().isEmpty() && !m_dir->text().trimmed().isEmpty();
}

QString PlotExportDialog::defaultDirectory()
{
    // Pictures is only proposed where it exists: a fresh account may have none.
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return !pictures.isEmpty() && QDir(pictures).exists() ? pictures : QDir::homePath();
}

void PlotExportDialog::chooseDirectory()
{
    const QString start = QDir(directory()).exists() ? directory() : defaultDirectory();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Save plots to"), start);
    if (!dir.isEmpty())
        setDirectory(dir);
}

void PlotExportDialog::updateOk()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(canAccept());
}
