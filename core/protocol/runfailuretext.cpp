#include "runfailuretext.h"

#include "translatabletext.h"

#include <cstring>
#include <QCborValue>
#include <QLocale>

QString RunFailureText::cause(const QString &cause, const QString &message)
{
    // The engine's causes and exit codes (agent/engine/error.h, docs/engine.md).
    if (cause == QLatin1String("config"))
        return tr("the configuration was refused");
    if (cause == QLatin1String("usage"))
        return tr("the training worker was started with a bad command line");
    if (cause == QLatin1String("communication"))
        return tr("a peer stopped answering or could not be reached");
    if (cause == QLatin1String("data"))
        return tr("a dataset is missing, truncated or corrupt");
    if (cause == QLatin1String("checkpoint")) {
        // strerror(ENOSPC) and strerror(EDQUOT), as the engine quotes them.
        if (message.contains(QLatin1String("No space left on device")) ||
            message.contains(QLatin1String("Disk quota exceeded")))
            return tr("the checkpoint disk is full");
        return tr("a checkpoint could not be written or read");
    }
    if (cause == QLatin1String("internal"))
        return tr("the training worker failed unexpectedly");
    return {};
}

QString RunFailureText::workerError(const hamgam::contracts::ErrorEvent &error, const QString &message)
{
    const QString line = cause(QString::fromStdString(error.cause), message);
    if (line.isEmpty())
        return message;
    if (message.isEmpty())
        return line;
    return tr("%1: %2").arg(line, message);
}

QString RunFailureText::workerExit(const QJsonObject &payload)
{
    const int code = payload.value(QStringLiteral("exit_code")).toInt();
    // Exit codes and signal numbers stay in ASCII digits: they are looked up, not read as amounts.
    if (payload.value(QStringLiteral("crashed")).toBool())
        return tr("killed by signal %1 (%2)").arg(QString::number(code), signalName(code));
    return tr("exited with code %1").arg(QString::number(code));
}

TranslatableText RunFailureText::stateReasonText(const QJsonObject &payload)
{
    const QJsonValue text = payload.value(QStringLiteral("reason_text"));
    if (text.isObject()) {
        TranslatableText reason = TranslatableText::fromCbor(QCborValue::fromJsonValue(text));
        if (!reason.isEmpty())
            return reason;
    }
    // An older agent sent its reason as text only, in its own language: an
    // English one that is a whole catalogue entry can still be translated.
    const QString plain = payload.value(QStringLiteral("reason")).toString();
    if (plain.isEmpty())
        return {};
    return TranslatableText("RunSupervisor", plain.toUtf8().constData());
}

QString RunFailureText::stateReason(const QJsonObject &payload)
{
    const QString reason = stateReasonText(payload).toString();
    const QString line = cause(payload.value(QStringLiteral("cause")).toString(), reason);
    if (line.isEmpty() || reason.isEmpty())
        return reason.isEmpty() ? line : reason;
    return tr("%1: %2").arg(line, reason);
}

QString RunFailureText::signalName(int signal)
{
    const char *abbreviation = signal > 0 ? sigabbrev_np(signal) : nullptr;
    return abbreviation ? QStringLiteral("SIG") + QString::fromLatin1(abbreviation)
                        : QStringLiteral("SIG%1").arg(signal);
}
