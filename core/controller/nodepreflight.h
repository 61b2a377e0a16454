#pragma once

#include "translatabletext.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

/// What pre-flight found on one node of a run (RunController::NodePreflight).
struct NodePreflight
{
    int nodeIndex = 0;
    QString agentId;
    QString name;
    bool reached = false;
    /// In the language of the moment they arrived (scripts, start failures).
    QStringList errors;
    QStringList warnings;
    /// The same findings in the same order, to translate again when shown:
    /// the agent's own come untranslated, so a language change reaches them.
    QList<TranslatableText> errorTexts;
    QList<TranslatableText> warningTexts;
    void addError(const TranslatableText &text)
    {
        errorTexts << text;
        errors << text.toString();
    }
    void addWarning(const TranslatableText &text)
    {
        warningTexts << text;
        warnings << text.toString();
    }
    quint16 port = 0;
    QString deviceKind;
    /// What else used the machine at pre-flight (Preflight::Result::busy), kept in the
    /// run's launch event so that a comparison can flag a run that started on a busy machine.
    QJsonArray busy;
};
