#pragma once

#include <QLoggingCategory>

// Logging categories of the core layer; enable with QT_LOGGING_RULES="hamgam.*=true".
Q_DECLARE_LOGGING_CATEGORY(lcProtocol)
Q_DECLARE_LOGGING_CATEGORY(lcDiscovery)
Q_DECLARE_LOGGING_CATEGORY(lcTrust)
Q_DECLARE_LOGGING_CATEGORY(lcRuns)
Q_DECLARE_LOGGING_CATEGORY(lcHistory)
