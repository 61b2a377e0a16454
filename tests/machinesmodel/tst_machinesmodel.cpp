// The Machines model follows the registry: rows appear as agents are found,
// change as they connect and report, and go when forgotten. A GPU machine's
// card says who holds each GPU, in English and Persian.
#include "bidi.h"
#include "discoverylistener.h"
#include "fakeprobe.h"
#include "identity.h"
#include "machineactions.h"
#include "machinedelegate.h"
#include "machinesmodel.h"
#include "machinesview.h"
#include "noderegistry.h"
#include "testsupport.h"
#include "traininggroupmodel.h"
#include "translations.h"
#include "trustmachinesdialog.h"

#include <QAbstractItemModelTester>
#include <QCborArray>
#include <QCborValue>
#include <QDir>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeWidget>

using namespace TestSupport;

class TestMachinesModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsTheRegistry();
    void manualEntryIsRemovedWhenForgotten();
    void oneTrustQuestionForEveryNewMachine();
    void aTrustRowFollowsItsCertificate();
    void gpuCardShowsWhoHoldsEachGpu_data();
    void gpuCardShowsWhoHoldsEachGpu();
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

    LocalAgent a =
        startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, QStringLiteral("rtx-box"));
    LocalAgent b = startAgent(port, {}, {}, 200, QStringLiteral("gtx-box"));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 3000);
    QCOMPARE(inserted.count(), 2);
    // Listed by name, whichever beacon came first (issue #31, item 6: the list changed order).
    QCOMPARE(model.index(0).data(Qt::DisplayRole).toString(), QStringLiteral("gtx-box"));
    QCOMPARE(model.index(1).data(Qt::DisplayRole).toString(), QStringLiteral("rtx-box"));
    QCOMPARE(registry.nodes().first().name, QStringLiteral("gtx-box"));

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
    QTRY_VERIFY_WITH_TIMEOUT(model.indexOfKey(a.daemon->nodeId())
                                 .data(MachinesModel::DevicesRole)
                                 .toList()
                                 .value(0)
                                 .toMap()
                                 .value(QStringLiteral("live"))
                                 .toBool(),
                             5000);
    QVERIFY(changed.count() > 0);
    devices = model.indexOfKey(a.daemon->nodeId()).data(MachinesModel::DevicesRole).toList();
    QCOMPARE(devices.first().toMap().value(QStringLiteral("util")).toDouble(), 87.0);
    QCOMPARE(devices.first().toMap().value(QStringLiteral("mem_total")).toLongLong(), 24LL << 30);
    // Every device line has its tooltip: the card elides long names ("AMD EPYC…").
    for (const QVariant &device : std::as_const(devices))
        QVERIFY(device.toMap()
                    .value(QStringLiteral("tooltip"))
                    .toString()
                    .contains(device.toMap().value(QStringLiteral("name")).toString()));
    // A narrow memory bar keeps the total: "8.0/24.0 GB", not "8.0 GB".
    const auto [memory, narrow] = MachineDelegate::memoryTexts(8LL << 30, 24LL << 30, QLocale::c());
    QVERIFY2(memory.contains(QLatin1String("/ 24")), qPrintable(memory));
    QVERIFY2(narrow.contains(QLatin1String("/24")) && narrow.size() < memory.size(), qPrintable(narrow));
    // Megabytes of gigabytes: the total's unit for both ("0.8/24.0 GB", not "800.0 MB/24.0 GB").
    QCOMPARE(MachineDelegate::memoryTexts(800LL << 20, 24LL << 30, QLocale::c()).second,
             QStringLiteral("0.8/24.0 GB"));

    // b is not trusted by us: still a row, never connected.
    QCOMPARE(model.indexOfKey(b.daemon->nodeId()).data(MachinesModel::LinkRole).toInt(),
             int(Node::Link::Online));

    // Dragging a machine carries its key.
    std::unique_ptr<QMimeData> mime(model.mimeData({model.indexOfKey(a.daemon->nodeId())}));
    QVERIFY(mime->hasFormat(QString::fromLatin1(MachinesModel::kMimeType)));
    const QCborArray items =
        QCborValue::fromCbor(mime->data(QString::fromLatin1(MachinesModel::kMimeType))).toArray();
    QCOMPARE(items.size(), 1);
    QCOMPARE(items.first().toMap().value(QStringLiteral("node")).toString(), a.daemon->nodeId());
}

void TestMachinesModel::oneTrustQuestionForEveryNewMachine()
{
    // Issue #31: four "New machine" dialogs in a row on a first start. One question lists them all,
    // nothing checked until the user compared, and says which agent does not trust this computer.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    DiscoveryListener listener(port, {QHostAddress(QStringLiteral("127.255.255.255"))});
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    MachinesModel model(registry);
    QSortFilterProxyModel filter;
    filter.setSourceModel(&model);
    QWidget window;
    auto *view = new MachinesView(&window);
    view->setModel(&filter);
    TrainingGroupModel group(registry);
    MachineActions actions(registry, group, view, &filter, &window);
    registry.start(&listener);

    const QString us = controller.profile.identity().fingerprint();
    LocalAgent a = startAgent(port, {us}, {}, 200, QStringLiteral("box-a"));
    LocalAgent b = startAgent(port, {us}, {}, 200, QStringLiteral("box-b"));
    LocalAgent c = startAgent(port, {}, {}, 200, QStringLiteral("box-c"));
    QTRY_VERIFY_WITH_TIMEOUT(actions.trustDialog() && actions.trustDialog()->machineCount() == 3, 15000);
    QCOMPARE(window.findChildren<TrustMachinesDialog *>().size(), 1);
    TrustMachinesDialog *dialog = actions.trustDialog();
    QVERIFY(!dialog->trustButton()->isEnabled());
    auto row = [&](const QString &key) -> QTreeWidgetItem * {
        for (int i = 0; i < dialog->list()->topLevelItemCount(); ++i) {
            if (dialog->list()->topLevelItem(i)->data(0, Qt::UserRole).toString() == key)
                return dialog->list()->topLevelItem(i);
        }
        return nullptr;
    };
    QVERIFY(row(a.daemon->nodeId()) && row(b.daemon->nodeId()) && row(c.daemon->nodeId()));
    QCOMPARE(row(a.daemon->nodeId())->text(2),
             Bidi::ltr(Identity::displayFingerprint(a.daemon->identity().fingerprint())));
    QTRY_VERIFY_WITH_TIMEOUT(
        row(c.daemon->nodeId())->toolTip(0).contains(QLatin1String("does not trust this computer")), 10000);

    row(a.daemon->nodeId())->setCheckState(0, Qt::Checked);
    row(b.daemon->nodeId())->setCheckState(0, Qt::Checked);
    if (const QString shots = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR"); !shots.isEmpty())
        dialog->grab().save(QDir(shots).filePath(QStringLiteral("trust-machines-en.png")));
    QVERIFY(dialog->trustButton()->isEnabled());
    QVERIFY2(dialog->trustButton()->text().startsWith(QLatin1String("Trust 2 machine")),
             qPrintable(dialog->trustButton()->text()));
    dialog->trustButton()->click();
    for (const LocalAgent *agent : {&a, &b})
        QTRY_COMPARE_WITH_TIMEOUT(registry.node(agent->daemon->nodeId())->link, Node::Link::Connected, 10000);
    QCOMPARE(registry.node(c.daemon->nodeId())->trust, Node::Trust::Unknown); // not checked, not trusted
}

void TestMachinesModel::aTrustRowFollowsItsCertificate()
{
    // The user trusts exactly what they compared: a row whose certificate changes is unchecked again,
    // and a row with no certificate cannot be checked.
    TrustMachinesDialog dialog;
    const QString first(64, QLatin1Char('a')), second(64, QLatin1Char('b'));
    dialog.setMachine(QStringLiteral("k"), QStringLiteral("box"), QStringLiteral("10.0.0.1:7000"), first, {});
    QTreeWidgetItem *row = dialog.list()->topLevelItem(0);
    row->setCheckState(0, Qt::Checked);
    QCOMPARE(dialog.checked().size(), 1);
    QCOMPARE(dialog.checked().first().fingerprint, first);
    dialog.setMachine(QStringLiteral("k"), QStringLiteral("box"), QStringLiteral("10.0.0.1:7000"), second,
                      {});
    QCOMPARE(row->checkState(0), Qt::Unchecked);
    QVERIFY(dialog.checked().isEmpty());
    QVERIFY(!dialog.trustButton()->isEnabled());
    row->setCheckState(0, Qt::Checked);
    dialog.setMachine(QStringLiteral("k"), QStringLiteral("box"), QStringLiteral("10.0.0.2:7000"), second,
                      {});
    QCOMPARE(row->checkState(0), Qt::Unchecked); // another address: compared again

    dialog.setMachine(QStringLiteral("n"), QStringLiteral("bare"), QStringLiteral("10.0.0.3:7000"), {}, {});
    QTreeWidgetItem *bare = dialog.list()->topLevelItem(1);
    QVERIFY(!(bare->flags() & Qt::ItemIsUserCheckable));
    bare->setCheckState(0, Qt::Checked); // even forced, never chosen
    QVERIFY(dialog.checked().isEmpty());

    // A name from another machine is shown as text: no markup, no reordering controls.
    dialog.setMachine(QStringLiteral("x"),
                      QStringLiteral("<b>evil</b>") + QChar(0x202E) + QStringLiteral("gpj"),
                      QStringLiteral("10.0.0.4:7000"), first, QStringLiteral("<i>note</i>"));
    const QString shown = dialog.list()->topLevelItem(2)->text(0);
    QVERIFY2(!shown.contains(QChar(0x202E)), qPrintable(shown));
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

void TestMachinesModel::gpuCardShowsWhoHoldsEachGpu_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("holders");
    QTest::newRow("en") << "en"
                        << QStringLiteral("alice python3 30.0 GB · nobody sleep n/a · ? pid 4194999 1.0 GB");
    QTest::newRow("fa") << "fa"
                        << QString(QChar(0x2066) + QStringLiteral("alice") + QChar(0x2069) + u' ' +
                                   QChar(0x2066) + QStringLiteral("python3") + QChar(0x2069) +
                                   QStringLiteral(" ۳۰٫۰ گیگابایت · ") + QChar(0x2066) +
                                   QStringLiteral("nobody") + QChar(0x2069) + u' ' + QChar(0x2066) +
                                   QStringLiteral("sleep") + QChar(0x2069) +
                                   QStringLiteral(" نامعلوم · ؟ فرایند 4194999 ۱٫۰ گیگابایت"));
}

void TestMachinesModel::gpuCardShowsWhoHoldsEachGpu()
{
    QFETCH(QString, language);
    QFETCH(QString, holders);
    Translations translations;
    QVERIFY(translations.setLanguage(language));

    auto probe = std::make_unique<FakeProbe>();
    DeviceSample held = probe->devices.first();
    held.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
    held.temperature = 63;
    held.power = 250;
    held.powerLimit = 400;
    held.throttleReasons = DeviceSample::SwPowerCap;
    DeviceProcess alice{4242,
                        QStringLiteral("python3"),
                        30LL << 30,
                        QStringLiteral("alice"),
                        QStringLiteral("python3 train.py <b>--lr</b> 0.1"),
                        DeviceProcess::Type::Compute};
    DeviceProcess nobody{777,
                         QStringLiteral("sleep"),
                         -1,
                         QStringLiteral("nobody"),
                         QStringLiteral("sleep 300"),
                         DeviceProcess::Type::ComputeAndGraphics};
    DeviceProcess gone{4194999, {}, 1LL << 30, {}, {}, DeviceProcess::Type::Compute};
    held.processes = {alice, nobody, gone};
    DeviceSample idle = held;
    idle.index = 1;
    idle.processes.clear();
    DeviceSample lost;
    lost.kind = DeviceSample::Kind::Gpu;
    lost.index = 2;
    lost.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
    lost.lost = true;
    probe->devices = {held, idle, lost};

    Controller controller = makeController();
    const quint16 port = randomDiscoveryPort();
    DiscoveryListener listener(port, {QHostAddress(QStringLiteral("127.255.255.255"))});
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    MachinesModel model(registry);
    registry.start(&listener);
    LocalAgent agent = startAgent(port, {controller.profile.identity().fingerprint()}, std::move(probe), 200,
                                  QStringLiteral("gpu-box"));
    QTRY_VERIFY_WITH_TIMEOUT(model.indexOfKey(agent.daemon->nodeId()).isValid(), 5000);
    registry.trust(agent.daemon->nodeId());
    const auto liveDevices = [&] {
        return model.indexOfKey(agent.daemon->nodeId()).data(MachinesModel::DevicesRole).toList();
    };
    QTRY_VERIFY_WITH_TIMEOUT(liveDevices().value(0).toMap().value(QStringLiteral("live")).toBool(), 5000);
    const QVariantList devices = liveDevices();
    QCOMPARE(devices.size(), 3);

    // Who holds each GPU, largest first as the agent sends them, in one line.
    const QVariantMap first = devices[0].toMap();
    QCOMPARE(first.value(QStringLiteral("holders")).toString(), holders);
    QVERIFY(devices[1].toMap().value(QStringLiteral("holders")).toString().isEmpty());
    QVERIFY(devices[2].toMap().value(QStringLiteral("lost")).toBool());
    QVERIFY(!first.value(QStringLiteral("lost")).toBool());
    // The tooltip has every process's command line, escaped: a command cannot be taken for markup.
    const QString tip = first.value(QStringLiteral("tooltip")).toString();
    QVERIFY2(tip.contains(QStringLiteral("python3 train.py &lt;b&gt;--lr&lt;/b&gt; 0.1")), qPrintable(tip));
    QVERIFY2(!tip.contains(QStringLiteral("<b>")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("4242")), qPrintable(tip));
    if (language == QLatin1String("en")) {
        QVERIFY2(tip.contains(QStringLiteral("63 °C · 250 / 400 W")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("slowed down: power cap")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("3 processes:")), qPrintable(tip));
        QVERIFY2(devices[2]
                     .toMap()
                     .value(QStringLiteral("tooltip"))
                     .toString()
                     .contains(QStringLiteral("lost: the GPU stopped answering")),
                 qPrintable(devices[2].toMap().value(QStringLiteral("tooltip")).toString()));
    } else {
        QVERIFY2(tip.contains(QStringLiteral("۶۳")), qPrintable(tip));
    }

    // The card: two header lines, the held GPU and its holders line, then the idle and the lost GPU.
    MachinesView view;
    view.setModel(&model);
    MachineDelegate delegate;
    view.setItemDelegate(&delegate);
    view.resize(560, 400);
    QStyleOptionViewItem option;
    option.initFrom(&view);
    option.widget = &view;
    const QModelIndex row = model.indexOfKey(agent.daemon->nodeId());
    const int line = QFontMetrics(option.font).height() + 6;
    const QSize size = delegate.sizeHint(option, row);
    QCOMPARE(size.height(), 2 * 8 + (2 + 4) * line);
    option.rect = QRect(QPoint(0, 0), QSize(540, size.height()));
    const int top = 8 + 2 * line;
    QCOMPARE(MachineDelegate::deviceAt(option, row, QPoint(50, top + line / 2)), 0);
    QCOMPARE(MachineDelegate::deviceAt(option, row, QPoint(50, top + line + line / 2)),
             0); // the holders line
    QCOMPARE(MachineDelegate::deviceAt(option, row, QPoint(50, top + 2 * line + line / 2)), 1);
    QCOMPARE(MachineDelegate::deviceAt(option, row, QPoint(50, top + 3 * line + line / 2)), 2);
    QCOMPARE(MachineDelegate::deviceAt(option, row, QPoint(50, top + 4 * line + line / 2)), -1);

    // Painted as a user sees it (kept when HAMGAM_SCREENSHOTS_DIR names a folder).
    QImage card(option.rect.size(), QImage::Format_ARGB32);
    card.fill(view.palette().color(QPalette::Base));
    option.direction = QGuiApplication::layoutDirection();
    QCOMPARE(option.direction, language == QLatin1String("fa") ? Qt::RightToLeft : Qt::LeftToRight);
    {
        QPainter painter(&card);
        painter.setLayoutDirection(option.direction);
        delegate.paint(&painter, option, row);
    }
    if (const QString dir = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR"); !dir.isEmpty())
        QVERIFY(card.save(QDir(dir).filePath(QStringLiteral("machine-card-gpu-%1.png").arg(language))));
}

QTEST_MAIN(TestMachinesModel)
#include "tst_machinesmodel.moc"
