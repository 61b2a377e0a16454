#pragma once

#include "translatabletext.h"

#include <optional>
#include <QString>

/// Checks on the agent's own disk that a run's dataset is there and valid,
/// before any worker starts: the IDX headers of an MNIST-format directory (gzip
/// or raw), a text file, or a TorchScript archive.
class DatasetCheck
{
public:
    struct IdxHeader
    {
        int dataType = 0;
        QList<qint64> dims;
    };
    /// Reads the header of one IDX file (gzip or raw); `problem` says why it cannot.
    static std::optional<IdxHeader> readIdxHeader(const QString &path, TranslatableText *problem);
    /// train-images/labels and t10k-images/labels, with matching counts. Each check
    /// gives what is wrong, untranslated (the asking controller words it in its own
    /// language, paths left to right), or nothing.
    static TranslatableText mnistDirectory(const QString &dir);
    static TranslatableText textFile(const QString &path, int context);
    static TranslatableText torchScript(const QString &path);
};
