#include "installsteps.h"

#include "commonsteps.h"
#include "packagesteps.h"
#include "usersteps.h"

#include <iterator>

namespace {
using S = InstallStep;

// What a job is for, as the tables tell rows apart: an install or upgrade (with or without starting the
// agent), a restart, a status check, an uninstall.
enum Purpose : unsigned
{
    kInstallOnly = 1u << 0,
    kInstallAndStart = 1u << 1,
    kRestart = 1u << 2,
    kStatus = 1u << 3,
    kUninstall = 1u << 4,
};
constexpr unsigned kInstalling = kInstallOnly | kInstallAndStart;
constexpr unsigned kStarting = kInstallAndStart | kRestart;
constexpr unsigned kManaging = kRestart | kStatus | kUninstall;

struct Row
{
    unsigned purposes;
    InstallSteps::Step step;
};

// Per-user: binaries under ~/.local, a systemd user unit or a crontab entry.
const Row kUser[] = {
    {kInstalling, {S::Inspect, "user: check the programs to upload", &UserSteps::checkUpload}},
    {kManaging, {S::Inspect, "user: read what is installed", &UserSteps::readState}},
    {kInstalling, {S::Upload, "user: upload the programs", &UserSteps::upload}},
    {kInstalling, {S::Libraries, "user: check the shared libraries", &UserSteps::checkLibraries}},
    {kInstalling, {S::InstallFiles, "user: put the files in place", &UserSteps::installFiles}},
    {kInstalling, {S::Trust, "user: trust this controller", &UserSteps::trust}},
    {kInstalling, {S::Autostart, "user: set up autostart", &UserSteps::autostart}},
    {kStarting, {S::Start, "user: start the agent", &UserSteps::start}},
    {kStarting, {S::Verify, "user: wait for the agent", &UserSteps::verify}},
    {kStatus, {S::Verify, "user: ask the agent", &UserSteps::status}},
    {kUninstall, {S::Stop, "user: stop the agent", &UserSteps::stop}},
    {kUninstall, {S::Remove, "user: remove the files", &UserSteps::remove}},
};

// Package: the hamgam-agent .deb through sudo apt-get, the system service.
const Row kPackage[] = {
    {kInstalling, {S::Inspect, "package: check the package", &PackageSteps::checkUpload}},
    {kManaging, {S::Inspect, "package: read what is installed", &PackageSteps::readState}},
    {kInstalling, {S::Upload, "package: upload the package", &PackageSteps::upload}},
    {kInstalling, {S::InstallPackage, "package: install the package", &PackageSteps::install}},
    {kInstalling, {S::Trust, "package: trust this controller", &PackageSteps::trust}},
    {kStarting, {S::Start, "package: start the service", &PackageSteps::start}},
    {kStarting, {S::Verify, "wait for the agent", &CommonSteps::verify}},
    {kStatus, {S::Verify, "ask the agent", &CommonSteps::status}},
    {kUninstall, {S::Stop, "package: stop the service", &PackageSteps::stop}},
    {kUninstall, {S::Remove, "package: remove the package", &PackageSteps::remove}},
};

// Nothing installed: a status check finds nothing to ask (Inspect refuses the other actions).
const Row kNothing[] = {
    {kStatus, {S::Verify, "ask the agent", &CommonSteps::status}},
};

unsigned purposeOf(InstallRequest::Action action, bool start)
{
    switch (action) {
    case InstallRequest::Action::Install:
    case InstallRequest::Action::Upgrade:
        return start ? kInstallAndStart : kInstallOnly;
    case InstallRequest::Action::Restart:
        return kRestart;
    case InstallRequest::Action::Status:
        return kStatus;
    case InstallRequest::Action::Uninstall:
        return kUninstall;
    }
    return 0;
}

template<typename Rows> QList<InstallSteps::Step> select(const Rows &rows, unsigned purpose)
{
    QList<InstallSteps::Step> out;
    for (auto it = std::begin(rows); it != std::end(rows); ++it) {
        if (it->purposes & purpose)
            out.append(it->step);
    }
    return out;
}
} // namespace

QList<InstallSteps::Step> InstallSteps::session()
{
    return {{S::Connect, "connect", &CommonSteps::connect},
            {S::HostKey, "check the host key", &CommonSteps::checkHostKey},
            {S::SignIn, "sign in", &CommonSteps::signIn},
            {S::Inspect, "inspect the machine", &CommonSteps::inspect}};
}

InstallSteps::Table InstallSteps::table(Mode mode, InstallRequest::Action action, bool start)
{
    const unsigned purpose = purposeOf(action, start);
    switch (mode) {
    case Mode::User:
        return {select(kUser, purpose), &UserSteps::finish};
    case Mode::Package:
        return {select(kPackage, purpose), &PackageSteps::finish};
    case Mode::Unknown:
        break;
    }
    return {select(kNothing, purpose), nullptr};
}

InstallSteps::Mode InstallSteps::planned(InstallRequest::Mode requested)
{
    return requested == InstallRequest::Mode::Package ? Mode::Package : Mode::User;
}

QList<InstallStep> InstallSteps::plan(const Table &table)
{
    QList<InstallStep> steps;
    for (const Step &row : session() + table.steps) {
        if (steps.isEmpty() || steps.last() != row.step)
            steps.append(row.step);
    }
    return steps;
}
