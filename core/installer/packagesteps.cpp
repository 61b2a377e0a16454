#include "packagesteps.h"

#include "commonsteps.h"
#include "installcontext.h"
#include "remotescript.h"
#include "version.h"

#include <QFileInfo>

bool PackageSteps::checkUpload(InstallContext &c)
{
    const QString host = c.result.host;
    if (!QFileInfo(c.request.packageFile).isFile())
        return c.fail(
            tr("the package to upload was not found: \"%1\". Build it with `cmake --build build --target "
               "package`, or give its path.")
                .arg(c.request.packageFile));
    if (c.fact(QStringLiteral("apt")) != QLatin1String("yes"))
        return c.fail(
            tr("%1 has no apt-get: package mode needs Debian or a derivative; use the per-user mode")
                .arg(host));
    const QString packageArch =
        QFileInfo(c.request.packageFile).completeBaseName().section(QLatin1Char('_'), -1);
    const QString remoteArch = c.fact(QStringLiteral("dpkg_arch"));
    if (!packageArch.isEmpty() && packageArch != QLatin1String("all") && !remoteArch.isEmpty() &&
        packageArch != remoteArch)
        return c.fail(tr("%1 is a %2 machine, but the package is for %3").arg(host, remoteArch, packageArch));
    return CommonSteps::checkSpace(c, QFileInfo(c.request.packageFile).size() * 4);
}

bool PackageSteps::readState(InstallContext &c)
{
    c.result.autostart = QStringLiteral("systemd");
    c.result.running = c.fact(QStringLiteral("system_unit")) == QLatin1String("active");
    return true;
}

bool PackageSteps::upload(InstallContext &c)
{
    QList<std::pair<QString, QString>> files; // local, final
    auto dir = c.ssh.run(RemoteScript::command(), RemoteScript(QStringLiteral("mkcache")).text(), 20000);
    if (!dir)
        return c.fail(dir.error());
    if (!dir->ok())
        return c.fail(tr("cannot create an upload directory: %1").arg(dir->errorText()));
    c.uploadDir = QString::fromUtf8(dir->out).trimmed().section(QLatin1Char('\n'), -1);
    c.cacheDirs = InstallContext::parse(dir->out).value(QStringLiteral("created"));
    files.append({c.request.packageFile,
                  c.uploadDir + QLatin1Char('/') + QFileInfo(c.request.packageFile).fileName()});
    return CommonSteps::upload(c, files);
}

bool PackageSteps::install(InstallContext &c)
{
    if (!c.ensureSudo())
        return false;
    // apt-get wants a path that ends in .deb: rename the upload first.
    if (auto s = c.ssh.rename(c.uploads.value(0).temporary, c.uploads.value(0).final); !s)
        return c.fail(s.error());
    c.activated = true;
    auto vars = c.sudoVariables();
    vars.append({QStringLiteral("HG_DEB"), c.uploads.value(0).final});
    if (!c.script(QStringLiteral("package-install"), vars, {}, 900000, false))
        return false;
    c.result.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    // Service options (a port other than the default, more agent options).
    QString defaults;
    const QStringList args = c.agentArguments(true);
    if (!args.isEmpty()) {
        defaults = QStringLiteral("# Written by the Hamgam SSH installer.\nHAMGAM_AGENT_ARGS=\"%1\"\n")
                       .arg(args.join(QLatin1Char(' ')));
    }
    QString remoteDefaults;
    if (!defaults.isEmpty()) {
        remoteDefaults = c.uploadDir + QStringLiteral("/hamgam-agent.default");
        if (auto s = c.ssh.writeFile(remoteDefaults, defaults.toUtf8(), 0644); !s)
            return c.fail(s.error());
    }
    auto cvars = c.sudoVariables();
    cvars.append({QStringLiteral("HG_DEFAULTS"), remoteDefaults});
    if (!c.script(QStringLiteral("package-configure"), cvars))
        return false;
    c.result.autostart = QStringLiteral("systemd");
    return !c.cancelled() || c.fail({});
}

bool PackageSteps::trust(InstallContext &c)
{
    if (!c.ensureSudo())
        return false;
    auto read = c.script(QStringLiteral("package-trust-read"), c.sudoVariables());
    if (!read)
        return false;
    std::optional<QByteArray> existing;
    if (!read->out.startsWith("#absent"))
        existing = read->out;
    const QByteArray merged = c.mergedTrustList(existing);
    if (merged.isEmpty())
        return c.fail(tr("/var/lib/hamgam-agent/trusted-controllers.json on %1 is not a valid trust list")
                          .arg(c.result.host));
    const QString temporary = c.uploadDir + QStringLiteral("/trusted-controllers.json");
    if (auto s = c.ssh.writeFile(temporary, merged, 0600); !s)
        return c.fail(s.error());
    auto vars = c.sudoVariables();
    vars.append({QStringLiteral("HG_TRUST_FILE"), temporary});
    if (!c.script(QStringLiteral("package-trust-write"), vars))
        return false;
    auto fp = c.script(QStringLiteral("package-fingerprint"), c.sudoVariables());
    if (!fp)
        return false;
    c.result.nodeId = InstallContext::fact(InstallContext::parse(fp->out), QStringLiteral("node_id"));
    return CommonSteps::takeFingerprint(c, QString::fromUtf8(fp->out));
}

bool PackageSteps::start(InstallContext &c)
{
    if (!c.ensureSudo())
        return false;
    if (!c.script(QStringLiteral("package-start"), c.sudoVariables(), {}, 60000))
        return false;
    c.result.running = true;
    return !c.cancelled() || c.fail({});
}

bool PackageSteps::stop(InstallContext &c)
{
    if (!c.ensureSudo())
        return false;
    auto r = c.script(QStringLiteral("package-stop"), c.sudoVariables(), {}, 60000);
    if (!r)
        return false;
    const QString id = InstallContext::fact(InstallContext::parse(r->out), QStringLiteral("node_id"));
    if (!id.isEmpty())
        c.result.nodeId = id;
    c.result.running = false;
    return !c.cancelled() || c.fail({});
}

bool PackageSteps::remove(InstallContext &c)
{
    const QString keep = c.request.keepConfig ? QStringLiteral("yes") : QStringLiteral("no");
    auto vars = c.sudoVariables();
    vars.append({QStringLiteral("HG_KEEP_CONFIG"), keep});
    if (!c.script(QStringLiteral("package-remove"), vars, {}, 900000, false))
        return false;
    c.result.installed = false;
    c.result.agentVersion.clear();
    return true;
}

void PackageSteps::finish(InstallContext &c, bool /*succeeded*/)
{
    // Whatever happened: apt-get has its copy of the package, or it is not wanted any more.
    if (c.uploadDir.isEmpty())
        return;
    QString command = QStringLiteral("rm -rf -- ") + RemoteScript::quote(c.uploadDir);
    for (auto it = c.cacheDirs.crbegin(); it != c.cacheDirs.crend(); ++it)
        command += QStringLiteral("; rmdir -- ") + RemoteScript::quote(*it) + QStringLiteral(" 2>/dev/null");
    (void)c.ssh.run(command, {}, 20000, false);
}
