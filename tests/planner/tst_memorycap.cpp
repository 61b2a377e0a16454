// MemoryCap: the largest local batch a device's memory allows, from one
// measured step (CUDA builds measure it with the caching allocator's peak).
#include "memorycap.h"

#include <QTest>

using hamgam::MemoryCap;

class TestMemoryCap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fromMeasurement_data();
    void fromMeasurement();
};

void TestMemoryCap::fromMeasurement_data()
{
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<qint64>("reserve");
    QTest::addColumn<qint64>("baseline");
    QTest::addColumn<qint64>("peak");
    QTest::addColumn<qint64>("samples");
    QTest::addColumn<qint64>("cap");

    const qint64 MiB = 1 << 20;
    // 8 samples took 80 MiB over a 1 GiB baseline; 8 GiB budget: (8192 − 1024) / 10 = 716.
    QTest::newRow("linear") << 8192 * MiB << qint64(0) << 1024 * MiB << 1104 * MiB << qint64(8)
                            << qint64(716);
    QTest::newRow("reserve") << 8192 * MiB << 1024 * MiB << 1024 * MiB << 1104 * MiB << qint64(8)
                             << qint64(614);
    // The per-sample cost rounds up: 3 samples, 10 bytes → 4 bytes each; room 100 → 25 (not 30).
    QTest::newRow("rounds down") << qint64(200) << qint64(0) << qint64(100) << qint64(110) << qint64(3)
                                 << qint64(25);
    QTest::newRow("exactly one") << qint64(120) << qint64(0) << qint64(100) << qint64(120) << qint64(1)
                                 << qint64(1);
    QTest::newRow("not even one") << qint64(119) << qint64(0) << qint64(100) << qint64(120) << qint64(1)
                                  << qint64(-1);
    QTest::newRow("baseline over budget")
        << qint64(90) << qint64(0) << qint64(100) << qint64(120) << qint64(1) << qint64(-1);
    QTest::newRow("no samples") << 8192 * MiB << qint64(0) << MiB << 2 * MiB << qint64(0) << qint64(0);
    QTest::newRow("no growth") << 8192 * MiB << qint64(0) << MiB << MiB << qint64(4) << qint64(0);
    QTest::newRow("no budget") << qint64(0) << qint64(0) << MiB << 2 * MiB << qint64(4) << qint64(0);
    // 80 GB card, 64 Mi samples' worth: nothing overflows.
    QTest::newRow("large") << 80 * 1024 * MiB << qint64(0) << 8 * 1024 * MiB << 9 * 1024 * MiB << qint64(64)
                           << qint64(4608);
}

void TestMemoryCap::fromMeasurement()
{
    QFETCH(qint64, budget);
    QFETCH(qint64, reserve);
    QFETCH(qint64, baseline);
    QFETCH(qint64, peak);
    QFETCH(qint64, samples);
    QFETCH(qint64, cap);
    MemoryCap model;
    model.budgetBytes = budget;
    model.reserveBytes = reserve;
    QCOMPARE(qint64(model.fromMeasurement(baseline, peak, samples)), cap);
}

QTEST_APPLESS_MAIN(TestMemoryCap)
#include "tst_memorycap.moc"
