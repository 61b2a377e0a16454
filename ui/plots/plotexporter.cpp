#include "plotexporter.h"

#include "atomicfile.h"
#include "bidi.h"

#include <qcustomplot.h>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

Status PlotExporter::save(QCustomPlot &plot, const QString &path, Format format, QSize size)
{
    // QCustomPlot writes to a path of its own choosing; write into a private
    // directory first, then move the bytes in atomically.
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return Status::failure(tr("cannot create a temporary directory: %1").arg(scratch.errorString()));
    const QString tmp =
        scratch.filePath(format == Format::Png ? QStringLiteral("plot.png") : QStringLiteral("plot.pdf"));
    const bool written = format == Format::Png
                             ? plot.savePng(tmp, size.width(), size.height(), 1.0, -1, 96)
                             : plot.savePdf(tmp, size.width(), size.height(), QCP::epNoCosmetic,
                                            QCoreApplication::applicationName(), plot.objectName());
    QFile file(tmp);
    if (!written || !file.open(QIODevice::ReadOnly))
        return Status::failure(
            tr("cannot draw the plot into %1").arg(Bidi::ltr(QDir::toNativeSeparators(path))));
    return AtomicFile::write(path, file.readAll(),
                             QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                                 QFileDevice::ReadOther);
}

QString PlotExporter::suffix(Format format)
{
    return format == Format::Png ? QStringLiteral(".png") : QStringLiteral(".pdf");
}

QString PlotExporter::safeFileName(const QString &text)
{
    static const QRegularExpression unsafe(QStringLiteral(R"([/\\:*?"<>|\x00-\x1f]+)"));
    QString name = text.trimmed();
    name.replace(unsafe, QStringLiteral("_"));
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    return name.isEmpty() ? QStringLiteral("plot") : name.left(120);
}
