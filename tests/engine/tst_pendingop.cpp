// Waiting for a launched collective (PendingOp): a host-side one (Gloo) with
// the group's timeout, by the calling thread; a stream-ordered one (NCCL) by
// the device, the host left free and the watchdog watching it until it
// completes (docs/engine.md, "Waiting for NCCL").
#include "pendingop.h"
#include "watchdog.h"

#include <atomic>
#include <chrono>
#include <QTest>
#include <string>
#include <thread>

using namespace hamgam::engine;

class TestPendingOp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void streamOrderedWaitsLeaveTheHostFree();
};

namespace {
/// A collective that the device finishes later, as ProcessGroupNCCL's work is:
/// wait() returns at once (it only queues the stream's wait), isCompleted()
/// says whether the device got there. The seam NCCL needs a GPU for.
class DeviceSideWork final : public c10d::Work
{
public:
    bool isCompleted() override { return finished.load(); }
    bool wait(std::chrono::milliseconds timeout) override
    {
        waitedWith = timeout;
        ++waits;
        return true;
    }

    std::atomic<bool> finished{false};
    std::atomic<int> waits{0};
    std::chrono::milliseconds waitedWith{-1};
};
} // namespace

// Issue #28: waiting for an NCCL collective leaves the host free (the compute
// stream waits; LibTorch 2.x's wait(timeout) would block the thread), and the
// watchdog still reports one that never completes, by name, at its limit.
void TestPendingOp::streamOrderedWaitsLeaveTheHostFree()
{
    using std::chrono::milliseconds;
    std::atomic<int> fired{0};
    std::string label;
    Watchdog dog(milliseconds(1000), [&](const std::string &what, double) {
        label = what;
        ++fired;
    });

    // A host-side collective (Gloo) is waited for with the group's timeout, by this thread.
    auto gloo = c10::make_intrusive<DeviceSideWork>();
    gloo->finished = true;
    QVERIFY(PendingOp(gloo, "all-reduce on control", milliseconds(60000), &dog).wait().ok());
    QCOMPARE(gloo->waitedWith, milliseconds(60000));

    // Stream-ordered: no timeout given (kNoTimeout), so the host is not blocked.
    auto done = c10::make_intrusive<DeviceSideWork>();
    PendingOp quick(done, "all-gather on shard0-gather", milliseconds(60000), &dog, true);
    const auto start = std::chrono::steady_clock::now();
    QVERIFY(quick.wait().ok());
    QVERIFY(std::chrono::steady_clock::now() - start < milliseconds(100));
    QCOMPARE(done->waits.load(), 1);
    QCOMPARE(done->waitedWith, milliseconds(0)); // kNoTimeout
    std::this_thread::sleep_for(milliseconds(200));
    done->finished = true; // the device got there within the limit: nothing to report
    std::this_thread::sleep_for(milliseconds(700));
    QCOMPARE(fired.load(), 0);
    QCOMPARE(done.use_count(), size_t(1)); // released by the watchdog once done

    auto stuck = c10::make_intrusive<DeviceSideWork>();
    QVERIFY(PendingOp(stuck, "reduce-scatter on shard0-reduce", milliseconds(60000), &dog, true).wait().ok());
    QTRY_COMPARE_WITH_TIMEOUT(fired.load(), 1, 3000);
    QCOMPARE(label, std::string("reduce-scatter on shard0-reduce"));
    std::this_thread::sleep_for(milliseconds(600));
    QCOMPARE(fired.load(), 1); // reported once
}

QTEST_APPLESS_MAIN(TestPendingOp)
#include "tst_pendingop.moc"
