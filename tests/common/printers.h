#pragma once

// QTest::toString for the project's own types, so a failed QCOMPARE prints
// "Failed" or "StartRun" rather than a number. Found by argument-dependent
// lookup: include this header in a test that compares these types.
#include "eventkind.h"
#include "message.h"
#include "nodestate.h"
#include "runrecord.h"

#include <QByteArray>

inline char *toString(RunStatus status)
{
    return qstrdup(RunStatusText::key(status).toUtf8().constData());
}

inline char *toString(Message::Type type)
{
    return qstrdup(Message::typeName(type).toUtf8().constData());
}

inline char *toString(EventKind kind)
{
    const QString name = EventKinds::name(kind);
    return qstrdup(name.isEmpty() ? "Unknown" : name.toUtf8().constData());
}

inline char *toString(NodeState state)
{
    const QString name = NodeStates::name(state);
    return qstrdup(name.isEmpty() ? "Unknown" : name.toUtf8().constData());
}
