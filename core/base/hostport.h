#pragma once

#include "expected.h"

#include <QString>

/// "host:port", "[v6]:port" or "host" (default port), as users type them.
struct HostPort
{
    QString host;
    quint16 port = 0;

    static Expected<HostPort> parse(const QString &text, quint16 defaultPort);
    QString toString() const;
};
