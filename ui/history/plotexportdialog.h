#pragma once

#include "plotexporter.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;

/// Which of Compare's plots to save, in which formats, and where: each plot
/// and format a check box (all on), the folder a path the user may type
/// (made when missing) or pick. OK waits for a plot, a format and a folder.
class PlotExportDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlotExportDialog)

public:
    /// One check box per title, in order; chosenPlots() answers with their indexes.
    explicit PlotExportDialog(const QStringList &plotTitles, QWidget *parent = nullptr);

    QList<int> chosenPlots() const;
    QList<PlotExporter::Format> chosenFormats() const;
    QString directory() const;
    void setDirectory(const QString &dir);
    QList<QCheckBox *> plotBoxes() const { return m_plots; }
    QCheckBox *pngBox() const { return m_png; }
    QCheckBox *pdfBox() const { return m_pdf; }
    bool canAccept() const;
    /// A folder that exists: the user's Pictures folder when there is one, else home.
    static QString defaultDirectory();

private:
    void chooseDirectory();
    void updateOk();

    QList<QCheckBox *> m_plots;
    QCheckBox *m_png = nullptr;
    QCheckBox *m_pdf = nullptr;
    QLineEdit *m_dir = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};
