#pragma once

#include <QCommandLineParser>
#include <QString>

/// `--help` as the user typed the command: QCommandLineParser names the program by its path
/// ("Usage: /usr/bin/hamgamctl [options]"); the usage line names it as typed instead
/// ("Usage: hamgamctl run [options] CONFIG"). The app, the agent and hamgamctl print it alike.
namespace CommandLineHelp {
QString text(const QCommandLineParser &parser, const QString &programAsTyped);
} // namespace CommandLineHelp
