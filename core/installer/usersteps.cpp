#include "usersteps.h"

#include "commonsteps.h"
#include "identity.h"
#include "installcontext.h"
#include "librarypackages.h"
#include "remotescript.h"
#include "version.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace {
// systemd's ExecStart quoting: double quotes, backslash escapes, and % / $ doubled.
QString unitQuote(const QString &arg)
{
    QString out = arg;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    out.replace(QLatin1Char('%'), QStringLiteral("%%"));
    out.replace(QLatin1Char('$'), QStringLiteral("$$"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

bool archMatches(const QString &elf, const QString &uname)
{
    if (elf.isEmpty() || uname.isEmpty())
        return true; // unknown: ldd will tell
    if (elf == QLatin1String("i686"))
        return QRegularExpression(QStringLiteral("^i[3-6]86$")).match(uname).hasMatch();
    if (elf == QLatin1String("arm"))
        return uname.startsWith(QLatin1String("arm"));
    return elf == uname;
}
} // namespace

bool UserSteps::checkUpload(InstallContext &c)
{
    const QString host = c.result.host;
    if (!QFileInfo(c.request.agentBinary).isFile())
        return c.fail(tr("the agent program to upload was not found: %1").arg(c.request.agentBinary));
    const QString elf = elfArchitecture(c.request.agentBinary);
    if (!archMatches(elf, c.result.arch))
        return c.fail(
            tr("%1 is a %2 machine, but the agent to upload is built for %3").arg(host, c.result.arch, elf));
    qint64 bytes = QFileInfo(c.request.agentBinary).size();
    if (!c.request.workerBinary.isEmpty())
        bytes += QFileInfo(c.request.workerBinary).size();
    else
        c.note(
            tr("hamgam-worker was not found on this computer, so the agent on %1 is installed without it: it "
               "reports its devices but cannot run training.")
                .arg(host));
    bytes *= 2; // the upload next to a running older version
    // What an earlier per-user install left, to be kept in the manifest.
    c.manifestFiles = c.facts.value(QStringLiteral("manifest.file"));
    c.manifestDirs = c.facts.value(QStringLiteral("manifest.dir"));
    c.linger = c.fact(QStringLiteral("manifest.linger"));
    return CommonSteps::checkSpace(c, bytes);
}

bool UserSteps::readState(InstallContext &c)
{
    c.result.autostart = c.fact(QStringLiteral("manifest.autostart"));
    c.result.running = c.fact(QStringLiteral("user_unit")) == QLatin1String("active") ||
                       c.isYes(QStringLiteral("pid_running"));
    c.result.nodeId = c.fact(QStringLiteral("user_node_id"));
    const QString port = c.fact(QStringLiteral("manifest.agent_port"));
    if (!port.isEmpty())
        c.result.agentPort = quint16(port.toUInt());
    return true;
}

bool UserSteps::upload(InstallContext &c)
{
    QList<std::pair<QString, QString>> files; // local, final
    auto prepared = c.script(QStringLiteral("prepare"));
    if (!prepared)
        return false;
    c.createdDirs += InstallContext::parse(prepared->out).value(QStringLiteral("created"));
    const QString bin = c.fact(QStringLiteral("bin_dir"));
    files.append({c.request.agentBinary, bin + QStringLiteral("/hamgam-agent")});
    if (!c.request.workerBinary.isEmpty())
        files.append({c.request.workerBinary, bin + QStringLiteral("/hamgam-worker")});
    return CommonSteps::upload(c, files);
}

bool UserSteps::checkLibraries(InstallContext &c)
{
    if (!c.isYes(QStringLiteral("ldd"))) {
        c.note(
            tr("ldd is not available on %1, so the shared libraries were not checked.").arg(c.result.host));
        return true;
    }
    QStringList temporaries;
    for (const InstallContext::Upload &u : std::as_const(c.uploads))
        temporaries.append(u.temporary);
    auto r = c.script(QStringLiteral("libraries"), {}, temporaries);
    if (!r)
        return false;
    QStringList missing = InstallContext::parse(r->out).value(QStringLiteral("missing"));
    missing.removeDuplicates();
    if (missing.isEmpty())
        return !c.cancelled() || c.fail({});
    QStringList unknown;
    const QStringList packages = LibraryPackages::packagesFor(missing, &unknown);
    QString advice;
    if (!packages.isEmpty())
        advice = tr("Install them there with: sudo apt-get install %1").arg(packages.join(QLatin1Char(' ')));
    if (!unknown.isEmpty())
        advice += (advice.isEmpty() ? QString() : QStringLiteral(" ")) +
                  tr("(No package is known for %1.)").arg(unknown.join(QStringLiteral(", ")));
    return c.fail(
        tr("%1 lacks shared libraries the agent needs: %2. %3 Or install in package mode, which brings them "
           "along. Nothing was installed.")
            .arg(c.result.host, missing.join(QStringLiteral(", ")), advice));
}

bool UserSteps::installFiles(InstallContext &c)
{
    QStringList pairs;
    for (const InstallContext::Upload &u : std::as_const(c.uploads))
        pairs << u.temporary << u.final;
    if (!c.script(QStringLiteral("activate"), {}, pairs))
        return false;
    c.activated = true;
    for (const InstallContext::Upload &u : std::as_const(c.uploads)) {
        if (!c.manifestFiles.contains(u.final))
            c.manifestFiles.append(u.final);
    }
    // The launcher, for a start without systemd (crontab @reboot, or now).
    const QString state = c.fact(QStringLiteral("state_dir"));
    const QString launcher = c.fact(QStringLiteral("launcher"));
    QString text = RemoteScript::resource(QStringLiteral("launcher.sh.in"));
    text.replace(QLatin1String("@PIDFILE@"), RemoteScript::quote(state + QStringLiteral("/agent.pid")));
    text.replace(QLatin1String("@LOGFILE@"), RemoteScript::quote(state + QStringLiteral("/agent.log")));
    text.replace(QLatin1String("@AGENT_EXEC@"), agentExec(c, false));
    if (auto s = c.putFile(launcher, text.toUtf8(), 0755); !s)
        return c.fail(s.error());
    if (!c.manifestFiles.contains(launcher))
        c.manifestFiles.append(launcher);
    if (auto s = writeManifest(c); !s)
        return c.fail(s.error());
    c.result.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    return !c.cancelled() || c.fail({});
}

bool UserSteps::trust(InstallContext &c)
{
    auto dir = c.script(QStringLiteral("configdir"));
    if (!dir)
        return false;
    const QStringList created = InstallContext::parse(dir->out).value(QStringLiteral("created"));
    c.createdDirs += created;
    const QString config = c.fact(QStringLiteral("agent_config"));
    const QString path = config + QStringLiteral("/trusted-controllers.json");
    auto existing = c.ssh.readFile(path);
    if (!existing)
        return c.fail(existing.error());
    auto merged = c.mergedTrustList(*existing);
    if (merged.isEmpty())
        return c.fail(tr("%1 on %2 is not a valid trust list; fix or remove it").arg(path, c.result.host));
    if (auto s = c.putFile(path, merged, 0600); !s)
        return c.fail(s.error());
    if (auto s = writeManifest(c); !s)
        return c.fail(s.error());
    const QString agent = c.fact(QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
    auto r = c.ssh.run(RemoteScript::quote(agent) + QStringLiteral(" --config-dir ") +
                           RemoteScript::quote(config) + QStringLiteral(" --fingerprint"),
                       {}, 30000);
    if (!r)
        return c.fail(r.error());
    if (!r->ok())
        return c.fail(tr("hamgam-agent --fingerprint failed: %1").arg(r->errorText()));
    return CommonSteps::takeFingerprint(c, QString::fromUtf8(r->out));
}

bool UserSteps::autostart(InstallContext &c)
{
    const QString host = c.result.host;
    if (c.isYes(QStringLiteral("user_systemd"))) {
        auto dir = c.script(QStringLiteral("unitdir"));
        if (!dir)
            return false;
        c.createdDirs += InstallContext::parse(dir->out).value(QStringLiteral("created"));
        const QString unit = c.fact(QStringLiteral("unit"));
        QString text = RemoteScript::resource(QStringLiteral("hamgam-agent-user.service.in"));
        text.replace(QLatin1String("@AGENT_EXEC@"), agentExec(c, true));
        if (auto s = c.putFile(unit, text.toUtf8(), 0644); !s)
            return c.fail(s.error());
        if (!c.manifestFiles.contains(unit))
            c.manifestFiles.append(unit);
        c.result.autostart = QStringLiteral("systemd-user");
        if (auto s = writeManifest(c); !s)
            return c.fail(s.error());
        auto r = c.script(QStringLiteral("autostart-systemd"));
        if (!r)
            return false;
        const auto out = InstallContext::parse(r->out);
        const QString linger = InstallContext::fact(out, QStringLiteral("linger"));
        if (linger == QLatin1String("enabled"))
            c.linger = linger;
        else if (linger.isEmpty())
            c.note(tr("Lingering could not be enabled on %1 (%2): the agent starts when %3 logs in, not at "
                      "boot, and "
                      "stops when the last session ends. An administrator can run there: sudo loginctl "
                      "enable-linger %3")
                       .arg(host, InstallContext::fact(out, QStringLiteral("linger_error")), c.ssh.user()));
    } else if (c.isYes(QStringLiteral("crontab"))) {
        c.note(tr("systemctl --user is not available on %1, so the agent starts at boot from a crontab "
                  "@reboot entry "
                  "instead of a systemd user unit.")
                   .arg(host));
        if (!c.script(QStringLiteral("autostart-cron")))
            return false;
        c.result.autostart = QStringLiteral("crontab");
    } else {
        c.note(tr("Neither systemctl --user nor crontab is available on %1: the agent is started now but "
                  "will not "
                  "start again after a reboot.")
                   .arg(host));
        c.result.autostart = QStringLiteral("none");
    }
    if (auto s = writeManifest(c); !s)
        return c.fail(s.error());
    return !c.cancelled() || c.fail({});
}

bool UserSteps::start(InstallContext &c)
{
    if (!c.script(QStringLiteral("start"), {{QStringLiteral("HG_AUTOSTART"), c.result.autostart}}, {}, 60000))
        return false;
    c.result.running = true;
    return !c.cancelled() || c.fail({});
}

bool UserSteps::verify(InstallContext &c)
{
    if (c.expectedFingerprint.isEmpty())
        readFingerprint(c); // a restart: the fingerprint was not read at Trust
    return CommonSteps::verify(c);
}

bool UserSteps::status(InstallContext &c)
{
    // Only a running agent is asked, so only then is the installed one's fingerprint read.
    if (c.result.installed && c.result.running && c.expectedFingerprint.isEmpty())
        readFingerprint(c);
    return CommonSteps::status(c);
}

bool UserSteps::stop(InstallContext &c)
{
    if (!c.script(QStringLiteral("stop-user"), {}, {}, 60000))
        return false;
    c.result.running = false;
    return !c.cancelled() || c.fail({});
}

bool UserSteps::remove(InstallContext &c)
{
    const QString keep = c.request.keepConfig ? QStringLiteral("yes") : QStringLiteral("no");
    auto r = c.script(QStringLiteral("uninstall-user"), {{QStringLiteral("HG_KEEP_CONFIG"), keep}}, {}, 60000,
                      false);
    if (!r)
        return false;
    const QString lingerError =
        InstallContext::fact(InstallContext::parse(r->out), QStringLiteral("linger_error"));
    if (!lingerError.isEmpty())
        c.note(tr("%1 on %2; lingering stays on.").arg(lingerError, c.result.host));
    c.result.installed = false;
    c.result.agentVersion.clear();
    return true;
}

void UserSteps::finish(InstallContext &c, bool succeeded)
{
    if (succeeded || c.activated)
        return;
    QStringList files;
    for (const InstallContext::Upload &u : std::as_const(c.uploads))
        files.append(u.temporary);
    if (files.isEmpty() && c.createdDirs.isEmpty())
        return;
    RemoteScript s(QStringLiteral("cleanup"));
    s.set(QStringLiteral("HG_DIRS"), c.createdDirs.join(QLatin1Char('\n')));
    if (!files.isEmpty())
        s.arguments(files);
    (void)c.ssh.run(RemoteScript::command(), s.text(), 20000, false);
}

void UserSteps::readFingerprint(InstallContext &c)
{
    const QString agent = c.fact(QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
    auto r = c.ssh.run(RemoteScript::quote(agent) + QStringLiteral(" --config-dir ") +
                           RemoteScript::quote(c.fact(QStringLiteral("agent_config"))) +
                           QStringLiteral(" --fingerprint"),
                       {}, 30000);
    if (const QString fingerprint = Identity::findFingerprint(r ? QString::fromUtf8(r->out) : QString());
        !fingerprint.isEmpty())
        c.expectedFingerprint = fingerprint;
}

QString UserSteps::agentExec(const InstallContext &c, bool forUnit)
{
    const QString agent = c.fact(QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
    QStringList parts{agent, QStringLiteral("--config-dir"), c.fact(QStringLiteral("agent_config"))};
    parts += c.agentArguments(false);
    QStringList quoted;
    for (const QString &p : std::as_const(parts))
        quoted.append(forUnit ? unitQuote(p) : RemoteScript::quote(p));
    return quoted.join(QLatin1Char(' '));
}

Status UserSteps::writeManifest(InstallContext &c)
{
    QStringList dirs = c.manifestDirs;
    for (const QString &d : std::as_const(c.createdDirs)) {
        if (!dirs.contains(d))
            dirs.append(d);
    }
    QString text = QStringLiteral("# Written by the Hamgam SSH installer; `hamgamctl uninstall` reads it.\n");
    text += QStringLiteral("format=1\nversion=%1\nmode=user\nautostart=%2\nlinger=%3\nagent_port=%4\n")
                .arg(QString::fromLatin1(Hamgam::kVersion), c.result.autostart, c.linger)
                .arg(c.request.agentPort);
    for (const QString &f : std::as_const(c.manifestFiles))
        text += QStringLiteral("file=") + f + QLatin1Char('\n');
    for (const QString &d : std::as_const(dirs))
        text += QStringLiteral("dir=") + d + QLatin1Char('\n');
    return c.putFile(c.fact(QStringLiteral("manifest_path")), text.toUtf8(), 0644);
}

QString UserSteps::elfArchitecture(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray header = file.read(20);
    if (header.size() < 20 || !header.startsWith("\x7f"
                                                 "ELF"))
        return {};
    const bool little = header.at(5) == 1;
    const auto lo = quint8(header.at(little ? 18 : 19));
    const auto hi = quint8(header.at(little ? 19 : 18));
    switch (lo | (hi << 8)) {
    case 62:
        return QStringLiteral("x86_64");
    case 183:
        return QStringLiteral("aarch64");
    case 3:
        return QStringLiteral("i686");
    case 40:
        return QStringLiteral("arm");
    case 243:
        return QStringLiteral("riscv64");
    case 21:
        return QStringLiteral("ppc64le");
    default:
        return {};
    }
}
