#include "preflight.h"

#include "datasetcheck.h"
#include "modelestimate.h"
#include "pathpolicy.h"
#include "rendezvousport.h"

#include <algorithm>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <sys/stat.h>
#include <unistd.h>

using Text = TranslatableText;

namespace {
// A finding kept untranslated, in the "Preflight" catalogue context, and
// translated by whoever shows it: the agent for its plain "errors" list, the
// controller again in its own current language.
Text finding(const char *source, int n = -1)
{
    return Text("Preflight", source, n);
}
} // namespace

QJsonObject Preflight::Result::toJson() const
{
    // "errors" and "warnings" in the asking controller's language, for older
    // controllers and scripts; the *_texts arrays (same order) to translate again.
    QJsonArray errorStrings, warningStrings, errorTexts, warningTexts;
    for (const TranslatableText &e : errors) {
        errorStrings.append(e.toString());
        errorTexts.append(e.toCbor().toJsonObject());
    }
    for (const TranslatableText &w : warnings) {
        warningStrings.append(w.toString());
        warningTexts.append(w.toCbor().toJsonObject());
    }
    return QJsonObject{{QStringLiteral("ok"), ok()},
                       {QStringLiteral("errors"), errorStrings},
                       {QStringLiteral("warnings"), warningStrings},
                       {QStringLiteral("error_texts"), errorTexts},
                       {QStringLiteral("warning_texts"), warningTexts},
                       {QStringLiteral("busy"), busy},
                       {QStringLiteral("port"), port},
                       {QStringLiteral("worker_version"), workerVersion}};
}

QString Preflight::workerVersion(const QString &program, TranslatableText *error)
{
    return workerFacts(program, error).version;
}

Preflight::WorkerFacts Preflight::workerFacts(const QString &program, TranslatableText *error)
{
    static QHash<QString, std::pair<QDateTime, WorkerFacts>> cache;
    const QFileInfo info(program);
    if (!info.isFile() || !info.isExecutable()) {
        *error =
            finding(QT_TRANSLATE_NOOP("Preflight", "the training worker %1 is not installed on this machine"))
                .ltrArg(program);
        return {};
    }
    auto it = cache.find(program);
    if (it != cache.end() && it->first == info.lastModified())
        return it->second;
    QProcess p;
    p.start(program, {QStringLiteral("--version")});
    if (!p.waitForFinished(10000) || p.exitCode() != 0) {
        p.kill();
        *error = finding(QT_TRANSLATE_NOOP("Preflight", "the training worker %1 does not run: %2"))
                     .ltrArg(program)
                     .arg(QString::fromUtf8(p.readAllStandardError()).trimmed());
        return {};
    }
    // "hamgam-worker 0.1.0", then the LibTorch it was built with: "LibTorch 2.6.0 (CUDA)".
    const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).trimmed().split(QLatin1Char('\n'));
    WorkerFacts facts;
    facts.version = lines.value(0).section(QLatin1Char(' '), -1);
    static const QRegularExpression libTorch(QStringLiteral("^LibTorch (\\d+)\\.(\\d+)\\S* \\((\\w+)\\)"));
    if (const QRegularExpressionMatch m = libTorch.match(lines.value(1).trimmed()); m.hasMatch()) {
        facts.libTorchMajor = m.captured(1).toInt();
        facts.libTorchMinor = m.captured(2).toInt();
        facts.cuda = m.captured(3) != QLatin1String("CPU");
    }
    cache.insert(program, {info.lastModified(), facts});
    return facts;
}

Preflight::Result Preflight::run(const Input &in)
{
    Result r;
    const RunConfig &c = in.config;
    // The path policy before anything else: a refused path is neither created
    // nor opened, so what is said about it cannot tell whether it exists, nor
    // its size or type (issue #17).
    if (in.paths) {
        r.errors << in.paths->runErrors(c);
    }
    const auto allowed = [&](const QString &path) { return !in.paths || in.paths->allows(path); };
    if (in.nodeIndex < 0 || in.nodeIndex >= c.nodes.size()) {
        r.errors << finding(QT_TRANSLATE_NOOP("Preflight", "this machine is not in the run's node list"));
        return r;
    }
    const RunConfig::Node &node = c.nodes[in.nodeIndex];

    // The worker, and the same version as this agent (their protocol and config must match).
    Text error;
    const WorkerFacts worker = workerFacts(in.workerProgram, &error);
    r.workerVersion = worker.version;
    if (!error.isEmpty())
        r.errors << error;
    else if (r.workerVersion != in.agentVersion)
        r.errors
            << finding(
                   QT_TRANSLATE_NOOP(
                       "Preflight",
                       "the training worker is version %1 but the agent is %2; install one Hamgam version"))
                   .ltrArg(r.workerVersion)
                   .ltrArg(in.agentVersion);

    // A precision this machine cannot run (issue #29, item 12): fp16 on the CPU needs CPU autocast
    // in fp16, which LibTorch has from 2.2; the worker would refuse it at its start.
    const bool onGpu =
        worker.cuda && std::any_of(in.telemetry.devices.cbegin(), in.telemetry.devices.cend(),
                                   [](const DeviceSample &d) { return d.kind == DeviceSample::Kind::Gpu; });
    const bool cpuHalf = worker.libTorchMajor > 2 || (worker.libTorchMajor == 2 && worker.libTorchMinor >= 2);
    if (c.precision == QLatin1String("fp16") && worker.libTorchMajor > 0 && !onGpu && !cpuHalf)
        r.errors << finding(QT_TRANSLATE_NOOP(
                                "Preflight", "precision fp16 needs a GPU here: this machine trains on its "
                                             "CPU, and its worker's LibTorch %1 runs only bf16 there (choose "
                                             "bf16 or fp32)"))
                        .ltrArg(QStringLiteral("%1.%2").arg(worker.libTorchMajor).arg(worker.libTorchMinor));

    // The dataset, as this machine sees it, and its samples as the worker will load them.
    Text data;
    hamgam::MemoryEstimate::Sample sample;
    if (c.dataset.kind == QLatin1String("fashion-mnist") && allowed(c.dataset.path))
        data = DatasetCheck::mnistDirectory(c.dataset.path, &sample);
    else if (c.dataset.kind == QLatin1String("cifar-10") && allowed(c.dataset.path))
        data = DatasetCheck::cifarDirectory(c.dataset.path, 10);
    else if (c.dataset.kind == QLatin1String("cifar-100") && allowed(c.dataset.path))
        data = DatasetCheck::cifarDirectory(c.dataset.path, 100);
    else if (c.dataset.kind == QLatin1String("images") && allowed(c.dataset.path))
        data = DatasetCheck::imageFolder(c.dataset.path, &sample);
    else if (c.dataset.kind == QLatin1String("csv") && allowed(c.dataset.path))
        data = DatasetCheck::csvTable(c.dataset.path, c.dataset.label, &sample);
    else if (c.dataset.kind == QLatin1String("text") && allowed(c.dataset.path))
        data = DatasetCheck::textFile(c.dataset.path, c.model.context);
    if (!data.isEmpty())
        r.errors << data;
    if (c.model.kind == QLatin1String("torchscript") && allowed(c.model.path)) {
        if (const Text problem = DatasetCheck::torchScript(c.model.path); !problem.isEmpty())
            r.errors << problem;
    }

    // The devices exist.
    const auto &devices = in.telemetry.devices;
    const bool gpu = !devices.isEmpty() && devices.first().kind == DeviceSample::Kind::Gpu;
    for (int d : node.devices) {
        // A CPU node may run several workers ("devices") that share its cores.
        if (gpu && (d < 0 || d >= devices.size()))
            r.errors << finding(
                            QT_TRANSLATE_N_NOOP(
                                "Preflight", "device %1 does not exist here (this machine has %Ln GPU(s))"),
                            int(devices.size()))
                            .arg(d);
    }

    // Memory for the planned batch, by the estimate the worker plans its first caps with (MemoryEstimate):
    // a batch that does not fit whole trains in passes, as the worker will train it; only a device
    // that cannot hold the model and one sample is an error.
    const ModelEstimate model(c, sample);
    const int devicesInRun = qMax(1, c.deviceCount());
    qint64 localBatch = (c.globalBatch + devicesInRun - 1) / devicesInRun;
    if (node.batch)
        localBatch = (*node.batch + node.devices.size() - 1) / qMax<qsizetype>(1, node.devices.size());
    if (node.maxBatch) // the node's cap, split over its devices as the worker splits it
        localBatch = qMin<qint64>(localBatch, (*node.maxBatch + node.devices.size() - 1) /
                                                  qMax<qsizetype>(1, node.devices.size()));
    const int shards = c.strategy == QLatin1String("fsdp") ? devicesInRun : int(node.devices.size());
    const hamgam::MemoryEstimate estimate = model.forDevice(shards);
    const qint64 budgetCap = qint64(c.memoryBudgetMb) << 20;
    if (gpu) {
        for (int d : node.devices) {
            if (d < 0 || d >= devices.size())
                continue;
            const DeviceSample &dev = devices[d];
            // What the worker will take as its memory: the driver's free memory less its margin, within
            // memory_budget_mb.
            const qint64 usable = hamgam::MemoryEstimate::usableDeviceBytes(
                dev.memoryTotal, dev.memoryTotal - dev.memoryUsed, budgetCap);
            const qint64 passes = model.known() ? estimate.passes(localBatch, usable) : 1;
            if (passes == 0)
                r.errors << finding(
                                QT_TRANSLATE_NOOP("Preflight",
                                                  "%1 has %2 to use but the model alone needs about %3 "
                                                  "there (its weights, gradients and optimizer state, and "
                                                  "one sample); use lsdp, more devices or a smaller model"))
                                .arg(dev.name)
                                .dataSizeArg(usable)
                                .dataSizeArg(estimate.bytes(1));
            else if (passes > 1)
                r.warnings << finding(QT_TRANSLATE_N_NOOP(
                                          "Preflight", "%1 has %2 to use: the planned batch of %3 trains in "
                                                       "%Ln pass(es) of up to %4 samples, about %5 each"),
                                      int(qMin<qint64>(passes, 1 << 30)))
                                  .arg(dev.name)
                                  .dataSizeArg(usable)
                                  .arg(localBatch)
                                  .arg(qint64(estimate.capSamples(usable)))
                                  .dataSizeArg(estimate.bytes(estimate.capSamples(usable)));
            else if (model.known() && estimate.bytes(localBatch) > 0.8 * usable)
                r.warnings << finding(QT_TRANSLATE_NOOP("Preflight",
                                                        "%1 will be nearly full (about %2 of %3 to use)"))
                                  .arg(dev.name)
                                  .dataSizeArg(estimate.bytes(localBatch))
                                  .dataSizeArg(usable);
            if (!dev.processes.isEmpty()) {
                QStringList procs;
                for (const DeviceProcess &p : dev.processes) // whose, when the agent could tell
                    procs << (p.user.isEmpty()
                                  ? QStringLiteral("%1 (%2)").arg(p.name).arg(p.pid)
                                  : QStringLiteral("%1 (%2, %3)").arg(p.name).arg(p.pid).arg(p.user));
                r.warnings << finding(QT_TRANSLATE_NOOP(
                                          "Preflight",
                                          "%1 is already used by %2: the run will share it and run slower"))
                                  .arg(dev.name)
                                  .listArg(procs);
                r.busy.append(QJsonObject{{QStringLiteral("kind"), QStringLiteral("gpu")},
                                          {QStringLiteral("device"), dev.name},
                                          {QStringLiteral("processes"), int(dev.processes.size())}});
            }
        }
    } else {
        // On the CPU the worker splits a batch only within memory_budget_mb.
        qint64 perPass = localBatch;
        if (model.known() && budgetCap > 0) {
            const qint64 passes = estimate.passes(localBatch, budgetCap);
            if (passes == 0)
                r.errors << finding(
                                QT_TRANSLATE_NOOP("Preflight",
                                                  "memory_budget_mb does not hold the model and one sample "
                                                  "(about %1 on each device)"))
                                .dataSizeArg(estimate.bytes(1));
            else if (passes > 1)
                r.warnings << finding(QT_TRANSLATE_N_NOOP("Preflight",
                                                          "within memory_budget_mb the planned batch of %1 "
                                                          "trains in %Ln pass(es) of up to %2 samples"),
                                      int(qMin<qint64>(passes, 1 << 30)))
                                  .arg(localBatch)
                                  .arg(qint64(estimate.capSamples(budgetCap)));
            if (passes > 1)
                perPass = estimate.capSamples(budgetCap);
        }
        const qint64 need =
            model.known() ? estimate.bytes(perPass) * qMax<qsizetype>(1, node.devices.size()) : 0;
        const qint64 available = in.telemetry.host.memoryAvailable;
        if (available > 0 && need > available)
            r.errors << finding(
                            QT_TRANSLATE_NOOP(
                                "Preflight",
                                "this machine has %1 of memory available but the run needs about %2 here"))
                            .dataSizeArg(available)
                            .dataSizeArg(need);
        const int cores = qMax(1, in.telemetry.host.cores);
        if (in.telemetry.host.load1 > 0.5 * cores)
            r.warnings << finding(
                              QT_TRANSLATE_N_NOOP(
                                  "Preflight",
                                  "the CPU is already busy (load %1 on %Ln core(s)): the run will share it"),
                              cores)
                              .arg(in.telemetry.host.load1, 1);
        if (in.telemetry.host.load1 > 0.5 * cores)
            r.busy.append(QJsonObject{{QStringLiteral("kind"), QStringLiteral("cpu")},
                                      {QStringLiteral("load"), in.telemetry.host.load1},
                                      {QStringLiteral("cores"), cores}});
    }

    // Checkpoints can be written where asked, in a directory the workers will
    // accept: ours and written by nobody else, or shared with the sticky bit
    // (the rules of agent/engine/checkpointfolder, told here before the start).
    if (!c.checkpoint.dir.isEmpty() && allowed(c.checkpoint.dir)) {
        const QString &dir = c.checkpoint.dir;
        const bool existed = QFileInfo::exists(dir);
        if (!QDir().mkpath(dir)) {
            r.errors << finding(QT_TRANSLATE_NOOP("Preflight", "cannot create the checkpoint directory %1"))
                            .ltrArg(dir);
        } else {
            if (!existed) // 0755 whatever the umask, as the workers make it: group-writable would be refused
                QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                               QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                               QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                               QFileDevice::ExeOther);
            struct stat st = {};
            const bool known = ::stat(QFile::encodeName(dir).constData(), &st) == 0;
            const bool sticky = known && (st.st_mode & S_ISVTX);
            if (known && !sticky && st.st_uid != ::geteuid()) {
                r.errors
                    << finding(
                           QT_TRANSLATE_NOOP(
                               "Preflight",
                               "the checkpoint directory %1 belongs to another user; use a directory of your "
                               "own, or a shared one with the sticky bit (like /tmp)"))
                           .ltrArg(dir);
            } else if (known && !sticky && (st.st_mode & (S_IWGRP | S_IWOTH))) {
                r.errors
                    << finding(
                           QT_TRANSLATE_NOOP(
                               "Preflight",
                               "other users can write into the checkpoint directory %1 and it has no sticky "
                               "bit; run chmod go-w on it, or chmod +t to share it like /tmp"))
                           .ltrArg(dir);
            } else {
                QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".hamgam-probe-XXXXXX")));
                if (!probe.open())
                    r.errors << finding(QT_TRANSLATE_NOOP("Preflight",
                                                          "cannot write in the checkpoint directory %1"))
                                    .ltrArg(dir);
            }
        }
    }

    if (in.master) {
        r.port = RendezvousPort::pick();
        if (r.port == 0)
            r.errors << finding(
                QT_TRANSLATE_NOOP("Preflight", "no free TCP port for the workers' rendezvous"));
    }
    return r;
}
