#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl export-model: brings a run's trained model (TorchScript and its
/// description) from the machine that holds it. Exit codes: 0 success,
/// 1 failure (no model, the machine is away), 2 bad usage, 3 no such run.
class ModelCommand
{
    Q_DECLARE_TR_FUNCTIONS(ModelCommand)

public:
    static int exportModel(const QStringList &arguments);
};
