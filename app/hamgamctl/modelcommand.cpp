#include "modelcommand.h"

#include "ctlcontext.h"
#include "ctlformat.h"
#include "historystore.h"
#include "modelfetcher.h"
#include "safetext.h"

#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QLocale>

using namespace CtlFormat;

int ModelCommand::exportModel(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Bring a run's trained model into a folder: model.pt, a TorchScript file that PyTorch "
           "(torch.jit.load) and LibTorch load, and model.json, what goes in and what comes out. The "
           "run writes it at each checkpoint and at its end, on the machine of its rank 0."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."),
                                 QStringLiteral("RUN"));
    parser.addPositionalArgument(
        QStringLiteral("dir"), tr("The folder to write into (created when missing)."), QStringLiteral("DIR"));
    const QCommandLineOption replace(QStringLiteral("replace"),
                                     tr("Replace a model the folder already holds (without it, such a "
                                        "folder is refused, exit 4)."));
    parser.addOption(replace);
    auto ctx = openContext(parser, arguments, 2, tr("hamgamctl export-model: give a run and a folder"));
    if (!ctx)
        return 2;
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    const auto record = findRun(**history, parser.positionalArguments().first(), arguments.first());
    if (!record)
        return 3;
    const auto source = ModelFetcher::locate(**history, record->id);
    if (!source) {
        err() << tr("hamgamctl export-model: %1").arg(source.error()) << Qt::endl;
        return 1;
    }
    // The folder given is the model's folder, as History's Export model writes it; a model there is
    // replaced only when asked.
    const QString dir = QDir(parser.positionalArguments().at(1)).absolutePath();
    if (!parser.isSet(replace) && !ModelFetcher::modelAlreadyIn(dir).isEmpty()) {
        err() << tr("hamgamctl export-model: %1 (--replace)").arg(ModelFetcher::alreadyHoldsAModel(dir))
              << Qt::endl;
        return 4;
    }
    ctx->waitForNodes({source->agentId}, parser.value(QStringLiteral("wait")).toInt());
    ModelFetcher fetcher(ctx->registry());
    QEventLoop loop;
    bool ok = false;
    QString error;
    QObject::connect(&fetcher, &ModelFetcher::finished, &loop, [&](bool done, const QString &why) {
        ok = done;
        error = why;
        loop.quit();
    });
    fetcher.fetch(*source, dir,
                  parser.isSet(replace) ? ModelFetcher::Existing::Replace : ModelFetcher::Existing::Refuse);
    loop.exec();
    if (!ok) {
        err() << tr("hamgamctl export-model: %1").arg(error) << Qt::endl;
        return 1;
    }
    const qint64 bytes = QFileInfo(QDir(dir).filePath(QStringLiteral("model.pt"))).size();
    out() << tr("wrote %1 (%2, the model at step %3) and model.json")
                 .arg(QDir(dir).filePath(QStringLiteral("model.pt")), QLocale().formattedDataSize(bytes))
                 .arg(source->step)
          << Qt::endl;
    return 0;
}
