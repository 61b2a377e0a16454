// hamgam-agent: the daemon on every lab machine. Parses the command line and
// hands over to AgentDaemon.
#include "agentcommandline.h"
#include "agentdaemon.h"
#include "fingerprintstore.h"
#include "identity.h"
#include "signalwatcher.h"
#include "systemprobe.h"
#include "translations.h"
#include "version.h"

#include <csignal>
#include <QCoreApplication>
#include <QDir>
#include <QLoggingCategory>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hamgam-agent"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
    Translations::installForLocale(&app);
    // A daemon's log is its record: say what it accepts, refuses and closes.
    QLoggingCategory::setFilterRules(QStringLiteral("hamgam.*.info=true"));
    QTextStream err(stderr);
    QTextStream out(stdout);

    auto cl = AgentCommandLine::parse(QCoreApplication::arguments());
    if (!cl) {
        err << QCoreApplication::translate("hamgam-agent", "hamgam-agent: %1").arg(cl.error()) << Qt::endl;
        return 2;
    }
    switch (cl->action) {
    case AgentCommandLine::Action::Help:
        out << cl->helpText;
        return 0;
    case AgentCommandLine::Action::Version:
        out << "hamgam-agent " << Hamgam::kVersion << Qt::endl;
        return 0;
    default:
        break;
    }
    const AgentOptions &options = cl->options;
    QDir().mkpath(options.configDir);
    FingerprintStore trust(AgentDaemon::trustListPath(options.configDir));
    FingerprintStore admins(AgentDaemon::adminListPath(options.configDir));
    for (FingerprintStore *store : {&trust, &admins}) {
        if (auto s = store->load(); !s) {
            err << s.error() << Qt::endl;
            return 1;
        }
    }
    switch (cl->action) {
    case AgentCommandLine::Action::ListTrusted:
        for (const auto &e : trust.entries())
            out << Identity::displayFingerprint(e.fingerprint) << "  " << e.label << "  "
                << e.added.toString(Qt::ISODate)
                << (admins.containsFingerprint(e.fingerprint)
                        ? QCoreApplication::translate("hamgam-agent", "  (lab admin)")
                        : QString())
                << Qt::endl;
        return 0;
    case AgentCommandLine::Action::Untrust:
        if (auto s = trust.removeFingerprint(cl->untrust); !s) {
            err << s.error() << Qt::endl;
            return 1;
        }
        if (admins.containsFingerprint(cl->untrust))
            (void)admins.removeFingerprint(cl->untrust); // an admin is a trusted controller first
        out << QCoreApplication::translate("hamgam-agent", "Removed %1 from the trust list.")
                   .arg(Identity::displayFingerprint(Identity::normalizeFingerprint(cl->untrust)))
            << Qt::endl;
        return 0;
    case AgentCommandLine::Action::PrintFingerprint: {
        auto identity = Identity::loadOrCreate(options.configDir, QStringLiteral("agent"),
                                               QStringLiteral("hamgam-agent"));
        if (!identity) {
            err << identity.error() << Qt::endl;
            return 1;
        }
        // The same form the app and hamgamctl show, so a person compares like with like.
        out << Identity::displayFingerprint(identity->fingerprint()) << Qt::endl;
        return 0;
    }
    default:
        break;
    }

    bool trustAdded = false;
    for (const QString &fp : cl->trustAdmin) {
        if (admins.containsFingerprint(fp))
            continue;
        if (auto s = admins.add(fp, QCoreApplication::translate("hamgam-agent", "added on the command line"));
            !s) {
            err << s.error() << Qt::endl;
            return 2;
        }
        trustAdded = true;
        out << QCoreApplication::translate("hamgam-agent", "Lab admin %1.")
                   .arg(Identity::displayFingerprint(Identity::normalizeFingerprint(fp)))
            << Qt::endl;
    }
    for (const QString &fp : cl->trust + cl->trustAdmin) {
        if (trust.containsFingerprint(fp))
            continue;
        if (auto s = trust.add(fp, QCoreApplication::translate("hamgam-agent", "added on the command line"));
            !s) {
            err << s.error() << Qt::endl;
            return 2;
        }
        trustAdded = true;
        out << QCoreApplication::translate("hamgam-agent", "Trusted controller %1.")
                   .arg(Identity::displayFingerprint(Identity::normalizeFingerprint(fp)))
            << Qt::endl;
    }

    AgentDaemon daemon(options, std::make_unique<SystemProbe>());
    if (auto s = daemon.start(); !s) {
        if (trustAdded && daemon.port() == 0) {
            // The usual case of "hamgam-agent --trust FP" next to a running agent:
            // that agent re-reads its trust list at the next connection.
            out << QCoreApplication::translate("hamgam-agent",
                                               "The trust list is updated. No second agent was started: %1")
                       .arg(s.error())
                << Qt::endl;
            return 0;
        }
        err << QCoreApplication::translate("hamgam-agent", "hamgam-agent: %1").arg(s.error()) << Qt::endl;
        return 1;
    }
    QObject::connect(&daemon, &AgentDaemon::idleExit, &app, &QCoreApplication::quit);
    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, &app, &QCoreApplication::quit);
    out << QCoreApplication::translate("hamgam-agent",
                                       "hamgam-agent %1 listening on %2:%3, node %4, fingerprint %5")
               .arg(QString::fromLatin1(Hamgam::kVersion), options.bind.toString())
               .arg(daemon.port())
               .arg(daemon.nodeId(), Identity::displayFingerprint(daemon.identity().fingerprint()))
        << Qt::endl;
    return app.exec();
}
