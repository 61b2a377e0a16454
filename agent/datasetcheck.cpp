#include "datasetcheck.h"

#include "csvtable.h"
#include "imagefile.h"
#include "imagefolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <zlib.h>

namespace {
TranslatableText problem(const char *source)
{
    return TranslatableText("DatasetCheck", source);
}
} // namespace

std::optional<DatasetCheck::IdxHeader> DatasetCheck::readIdxHeader(const QString &path, TranslatableText *why)
{
    const QByteArray name = QFile::encodeName(path);
    gzFile f = gzopen(name.constData(), "rb"); // reads raw files too
    if (!f) {
        *why = problem(QT_TRANSLATE_NOOP("DatasetCheck", "cannot read %1")).ltrArg(path);
        return std::nullopt;
    }
    unsigned char magic[4] = {};
    if (gzread(f, magic, 4) != 4) {
        gzclose(f);
        *why = problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 is empty or truncated")).ltrArg(path);
        return std::nullopt;
    }
    IdxHeader h;
    h.dataType = magic[2];
    const int ndims = magic[3];
    if (magic[0] != 0 || magic[1] != 0 || h.dataType != 0x08 || ndims < 1 || ndims > 4) {
        gzclose(f);
        *why = problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 is not an IDX file of unsigned bytes"))
                   .ltrArg(path);
        return std::nullopt;
    }
    for (int i = 0; i < ndims; ++i) {
        unsigned char b[4];
        if (gzread(f, b, 4) != 4) {
            gzclose(f);
            *why = problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 is truncated in its header")).ltrArg(path);
            return std::nullopt;
        }
        h.dims.append((qint64(b[0]) << 24) | (qint64(b[1]) << 16) | (qint64(b[2]) << 8) | qint64(b[3]));
    }
    gzclose(f);
    return h;
}

TranslatableText DatasetCheck::mnistDirectory(const QString &dirPath, hamgam::MemoryEstimate::Sample *sample)
{
    const QDir dir(dirPath);
    if (!dir.exists())
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the dataset directory %1 does not exist on this machine"))
            .ltrArg(dirPath);
    for (const char *split : {"train", "t10k"}) {
        auto find = [&](const char *kind) {
            for (const QString &suffix : {QStringLiteral(".gz"), QString()}) {
                const QString p =
                    dir.filePath(QStringLiteral("%1-%2-idx%3-ubyte%4")
                                     .arg(QLatin1String(split), QLatin1String(kind),
                                          QLatin1String(qstrcmp(kind, "images") == 0 ? "3" : "1"), suffix));
                if (QFileInfo::exists(p))
                    return p;
            }
            return QString();
        };
        const QString images = find("images");
        const QString labels = find("labels");
        if (images.isEmpty() || labels.isEmpty())
            return problem(QT_TRANSLATE_NOOP(
                               "DatasetCheck",
                               "%1 lacks the %2 images or labels (expected %2-images-idx3-ubyte[.gz] "
                               "and %2-labels-idx1-ubyte[.gz])"))
                .ltrArg(dirPath)
                .arg(QLatin1String(split));
        TranslatableText why;
        const auto ih = readIdxHeader(images, &why);
        if (!ih)
            return why;
        const auto lh = readIdxHeader(labels, &why);
        if (!lh)
            return why;
        if (ih->dims.size() != 3 || lh->dims.size() != 1)
            return problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 or %2 has the wrong number of dimensions"))
                .ltrArg(images)
                .ltrArg(labels);
        if (ih->dims[0] != lh->dims[0])
            return problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 has %2 images but %3 has %4 labels"))
                .ltrArg(images)
                .arg(ih->dims[0])
                .ltrArg(labels)
                .arg(lh->dims[0]);
        // The payload must be all there: compressed files are checked by the worker as it loads them.
        if (!images.endsWith(QLatin1String(".gz"))) {
            const qint64 expected = 16 + ih->dims[0] * ih->dims[1] * ih->dims[2];
            if (QFileInfo(images).size() < expected)
                return problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 is truncated: %2 bytes of %3"))
                    .ltrArg(images)
                    .arg(QFileInfo(images).size())
                    .arg(expected);
        }
        // The worker's images are [1, rows, columns]; its classes at least ten (more if a label says so).
        if (sample && qstrcmp(split, "train") == 0)
            *sample = {{1, ih->dims[1], ih->dims[2]}, 10, false};
    }
    return {};
}

TranslatableText DatasetCheck::cifarDirectory(const QString &dirPath, int classes)
{
    const QDir dir(dirPath);
    if (!dir.exists())
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the dataset directory %1 does not exist on this machine"))
            .ltrArg(dirPath);
    QStringList files;
    if (classes == 10) {
        for (int n = 1; QFileInfo(dir.filePath(QStringLiteral("data_batch_%1.bin").arg(n))).isFile(); ++n)
            files << dir.filePath(QStringLiteral("data_batch_%1.bin").arg(n));
        if (files.isEmpty())
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "%1 holds no data_batch_1.bin: CIFAR-10 is read in its binary "
                                             "version (cifar-10-batches-bin)"))
                .ltrArg(dirPath);
        files << dir.filePath(QStringLiteral("test_batch.bin"));
    } else {
        files << dir.filePath(QStringLiteral("train.bin"));
        if (!QFileInfo(files.first()).isFile())
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "%1 holds no train.bin: CIFAR-100 is read in its binary version "
                                             "(cifar-100-binary)"))
                .ltrArg(dirPath);
        files << dir.filePath(QStringLiteral("test.bin"));
    }
    const qint64 record = (classes == 100 ? 2 : 1) + 3 * 32 * 32;
    for (const QString &path : std::as_const(files)) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return problem(QT_TRANSLATE_NOOP("DatasetCheck", "cannot read %1")).ltrArg(path);
        if (f.size() == 0 || f.size() % record != 0)
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "%1 is damaged or not CIFAR: %2 bytes are not whole records of "
                                             "%3 bytes"))
                .ltrArg(path)
                .arg(f.size())
                .arg(record);
    }
    return {};
}

TranslatableText DatasetCheck::textFile(const QString &path, int context)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return problem(QT_TRANSLATE_NOOP("DatasetCheck", "cannot read the text file %1 on this machine"))
            .ltrArg(path);
    if (f.size() < context + 2)
        return problem(QT_TRANSLATE_NOOP("DatasetCheck", "%1 is too short for a context of %2 bytes"))
            .ltrArg(path)
            .arg(context);
    return {};
}

TranslatableText DatasetCheck::csvTable(const QString &path, const QString &labelColumn,
                                        hamgam::MemoryEstimate::Sample *sample)
{
    // The worker's own reader (agent/datafiles): the fault it would stop on, found first.
    hamgam::CsvTable::Fault fault;
    if (const auto table = hamgam::CsvTable::read(QFile::encodeName(path).toStdString(),
                                                  labelColumn.toStdString(), &fault)) {
        if (sample)
            *sample = {{table->featureCount()}, table->classes(), false};
        return {};
    }
    using Kind = hamgam::CsvTable::Fault::Kind;
    const QString file = QFile::decodeName(QByteArray::fromStdString(fault.file));
    auto text = [](const std::string &s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); };
    switch (fault.kind) {
    case Kind::CannotOpen:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck", "cannot read the table %1 on this machine"))
            .ltrArg(file);
    case Kind::NoHeader:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the table %1 is empty: a header row of column names is "
                                         "needed"))
            .ltrArg(file);
    case Kind::NoLabel:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the table %1 has no column \"%2\" for the labels; its columns: %3"))
            .ltrArg(file)
            .arg(text(fault.column))
            .arg(text(fault.detail));
    case Kind::NoFeatures:
        return problem(
                   QT_TRANSLATE_NOOP("DatasetCheck",
                                     "the table %1 holds only its label column: no features to learn from"))
            .ltrArg(file);
    case Kind::Ragged:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the table %1, line %2: %3 cells where the header has %4"))
            .ltrArg(file)
            .arg(qint64(fault.line))
            .arg(qint64(fault.count))
            .arg(qint64(fault.expected));
    case Kind::NotANumber:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the table %1, line %2, column \"%3\": \"%4\" is not a number"))
            .ltrArg(file)
            .arg(qint64(fault.line))
            .arg(text(fault.column))
            .arg(text(fault.cell));
    case Kind::TooFewRows:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck", "the table %1 has %2 rows; at least %3 are needed"))
            .ltrArg(file)
            .arg(qint64(fault.count))
            .arg(qint64(fault.expected));
    case Kind::UnknownLabel:
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the table %1, line %2: the label \"%3\" is not among "
                                         "the training rows' labels"))
            .ltrArg(file)
            .arg(qint64(fault.line))
            .arg(text(fault.cell));
    case Kind::Mismatch:
        return problem(
                   QT_TRANSLATE_NOOP("DatasetCheck", "the table %1 has other columns than the training file"))
            .ltrArg(file);
    }
    return problem(QT_TRANSLATE_NOOP("DatasetCheck", "cannot read the table %1 on this machine"))
        .ltrArg(file);
}

TranslatableText DatasetCheck::imageFolder(const QString &path, hamgam::MemoryEstimate::Sample *sample)
{
    hamgam::ImageFolder::Fault fault;
    const auto folder = hamgam::ImageFolder::scan(QFile::encodeName(path).toStdString(), &fault);
    auto name = [](const std::string &s) { return QFile::decodeName(QByteArray::fromStdString(s)); };
    if (!folder) {
        using Kind = hamgam::ImageFolder::Fault::Kind;
        const QString where = name(fault.path);
        switch (fault.kind) {
        case Kind::NotAFolder:
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "the image folder %1 does not exist on this machine or is not a "
                                             "directory"))
                .ltrArg(where);
        case Kind::NoClasses:
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "the image folder %1 holds no class folders (one sub-folder of "
                                             "images per class)"))
                .ltrArg(where);
        case Kind::EmptyClass:
            return problem(
                       QT_TRANSLATE_NOOP("DatasetCheck", "the class folder %1 holds no JPEG or PNG image"))
                .ltrArg(where);
        case Kind::NoHeldOut:
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "the image folder %1 has nothing to hold out: give it test/ (or "
                                             "val/) beside train/, or ten images in a class"))
                .ltrArg(where);
        case Kind::UnknownClass:
            return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                             "the held-out folder %1 is not one of the training classes"))
                .ltrArg(where);
        }
        return problem(QT_TRANSLATE_NOOP("DatasetCheck",
                                         "the image folder %1 does not exist on this machine or is not a "
                                         "directory"))
            .ltrArg(where);
    }
    // Every header, as the worker will open the files: the first that fails is named.
    for (const auto *files : {&folder->trainFiles(), &folder->evalFiles()}) {
        for (const std::string &file : *files) {
            int width = 0, height = 0;
            std::string error;
            if (!hamgam::ImageFile::probe(file, &width, &height, &error))
                return problem(QT_TRANSLATE_NOOP("DatasetCheck", "the image %1 cannot be used: %2"))
                    .ltrArg(name(file))
                    .arg(QString::fromStdString(error));
        }
    }
    if (sample) // the shape is the run's (the worker resizes every image to it); the classes are the folders
        *sample = {{}, std::int64_t(folder->classes().size()), false};
    return {};
}

TranslatableText DatasetCheck::torchScript(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return problem(
                   QT_TRANSLATE_NOOP("DatasetCheck", "cannot read the TorchScript module %1 on this machine"))
            .ltrArg(path);
    if (f.read(2) != "PK")
        return problem(
                   QT_TRANSLATE_NOOP("DatasetCheck",
                                     "%1 is not a TorchScript archive (torch.jit.save writes a zip file)"))
            .ltrArg(path);
    return {};
}
