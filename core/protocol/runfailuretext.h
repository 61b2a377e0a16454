#pragma once

#include "workerevents.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

class TranslatableText;

/// Why a worker or a run failed, in the reader's language. The engine names a
/// cause ("communication", "checkpoint", …) and writes its own message in
/// English; agents send their state reasons untranslated (`reason_text`) with
/// the plain text beside them. Here the cause becomes a translated line that
/// comes first, and the raw message follows as the detail.
class RunFailureText final
{
    Q_DECLARE_TR_FUNCTIONS(RunFailureText)

public:
    /// One line for an engine error cause (docs/worker-events.md), or for the
    /// cause and its message together ("the checkpoint disk is full"); empty
    /// for an unknown cause.
    static QString cause(const QString &cause, const QString &message = {});
    /// An `error` event: the cause's line, then `message` (the engine's, made safe to show).
    static QString workerError(const hamgam::contracts::ErrorEvent &error, const QString &message);
    /// A `worker_exit` event: "exited with code 3", "killed by signal 9 (SIGKILL)".
    static QString workerExit(const QJsonObject &payload);
    /// A `state` event's reason: `reason_text` translated now, after the line
    /// of its `cause` where it names one; else `reason` as the agent sent it
    /// (translated when it is one of the agent's fixed English reasons).
    static QString stateReason(const QJsonObject &payload);
    /// The same reason without the cause's line, untranslated: what a run's
    /// record keeps (the reason already names what failed, and the cause is a
    /// category), to be read in whatever language its reader has then.
    static TranslatableText stateReasonText(const QJsonObject &payload);
    /// "SIGKILL" for 9; "SIG9" for a number without a name.
    static QString signalName(int signal);
};
