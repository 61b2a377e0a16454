// The Machines model follows the registry: rows appear as agents are found,
// change as they connect and report, and go when forgotten.
#include "discoverylistener.h"
#include "machinesmodel.h"
#include "noderegistry.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QCborArray>
#include <QCborValue>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>

using namespace TestSupport;

class TestMachinesModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsTheRegistry();
    void manualEntryIsRemovedWhenForgotten();
};

void TestMachinesModel::followsTheRegistry()
{
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    DiscoveryListener listener(port, {QHostAddress(QStringLiteral("127.255.255.255"))});
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    MachinesModel model(registry);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    registry.start(&listener);

    LocalAgent a = startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, QStringLiteral("rtx-box"));
    LocalAgent b = startAgent(port, {}, {}, 200, QStringLiteral("gtx-box"));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 3000);
    QCOMPARE(inserted.count(), 2);

    const QModelIndex ia = model.indexOfKey(a.daemon->nodeId());
    QVERIFY(ia.isValid());
    QCOMPARE(ia.data(Qt::DisplayRole).toString(), QStringLiteral("rtx-box"));
    QCOMPARE(ia.data(MachinesModel::TrustRole).toInt(), int(Node::Trust::Unknown));
    QCOMPARE(ia.data(MachinesModel::StatusTextRole).toString(), QStringLiteral("Not trusted yet"));
    // Before connecting, devices come from the beacon: names only.
    QVariantList devices = ia.data(MachinesModel::DevicesRole).toList();
    QCOMPARE(devices.size(), 1);
    QCOMPARE(devices.first().toMap().value(QStringLiteral("live")).toBool(), false);

    changed.clear();
    registry.trust(a.daemon->nodeId());
    QTRY_COMPARE_WITH_TIMEOUT(model.indexOfKey(a.daemon->nodeId()).data(MachinesModel::LinkRole).toInt(),
                              int(Node::Link::Connected), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(
        model.indexOfKey(a.daemon->nodeId()).data(MachinesModel::DevicesRole).toList().value(0).toMap().value(QStringLiteral("live")).toBool(),
        5000);
    QVERIFY(changed.count() > 0);
    devices = model.indexOfKey(a.daemon->nodeId()).data(MachinesModel::DevicesRole).toList();
    QCOMPARE(devices.first().toMap().value(QStringLiteral("util")).toDouble(), 87.0);
    QCOMPARE(devices.first().toMap().value(QStringLiteral("mem_total")).toLongLong(), 24LL << 30);

    // b is not trusted by us: still a row, never connected.
    QCOMPARE(model.indexOfKey(b.daemon->nodeId()).data(MachinesModel::LinkRole).toInt(), int(Node::Link::Online));

    // Dragging a machine carries its key.
    std::unique_ptr<QMimeData> mime(model.mimeData({model.indexOfKey(a.daemon->nodeId())}));
    QVERIFY(mime->hasFormat(QString::fromLatin1(MachinesModel::kMimeType)));
    const QCborArray items = QCborValue::fromCbor(mime->data(QString::fromLatin1(MachinesModel::kMimeType))).toArray();
    QCOMPARE(items.size(), 1);
    QCOMPARE(items.first().toMap().value(QStringLiteral("node")).toString(), a.daemon->nodeId());
}

void TestMachinesModel::manualEntryIsRemovedWhenForgotten()
{
    Controller controller = makeController();
    LocalAgent a = startAgent(randomDiscoveryPort(), {controller.profile.identity().fingerprint()});
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    MachinesModel model(registry);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    registry.start(nullptr);
    registry.addManual(QStringLiteral("127.0.0.1"), a.daemon->port());
    QCOMPARE(model.rowCount(), 1);
    // Once reached, the row is keyed by the agent's node id.
    QTRY_VERIFY_WITH_TIMEOUT(model.indexOfKey(a.daemon->nodeId()).isValid(), 5000);
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    registry.forget(a.daemon->nodeId());
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(registry.manualEntries().isEmpty());
}

QTEST_GUILESS_MAIN(TestMachinesModel)
#include "tst_machinesmodel.moc"
