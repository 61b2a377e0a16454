// What crosses the link (issue #32, item 1): the exact gradient hooks on a
// real two-rank Gloo group inside this process (a HashStore, the loopback
// device: nothing leaves it). Every replica ends with the same sum, made in
// place or read back, and a shard group's reduce-scatter gives each member
// the sum of its chunk; the wire carries the hook's type (half the bytes for
// fp16 and bf16).
#include "commgroup.h"
#include "gradienthook.h"
#include "topology.h"
#include "trafficmeter.h"

#include <array>
#include <memory>
#include <optional>
#include <QTest>
#include <thread>
#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>

using namespace hamgam::engine;

class TestGradientHook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void allReduceGivesEveryReplicaTheSum_data();
    void allReduceGivesEveryReplicaTheSum();
    void reduceScatterSumsEachMembersChunk_data();
    void reduceScatterSumsEachMembersChunk();

private:
    /// Rank r of a two-rank group on two nodes (so the bytes count as across the link).
    struct Rank
    {
        std::optional<Topology> topology;
        TrafficMeter traffic;
        std::unique_ptr<CommGroup> group;
    };
    std::array<Rank, 2> m_ranks;
};

void TestGradientHook::initTestCase()
{
    auto store = c10::make_intrusive<c10d::HashStore>();
    std::array<c10::intrusive_ptr<torchcompat::CollectiveBackend>, 2> backends;
    // Each rank's constructor meets the other's through the store: both at once.
    std::array<std::thread, 2> meet;
    for (int r = 0; r < 2; ++r)
        meet[size_t(r)] = std::thread([&, r] {
            auto opts = c10d::ProcessGroupGloo::Options::create();
            opts->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
            backends[size_t(r)] = c10::make_intrusive<c10d::ProcessGroupGloo>(store, r, 2, opts);
        });
    for (auto &t : meet)
        t.join();
    for (int r = 0; r < 2; ++r) {
        Rank &rank = m_ranks[size_t(r)];
        auto topology = Topology::fromNodeIndices(r, {0, 1});
        QVERIFY(topology.ok());
        rank.topology = *topology;
        rank.group =
            std::make_unique<CommGroup>("replicas", std::vector<int>{0, 1}, r, backends[size_t(r)],
                                        *rank.topology, rank.traffic, std::chrono::seconds(30), nullptr);
    }
}

namespace {
at::Tensor gradientOf(int rank, std::int64_t numel)
{
    at::manual_seed(7 + rank);
    return at::randn({numel});
}

/// What a sum in `wire` gives, read back as fp32: one rounding of a + b (two members).
at::Tensor expectedSum(const at::Tensor &a, const at::Tensor &b, at::ScalarType wire)
{
    return (a.to(wire) + b.to(wire)).to(at::kFloat);
}

/// A failed result's message (QVERIFY2 reads its message even when the check holds).
template<typename T> const char *why(const Result<T> &r)
{
    return r.ok() ? "" : r.error().message.c_str();
}

bool sameBits(const at::Tensor &a, const at::Tensor &b)
{
    return a.sizes() == b.sizes() && at::equal(a, b);
}
} // namespace

void TestGradientHook::allReduceGivesEveryReplicaTheSum_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("contiguous");
    for (const auto &[name, type] :
         {std::pair{"fp32", at::kFloat}, std::pair{"fp16", at::kHalf}, std::pair{"bf16", at::kBFloat16}}) {
        QTest::addRow("%s, one slice", name) << int(type) << true;
        QTest::addRow("%s, parts apart", name) << int(type) << false;
    }
}

void TestGradientHook::allReduceGivesEveryReplicaTheSum()
{
    QFETCH(int, wire);
    QFETCH(bool, contiguous);
    const auto type = static_cast<at::ScalarType>(wire);
    const std::int64_t numel = 1000;
    std::array<at::Tensor, 2> gradient{gradientOf(0, numel), gradientOf(1, numel)};
    const std::array<at::Tensor, 2> before{gradient[0].clone(), gradient[1].clone()};
    std::array<ExactHook, 2> hooks{ExactHook(type), ExactHook(type)};
    QCOMPARE(hooks[0].wireElementBytes(), std::int64_t(c10::elementSize(type)));

    // The bucket: the whole gradient, or two parts with a gap the hook must leave alone.
    std::array<GradBucket, 2> buckets;
    for (size_t r = 0; r < 2; ++r) {
        if (contiguous) {
            buckets[r].buffer = gradient[r];
            buckets[r].numel = numel;
        } else {
            buckets[r].parts = {gradient[r].narrow(0, 0, 400), gradient[r].narrow(0, 600, 400)};
            buckets[r].numel = 800;
        }
    }
    std::array<std::optional<HookFuture>, 2> futures;
    for (size_t r = 0; r < 2; ++r) {
        auto f = hooks[r].allReduce(buckets[r], *m_ranks[r].group);
        if (!f && type != at::kFloat)
            QSKIP(qPrintable(QStringLiteral("this LibTorch's Gloo does not sum %1: %2")
                                 .arg(QString::fromStdString(hooks[r].name()),
                                      QString::fromStdString(f.error().message))));
        QVERIFY2(f.ok(), why(f));
        futures[r] = std::move(*f);
    }
    for (size_t r = 0; r < 2; ++r) {
        auto sum = futures[r]->wait();
        if (!sum && type != at::kFloat)
            QSKIP("this LibTorch's Gloo does not sum this type");
        QVERIFY2(sum.ok(), why(sum));
        // fp32 in one slice is summed where it lies; anything else comes back to be read in.
        QCOMPARE(sum->defined(), !(contiguous && type == at::kFloat));
        if (sum->defined()) {
            QCOMPARE(sum->scalar_type(), type);
            std::int64_t at = 0;
            for (at::Tensor &part : contiguous ? std::vector<at::Tensor>{gradient[r]} : buckets[r].parts) {
                part.copy_(sum->narrow(0, at, part.numel()));
                at += part.numel();
            }
        }
    }
    // Every replica ends with the same sum, to the bit, and a gap between parts is left as it was.
    const at::Tensor expected = expectedSum(before[0], before[1], type);
    const std::vector<std::pair<std::int64_t, std::int64_t>> summed =
        contiguous ? std::vector<std::pair<std::int64_t, std::int64_t>>{{0, numel}}
                   : std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 400}, {600, 400}};
    for (const auto &[from, length] : summed)
        for (size_t r = 0; r < 2; ++r)
            QVERIFY(sameBits(gradient[r].narrow(0, from, length), expected.narrow(0, from, length)));
    if (!contiguous)
        for (size_t r = 0; r < 2; ++r)
            QVERIFY(sameBits(gradient[r].narrow(0, 400, 200), before[r].narrow(0, 400, 200)));
}

void TestGradientHook::reduceScatterSumsEachMembersChunk_data()
{
    QTest::addColumn<int>("wire");
    QTest::newRow("fp32") << int(at::kFloat);
    QTest::newRow("fp16") << int(at::kHalf);
    QTest::newRow("bf16") << int(at::kBFloat16);
}

void TestGradientHook::reduceScatterSumsEachMembersChunk()
{
    QFETCH(int, wire);
    const auto type = static_cast<at::ScalarType>(wire);
    const std::int64_t shard = 300;
    const std::array<at::Tensor, 2> flat{gradientOf(0, 2 * shard), gradientOf(1, 2 * shard)};
    std::array<ExactHook, 2> hooks{ExactHook(type), ExactHook(type)};
    std::array<std::uint64_t, 2> sentBefore{};
    std::array<std::optional<HookFuture>, 2> futures;
    for (size_t r = 0; r < 2; ++r) {
        sentBefore[r] = m_ranks[r].traffic.totals().acrossNodes;
        auto f = hooks[r].reduceScatter(flat[r], shard, *m_ranks[r].group);
        if (!f && type != at::kFloat)
            QSKIP("this LibTorch's Gloo does not exchange this type");
        QVERIFY2(f.ok(), why(f));
        futures[r] = std::move(*f);
    }
    for (size_t r = 0; r < 2; ++r) {
        auto sum = futures[r]->wait();
        if (!sum && type != at::kFloat)
            QSKIP("this LibTorch's Gloo does not exchange this type");
        QVERIFY2(sum.ok(), why(sum));
        QCOMPARE(sum->scalar_type(), at::kFloat);
        // Member r's chunk of every member, summed in fp32 in member order.
        const at::Tensor expected =
            flat[0].narrow(0, std::int64_t(r) * shard, shard).to(type).to(at::kFloat) +
            flat[1].narrow(0, std::int64_t(r) * shard, shard).to(type).to(at::kFloat);
        QVERIFY(sameBits(*sum, expected));
        // Half the vector crosses to the other member, in the wire's type.
        QCOMPARE(m_ranks[r].traffic.totals().acrossNodes - sentBefore[r],
                 std::uint64_t(shard) * c10::elementSize(type));
    }
}

QTEST_GUILESS_MAIN(TestGradientHook)
#include "tst_gradienthook.moc"
