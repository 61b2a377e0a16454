#pragma once

#include "agentoptions.h"
#include "expected.h"

#include <QCoreApplication>
#include <QStringList>

/// hamgam-agent's command line, parsed and checked, separate from main() so
/// every option's validation is testable and every message translatable.
class AgentCommandLine
{
    Q_DECLARE_TR_FUNCTIONS(AgentCommandLine)

public:
    enum class Action
    {
        Run,
        Help,
        Version,
        ListTrusted,
        Untrust,
        PrintFingerprint
    };

    Action action = Action::Run;
    AgentOptions options;
    QStringList trust;      ///< fingerprints to add before running
    QStringList trustAdmin; ///< fingerprints to add as the lab's admins (and trusted) before running
    QString untrust;
    QString helpText;

    static Expected<AgentCommandLine> parse(const QStringList &arguments);
    static QString defaultConfigDir();
};
