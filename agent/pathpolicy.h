#pragma once

#include "translatabletext.h"

#include <QCoreApplication>
#include <QStringList>

struct RunConfig;

/// Where a run may read data and write checkpoints on this node: inside the
/// directories the agent's owner allows, after resolving symbolic links, so a
/// trusted controller still cannot make the agent read or write anywhere else
/// (docs/security.md). Its message for a refused path is the same whether
/// the path exists or not; callers check a path here before touching it.
class PathPolicy
{
    Q_DECLARE_TR_FUNCTIONS(PathPolicy)

public:
    explicit PathPolicy(QStringList allowedDirs);

    /// The default: Debian's datasets, the agent user's home, /tmp and /var/tmp.
    static QStringList defaultDirs();
    QStringList allowedDirs() const { return m_dirs; }

    /// What a path is for, which its message names.
    enum class Use
    {
        Dataset,
        Model,
        Checkpoint
    };
    /// Why `path` (existing or not yet) is refused, untranslated (the asking
    /// controller translates it when it shows it, the path kept left to right);
    /// empty when it lies inside an allowed directory.
    TranslatableText refusal(const QString &path, Use use) const;
    bool allows(const QString &path) const { return refusal(path, Use::Dataset).isEmpty(); }

    /// Every path of a run: its dataset, TorchScript module, checkpoint
    /// directory, and the checkpoint a start resumes from; one message each refused.
    QList<TranslatableText> runErrors(const RunConfig &config, const QString &resume = {}) const;

private:
    QStringList m_dirs; ///< canonical
};
