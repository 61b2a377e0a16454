#pragma once

#include "runconfig.h"
#include "telemetry.h"
#include "translatabletext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

class PathPolicy;

/// The checks an agent runs on its own node before a run may start: the
/// worker is there and of the same version, the dataset is readable and valid
/// here, the planned batch fits in memory, the checkpoint directory is
/// writable, the devices exist, the rendezvous port is free (on the master),
/// and whether another process already uses a device (a warning: a shared
/// device is one of the seven reasons for low utilization). With a path
/// policy, a path it refuses is reported as refused and never touched.
class Preflight
{
    Q_DECLARE_TR_FUNCTIONS(Preflight)

public:
    struct Input
    {
        RunConfig config;
        int nodeIndex = 0;
        bool master = false;
        QString workerProgram;
        QString agentVersion;
        TelemetrySnapshot telemetry;
        const PathPolicy *paths = nullptr; ///< the agent's --allow-dir; none: every path is checked
    };
    struct Result
    {
        /// Findings travel untranslated as well ("error_texts", "warning_texts"),
        /// so the controller shows them in the language it has when it shows them.
        QList<TranslatableText> errors;
        QList<TranslatableText> warnings;
        /// What else was using this machine, as figures ("busy" in the reply): a compare
        /// of runs flags a run that started on a busy machine. Each entry
        /// {"kind": "cpu", "load", "cores"} or {"kind": "gpu", "device", "processes"}.
        QJsonArray busy;
        quint16 port = 0;
        QString workerVersion;
        bool ok() const { return errors.isEmpty(); }
        QJsonObject toJson() const;
    };

    static Result run(const Input &input);
    /// What `hamgam-worker --version` says, cached by path and modification time.
    struct WorkerFacts
    {
        QString version;
        int libTorchMajor = 0; ///< 0: not said (an older worker)
        int libTorchMinor = 0;
        bool cuda = false; ///< a CUDA build of LibTorch
    };
    static WorkerFacts workerFacts(const QString &program, TranslatableText *error);
    static QString workerVersion(const QString &program, TranslatableText *error);
};
