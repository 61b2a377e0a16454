#pragma once

#include "translatabletext.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

/// Which lab users wrote the checkpoints a start asks to resume from, read
/// from the manifests the workers write beside their shards (the "user" of
/// agent/engine/checkpointmanifest.h). Every lab user's workers write as the
/// agent's system user, so the files' owner cannot tell one student's
/// checkpoint from another's: the manifest does. The agent decides with it,
/// before any worker starts, whether a controller may resume (a user only
/// their own, a lab admin anyone's: docs/security.md), and the workers then
/// load only that user's checkpoint (hamgam-worker --resume-user).
class CheckpointOwners
{
    Q_DECLARE_TR_FUNCTIONS(CheckpointOwners)

public:
    struct Checkpoint
    {
        QString stepDir;
        QString user; ///< empty: the manifest records no lab user (written before it did)
    };

    struct Decision
    {
        TranslatableText refusal; ///< empty: allowed
        /// The lab user whose checkpoints the workers may load; empty: any (a lab admin).
        QString resumeUser;
        bool allowed() const { return refusal.isEmpty(); }
    };

    /// The checkpoints at `path`, newest first: the step folder itself when it
    /// holds a manifest, else each sub-folder that does. Only real folders and
    /// files of the agent's system user count, as the workers read them.
    static QList<Checkpoint> read(const QString &path);

    /// May `user` (a lab admin when `admin`) resume from `path`? A user may
    /// when a checkpoint there is theirs (the workers skip the others); a
    /// checkpoint of another user, or one that records none, only an admin.
    /// With no checkpoint there at all, the workers say so.
    static Decision decide(const QString &path, const QString &user, bool admin);

    /// A node's manifest in a step folder: the engine's rule is
    /// CheckpointManifest::isFileName (agent/engine/checkpointmanifest.cpp).
    static bool isManifest(const QString &fileName);
};
