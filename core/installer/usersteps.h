#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QString>

class InstallContext;

/// The per-user mode's steps: hamgam-agent (and hamgam-worker) under
/// ~/.local/bin, its configuration under ~/.config, a systemd user unit or a
/// crontab @reboot entry, and a manifest that says what to remove again. Each
/// step returns false after InstallContext::fail().
class UserSteps final
{
    // The installer's messages keep the catalogue context they were translated in.
    Q_DECLARE_TR_FUNCTIONS(InstallJob)

public:
    /// Inspect, for an install: the programs to upload exist, fit the machine's architecture and its free
    /// space.
    static bool checkUpload(InstallContext &c);
    /// Inspect, for the other actions: how the installed agent starts, whether it runs, its node id and port.
    static bool readState(InstallContext &c);
    static bool upload(InstallContext &c);
    /// ldd on the uploaded programs; a missing library names the Debian package that has it.
    static bool checkLibraries(InstallContext &c);
    static bool installFiles(InstallContext &c);
    static bool trust(InstallContext &c);
    static bool autostart(InstallContext &c);
    static bool start(InstallContext &c);
    /// Waits for the agent, matching the fingerprint the installed agent prints.
    static bool verify(InstallContext &c);
    static bool status(InstallContext &c);
    static bool stop(InstallContext &c);
    static bool remove(InstallContext &c);
    /// At the end: after a failure before the files were put in place, removes what this run uploaded and
    /// made.
    static void finish(InstallContext &c, bool succeeded);

private:
    static void readFingerprint(InstallContext &c);
    static QString agentExec(const InstallContext &c, bool forUnit);
    static Status writeManifest(InstallContext &c);
    static QString elfArchitecture(const QString &path);
};
