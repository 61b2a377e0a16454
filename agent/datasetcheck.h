#pragma once

#include "memoryestimate.h"
#include "translatabletext.h"

#include <optional>
#include <QString>

/// Checks on the agent's own disk that a run's dataset is there and valid,
/// before any worker starts: the IDX headers of an MNIST-format directory (gzip
/// or raw), the files of a CIFAR binary directory, a text file, or a
/// TorchScript archive.
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
    /// `sample`, when given and the check passes: the samples as the worker will load them (the
    /// shape the model sees and the classes), for pre-flight's memory estimate.
    static TranslatableText mnistDirectory(const QString &dir,
                                           hamgam::MemoryEstimate::Sample *sample = nullptr);
    /// CIFAR-10's data_batch_1.bin... and test_batch.bin, or CIFAR-100's train.bin and test.bin, each
    /// whole records (`classes` 10 or 100). The labels are the worker's to check as it reads them.
    static TranslatableText cifarDirectory(const QString &dir, int classes);
    static TranslatableText textFile(const QString &path, int context);
    /// A CSV table (a file, or a directory of train.csv and test.csv) read through as the worker
    /// reads it: a missing label column, a ragged row or a cell that is no number, by line.
    static TranslatableText csvTable(const QString &path, const QString &labelColumn,
                                     hamgam::MemoryEstimate::Sample *sample = nullptr);
    /// An image folder as the worker lists it (agent/datafiles), and every image's header read:
    /// a file that is no JPEG or PNG, or whose header is damaged, by name.
    static TranslatableText imageFolder(const QString &path,
                                        hamgam::MemoryEstimate::Sample *sample = nullptr);
    static TranslatableText torchScript(const QString &path);
};
