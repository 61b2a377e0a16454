#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

class QCustomPlot;

/// Saves a QCustomPlot as PNG or PDF (QCustomPlot::savePng/savePdf) at a fixed
/// size, whatever its size on screen, and replaces the target only once the
/// whole file is written.
class PlotExporter final
{
    Q_DECLARE_TR_FUNCTIONS(PlotExporter)

public:
    enum class Format
    {
        Png,
        Pdf
    };
    static constexpr QSize kDefaultSize{1200, 700};
    /// ".png" or ".pdf".
    static QString suffix(Format format);

    static Status save(QCustomPlot &plot, const QString &path, Format format, QSize size = kDefaultSize);
    /// A file name made of `text` that every file system accepts.
    static QString safeFileName(const QString &text);
};
