// Building a training group by drag and drop: machines and single devices
// from the Machines list (through the models' MIME data and a simulated drop
// on the view), reordering, removing, and the link to the run config.
#include "fakeprobe.h"
#include "machinedelegate.h"
#include "machinesmodel.h"
#include "machinesview.h"
#include "noderegistry.h"
#include "testsupport.h"
#include "traininggroupmodel.h"
#include "traininggroupview.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QDropEvent>
#include <QMimeData>
#include <QTest>

using namespace TestSupport;

class TestTrainingGroup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { m_english.reset(); }
    void dropWholeMachine();
    void dragOneDeviceFromItsLine();
    void simulatedDropOnTheView();
    void reorderAndRemove();
    void configNodesFollowTheGroup();

private:
    static QMimeData *machineMime(const QString &key, int device)
    {
        auto *mime = new QMimeData;
        QCborMap item{{QStringLiteral("node"), key}, {QStringLiteral("device"), device}};
        mime->setData(QString::fromLatin1(MachinesModel::kMimeType), QCborArray{item}.toCborValue().toCbor());
        return mime;
    }

    std::unique_ptr<Translations> m_english;
    Controller m_controller;
    LocalAgent m_a;
    LocalAgent m_b;
    std::unique_ptr<NodeRegistry> m_registry;
};

void TestTrainingGroup::initTestCase()
{
    // English plural forms ("2 devices") come from the English catalogue.
    m_english = std::make_unique<Translations>();
    QVERIFY(m_english->setLanguage(QStringLiteral("en")));
    m_controller = makeController();
    auto twoGpus = std::make_unique<FakeProbe>();
    DeviceSample second = twoGpus->devices.first();
    second.index = 1;
    second.name = QStringLiteral("Fake GPU 1080");
    twoGpus->devices.append(second);
    m_a = startAgent(randomDiscoveryPort(), {m_controller.profile.identity().fingerprint()},
                     std::move(twoGpus), 200, QStringLiteral("two-gpus"));
    m_b = startAgent(randomDiscoveryPort(), {m_controller.profile.identity().fingerprint()}, {}, 200,
                     QStringLiteral("one-gpu"));
    m_registry = std::make_unique<NodeRegistry>(m_controller.profile.identity(), m_controller.profile.pins());
    m_registry->start(nullptr);
    for (LocalAgent *a : {&m_a, &m_b}) {
        (void)m_controller.profile.pins().add(a->daemon->identity().fingerprint(), a->daemon->name(),
                                              a->daemon->nodeId());
        m_registry->addLocal(QStringLiteral("127.0.0.1"), a->daemon->port(), a->daemon->nodeId(),
                             a->daemon->identity().fingerprint());
    }
    QTRY_VERIFY_WITH_TIMEOUT(m_registry->node(m_a.daemon->nodeId())->telemetry &&
                                 m_registry->node(m_b.daemon->nodeId())->telemetry,
                             5000);
}

void TestTrainingGroup::dropWholeMachine()
{
    TrainingGroupModel group(*m_registry);
    QAbstractItemModelTester tester(&group, QAbstractItemModelTester::FailureReportingMode::QtTest);
    MachinesModel machines(*m_registry);
    std::unique_ptr<QMimeData> mime(machines.mimeData({machines.indexOfKey(m_a.daemon->nodeId())}));
    QVERIFY(group.canDropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QVERIFY(group.dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(group.rowCount(), 1);
    QCOMPARE(group.index(0).data(TrainingGroupModel::DevicesRole).toList().size(), 2);
    QCOMPARE(group.index(0).data(TrainingGroupModel::DevicesTextRole).toString(),
             QStringLiteral("all 2 devices"));
    // The same machine again changes nothing.
    QVERIFY(!group.dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(group.rowCount(), 1);
}

void TestTrainingGroup::dragOneDeviceFromItsLine()
{
    MachinesModel machines(*m_registry);
    MachinesView view;
    view.setModel(&machines);
    view.setItemDelegate(new MachineDelegate(&view));
    view.resize(360, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRect card = view.visualRect(machines.indexOfKey(m_a.daemon->nodeId()));
    const int line = view.fontMetrics().height() + 6;
    // Header lines, then device 0, then device 1: press on the second device's line.
    const QPoint onDevice1(card.center().x(), card.top() + 8 + 3 * line + line / 2);
    std::unique_ptr<QMimeData> mime(view.dragData(onDevice1));
    QVERIFY(mime);
    const QCborArray items =
        QCborValue::fromCbor(mime->data(QString::fromLatin1(MachinesModel::kMimeType))).toArray();
    QCOMPARE(items.size(), 1);
    QCOMPARE(items.first().toMap().value(QStringLiteral("device")).toInteger(), 1);
    // On the machine's name: the whole machine.
    std::unique_ptr<QMimeData> whole(view.dragData(QPoint(card.center().x(), card.top() + 10)));
    QCOMPARE(QCborValue::fromCbor(whole->data(QString::fromLatin1(MachinesModel::kMimeType)))
                 .toArray()
                 .first()
                 .toMap()
                 .value(QStringLiteral("device"))
                 .toInteger(),
             -1);

    TrainingGroupModel group(*m_registry);
    QVERIFY(group.dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(group.index(0).data(TrainingGroupModel::DevicesTextRole).toString(),
             QStringLiteral("Fake GPU 1080 (device 1)"));
    // Its other device joins the same card, which then holds the whole machine.
    std::unique_ptr<QMimeData> other(machineMime(m_a.daemon->nodeId(), 0));
    QVERIFY(group.dropMimeData(other.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(group.rowCount(), 1);
    QVERIFY(group.entries().first().devices.isEmpty());
}

void TestTrainingGroup::simulatedDropOnTheView()
{
    TrainingGroupModel group(*m_registry);
    TrainingGroupView view;
    view.setModel(&group);
    view.resize(300, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    std::unique_ptr<QMimeData> mime(machineMime(m_b.daemon->nodeId(), -1));
    const QPoint at = view.viewport()->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view.viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view.viewport(), &move);
    QDropEvent drop(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(view.viewport(), &drop);
    QCOMPARE(group.rowCount(), 1);
    QCOMPARE(group.index(0).data(TrainingGroupModel::NodeKeyRole).toString(), m_b.daemon->nodeId());
}

void TestTrainingGroup::reorderAndRemove()
{
    TrainingGroupModel group(*m_registry);
    QAbstractItemModelTester tester(&group, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(group.add(m_a.daemon->nodeId(), -1));
    QVERIFY(group.add(m_b.daemon->nodeId(), -1));
    // Drag the second card above the first.
    std::unique_ptr<QMimeData> rows(group.mimeData({group.index(1)}));
    group.dropMimeData(rows.get(), Qt::MoveAction, 0, 0, {});
    QCOMPARE(group.entries().first().nodeKey, m_b.daemon->nodeId());
    QCOMPARE(group.rowCount(), 2);

    TrainingGroupView view;
    view.setModel(&group);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCurrentIndex(group.index(0));
    view.selectionModel()->select(group.index(0), QItemSelectionModel::ClearAndSelect);
    QTest::keyClick(&view, Qt::Key_Delete);
    QCOMPARE(group.rowCount(), 1);
    QCOMPARE(group.entries().first().nodeKey, m_a.daemon->nodeId());
}

void TestTrainingGroup::configNodesFollowTheGroup()
{
    TrainingGroupModel group(*m_registry);
    group.add(m_b.daemon->nodeId(), -1);
    group.add(m_a.daemon->nodeId(), 1);
    RunConfig::Node previous;
    previous.agent = m_b.daemon->nodeId();
    previous.batch = 100;
    previous.slowdown = 2;
    const auto nodes = group.configNodes({previous});
    QCOMPARE(nodes.size(), 2);
    QCOMPARE(nodes[0].agent, m_b.daemon->nodeId());
    QCOMPARE(nodes[0].devices, QList<int>{0});
    QCOMPARE(nodes[0].batch.value_or(0), 100); // kept from before
    QCOMPARE(nodes[0].slowdown, 2.0);
    QCOMPARE(nodes[1].devices, QList<int>{1});
    QCOMPARE(nodes[1].name, QStringLiteral("two-gpus"));
    // And back: a config's nodes rebuild the group.
    TrainingGroupModel other(*m_registry);
    other.setConfigNodes(nodes);
    QCOMPARE(other.rowCount(), 2);
    QCOMPARE(other.entries()[1].devices, QList<int>{1});
    QVERIFY(other.entries()[0].devices.isEmpty()); // the whole one-device machine
    // Live figures.
    other.setPlan({{m_b.daemon->nodeId(), 96.0}, {m_a.daemon->nodeId(), 160.0}}, 256);
    QTRY_COMPARE(other.index(0).data(TrainingGroupModel::ShareRole).toDouble(), 0.375);
    QCOMPARE(other.index(1).data(TrainingGroupModel::BatchRole).toDouble(), 160.0);
    // Issue #21: the card's figures in full on hover, the speed too once measured.
    QString tip = other.index(0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String("Speed: not measured yet")) &&
                 tip.contains(QLatin1String("Batch share: 37.5% of the global batch, 96 samples per step")),
             qPrintable(tip));
    other.setSpeed(m_b.daemon->nodeId(), 1234.4);
    tip = other.index(0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String("Measured speed: 1,234 samples/s")), qPrintable(tip));
}

QTEST_MAIN(TestTrainingGroup)
#include "tst_traininggroup.moc"
