#pragma once

#include <QCoreApplication>

class InstallContext;

/// The package mode's steps: the hamgam-agent .deb uploaded to a private
/// directory in ~/.cache, installed through sudo apt-get, and run as the
/// system service. Each step returns false after InstallContext::fail().
class PackageSteps final
{
    // The installer's messages keep the catalogue context they were translated in.
    Q_DECLARE_TR_FUNCTIONS(InstallJob)

public:
    /// Inspect, for an install: the package exists, apt-get is there, the architectures match, it fits.
    static bool checkUpload(InstallContext &c);
    /// Inspect, for the other actions: the system service, and whether it runs.
    static bool readState(InstallContext &c);
    static bool upload(InstallContext &c);
    /// apt-get install, then the service's options (a port other than the default, more agent options).
    static bool install(InstallContext &c);
    static bool trust(InstallContext &c);
    static bool start(InstallContext &c);
    static bool stop(InstallContext &c);
    static bool remove(InstallContext &c);
    /// At the end: removes the upload directory, and ~/.cache if this run made it.
    static void finish(InstallContext &c, bool succeeded);
};
