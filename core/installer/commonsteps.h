#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <utility>

class InstallContext;

/// The steps every mode runs the same way: the SSH session (connect, host key,
/// sign in), Inspect (what the machine has, and so the job's mode), the free
/// space an upload needs, and waiting for the started agent to answer on its
/// control port. Each returns false after InstallContext::fail().
class CommonSteps final
{
    // The installer's messages keep the catalogue context they were translated in.
    Q_DECLARE_TR_FUNCTIONS(InstallJob)

public:
    static bool connect(InstallContext &c);
    static bool checkHostKey(InstallContext &c);
    static bool signIn(InstallContext &c);
    /// Runs inspect.sh and settles InstallContext::mode; refuses what cannot be done in it.
    static bool inspect(InstallContext &c);
    /// The end of Inspect for an install: `bytes` (the upload and its unpacked size) fit in the remote HOME.
    static bool checkSpace(InstallContext &c, qint64 bytes);
    /// Until the agent answers and trusts this controller, with the fingerprint installed when one is known.
    static bool verify(InstallContext &c);
    /// Status: asks a running agent; what goes wrong is a note, not a failure.
    static bool status(InstallContext &c);

    // Parts of steps the modes share.
    /// Uploads each (local, final) file under a temporary name beside its final one, reporting progress.
    static bool upload(InstallContext &c, const QList<std::pair<QString, QString>> &files);
    /// The fingerprint in the installed agent's output becomes the one the started agent must show.
    static bool takeFingerprint(InstallContext &c, const QString &output);

private:
    static bool waitForAgent(InstallContext &c, bool required);
};
