#include "logging.h"

Q_LOGGING_CATEGORY(lcProtocol, "hamgam.protocol", QtWarningMsg)
Q_LOGGING_CATEGORY(lcDiscovery, "hamgam.discovery", QtWarningMsg)
Q_LOGGING_CATEGORY(lcTrust, "hamgam.trust", QtWarningMsg)
Q_LOGGING_CATEGORY(lcRuns, "hamgam.runs", QtWarningMsg)
Q_LOGGING_CATEGORY(lcHistory, "hamgam.history", QtWarningMsg)
