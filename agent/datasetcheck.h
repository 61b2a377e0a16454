#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QString>

/// Checks on the agent's own disk that a run's dataset is there and valid,
/// before any worker starts: the IDX headers of an MNIST-format directory (gzip
/// or raw), a text file, or a TorchScript archive.
class DatasetCheck
{
    Q_DECLARE_TR_FUNCTIONS(DatasetCheck)

public:
    struct IdxHeader
    {
        int dataType = 0;
        QList<qint64> dims;
    };
    /// Reads the header of one IDX file (gzip or raw).
    static Expected<IdxHeader> readIdxHeader(const QString &path);
    /// train-images/labels and t10k-images/labels, with matching counts.
    static Status mnistDirectory(const QString &dir);
    static Status textFile(const QString &path, int context);
    static Status torchScript(const QString &path);
};
