// The engine's pure parts: run config, command line, topology, sharding
// arithmetic, tensor-parallel layouts and partitions, checkpoint manifests, IDX files (raw, gzip, truncated,
// corrupt, headers declaring more than the file holds or than the caps allow), atomic files, schedule,
// stdin commands and the event format.
#include "atomicwriter.h"
#include "batchplanner.h"
#include "checkpointmanifest.h"
#include "commandreader.h"
#include "datamemorylimit.h"
#include "devicechoice.h"
#include "error.h"
#include "eventsink.h"
#include "idxfile.h"
#include "idxheader.h"
#include "initialplan.h"
#include "losscaler.h"
#include "lrschedule.h"
#include "memorycap.h"
#include "memoryprobe.h"
#include "partition.h"
#include "placementplan.h"
#include "shardingscheme.h"
#include "stepcontrol.h"
#include "stepreport.h"
#include "tensorparallellayout.h"
#include "topology.h"
#include "watchdog.h"
#include "workerconfig.h"
#include "workeroptions.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <stdexcept>
#include <thread>
#include <unistd.h>
#include <zlib.h>

using namespace hamgam::engine;

class TestEngineBase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void configDefaultsAndDraftExample();
    void configRefusals_data();
    void configRefusals();
    void configSlowdownAndNodes();
    void configUnknownKeys_data();
    void configUnknownKeys();
    void options_data();
    void options();
    void topology();
    void messagesKeepTheirFirstLine_data();
    void messagesKeepTheirFirstLine();
    void deviceChoice_data();
    void deviceChoice();
    void twoRanksOnOneGpuAreRefused();
    void gpuMemoryCountsOtherProcesses();
    void ncclTimesOutAfterTheEngine();
    void shardingSchemes_data();
    void shardingSchemes();
    void tensorParallelReplicas();
    void tensorParallelLayouts_data();
    void tensorParallelLayouts();
    void tensorParallelNodeSizes_data();
    void tensorParallelNodeSizes();
    void partitions();
    void manifestRoundTrip();
    void manifestRefusals_data();
    void manifestRefusals();
    void idxFiles_data();
    void idxFiles();
    void idxOfTwoGzipMembers();
    void atomicWriter();
    void schedule();
    void stopCommands_data();
    void stopCommands();
    void eventFormat();
    void watchdogFiresOnlyWhenStuck();
    void commandReaderSetsTheStopFlag();
    // The trainer's pure parts.
    void placementPlans_data();
    void placementPlans();
    void wireFallsBackWhereGlooCannotSum_data();
    void wireFallsBackWhereGlooCannotSum();
    void placementSettings();
    void placementTopologyChecks_data();
    void placementTopologyChecks();
    void initialPlan();
    void stepControl();
    void stepControlRefusals();
    void stepReport();
    void lossScalerHalvesOnOverflowAndGrows();
    void memoryProbe();

private:
    QTemporaryDir m_dir;
    static QByteArray idx(int count, int rows, int cols, unsigned char magicType = 0x08);
    static void writeGzip(const QString &path, const QByteArray &data);
};

QByteArray TestEngineBase::idx(int count, int rows, int cols, unsigned char magicType)
{
    QByteArray b;
    b.append(char(0)).append(char(0)).append(char(magicType)).append(char(rows ? 3 : 1));
    auto be32 = [&](int v) {
        b.append(char((v >> 24) & 0xff))
            .append(char((v >> 16) & 0xff))
            .append(char((v >> 8) & 0xff))
            .append(char(v & 0xff));
    };
    be32(count);
    if (rows) {
        be32(rows);
        be32(cols);
    }
    const int items = count * (rows ? rows * cols : 1);
    for (int i = 0; i < items; ++i)
        b.append(char(i % 10));
    return b;
}

void TestEngineBase::writeGzip(const QString &path, const QByteArray &data)
{
    gzFile f = gzopen(QFile::encodeName(path).constData(), "wb");
    gzwrite(f, data.constData(), static_cast<unsigned>(data.size()));
    gzclose(f);
}

void TestEngineBase::configDefaultsAndDraftExample()
{
    // Defaults are docs/run-config.md's.
    auto minimal = WorkerConfig::parse(R"({"version":1})");
    QVERIFY2(minimal.ok(), minimal.ok() ? "" : minimal.error().message.c_str());
    QCOMPARE(minimal->strategy, Strategy::Lshdp);
    QCOMPARE(minimal->comm.bucketMb, 25.0);
    QCOMPARE(minimal->globalBatch, std::int64_t(256));
    QCOMPARE(minimal->steps, std::int64_t(500));
    QCOMPARE(minimal->seed, std::uint64_t(42));
    QCOMPARE(minimal->dataset.path, std::string("/usr/share/datasets/fashion-mnist"));
    QCOMPARE(minimal->schedule.kind, std::string("cosine"));
    auto epochs = WorkerConfig::parse(R"({"version":1,"epochs":2})");
    QVERIFY(epochs.ok());
    QCOMPARE(epochs->steps, std::int64_t(0));

    // The example of docs/worker-config.md must stay valid.
    QFile draft(QStringLiteral(HAMGAM_SOURCE_DIR "/docs/worker-config.md"));
    QVERIFY(draft.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(draft.readAll());
    const auto start = text.indexOf(QStringLiteral("```json\n")) + 8;
    const auto end = text.indexOf(QStringLiteral("```"), start);
    auto example = WorkerConfig::parse(text.mid(start, end - start).toStdString());
    QVERIFY2(example.ok(), example.ok() ? "" : example.error().message.c_str());
    QCOMPARE(example->strategy, Strategy::Lshdp);
    QCOMPARE(example->model.kind, std::string("mlp"));
    QCOMPARE(example->slowdownSchedule.size(), size_t(1));
    QCOMPARE(example->nodes.size(), size_t(1));
    QVERIFY2(example->unknownKeys.empty(),
             example->unknownKeys.empty() ? "" : example->unknownKeys.front().c_str());

    auto shorthand = WorkerConfig::parse(
        R"({"version":1,"steps":1,"model":{"kind":"torchscript:/x/m.pt"},"dataset":{"kind":"text:/x/t.txt"}})");
    QVERIFY(shorthand.ok());
    QCOMPARE(shorthand->model.path, std::string("/x/m.pt"));
    QCOMPARE(shorthand->dataset.path, std::string("/x/t.txt"));
}

void TestEngineBase::configRefusals_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << "{nope"
                              << "not valid JSON";
    QTest::newRow("not an object") << "[1]"
                                   << "must be a JSON object";
    QTest::newRow("version") << R"({"version":2,"steps":1})"
                             << "version 2";
    QTest::newRow("strategy") << R"({"version":1,"steps":1,"strategy":"zero"})"
                              << "strategy \"zero\"";
    QTest::newRow("wire dtype") << R"({"version":1,"steps":1,"comm":{"dtype":"fp8"}})"
                                << "comm.dtype must be fp32, fp16 or bf16";
    QTest::newRow("two wire dtypes") << R"({"version":1,"steps":1,"comm":{"fp16":true,"dtype":"bf16"}})"
                                     << "give one";
    QTest::newRow("wrong type") << R"({"version":1,"steps":"ten"})"
                                << "steps must be an integer";
    QTest::newRow("no length") << R"({"version":1,"steps":0})"
                               << "give steps or epochs";
    QTest::newRow("batch sum")
        << R"({"version":1,"steps":1,"global_batch":10,"nodes":[{"devices":[0],"batch":3},{"devices":[0],"batch":3}]})"
        << "add up to 6";
    QTest::newRow("partial manual")
        << R"({"version":1,"steps":1,"nodes":[{"devices":[0],"batch":3},{"devices":[0]}]})"
        << "every node or for none";
    QTest::newRow("slowdown below 1") << R"({"version":1,"steps":1,"nodes":[{"devices":[0],"slowdown":0.5}]})"
                                      << "slowdown";
    QTest::newRow("text needs path")
        << R"({"version":1,"steps":1,"model":{"kind":"gpt"},"dataset":{"kind":"text"}})"
        << "dataset.path";
    QTest::newRow("gpt on images")
        << R"({"version":1,"steps":1,"model":{"kind":"gpt"},"dataset":{"kind":"fashion-mnist"}})"
        << "gpt";
    QTest::newRow("cnn groups")
        << R"({"version":1,"steps":1,"model":{"kind":"cnn","channels":10,"groups":4}})"
        << "multiple of model.groups";
    QTest::newRow("optimizer") << R"({"version":1,"steps":1,"optimizer":{"kind":"lion"}})"
                               << "sgd or adamw";
    QTest::newRow("betas") << R"({"version":1,"steps":1,"optimizer":{"betas":[0.9]}})"
                           << "betas";
    QTest::newRow("interval without dir") << R"({"version":1,"steps":1,"checkpoint":{"interval":5}})"
                                          << "checkpoint.dir";
    QTest::newRow("section type") << R"({"version":1,"steps":1,"comm":3})"
                                  << "comm must be an object";
    QTest::newRow("tp2d on 3 devices")
        << R"({"version":1,"steps":1,"strategy":"tp2d","nodes":[{"devices":[0,1,2]}]})"
        << "node 0 has 3 devices, which is not a square (1, 4, 9, 16, …)";
    QTest::newRow("tp3d on 4 devices")
        << R"({"version":1,"steps":1,"strategy":"tp3d","nodes":[{"devices":[0]},{"devices":[0,1,2,3]}]})"
        << "node 1 has 4 devices, which is not a cube (1, 8, 27, 64, …)";
    QTest::newRow("tp1d on unequal nodes")
        << R"({"version":1,"steps":1,"strategy":"tp1d","nodes":[{"devices":[0,1,2]},{"devices":[0,1]}]})"
        << "needs the same number of devices on every node (node 0 has 3, node 1 has 2)";
    QTest::newRow("tp1d cnn") << R"({"version":1,"steps":1,"strategy":"tp1d","model":{"kind":"cnn"}})"
                              << "splits the linear layers of the mlp and gpt models, not cnn";
}

void TestEngineBase::configRefusals()
{
    QFETCH(QString, json);
    QFETCH(QString, message);
    auto c = WorkerConfig::parse(json.toStdString());
    QVERIFY(!c.ok());
    QCOMPARE(c.error().kind, ErrorKind::Config);
    QVERIFY2(QString::fromStdString(c.error().message).contains(message), c.error().message.c_str());
}

void TestEngineBase::configUnknownKeys_data()
{
    // Every key the worker does not read, as a path: the top level's first,
    // then each object's in the order they are read, list entries by index.
    QTest::addColumn<QString>("json");
    QTest::addColumn<QStringList>("unknown");
    QTest::newRow("clean, every object")
        << R"({"version":1,"steps":1,"name":"r","precision":"bf16","lsdp":{"stream_params":true},
               "memory":{"recompute":true},"eval":{"interval":"epoch","samples":5},
               "optimizer":{"kind":"adamw","betas":[0.9,0.99]},"comm":{"fp16":true,"timeout_s":5},
               "model":{"kind":"mlp","hidden":[4]},"dataset":{"kind":"synthetic","shape":[3]},
               "schedule":{"kind":"constant"},"planner":{"ewma":0.5},"checkpoint":{"keep":3},
               "nodes":[{"agent":"a","name":"n","devices":[0],"batch":null,"max_batch":null,"slowdown":1}],
               "slowdown_schedule":[{"rank":0,"from_step":1,"factor":2}]})"
        << QStringList{};
    QTest::newRow("misplaced and misspelt")
        << R"({"version":1,"steps":1,"stream_params":true,"lsdp":{"foo":1},"comm":{"timeout":5},
               "nodes":[{"devices":[0]},{"devices":[0],"gpu":1}],"slowdown_schedule":[{"rank":0,"step":3}]})"
        << QStringList{QStringLiteral("stream_params"), QStringLiteral("comm.timeout"),
                       QStringLiteral("lsdp.foo"), QStringLiteral("slowdown_schedule[0].step"),
                       QStringLiteral("nodes[1].gpu")};
    QTest::newRow("an unknown object once, null too")
        << R"({"version":1,"steps":1,"extra":{"a":1},"recompute":null,"memory":{"budget_mb":5}})"
        << QStringList{QStringLiteral("extra"), QStringLiteral("recompute"),
                       QStringLiteral("memory.budget_mb")};
}

void TestEngineBase::configUnknownKeys()
{
    QFETCH(QString, json);
    QFETCH(QStringList, unknown);
    auto c = WorkerConfig::parse(json.toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
    QStringList got;
    for (const std::string &key : c->unknownKeys)
        got << QString::fromStdString(key);
    QCOMPARE(got, unknown);
}

void TestEngineBase::tensorParallelReplicas()
{
    // 2 nodes of 4: rank 5 (local rank 1 on node 1) holds what rank 1 holds.
    auto s = ShardingScheme::replicated(8, 5, {5, 1});
    QVERIFY(s.ok());
    QCOMPARE(s->pieces(), 1);
    QCOMPARE(s->shardGroupSize(), 1);
    QCOMPARE(s->segments().size(), size_t(1));
    QCOMPARE(s->segments().front().ranks, (std::vector<int>{1, 5}));
    QCOMPARE(s->ownSegments(), std::vector<int>{0});
    QVERIFY(!ShardingScheme::replicated(8, 5, {1, 2}).ok());
}

void TestEngineBase::tensorParallelLayouts_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("localRank");
    QTest::addColumn<QString>("coords");
    QTest::addColumn<int>("rowParts");
    QTest::addColumn<QString>("groups"); // id:members per group this rank is in, node first

    QTest::newRow("1d of 3") << "tp1d" << 3 << 2 << "2" << 1 << "0:0,1,2";
    QTest::newRow("2d 2x2 at (1,0)") << "tp2d" << 4 << 2 << "1,0" << 2 << "0:0,1,2,3;1:0,2;2:2,3";
    QTest::newRow("2d 3x3 at (1,2)") << "tp2d" << 9 << 5 << "1,2" << 3
                                     << "0:0,1,2,3,4,5,6,7,8;1:2,5,8;2:3,4,5";
    QTest::newRow("3d 2x2x2 at (1,0,1)")
        << "tp3d" << 8 << 5 << "1,0,1" << 4
        << "0:0,1,2,3,4,5,6,7;1:1,5;2:5,7;3:4,5;4:4,5,6,7;5:0,1,4,5;6:1,3,5,7";
}

void TestEngineBase::tensorParallelLayouts()
{
    QFETCH(QString, strategy);
    QFETCH(int, size);
    QFETCH(int, localRank);
    QFETCH(QString, coords);
    QFETCH(int, rowParts);
    QFETCH(QString, groups);
    const auto kind = strategy == QLatin1String("tp1d")   ? TensorParallelLayout::Kind::OneD
                      : strategy == QLatin1String("tp2d") ? TensorParallelLayout::Kind::TwoD
                                                          : TensorParallelLayout::Kind::ThreeD;
    auto t = TensorParallelLayout::create(kind, size, localRank);
    QVERIFY(t.ok());
    QStringList c;
    for (int a = 0; a < t->dims(); ++a)
        c << QString::number(t->coord(a));
    QCOMPARE(c.join(QLatin1Char(',')), coords);
    QCOMPARE(t->localRankOf(t->coords()), localRank);
    QCOMPARE(t->rowParts(), rowParts);
    // The groups through this rank; every group of the node listed once, members
    // sorted, and a line's members ordered by their coordinate along it.
    QStringList mine;
    int total = 0;
    for (const auto &g : t->groups()) {
        ++total;
        if (std::find(g.localRanks.begin(), g.localRanks.end(), localRank) == g.localRanks.end())
            continue;
        QStringList members;
        for (int r : g.localRanks)
            members << QString::number(r);
        mine << QStringLiteral("%1:%2").arg(g.id).arg(members.join(QLatin1Char(',')));
        QCOMPARE(g.localRanks, t->groupOf(g.id));
        if (g.id >= TensorParallelLayout::line(0) && g.id <= TensorParallelLayout::line(2))
            for (size_t k = 0; k < g.localRanks.size(); ++k)
                QCOMPARE(t->coordsOf(g.localRanks[k])[static_cast<size_t>(g.id - 1)], int(k));
    }
    QCOMPARE(mine.join(QLatin1Char(';')), groups);
    const int q = t->side();
    const int expectedGroups = t->dims() == 1 ? 1 : t->dims() == 2 ? 1 + 2 * q : 1 + 3 * q * q + 3 * q;
    QCOMPARE(total, expectedGroups);
}

void TestEngineBase::tensorParallelNodeSizes_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<int>>("sizes");
    QTest::addColumn<QString>("message"); // empty: accepted
    QTest::newRow("1d any size") << "tp1d" << QList<int>{3, 3} << "";
    QTest::newRow("1d one device") << "tp1d" << QList<int>{1} << "";
    QTest::newRow("1d unequal") << "tp1d" << QList<int>{2, 3} << "node 1 has 3)";
    QTest::newRow("2d squares") << "tp2d" << QList<int>{4, 4, 4} << "";
    QTest::newRow("2d one device") << "tp2d" << QList<int>{1} << "";
    QTest::newRow("2d 8") << "tp2d" << QList<int>{4, 8} << "node 1 has 8 devices, which is not a square";
    QTest::newRow("2d unequal squares") << "tp2d" << QList<int>{4, 9} << "same number of devices";
    QTest::newRow("3d cubes") << "tp3d" << QList<int>{8, 8} << "";
    QTest::newRow("3d 27") << "tp3d" << QList<int>{27} << "";
    QTest::newRow("3d 9") << "tp3d" << QList<int>{9} << "node 0 has 9 devices, which is not a cube";
}

void TestEngineBase::tensorParallelNodeSizes()
{
    QFETCH(QString, strategy);
    QFETCH(QList<int>, sizes);
    QFETCH(QString, message);
    const auto kind = strategy == QLatin1String("tp1d")   ? TensorParallelLayout::Kind::OneD
                      : strategy == QLatin1String("tp2d") ? TensorParallelLayout::Kind::TwoD
                                                          : TensorParallelLayout::Kind::ThreeD;
    const std::string problem =
        TensorParallelLayout::checkNodeSizes(kind, std::vector<int>(sizes.begin(), sizes.end()));
    if (message.isEmpty())
        QVERIFY2(problem.empty(), problem.c_str());
    else
        QVERIFY2(QString::fromStdString(problem).contains(message), problem.c_str());
    QCOMPARE(TensorParallelLayout::create(kind, sizes.front(), 0).ok(),
             TensorParallelLayout::checkNodeSizes(kind, {sizes.front()}).empty());
}

void TestEngineBase::partitions()
{
    const auto b = Partition::balanced(10, 4);
    QCOMPARE(b.blocks(), 4);
    QCOMPARE(b.size(0) + b.size(1) + b.size(2) + b.size(3), std::int64_t(10));
    QCOMPARE(b.maxSize() - b.minSize(), std::int64_t(1));
    QCOMPARE(b.indices(1), (std::vector<std::int64_t>{2, 3, 4}));
    QCOMPARE(b.offset(2), std::int64_t(5));
    QVERIFY(b.contiguous(3));
    QCOMPARE(b.indices(-1).size(), size_t(10));
    // Heads stay whole; the fused q|k|v projection takes a block's heads from each section.
    const auto qkv = Partition::heads(8, 4, 2, 3); // 4 heads of 2, two blocks, q|k|v
    QCOMPARE(qkv.total(), std::int64_t(24));
    QCOMPARE(qkv.indices(1), (std::vector<std::int64_t>{4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23}));
    QVERIFY(!qkv.contiguous(1));
    const auto few = Partition::heads(8, 2, 4, 1); // fewer heads than blocks: some blocks empty
    QCOMPARE(few.minSize(), std::int64_t(0));
    QCOMPARE(few.size(1) + few.size(3), std::int64_t(8));
}

void TestEngineBase::configSlowdownAndNodes()
{
    auto c = WorkerConfig::parse(
        R"({"version":1,"steps":1,"nodes":[{"devices":[0,1],"slowdown":1.5},{"devices":[0]}],
        "slowdown_schedule":[{"rank":2,"from_step":10,"factor":2},{"rank":2,"from_step":20,"factor":3}]})");
    QVERIFY(c.ok());
    QCOMPARE(c->rankCount(), 3);
    QCOMPARE(c->nodeOfRank(1), 0);
    QCOMPARE(c->nodeOfRank(2), 1);
    QCOMPARE(c->nodeOfRank(3), -1);
    QCOMPARE(c->slowdownAt(0, 0), 1.5);
    QCOMPARE(c->slowdownAt(2, 9), 1.0);
    QCOMPARE(c->slowdownAt(2, 10), 2.0);
    QCOMPARE(c->slowdownAt(2, 25), 3.0);
}

// Issue #16: what a rank opens, from the node's devices list (PCI order, as
// NVML and the agent number GPUs), its local rank and what CUDA shows it.
void TestEngineBase::deviceChoice_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<QList<int>>("devices");
    QTest::addColumn<int>("localRank");
    QTest::addColumn<bool>("cudaBuilt");
    QTest::addColumn<int>("visibleGpus");
    QTest::addColumn<QString>("visible"); // "-": CUDA_VISIBLE_DEVICES unset
    QTest::addColumn<int>("cudaIndex");   // -1: the CPU; -2: refused
    QTest::addColumn<QString>("says");
    const int autoMode = int(DeviceMode::Auto), cpu = int(DeviceMode::Cpu), cuda = int(DeviceMode::Cuda);
    // The agent narrowed CUDA to the rank's GPU (index 2): it is cuda:0 here. Applying
    // the node's index again (cuda:2 in a process that sees one GPU) was the bug.
    QTest::newRow("agent narrowed to GPU 2")
        << cuda << QList<int>{0, 2} << 1 << true << 1 << QStringLiteral("2") << 0
        << QStringLiteral("GPU 2 (CUDA_VISIBLE_DEVICES=2)");
    QTest::newRow("by hand, all GPUs visible")
        << cuda << QList<int>{0, 1} << 1 << true << 2 << QStringLiteral("-") << 1 << QStringLiteral("GPU 1");
    QTest::newRow("by hand, a list of two") << autoMode << QList<int>{1} << 0 << true << 2
                                            << QStringLiteral("0,1") << 1 << QStringLiteral("GPU 1");
    QTest::newRow("a GPU that is not there")
        << cuda << QList<int>{5} << 0 << true << 2 << QStringLiteral("-") << -2
        << QStringLiteral("GPU 5, which is not there: CUDA shows 2 GPU(s)");
    QTest::newRow("agent's GPU gone") << cuda << QList<int>{3} << 0 << true << 0 << QStringLiteral("3") << -2
                                      << QStringLiteral("GPU 3 (CUDA_VISIBLE_DEVICES=3), which is not there");
    QTest::newRow("GPU listed twice") << cuda << QList<int>{1, 1} << 1 << true << 1 << QStringLiteral("1")
                                      << -2 << QStringLiteral("lists GPU 1 twice");
    QTest::newRow("GPU asked of a CPU build")
        << cuda << QList<int>{0} << 0 << false << 0 << QStringLiteral("0") << -2
        << QStringLiteral("built without CUDA");
    // A CPU run of a CUDA build never takes GPU 0 quietly.
    QTest::newRow("cpu run, GPUs present")
        << cpu << QList<int>{0, 1} << 0 << true << 4 << QStringLiteral("") << -1 << QStringLiteral("CPU");
    QTest::newRow("cuda build, no GPU") << autoMode << QList<int>{0} << 0 << true << 0 << QStringLiteral("-")
                                        << -1 << QStringLiteral("sees no usable GPU: training on the CPU");
    QTest::newRow("cpu build, by hand") << autoMode << QList<int>{0, 1} << 1 << false << 0
                                        << QStringLiteral("-") << -1 << QStringLiteral("CPU");
}

void TestEngineBase::deviceChoice()
{
    QFETCH(int, mode);
    QFETCH(QList<int>, devices);
    QFETCH(int, localRank);
    QFETCH(bool, cudaBuilt);
    QFETCH(int, visibleGpus);
    QFETCH(QString, visible);
    QFETCH(int, cudaIndex);
    QFETCH(QString, says);
    DeviceFacts facts;
    facts.cudaBuilt = cudaBuilt;
    facts.visibleGpus = visibleGpus;
    if (visible != QLatin1String("-"))
        facts.visibleDevices = visible.toStdString();
    const auto choice =
        chooseDevice(DeviceMode(mode), std::vector<int>(devices.begin(), devices.end()), localRank, 1, facts);
    if (cudaIndex == -2) {
        QVERIFY(!choice);
        QCOMPARE(int(choice.error().kind), int(ErrorKind::Config));
        QVERIFY2(QString::fromStdString(choice.error().message).contains(says),
                 choice.error().message.c_str());
        QVERIFY(QString::fromStdString(choice.error().message).startsWith(QLatin1String("node 1 ")));
        return;
    }
    QVERIFY2(choice, choice ? "" : choice.error().message.c_str());
    QCOMPARE(choice->cuda, cudaIndex >= 0);
    QCOMPARE(choice->index, cudaIndex);
    if (cudaIndex >= 0)
        QCOMPARE(choice->physical, devices.value(localRank, localRank));
    QVERIFY2(QString::fromStdString(choice->note).contains(says), choice->note.c_str());
}

void TestEngineBase::twoRanksOnOneGpuAreRefused()
{

    const std::string a = "GPU-0c1f2e3d-0000-1111-2222-333344445555",
                      b = "GPU-9f8e7d6c-0000-1111-2222-333344445555";
    QVERIFY(!sharedGpu({{"lab1", a}, {"lab1", b}, {"lab2", a}}));
    QVERIFY(!sharedGpu({{"lab1", ""}, {"lab1", ""}})); // CPU ranks share cores, not a GPU
    const auto shared = sharedGpu({{"lab1", a}, {"lab2", b}, {"lab1", b}, {"lab2", b}});
    QVERIFY(shared);
    QCOMPARE(QString::fromStdString(*shared),
             QStringLiteral("ranks 1 and 3 would share GPU %1 on lab2: NCCL cannot put two ranks on one GPU")
                 .arg(QString::fromStdString(b)));
}

void TestEngineBase::gpuMemoryCountsOtherProcesses()
{
    const std::int64_t GiB = std::int64_t(1) << 30;
    GpuMemory alone{24 * GiB, 20 * GiB, 2 * GiB, 1 * GiB, 1 * GiB};
    // Another user's process takes 8 GiB: the driver's free memory says so.
    GpuMemory shared = alone;
    shared.free -= 8 * GiB;
    const std::int64_t margin = 24 * GiB / 20;
    QCOMPARE(usableGpuBytes(alone, 0), 22 * GiB - margin);
    QCOMPARE(usableGpuBytes(shared, 0), 14 * GiB - margin);
    QCOMPARE(usableGpuBytes(shared, 4 * GiB), 4 * GiB);
    QCOMPARE(usableGpuBytes(GpuMemory{}, 0), std::int64_t(0));
}

void TestEngineBase::ncclTimesOutAfterTheEngine()
{
    using std::chrono::milliseconds;
    // The watchdog fires at timeout + grace (comm.watchdog_grace_s, 0 to an hour): NCCL's abort comes later.
    for (const auto engineTimeout : {milliseconds(1000), milliseconds(60000), milliseconds(600000)}) {
        for (const auto grace : {milliseconds(0), milliseconds(10000), milliseconds(3600000)}) {
            const auto nccl = ncclTimeout(engineTimeout, grace);
            QVERIFY(nccl >= engineTimeout + grace + milliseconds(30000));
            QVERIFY(nccl >= 2 * engineTimeout);
        }
    }
}

void TestEngineBase::options_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("ok");
    const QStringList base{
        QStringLiteral("--config"), QStringLiteral("c.json"),         QStringLiteral("--rank"),
        QStringLiteral("1"),        QStringLiteral("--world-size"),   QStringLiteral("2"),
        QStringLiteral("--master"), QStringLiteral("10.0.0.1:29500"), QStringLiteral("--rendezvous-key-file"),
        QStringLiteral("run.key")};
    QTest::newRow("complete") << base << true;
    QTest::newRow("no rendezvous key file") << base.mid(0, base.size() - 2) << false;
    QTest::newRow("empty rendezvous key file")
        << (QStringList(base) << QStringLiteral("--rendezvous-key-file") << QString()) << false;
    QTest::newRow("ipv6 master") << (QStringList(base)
                                     << QStringLiteral("--master") << QStringLiteral("[::1]:5"))
                                 << true;
    QTest::newRow("rank beyond world")
        << (QStringList(base) << QStringLiteral("--rank") << QStringLiteral("2")) << false;
    QTest::newRow("bad port") << (QStringList(base)
                                  << QStringLiteral("--master") << QStringLiteral("h:70000"))
                              << false;
    QTest::newRow("unknown option") << (QStringList(base) << QStringLiteral("--fast") << QStringLiteral("1"))
                                    << false;
    QTest::newRow("missing value") << (QStringList(base) << QStringLiteral("--threads")) << false;
    QTest::newRow("gloo interface") << (QStringList(base)
                                        << QStringLiteral("--gloo-interface") << QStringLiteral("eth1"))
                                    << true;
    QTest::newRow("device cuda") << (QStringList(base)
                                     << QStringLiteral("--device") << QStringLiteral("cuda"))
                                 << true;
    QTest::newRow("device cpu") << (QStringList(base) << QStringLiteral("--device") << QStringLiteral("cpu"))
                                << true;
    QTest::newRow("collectives alone")
        << (QStringList(base) << QStringLiteral("--collectives-alone")) << true;
    QTest::newRow("offload by unit") << (QStringList(base) << QStringLiteral("--offload-by-unit")) << true;
    QTest::newRow("ordered collectives")
        << (QStringList(base) << QStringLiteral("--ordered-collectives")) << true;
    QTest::newRow("gpu identity for a test")
        << (QStringList(base) << QStringLiteral("--gpu-identity-for-test") << QStringLiteral("GPU-x"))
        << true;
    // The collectives' check runs one rank alone and needs no config.
    const QStringList check{QStringLiteral("--check-collectives"), QStringLiteral("--master"),
                            QStringLiteral("127.0.0.1:5"), QStringLiteral("--rendezvous-key-file"),
                            QStringLiteral("run.key")};
    QTest::newRow("check collectives") << check << true;
    QTest::newRow("check collectives, rank 1 of 2")
        << (QStringList(base) << QStringLiteral("--check-collectives")) << false;
    QTest::newRow("check collectives without a key") << check.mid(0, 3) << false;
    QTest::newRow("no config") << base.mid(2) << false;
    QTest::newRow("device gpu0") << (QStringList(base)
                                     << QStringLiteral("--device") << QStringLiteral("gpu0"))
                                 << false;
    QTest::newRow("gloo interface not a name")
        << (QStringList(base) << QStringLiteral("--gloo-interface") << QStringLiteral("../eth1")) << false;
    QTest::newRow("local rank beyond")
        << (QStringList(base) << QStringLiteral("--local-rank") << QStringLiteral("1")
                              << QStringLiteral("--local-world-size") << QStringLiteral("1"))
        << false;
    QTest::newRow("no master") << QStringList{QStringLiteral("--config"),     QStringLiteral("-"),
                                              QStringLiteral("--rank"),       QStringLiteral("0"),
                                              QStringLiteral("--world-size"), QStringLiteral("1")}
                               << false;
}

void TestEngineBase::options()
{
    QFETCH(QStringList, args);
    QFETCH(bool, ok);
    std::vector<QByteArray> storage{QByteArray("hamgam-worker")};
    for (const auto &a : args)
        storage.push_back(a.toUtf8());
    std::vector<char *> argv;
    for (auto &s : storage)
        argv.push_back(s.data());
    auto o = WorkerOptions::parse(static_cast<int>(argv.size()), argv.data());
    QCOMPARE(o.ok(), ok);
    if (!ok)
        QCOMPARE(o.error().kind, ErrorKind::Usage);
    else if (args.contains(QStringLiteral("[::1]:5")))
        QCOMPARE(o->masterHost, std::string("::1"));
    if (ok) {
        QCOMPARE(o->offloadByUnit, args.contains(QStringLiteral("--offload-by-unit")));
        QCOMPARE(o->orderedCollectives, args.contains(QStringLiteral("--ordered-collectives")));
        QCOMPARE(o->checkCollectives, args.contains(QStringLiteral("--check-collectives")));
    }
    if (ok && o->checkCollectives)
        QVERIFY(o->rank == 0 && o->worldSize == 1 && o->configPath.empty());
}

void TestEngineBase::messagesKeepTheirFirstLine_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("shown");
    QTest::newRow("one line") << "Connection reset by peer"
                              << "Connection reset by peer";
    QTest::newRow("a backtrace after it") << "Timed out\nException raised from wait at ...\nframe #0"
                                          << "Timed out";
    QTest::newRow("TorchScript's blank first line") << "\n  undefined value x:\n  File ..."
                                                    << "undefined value x:";
    QTest::newRow("nothing") << ""
                             << "unknown error";
    QTest::newRow("only blank lines") << " \n\n"
                                      << "unknown error";
}

void TestEngineBase::messagesKeepTheirFirstLine()
{
    // One rule for every LibTorch, Gloo and TorchScript message an event carries (#30, item 5).
    QFETCH(QString, what);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(firstLine(std::runtime_error(what.toStdString()))), shown);
}

void TestEngineBase::topology()
{
    auto t = Topology::fromNodeIndices(3, {0, 0, 1, 1, 1, 2});
    QVERIFY(t.ok());
    QCOMPARE(t->nodeCount(), 3);
    QCOMPARE(t->node(), 1);
    QCOMPARE(t->localRank(), 1);
    QCOMPARE(t->localWorldSize(), 3);
    QCOMPARE(t->ranksOfNode(2), std::vector<int>{5});
    QVERIFY(!t->uniformNodes());
    QVERIFY(t->sameNode(2, 4));
    QVERIFY(!Topology::fromNodeIndices(0, {0, 1, 0}).ok()); // node 0 again after node 1
    QVERIFY(!Topology::fromNodeIndices(0, {1, 1}).ok());    // must start at node 0
    QVERIFY(!Topology::fromNodeIndices(0, {0, 2}).ok());    // no gaps
}

using Groups = std::vector<std::vector<int>>;
Q_DECLARE_METATYPE(Groups)

void TestEngineBase::shardingSchemes_data()
{
    QTest::addColumn<Groups>("groups");
    QTest::addColumn<int>("self");
    QTest::addColumn<int>("pieces");
    QTest::addColumn<QString>("segments"); // "begin-end:r,r;..."
    QTest::addColumn<int>("firstPiece");
    QTest::addColumn<int>("lastPiece");

    QTest::newRow("dp: everyone alone") << Groups{{0}, {1}, {2}} << 1 << 1 << "0-1:0,1,2" << 0 << 1;
    QTest::newRow("lsdp 2x2") << Groups{{0, 1}, {2, 3}} << 3 << 2 << "0-1:0,2;1-2:1,3" << 1 << 2;
    QTest::newRow("lsdp unequal nodes") << Groups{{0, 1}, {2}} << 2 << 2 << "0-1:0,2;1-2:1,2" << 0 << 2;
    QTest::newRow("lsdp 2 and 3 devices")
        << Groups{{0, 1}, {2, 3, 4}} << 1 << 6 << "0-2:0,2;2-3:0,3;3-4:1,3;4-6:1,4" << 3 << 6;
    QTest::newRow("fsdp") << Groups{{0, 1, 2, 3}} << 2 << 4 << "0-1:0;1-2:1;2-3:2;3-4:3" << 2 << 3;
}

void TestEngineBase::shardingSchemes()
{
    QFETCH(Groups, groups);
    QFETCH(int, self);
    QFETCH(int, pieces);
    QFETCH(QString, segments);
    QFETCH(int, firstPiece);
    QFETCH(int, lastPiece);
    auto s = ShardingScheme::create(groups, self);
    QVERIFY(s.ok());
    QCOMPARE(s->pieces(), pieces);
    QStringList got;
    for (const auto &seg : s->segments()) {
        QStringList ranks;
        for (int r : seg.ranks)
            ranks << QString::number(r);
        got << QStringLiteral("%1-%2:%3").arg(seg.begin).arg(seg.end).arg(ranks.join(QLatin1Char(',')));
    }
    QCOMPARE(got.join(QLatin1Char(';')), segments);
    QCOMPARE(s->ownPieces().first, firstPiece);
    QCOMPARE(s->ownPieces().second, lastPiece);
    QCOMPARE(s->padded(1), std::int64_t(pieces));
    QCOMPARE(s->padded(pieces * 3), std::int64_t(pieces * 3));
    for (int si : s->ownSegments()) {
        const auto &seg = s->segments()[static_cast<size_t>(si)];
        QVERIFY(seg.begin >= firstPiece && seg.end <= lastPiece);
    }
    QVERIFY(!ShardingScheme::create({{0, 1}, {1}}, 0).ok()); // not a partition
}

void TestEngineBase::manifestRoundTrip()
{
    CheckpointManifest m;
    m.step = 42;
    m.strategy = "lshdp";
    m.worldSize = 4;
    m.node = 1;
    m.unitNames = {"fc0", "out"};
    m.unitNumel = {100, 11};
    m.optimizer = "adamw";
    m.stateSlots = 2;
    m.plan = {5, 17, 10};
    m.secondsPerSample = {0.001, 0.0005, 0.0007};
    m.plannerObserved = 40;
    QCOMPARE(CheckpointManifest::fileName(1), std::string("manifest-node-1.json"));
    QVERIFY(CheckpointManifest::isFileName("manifest-node-12.json"));
    QVERIFY(!CheckpointManifest::isFileName(".manifest-node-1.json.tmp"));
    QVERIFY(!CheckpointManifest::isFileName("rank-0.bin"));
    m.files.push_back({"rank-2.bin", 2, (50 + 11) * 12, 0xdeadbeef, {{0, 50, 100}, {1, 0, 11}}});
    auto unrecorded = CheckpointManifest::fromJson(m.toJson(), "test");
    QVERIFY(unrecorded.ok());
    QVERIFY(unrecorded->user.empty()); // a manifest from before the field, or a run by hand
    QVERIFY(m.toJson().find("\"user\"") == std::string::npos);
    m.user = "alice";
    auto back = CheckpointManifest::fromJson(m.toJson(), "test");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(back->user, std::string("alice"));
    QCOMPARE(back->step, m.step);
    QCOMPARE(back->plan, m.plan);
    QCOMPARE(back->secondsPerSample, m.secondsPerSample);
    QCOMPARE(back->files.size(), size_t(1));
    QCOMPARE(back->files[0].crc32, 0xdeadbeefu);
    QCOMPARE(back->files[0].ranges[0].begin, std::int64_t(50));
}

void TestEngineBase::manifestRefusals_data()
{
    QTest::addColumn<QString>("replace");
    QTest::addColumn<QString>("with");
    QTest::addColumn<QString>("message");
    QTest::newRow("truncated") << QString() << QString() << "corrupt or truncated";
    QTest::newRow("foreign") << "hamgam-checkpoint"
                             << "other"
                             << "not a Hamgam checkpoint";
    QTest::newRow("size mismatch") << "\"bytes\": 24"
                                   << "\"bytes\": 25"
                                   << "does not match its ranges";
    QTest::newRow("path in file name") << "\"a.bin\""
                                       << "\"../a.bin\""
                                       << "not allowed";
    QTest::newRow("range outside model") << "     10\n    ]"
                                         << "     11\n    ]"
                                         << "outside the model";
    QTest::newRow("user not a name") << "\"alice\""
                                     << "7"
                                     << "malformed field";
}

void TestEngineBase::manifestRefusals()
{
    QFETCH(QString, replace);
    QFETCH(QString, with);
    QFETCH(QString, message);
    CheckpointManifest m;
    m.strategy = "dp";
    m.user = "alice";
    m.unitNames = {"u"};
    m.unitNumel = {10};
    m.optimizer = "sgd";
    m.stateSlots = 1;
    m.files.push_back({"a.bin", 0, 3 * 8, 1, {{0, 7, 10}}});
    QString text = QString::fromStdString(m.toJson());
    if (replace.isEmpty())
        text.chop(text.size() / 2);
    else {
        QVERIFY2(text.contains(replace), qPrintable(text));
        text.replace(replace, with);
    }
    auto back = CheckpointManifest::fromJson(text.toStdString(), "m.json");
    QVERIFY(!back.ok());
    QCOMPARE(back.error().kind, ErrorKind::Checkpoint);
    QVERIFY2(QString::fromStdString(back.error().message).contains(message), back.error().message.c_str());
}

void TestEngineBase::idxFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("gzip");
    QTest::addColumn<int>("cutBytes");    // bytes removed from the end of the written file
    QTest::addColumn<int>("corruptAt");   // byte flipped in the written file, -1 none
    QTest::addColumn<QString>("message"); // empty: must load

    const QByteArray images = idx(20, 4, 3);
    QTest::newRow("raw") << images << false << 0 << -1 << QString();
    QTest::newRow("gzip") << images << true << 0 << -1 << QString();
    QTest::newRow("labels") << idx(20, 0, 0) << false << 0 << -1 << QString();
    QTest::newRow("raw truncated") << images << false << 7 << -1
                                   << "truncated: the header declares 240 bytes of data, the file has 233";
    QTest::newRow("raw header truncated")
        << images.left(6) << false << 0 << -1 << "truncated inside the header";
    QTest::newRow("empty") << QByteArray() << false << 0 << -1 << "no IDX header";
    QTest::newRow("gzip truncated") << images << true << 12 << -1 << "corrupt compressed data";
    QTest::newRow("gzip corrupt") << images << true << 0 << 30 << "corrupt compressed data";
    // Every byte of data there, the trailer (CRC and size) cut: zlib 1.3.2 reads it as whole.
    QTest::newRow("gzip without its trailer") << images << true << 8 << -1 << "corrupt compressed data";
    QTest::newRow("bad magic") << QByteArray("\x01\x02\x08\x03", 4) + images.mid(4) << false << 0 << -1
                               << "bad magic";
    QTest::newRow("float elements") << idx(2, 2, 2, 0x0d) << false << 0 << -1 << "not supported";
    QTest::newRow("extra bytes") << images + QByteArray("junk") << false << 0 << -1
                                 << "longer than its header";
    // fuzz_idx's finding: a header declaring 16 GiB (2^28 x 8 x 8, the most allowed) in a 20-byte file
    // was allocated before reading. The read runs under a 1 GiB data limit, so that would fail here.
    const QByteArray huge = idxHeader({1u << 28, 8, 8}) + QByteArray("\1\2\3\4", 4);
    QTest::newRow("header declares 16 GiB")
        << huge << false << 0 << -1
        << "truncated: the header declares 17179869184 bytes of data, the file has 4";
    QTest::newRow("gzip header declares 16 GiB")
        << huge << true << 0 << -1
        << "truncated: the header declares 17179869184 bytes of data, the file has 4";
    QTest::newRow("labels declare 2^28 items")
        << idxHeader({1u << 28}) << false << 0 << -1
        << "truncated: the header declares 268435456 bytes of data, the file has 0";
    // The caps: one dimension at most 2^28, the product at most 16 GiB.
    QTest::newRow("dimension 2^28 + 1") << idxHeader({(1u << 28) + 1, 1, 1}) << false << 0 << -1
                                        << "dimension 0 is 268435457, which is implausible";
    QTest::newRow("dimension 0") << idxHeader({20, 0, 3}) << false << 0 << -1
                                 << "dimension 1 is 0, which is implausible";
    QTest::newRow("more than 16 GiB")
        << idxHeader({1u << 28, 8, 9}) << false << 0 << -1 << "declares more than 16 GiB of data";
    QTest::newRow("dimension 2^32 - 1")
        << idxHeader({0xffffffffu}) << false << 0 << -1 << "dimension 0 is 4294967295, which is implausible";
}

void TestEngineBase::idxFiles()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, gzip);
    QFETCH(int, cutBytes);
    QFETCH(int, corruptAt);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(QStringLiteral("data.idx"));
    if (gzip)
        writeGzip(path, content);
    else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray written = f.readAll();
    if (cutBytes)
        written.chop(cutBytes);
    if (corruptAt >= 0)
        written[corruptAt] = char(written[corruptAt] ^ 0x5a);
    f.resize(0);
    f.seek(0);
    f.write(written);
    f.close();

    const DataMemoryLimit limit(rlim_t(1) << 30);
    QVERIFY(limit.isActive());
    auto file = IdxFile::read(path.toStdString());
    if (message.isEmpty()) {
        QVERIFY2(file.ok(), file.ok() ? "" : file.error().message.c_str());
        QCOMPARE(file->count(), std::int64_t(20));
        QCOMPARE(file->data()[13], std::uint8_t(3));
        return;
    }
    QVERIFY(!file.ok());
    QCOMPARE(file.error().kind, ErrorKind::Data);
    const QString text = QString::fromStdString(file.error().message);
    QVERIFY2(text.contains(message) && text.contains(path), qPrintable(text));
}

// A gzip file of two members (cat a.gz b.gz, pigz's blocks) is whole, though its
// last trailer sizes only the second member: read, not called truncated.
void TestEngineBase::idxOfTwoGzipMembers()
{
    const QByteArray images = idx(20, 4, 3);
    const QString first = m_dir.filePath(QStringLiteral("first.gz"));
    const QString second = m_dir.filePath(QStringLiteral("second.gz"));
    writeGzip(first, images.left(100));
    writeGzip(second, images.mid(100));
    const QString path = m_dir.filePath(QStringLiteral("two-members.idx.gz"));
    {
        QFile out(path), a(first), b(second);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate) && a.open(QIODevice::ReadOnly) &&
                b.open(QIODevice::ReadOnly));
        out.write(a.readAll() + b.readAll());
    }
    auto file = IdxFile::read(path.toStdString());
    QVERIFY2(file.ok(), file.ok() ? "" : file.error().message.c_str());
    QCOMPARE(file->count(), std::int64_t(20));
    QCOMPARE(file->data()[13], std::uint8_t(3));

    // The same with the second member's trailer cut: refused.
    QFile cut(path);
    QVERIFY(cut.open(QIODevice::ReadWrite));
    QVERIFY(cut.resize(cut.size() - 8));
    cut.close();
    auto damaged = IdxFile::read(path.toStdString());
    QVERIFY(!damaged.ok());
    QVERIFY2(
        QString::fromStdString(damaged.error().message).contains(QLatin1String("corrupt compressed data")),
        damaged.error().message.c_str());
}

void TestEngineBase::atomicWriter()
{
    const QString path = m_dir.filePath(QStringLiteral("atomic.bin"));
    QVERIFY(AtomicWriter::writeFile(path.toStdString(), "first").ok());
    AtomicWriter w(path.toStdString());
    QVERIFY(w.open().ok());
    QVERIFY(w.write("hello ", 6).ok());
    QVERIFY(w.write("world", 5).ok());
    {
        QFile before(path);
        QVERIFY(before.open(QIODevice::ReadOnly));
        QCOMPARE(before.readAll(), QByteArray("first")); // not replaced until commit
    }
    QVERIFY(w.commit().ok());
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), QByteArray("hello world"));
    QCOMPARE(w.crc32(),
             static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef *>("hello world"), 11)));
    QCOMPARE(w.size(), std::uint64_t(11));
    QCOMPARE(QDir(m_dir.path())
                 .entryList(QStringList{QStringLiteral(".atomic*")}, QDir::Hidden | QDir::Files)
                 .size(),
             0);
}

void TestEngineBase::schedule()
{
    LrSchedule constant("constant", 0.1, 0, 0.0, 100);
    QCOMPARE(constant.at(0), 0.1);
    QCOMPARE(constant.at(99), 0.1);
    LrSchedule cosine("cosine", 1.0, 10, 0.1, 110);
    QCOMPARE(cosine.at(0), 0.1);                      // warm-up 1/10
    QCOMPARE(cosine.at(9), 1.0);                      // warm-up ends at the base rate
    QCOMPARE(cosine.at(10), 1.0);                     // cosine starts at the top
    QVERIFY(std::fabs(cosine.at(109) - 0.1) < 1e-12); // and ends at min_lr_ratio
    QVERIFY(cosine.at(60) < 0.6 && cosine.at(60) > 0.5);
}

void TestEngineBase::stopCommands_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("stop");
    QTest::newRow("word") << "stop\n" << true;
    QTest::newRow("json") << R"({"cmd":"stop"})" << true;
    QTest::newRow("json spaced") << R"(  {"cmd": "stop", "why": "user"} )" << true;
    QTest::newRow("other command") << R"({"cmd":"pause"})" << false;
    QTest::newRow("noise") << "stopp" << false;
    QTest::newRow("empty") << "" << false;
}

void TestEngineBase::stopCommands()
{
    QFETCH(QString, line);
    QFETCH(bool, stop);
    QCOMPARE(CommandReader::isStop(line.toStdString()), stop);
}

void TestEngineBase::eventFormat()
{
    std::FILE *out = std::tmpfile();
    EventSink sink(3, out);
    sink.publish("step", {{"step", 7}, {"loss", 0.5}});
    std::rewind(out);
    char buffer[512] = {};
    QVERIFY(std::fgets(buffer, sizeof buffer, out));
    std::fclose(out);
    const QByteArray line(buffer);
    QVERIFY(line.endsWith('\n'));
    QCOMPARE(line.count('\n'), 1);
    const QJsonObject e = QJsonDocument::fromJson(line).object();
    QCOMPARE(e.value(QStringLiteral("event")).toString(), QStringLiteral("step"));
    QCOMPARE(e.value(QStringLiteral("rank")).toInt(), 3);
    QCOMPARE(e.value(QStringLiteral("step")).toInt(), 7);
    QVERIFY(e.value(QStringLiteral("time")).toDouble() > 1.6e12); // unix milliseconds
}

void TestEngineBase::watchdogFiresOnlyWhenStuck()
{
    std::atomic<int> fired{0};
    std::string label;
    Watchdog dog(std::chrono::milliseconds(300), [&](const std::string &what, double) {
        label = what;
        ++fired;
    });
    {
        auto quick = dog.arm("quick wait");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(600)); // disarmed: nothing to watch
    QCOMPARE(fired.load(), 0);
    {
        auto outer = dog.arm("all-reduce on control");
        auto inner = dog.arm("nested"); // keeps the outer deadline and label
        QTRY_COMPARE_WITH_TIMEOUT(fired.load(), 1, 3000);
    }
    QCOMPARE(label, std::string("all-reduce on control"));
}

void TestEngineBase::commandReaderSetsTheStopFlag()
{
    int fds[2];
    QCOMPARE(::pipe(fds), 0);
    std::FILE *in = ::fdopen(fds[0], "r");
    std::atomic<bool> stop{false};
    std::atomic<int> warnings{0};
    {
        CommandReader reader(
            stop, [&](const std::string &) { ++warnings; }, in);
        const char noise[] = "{\"cmd\":\"pause\"}\n";
        QVERIFY(::write(fds[1], noise, sizeof noise - 1) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(warnings.load(), 1, 3000);
        QVERIFY(!stop.load());
        const char line[] = "{\"cmd\":\"stop\"}\n";
        QVERIFY(::write(fds[1], line, sizeof line - 1) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(stop.load(), 3000);
    } // the reader's thread ends although stdin stays open
    ::close(fds[1]);
    std::fclose(in);
}

namespace {

Topology topologyOf(const QList<int> &nodeSizes, int self)
{
    std::vector<int> nodeOfRank;
    for (int n = 0; n < nodeSizes.size(); ++n)
        for (int d = 0; d < nodeSizes[n]; ++d)
            nodeOfRank.push_back(n);
    return *Topology::fromNodeIndices(self, nodeOfRank);
}

Strategy strategyNamed(const QString &name)
{
    for (auto s : {Strategy::Dp, Strategy::Hdp, Strategy::Lsdp, Strategy::Lshdp, Strategy::Fsdp,
                   Strategy::Tp1d, Strategy::Tp2d, Strategy::Tp3d})
        if (name == QLatin1String(WorkerConfig::strategyName(s)))
            return s;
    qFatal("no strategy %s", qPrintable(name));
}

QString groupsOf(const PlacementPlan &plan)
{
    auto text = [](const std::optional<PlacementPlan::Group> &g) -> QString {
        if (!g)
            return QStringLiteral("-");
        QStringList ranks;
        for (int r : g->ranks)
            ranks << QString::number(r);
        return QString::fromStdString(g->name) + QLatin1Char(':') + ranks.join(QLatin1Char(',')) +
               (g->hostTensors ? QStringLiteral("(host)") : QString());
    };
    QStringList out;
    if (plan.shardGather())
        out << text(plan.shardGather()) << text(plan.shardReduce());
    for (const auto &g : plan.replicaGroups())
        out << text(g);
    return out.join(QLatin1Char(';'));
}

const char *nameOf(PlacementPlan::Parameters p)
{
    return p == PlacementPlan::Parameters::Resident   ? "resident"
           : p == PlacementPlan::Parameters::Gathered ? "gathered"
                                                      : "streamed";
}

const char *nameOf(PlacementPlan::Memory m)
{
    return m == PlacementPlan::Memory::Device ? "device" : "host";
}

} // namespace

void TestEngineBase::placementPlans_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<int>>("nodes");
    QTest::addColumn<int>("self");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("alone");
    QTest::addColumn<int>("shardGroupSize");
    QTest::addColumn<int>("pieces");
    QTest::addColumn<QString>("parameters");
    QTest::addColumn<QString>("gradients");
    QTest::addColumn<QString>("optimizer");
    QTest::addColumn<QString>("groups"); // creation order; "-": a segment one rank holds
    QTest::addColumn<bool>("writesCheckpoint");
    QTest::addColumn<int>("dataSlot");
    QTest::addColumn<int>("dataSlots");
    QTest::addColumn<qint64>("held"); // of a unit of 10 elements

    const QList<int> twoByTwo{2, 2};
    QTest::newRow("dp") << "dp" << twoByTwo << 3 << false << false << 1 << 1 << "resident"
                        << "device"
                        << "device"
                        << "replica0:0,1,2,3" << false << 3 << 4 << qint64(10);
    QTest::newRow("hdp") << "hdp" << twoByTwo << 3 << false << false << 1 << 1 << "resident"
                         << "device"
                         << "device"
                         << "replica0:0,1,2,3" << false << 3 << 4 << qint64(10);
    QTest::newRow("dp, one rank") << "dp" << QList<int>{1} << 0 << false << false << 1 << 1 << "resident"
                                  << "device"
                                  << "device"
                                  << "-" << true << 0 << 1 << qint64(10);
    QTest::newRow("dp, one rank, collectives alone")
        << "dp" << QList<int>{1} << 0 << false << true << 1 << 1 << "resident"
        << "device"
        << "device"
        << "replica0:0" << true << 0 << 1 << qint64(10);
    QTest::newRow("lsdp") << "lsdp" << twoByTwo << 3 << false << false << 2 << 2 << "gathered"
                          << "device"
                          << "host"
                          << "shard1-gather:2,3;shard1-reduce:2,3;replica1:1,3" << true << 3 << 4
                          << qint64(5);
    QTest::newRow("lshdp") << "lshdp" << twoByTwo << 2 << false << false << 2 << 2 << "gathered"
                           << "device"
                           << "host"
                           << "shard1-gather:2,3;shard1-reduce:2,3;replica0:0,2" << true << 2 << 4
                           << qint64(5);
    QTest::newRow("lsdp, one device per node")
        << "lsdp" << QList<int>{1, 1} << 1 << false << false << 1 << 1 << "resident"
        << "device"
        << "host"
        << "replica0:0,1" << true << 1 << 2 << qint64(10);
    QTest::newRow("lsdp, streamed") << "lsdp" << QList<int>{1, 1} << 1 << true << false << 1 << 1
                                    << "streamed"
                                    << "host"
                                    << "host"
                                    << "replica0:0,1(host)" << true << 1 << 2 << qint64(10);
    // stream_params applies to one rank per shard group only.
    QTest::newRow("lsdp, streamed, two devices per node")
        << "lsdp" << twoByTwo << 3 << true << false << 2 << 2 << "gathered"
        << "device"
        << "host"
        << "shard1-gather:2,3;shard1-reduce:2,3;replica1:1,3" << true << 3 << 4 << qint64(5);
    QTest::newRow("lsdp, 2 and 3 devices")
        << "lsdp" << QList<int>{2, 3} << 1 << false << false << 2 << 6 << "gathered"
        << "device"
        << "host"
        << "shard0-gather:0,1;shard0-reduce:0,1;replica2:1,3;replica3:1,4" << true << 1 << 5 << qint64(6);
    QTest::newRow("fsdp") << "fsdp" << twoByTwo << 3 << false << false << 4 << 4 << "gathered"
                          << "device"
                          << "device"
                          << "shard0-gather:0,1,2,3;shard0-reduce:0,1,2,3;-" << true << 3 << 4 << qint64(3);
    QTest::newRow("fsdp, collectives alone")
        << "fsdp" << twoByTwo << 3 << false << true << 4 << 4 << "gathered"
        << "device"
        << "device"
        << "shard0-gather:0,1,2,3;shard0-reduce:0,1,2,3;replica3:3" << true << 3 << 4 << qint64(3);
    QTest::newRow("tp1d") << "tp1d" << twoByTwo << 3 << false << false << 1 << 1 << "resident"
                          << "device"
                          << "device"
                          << "tp-dp1:1,3" << true << 1 << 2 << qint64(10);
    QTest::newRow("tp2d") << "tp2d" << QList<int>{4, 4} << 6 << false << false << 1 << 1 << "resident"
                          << "device"
                          << "device"
                          << "tp-dp2:2,6" << true << 1 << 2 << qint64(10);
    QTest::newRow("tp3d, one node") << "tp3d" << QList<int>{8} << 5 << false << false << 1 << 1 << "resident"
                                    << "device"
                                    << "device"
                                    << "-" << true << 0 << 1 << qint64(10);
}

void TestEngineBase::placementPlans()
{
    QFETCH(QString, strategy);
    QFETCH(QList<int>, nodes);
    QFETCH(int, self);
    QFETCH(bool, stream);
    QFETCH(bool, alone);
    PlacementPlan::Settings settings;
    settings.strategy = strategyNamed(strategy);
    settings.streamParams = stream;
    settings.collectivesAlone = alone;
    auto plan = PlacementPlan::create(settings, topologyOf(nodes, self), {10});
    QVERIFY(plan.ok());
    QTEST(plan->scheme().shardGroupSize(), "shardGroupSize");
    QTEST(plan->scheme().pieces(), "pieces");
    QTEST(QString::fromLatin1(nameOf(plan->parameters())), "parameters");
    QTEST(QString::fromLatin1(nameOf(plan->gradients())), "gradients");
    QTEST(QString::fromLatin1(nameOf(plan->optimizerState())), "optimizer");
    QTEST(groupsOf(*plan), "groups");
    QTEST(plan->writesCheckpoint(), "writesCheckpoint");
    QTEST(plan->dataSlot(), "dataSlot");
    QTEST(plan->dataSlots(), "dataSlots");
    QCOMPARE(plan->units().size(), size_t(1));
    QCOMPARE(plan->units().front().numel, std::int64_t(10));
    QCOMPARE(plan->units().front().padded, plan->scheme().padded(10));
    QTEST(qint64(plan->units().front().held), "held");
    QCOMPARE(plan->tensorParallel(), strategy.startsWith(QLatin1String("tp")));
    QCOMPARE(plan->hostMaster(), plan->optimizerState() == PlacementPlan::Memory::Host);
    QCOMPARE(plan->stream(), plan->parameters() == PlacementPlan::Parameters::Streamed);
    QCOMPARE(plan->replicaGroups().size(), plan->scheme().ownSegments().size());
}

// comm.dtype fp16/bf16 where some rank's Gloo cannot sum it (issue #28): the
// gradients Gloo carries (every CPU run; a GPU run's streamed gradients) go
// as fp32 and the plan says it fell back; NCCL's are untouched.
void TestEngineBase::wireFallsBackWhereGlooCannotSum_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("cuda");
    QTest::addColumn<bool>("glooSums");
    QTest::addColumn<bool>("fellBack");
    QTest::newRow("cpu, Gloo sums") << "lshdp" << false << false << true << false;
    QTest::newRow("cpu, Gloo cannot") << "lshdp" << false << false << false << true;
    QTest::newRow("gpu, NCCL sums") << "lshdp" << false << true << false << false;
    QTest::newRow("gpu, streamed through Gloo") << "lsdp" << true << true << false << true;
}

void TestEngineBase::wireFallsBackWhereGlooCannotSum()
{
    QFETCH(QString, strategy);
    QFETCH(bool, stream);
    QFETCH(bool, cuda);
    QFETCH(bool, glooSums);
    QFETCH(bool, fellBack);
    PlacementPlan::Settings settings;
    settings.strategy = strategyNamed(strategy);
    settings.streamParams = stream;
    settings.cuda = cuda;
    settings.commDtype = "bf16";
    settings.glooSumsWire = glooSums;
    auto plan = PlacementPlan::create(settings, topologyOf({1, 1}, 1), {10});
    QVERIFY(plan);
    QCOMPARE(plan->wireFellBack(), fellBack);
    QVERIFY(plan->wire() == (fellBack ? PlacementPlan::Wire::Fp32 : PlacementPlan::Wire::Bf16));
}

void TestEngineBase::placementSettings()
{
    const Topology twoByTwo = topologyOf({2, 2}, 1);
    PlacementPlan::Settings s;
    s.strategy = Strategy::Lshdp;
    auto plan = PlacementPlan::create(s, twoByTwo, {10, 3, 0});
    QVERIFY(plan.ok());
    QCOMPARE(plan->wire(), PlacementPlan::Wire::Fp32);
    QCOMPARE(plan->bucketBytes(), std::int64_t(25) << 20);
    QVERIFY(!plan->orderedCollectives());
    // --ordered-collectives: the CPU takes NCCL's one order too.
    s.orderedCollectives = true;
    QVERIFY(PlacementPlan::create(s, twoByTwo, {10, 3, 0})->orderedCollectives());
    s.orderedCollectives = false;
    // Each unit padded to the pieces on its own; rank 1 keeps the second half.
    QCOMPARE(plan->units().size(), size_t(3));
    QCOMPARE(plan->units()[1].padded, std::int64_t(4));
    QCOMPARE(plan->units()[1].held, std::int64_t(2));
    QCOMPARE(plan->units()[2].held, std::int64_t(0));
    QCOMPARE(plan->dataShares({5, 4, 12, 11}), (std::vector<std::int64_t>{5, 4, 12, 11}));

    s.commDtype = "bf16";
    s.bucketMb = 0;
    s.cuda = true;
    plan = PlacementPlan::create(s, twoByTwo, {});
    QCOMPARE(plan->wire(), PlacementPlan::Wire::Bf16);
    QCOMPARE(plan->bucketBytes(), std::int64_t(1));
    QVERIFY(plan->orderedCollectives());
    s.commDtype = "fp16";
    s.bucketMb = 0.5;
    QCOMPARE(PlacementPlan::create(s, twoByTwo, {})->wire(), PlacementPlan::Wire::Fp16);
    QCOMPARE(PlacementPlan::create(s, twoByTwo, {})->bucketBytes(), std::int64_t(1) << 19);

    // Tensor parallelism cuts the global batch by node: a node's share is its ranks' sum.
    s.strategy = Strategy::Tp1d;
    plan = PlacementPlan::create(s, topologyOf({2, 2}, 2), {});
    QCOMPARE(plan->dataShares({5, 4, 12, 11}), (std::vector<std::int64_t>{9, 23}));
    plan = PlacementPlan::create(s, topologyOf({1, 1, 1}, 2), {});
    QCOMPARE(plan->dataShares({1, 2, 3}), (std::vector<std::int64_t>{1, 2, 3}));
    QCOMPARE(plan->dataSlot(), 2);

    // More pieces than ShardingScheme allows: refused before any group exists.
    s.strategy = Strategy::Lsdp;
    const QList<int> coprime{64, 65}; // 4160 pieces
    auto refused = PlacementPlan::create(s, topologyOf(coprime, 0), {});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, ErrorKind::Config);
}

void TestEngineBase::placementTopologyChecks_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<int>>("configNodes"); // devices per listed node; empty: no nodes list
    QTest::addColumn<QList<int>>("nodes");       // ranks per node that joined
    QTest::addColumn<int>("self");
    QTest::addColumn<int>("localRank"); // -1: not given
    QTest::addColumn<int>("localWorldSize");
    QTest::addColumn<QString>("message"); // empty: fits

    QTest::newRow("fits") << "dp" << QList<int>{2, 2} << QList<int>{2, 2} << 3 << 1 << 2 << "";
    QTest::newRow("nothing given") << "lshdp" << QList<int>{} << QList<int>{2, 3} << 4 << -1 << -1 << "";
    QTest::newRow("local rank") << "dp" << QList<int>{} << QList<int>{2, 2} << 3 << 0 << -1
                                << "--local-rank 0 does not match this rank's position 1 on node 1";
    QTest::newRow("local world size") << "dp" << QList<int>{} << QList<int>{2, 2} << 3 << -1 << 3
                                      << "--local-world-size 3 but node 1 has 2 ranks";
    QTest::newRow("nodes listed") << "dp" << QList<int>{2} << QList<int>{2, 2} << 0 << -1 << -1
                                  << "the config lists 1 nodes with 2 devices, but 4 ranks on 2 nodes joined";
    QTest::newRow("devices per node") << "dp" << QList<int>{3, 1} << QList<int>{2, 2} << 0 << -1 << -1
                                      << "node 0 lists 3 devices but has 2 ranks";
    QTest::newRow("tp2d, not a square")
        << "tp2d" << QList<int>{} << QList<int>{3, 3} << 0 << -1 << -1
        << "run config: strategy tp2d arranges each node's devices in a q×q grid";
    QTest::newRow("tp3d, a cube") << "tp3d" << QList<int>{} << QList<int>{8, 8} << 9 << 1 << 8 << "";
}

void TestEngineBase::placementTopologyChecks()
{
    QFETCH(QString, strategy);
    QFETCH(QList<int>, configNodes);
    QFETCH(QList<int>, nodes);
    QFETCH(int, self);
    QFETCH(int, localRank);
    QFETCH(int, localWorldSize);
    QFETCH(QString, message);
    WorkerConfig config;
    config.strategy = strategyNamed(strategy);
    for (int devices : configNodes) {
        NodeConfig n;
        n.devices.clear();
        for (int d = 0; d < devices; ++d)
            n.devices.push_back(d);
        config.nodes.push_back(n);
    }
    const Status s = PlacementPlan::checkTopology(config, topologyOf(nodes, self), localRank, localWorldSize);
    QCOMPARE(s.ok(), message.isEmpty());
    if (!s.ok()) {
        QCOMPARE(s.error().kind, ErrorKind::Config);
        QVERIFY2(QString::fromStdString(s.error().message).startsWith(message), s.error().message.c_str());
    }
}

void TestEngineBase::initialPlan()
{
    WorkerConfig config;
    config.strategy = Strategy::Hdp;
    config.globalBatch = 10;
    const Topology three = topologyOf({2, 1}, 1);
    InitialPlan::Footprint footprint{48576, true, 1000, 100};

    // No caps at all.
    QCOMPARE(*InitialPlan::ownCap(config, three, footprint), std::int64_t(0));
    // The budget, less what the rank holds and two gathered units, over 400 bytes a sample.
    config.memoryBudgetMb = 1;
    QCOMPARE(*InitialPlan::ownCap(config, three, footprint), std::int64_t((1048576 - 48576 - 8000) / 400));
    footprint.freesAfterUse = false;
    QCOMPARE(*InitialPlan::ownCap(config, three, footprint), std::int64_t((1048576 - 48576) / 400));
    // The node's max_batch 7 over its two devices: rank 1 (local rank 1) may take 3, below the budget's.
    NodeConfig first, second;
    first.devices = {0, 1};
    first.maxBatch = 7;
    second.devices = {0};
    config.nodes = {first, second};
    QCOMPARE(*InitialPlan::ownCap(config, three, footprint), std::int64_t(3));
    // A budget that holds not even the parameters.
    footprint.residentBytes = std::int64_t(2) << 20;
    auto refused = InitialPlan::ownCap(config, three, footprint);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, ErrorKind::Config);
    QCOMPARE(
        refused.error().message,
        std::string(
            "memory_budget_mb 1 does not hold this rank's parameters (2 MB) and one sample's activations"));

    // The equal split within the caps.
    QVERIFY(!InitialPlan::manual(config));
    QCOMPARE(*InitialPlan::batches(config, three, {}), (std::vector<std::int64_t>{4, 3, 3}));
    QCOMPARE(*InitialPlan::batches(config, three, {2, 0, 0}), (std::vector<std::int64_t>{2, 4, 4}));
    // Caps that cannot hold the batch of 10 in one pass: two passes, as if each cap were 4.
    auto accumulating = InitialPlan::batches(config, three, {2, 2, 2});
    QVERIFY(accumulating.ok());
    QCOMPARE(*accumulating, (std::vector<std::int64_t>{4, 3, 3}));
    QCOMPARE(hamgam::BatchPlanner::microBatches(*accumulating, {2, 2, 2}), std::int64_t(2));
    QVERIFY(InitialPlan::plannerSettings(config, 3).adaptive);
    QVERIFY(!InitialPlan::plannerSettings(config, 1).adaptive); // one slot: nothing to balance

    // Manual: each node's batch split over its devices; the caps are only warned about.
    config.nodes[0].batch = 7;
    config.nodes[1].batch = 3;
    QVERIFY(InitialPlan::manual(config));
    const auto manual = *InitialPlan::batches(config, three, {2, 0, 0});
    QCOMPARE(manual, (std::vector<std::int64_t>{4, 3, 3}));
    QCOMPARE(InitialPlan::overCap(manual, {2, 0, 3}), std::vector<int>{0});
    QVERIFY(InitialPlan::overCap(manual, {0, 0, 0}).empty());
    QVERIFY(!InitialPlan::plannerSettings(config, 3).adaptive);

    config.nodes.clear();
    config.planner.profileSteps = 5;
    config.planner.replanInterval = 7;
    config.planner.margin = 0.125;
    config.planner.ewma = 0.5;
    auto ps = InitialPlan::plannerSettings(config, 2);
    QCOMPARE(ps.profileSteps, 5);
    QCOMPARE(ps.replanInterval, 7);
    QCOMPARE(ps.margin, 0.125);
    QCOMPARE(ps.ewma, 0.5);
    config.strategy = Strategy::Dp;
    QVERIFY(!InitialPlan::plannerSettings(config, 2).adaptive);
    config.strategy = Strategy::Tp2d; // plans per node
    QVERIFY(InitialPlan::plannerSettings(config, 2).adaptive);
}

void TestEngineBase::stepControl()
{
    const int world = 3;
    const std::int64_t stepBatch = 12;
    const StepControl::Local locals[world] = {
        {10.0, false, 3.0, 5, 0}, {20.0, true, 1.5, 4, 7}, {5.0, false, 0.5, 3, 0}};
    QCOMPARE(StepControl(0, world).size(), 2 * world + 3);
    // The all-reduce: every rank's record summed element by element.
    std::vector<double> sum(static_cast<size_t>(2 * world + 3), 0.0);
    for (int r = 0; r < world; ++r) {
        std::vector<double> record(sum.size(), 0.0);
        StepControl(r, world).write(locals[r], record.data());
        for (size_t i = 0; i < sum.size(); ++i)
            sum[i] += record[i];
    }
    QCOMPARE(sum, (std::vector<double>{10, 20, 5, 1, 5, 12, 0, 7, 0}));
    for (int r = 0; r < world; ++r) {
        auto agreed = StepControl(r, world).read(sum.data(), stepBatch);
        QVERIFY(agreed.ok());
        QCOMPARE(agreed->computeSeconds, (std::vector<double>{0.01, 0.02, 0.005}));
        QCOMPARE(agreed->maxComputeMs, 20.0);
        QVERIFY(agreed->stop);
        QCOMPARE(agreed->loss, 5.0 / 12.0);
        QCOMPARE(agreed->measuredCaps, (std::vector<std::int64_t>{0, 7, 0}));
        QVERIFY(agreed->capsMeasured);
    }
    sum[world] = 0;     // nobody asked to stop
    sum[world + 4] = 0; // nor measured a cap
    auto quiet = StepControl(1, world).read(sum.data(), stepBatch);
    QVERIFY(!quiet->stop);
    QVERIFY(!quiet->capsMeasured);
}

void TestEngineBase::stepControlRefusals()
{
    const int world = 3;
    std::vector<double> record{1, 1, 1, 0, 0, 11, 0, 0, 0};
    StepControl control(0, world);
    auto missing = control.read(record.data(), 12);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().kind, ErrorKind::Internal);
    QCOMPARE(missing.error().message,
             std::string("the ranks' batches do not add up to the step's global batch"));
    record[world + 2] = 12;
    record[world + 3 + 2] = -1; // rank 2 measured that not one sample fits
    auto tooBig = control.read(record.data(), 12);
    QVERIFY(!tooBig.ok());
    QCOMPARE(tooBig.error().kind, ErrorKind::Config);
    QVERIFY(tooBig.error().message.rfind("rank 2: not even one sample fits the device's memory", 0) == 0);
    record[world + 2] = 11; // both wrong: the count is checked first
    QCOMPARE(control.read(record.data(), 12).error().kind, ErrorKind::Internal);
}

void TestEngineBase::stepReport()
{
    StepReport r;
    r.step = 8;
    r.epoch = 1;
    r.loss = 0.5;
    r.localBatch = 5;
    r.globalBatch = 32;
    r.lr = 0.1;
    r.dataMs = 0.25;
    r.computeMs = 3;
    r.waitMs = 1;
    r.commMs = 2;
    r.optimizerMs = 0.5;
    r.stepMs = 8;
    r.deviceBytes = 13040;
    r.hostBytes = 9640;
    r.trafficBefore.withinNode = 100;
    r.trafficBefore.acrossNodes = 10;
    r.trafficBefore.withinByKind[static_cast<size_t>(TrafficMeter::Kind::AllGather)] = 60;
    r.trafficBefore.withinByKind[static_cast<size_t>(TrafficMeter::Kind::AllReduce)] = 40;
    r.trafficAfter.withinNode = 400;
    r.trafficAfter.acrossNodes = 60;
    r.trafficAfter.withinByKind[static_cast<size_t>(TrafficMeter::Kind::AllGather)] = 260;
    r.trafficAfter.withinByKind[static_cast<size_t>(TrafficMeter::Kind::AllReduce)] = 140;
    r.slowdown = 2;
    r.emulatedMs = 1.5;

    const nlohmann::json e = EventJsonWriter::object(r.event());
    QStringList keys;
    for (auto it = e.begin(); it != e.end(); ++it)
        keys << QString::fromStdString(it.key());
    keys.sort();
    QCOMPARE(
        keys.join(QLatin1Char(' ')),
        QStringLiteral("bytes_across_nodes bytes_within_node bytes_within_node_by_kind comm_ms compute_ms "
                       "data_ms device_bytes emulated emulated_ms epoch global_batch host_bytes local_batch "
                       "loss lr micro_batches optimizer_ms samples_per_s slowdown step step_ms wait_ms"));
    QCOMPARE(e["step"].get<std::int64_t>(), std::int64_t(8));
    QCOMPARE(e["epoch"].get<std::int64_t>(), std::int64_t(1));
    QCOMPARE(e["local_batch"].get<std::int64_t>(), std::int64_t(5));
    QCOMPARE(e["global_batch"].get<std::int64_t>(), std::int64_t(32));
    QCOMPARE(e["samples_per_s"].get<double>(), 4000.0); // 32 samples in 8 ms
    QCOMPARE(e["wait_ms"].get<double>(), 1.0);
    QCOMPARE(e["device_bytes"].get<std::int64_t>(), std::int64_t(13040));
    QCOMPARE(e["host_bytes"].get<std::int64_t>(), std::int64_t(9640));
    QCOMPARE(e["bytes_within_node"].get<std::uint64_t>(), std::uint64_t(300));
    QCOMPARE(e["bytes_across_nodes"].get<std::uint64_t>(), std::uint64_t(50));
    QCOMPARE(e["bytes_within_node_by_kind"].dump(),
             std::string(R"({"all_gather":200,"all_reduce":100,"all_to_all":0,"broadcast":0,"reduce":0,)"
                         R"("reduce_scatter":0})"));
    QVERIFY(e["emulated"].get<bool>());
    QCOMPARE(e["slowdown"].get<double>(), 2.0);
    QCOMPARE(e["emulated_ms"].get<double>(), 1.5);

    r.emulatedMs = 0;
    r.stepMs = 0;
    r.tensorParallelMs = 0.75;
    r.gradNorm = std::numeric_limits<double>::infinity();
    const nlohmann::json f = EventJsonWriter::object(r.event());
    QVERIFY(!f["emulated"].get<bool>());
    QCOMPARE(f["samples_per_s"].get<double>(), 0.0);
    QCOMPARE(f["tensor_parallel_ms"].get<double>(), 0.75);
    QCOMPARE(f["grad_norm"].get<double>(), 0.0); // not finite: reported as 0
    r.gradNorm = 1.25;
    QCOMPARE(EventJsonWriter::object(r.event())["grad_norm"].get<double>(), 1.25);

    hamgam::OnlinePlanner::Decision d{{8, 8}, {11, 5}, "profiled", 0.02, 0.015, 0.25};
    const nlohmann::json b = EventJsonWriter::object(StepReport::rebalance(9, d, {0.001, 0.002}));
    QCOMPARE(b.dump(),
             std::string(R"({"new":[11,5],"old":[8,8],"predicted_gain":0.25,"predicted_new_ms":15.0,)"
                         R"("predicted_old_ms":20.0,"reason":"profiled","seconds_per_sample":[0.001,0.002],)"
                         R"("step":9})"));
}

void TestEngineBase::memoryProbe()
{
    GpuMemory memory;
    memory.total = std::int64_t(8) << 30;
    memory.free = std::int64_t(4) << 30;
    memory.reserved = std::int64_t(1) << 30;
    memory.allocated = std::int64_t(1) << 30;
    memory.peak = std::int64_t(3) << 30; // what an earlier phase left
    int reads = 0, resets = 0;
    MemoryProbe::Device device{[&] {
                                   ++reads;
                                   return memory;
                               },
                               [&] {
                                   ++resets;
                                   memory.peak = memory.allocated;
                               }};
    const std::int64_t reserve = std::int64_t(64) << 20;

    // The CPU: nothing measured, the estimate reported, the device never asked.
    MemoryProbe cpu(false, true, 0, reserve, device);
    QCOMPARE(cpu.begin(4), std::int64_t(-1));
    QCOMPARE(cpu.finish(-1, 4), std::int64_t(0));
    QCOMPARE(cpu.stepBytes(123), std::int64_t(123));
    QCOMPARE(reads + resets, 0);

    // Tensor parallelism: caps not measured, but a step reports the allocator's peak.
    MemoryProbe shared(true, false, 0, reserve, device);
    QCOMPARE(shared.begin(4), std::int64_t(-1));
    QCOMPARE(reads + resets, 0);
    QCOMPARE(shared.stepBytes(123), std::int64_t(3) << 30);
    QCOMPARE(resets, 1);
    QCOMPARE(memory.peak, memory.allocated);

    // The first step with samples is measured, once: 4 samples add 256 MiB to the peak.
    for (const std::int64_t budgetMb : {std::int64_t(0), std::int64_t(2048)}) {
        MemoryProbe probe(true, true, budgetMb, reserve, device);
        resets = 0;
        QCOMPARE(probe.begin(0), std::int64_t(-1)); // no samples: nothing to learn
        QCOMPARE(resets, 0);
        const std::int64_t baseline = probe.begin(4);
        QCOMPARE(resets, 1);
        QCOMPARE(baseline, memory.allocated);
        memory.peak = baseline + (std::int64_t(256) << 20);
        hamgam::MemoryCap cap;
        cap.budgetBytes = usableGpuBytes(memory, budgetMb * 1024 * 1024);
        cap.reserveBytes = reserve;
        const std::int64_t expected = budgetMb > 0 ? 15 : 56; // (budget − reserve − baseline) / 64 MiB
        QCOMPARE(cap.fromMeasurement(baseline, memory.peak, 4), expected);
        QCOMPARE(probe.finish(baseline, 4), expected);
        QVERIFY(probe.measured());
        QCOMPARE(probe.begin(4), std::int64_t(-1)); // measured already
        QCOMPARE(probe.finish(-1, 4), std::int64_t(0));
        QCOMPARE(resets, 1);
        const std::int64_t peak = memory.peak;
        QCOMPARE(probe.stepBytes(1), peak);
        QCOMPARE(resets, 2);
        QCOMPARE(memory.peak, memory.allocated); // reset for the next step
    }
}

// precision fp16's dynamic loss scaling (issue #20, item 2), as GradScaler:
// an overflowed step is skipped and halves the scale; a run of good steps doubles it.
void TestEngineBase::lossScalerHalvesOnOverflowAndGrows()
{
    LossScaler off(false);
    QCOMPARE(off.scale(), 1.0);
    QVERIFY(off.update(false)); // fp32 and bf16 never skip
    QCOMPARE(off.scale(), 1.0);

    LossScaler scaler(true, 1024.0, 3);
    QVERIFY(scaler.enabled());
    QCOMPARE(scaler.scale(), 1024.0);
    QVERIFY(!scaler.update(false));
    QCOMPARE(scaler.scale(), 512.0);
    QVERIFY(!scaler.update(false));
    QCOMPARE(scaler.scale(), 256.0);
    QVERIFY(scaler.update(true));
    QVERIFY(scaler.update(true));
    QCOMPARE(scaler.scale(), 256.0);
    QVERIFY(scaler.update(true)); // the third good step in a row
    QCOMPARE(scaler.scale(), 512.0);
    // An overflow restarts the count.
    QVERIFY(scaler.update(true));
    QVERIFY(!scaler.update(false));
    QCOMPARE(scaler.scale(), 256.0);
    QVERIFY(scaler.update(true));
    QVERIFY(scaler.update(true));
    QCOMPARE(scaler.scale(), 256.0);
    // Never zero, never infinite, always a power of two.
    LossScaler tiny(true, 0x1p-1021, 1);
    for (int i = 0; i < 5; ++i)
        scaler.update(false), tiny.update(false);
    QVERIFY(tiny.scale() > 0);
    LossScaler huge(true, 0x1p+1022, 1);
    for (int i = 0; i < 5; ++i)
        huge.update(true);
    QVERIFY(std::isfinite(huge.scale()));
}

QTEST_APPLESS_MAIN(TestEngineBase)
#include "tst_enginebase.moc"
