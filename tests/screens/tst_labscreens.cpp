// The Shared lab tab (issue #19, docs/lab.md) as a user sees it, in English
// and Persian, from a made-up lab: three machines and ten GPUs held, idle,
// starting and booked, a queue, a week of bookings (one over midnight, two
// side by side) and eight weeks of usage. Switching to Persian must turn the
// tab right to left, the calendar's days included, and translate it.
//
// With HAMGAM_SCREENSHOTS_DIR set (scripts/screenshots does), each page is
// saved there as shared-lab-<page>-<lang>.png, as tst_screens does for the
// other screens. It needs no agent, so it runs without the engine too.
#include "desktopapp.h"
#include "labbookingspage.h"
#include "labdevicesmodel.h"
#include "labqueuemodel.h"
#include "labusagepage.h"
#include "labusageplot.h"
#include "labweekcalendar.h"
#include "sharedlabview.h"
#include "translatabletext.h"
#include "translations.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QRandomGenerator>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 kMinute = 60 * 1000;
constexpr qint64 kHour = 60 * kMinute;

/// Wednesday 10 December 2025, 10:40 on this computer's clock: the screens look the same whenever they are
/// made.
qint64 now()
{
    return QDateTime(QDate(2025, 12, 10), QTime(10, 40)).toMSecsSinceEpoch();
}

qint64 at(int dayFromToday, int hour, int minute = 0)
{
    return QDateTime(QDate(2025, 12, 10).addDays(dayFromToday), QTime(hour, minute)).toMSecsSinceEpoch();
}

/// A day or a week of utilization: `level` with some noise, -1 (no sample) where the agent was down.
LabSeries series(qint64 endMs, qint64 stepMs, int buckets, quint32 seed,
                 const std::function<int(int ago)> &level)
{
    QRandomGenerator random(seed);
    LabSeries s;
    s.stepMs = stepMs;
    s.startMs = endMs - buckets * stepMs;
    for (int i = 0; i < buckets; ++i) {
        const int base = level(buckets - i);
        // Some noise, little near zero: an idle GPU reads 0–2 %, not 0–7 %.
        const int spread = base < 10 ? 1 : 6;
        s.util << (base < 0 ? -1 : qBound(0, base + int(random.bounded(2 * spread + 1)) - spread, 100));
    }
    return s;
}

LabBooking booking(const QString &id, const LabNode &node, const QString &user, QList<int> devices,
                   qint64 from, qint64 to, const QString &note)
{
    LabBooking b;
    b.id = id;
    b.nodeId = node.nodeId;
    b.nodeName = node.name;
    b.user = user;
    b.devices = devices;
    b.fromMs = from;
    b.toMs = to;
    b.note = note;
    return b;
}

LabSnapshot madeUpLab()
{
    const qint64 t = now();
    auto node = [](const QString &id, const QString &name, bool admin) {
        LabNode n;
        n.nodeId = id;
        n.name = name;
        n.admin = admin;
        n.user = QStringLiteral("sara");
        return n;
    };
    LabNode box = node(QStringLiteral("3f2a9c0d"), QStringLiteral("gpu-box"), true);
    LabNode ws = node(QStringLiteral("7b1e44a0"), QStringLiteral("ws-7"), true);
    LabNode dl = node(QStringLiteral("c09d12ef"), QStringLiteral("dl-server"), true);
    quint32 seed = 7;
    auto device = [&](LabNode &n, int index, const QString &name, LabDevice::State state, int util,
                      const std::function<int(int)> &day) {
        LabDevice d;
        d.nodeId = n.nodeId;
        d.nodeName = n.name;
        d.index = index;
        d.name = name;
        d.kind = QStringLiteral("gpu");
        d.state = state;
        d.util = util;
        d.day = series(t, kMinute, 24 * 60, ++seed, day);
        d.week =
            series(t, 10 * kMinute, 7 * 24 * 6, ++seed, [&](int ago) { return day(ago / 10 % 1440 + 1); });
        n.devices << d;
        return &n.devices.last();
    };
    auto held = [](LabDevice *d, const QString &user, const QString &run, qint64 since, qint64 until) {
        LabHold h;
        h.leaseId = QStringLiteral("lease-") + run;
        h.runId = run;
        h.user = user;
        h.sinceMs = since;
        h.untilMs = until;
        d->hold = h;
    };
    const QString a100 = QStringLiteral("NVIDIA A100 80GB");
    const QString rtx = QStringLiteral("RTX 3090");
    // gpu-box: sara trains on two, ali holds one and does nothing with it, one free.
    for (int i = 0; i < 2; ++i)
        held(device(box, i, rtx, LabDevice::State::Held, 94 - 3 * i,
                    [](int ago) { return ago < 200   ? 92
                                         : ago < 600 ? 60
                                                     : 5; }),
             QStringLiteral("sara"), QStringLiteral("20251210-072000-3f2a"), t - 200 * kMinute,
             t + 95 * kMinute);
    held(device(box, 2, rtx, LabDevice::State::Held, 1,
                [](int ago) { return ago < 170   ? 1
                                     : ago < 300 ? 75
                                                 : 3; }),
         QStringLiteral("ali"), QStringLiteral("20251210-052500-9c1d"), t - 315 * kMinute, 0);
    device(box, 3, rtx, LabDevice::State::Free, 0, [](int ago) { return ago < 900 ? 0 : 45; })->nextBooking =
        booking(QStringLiteral("resv-b1"), box, QStringLiteral("reza"), {3}, at(0, 14), at(0, 18),
                QStringLiteral("ablation"));
    // ws-7: booked by reza for his deadline, one starting for mina.
    LabDevice *booked =
        device(ws, 0, a100, LabDevice::State::Booked, 0, [](int ago) { return ago < 120 ? 0 : 80; });
    booked->booking = booking(QStringLiteral("resv-w1"), ws, QStringLiteral("reza"), {0}, at(0, 9), at(0, 13),
                              QStringLiteral("thesis deadline"));
    LabDevice *starting = device(ws, 1, a100, LabDevice::State::Pending, 0, [](int ago) {
        return ago < 60 ? 0 : ago < 400 ? 88 : -1;
    });
    held(starting, QStringLiteral("mina"), QStringLiteral("20251210-103955-51c3"), t - 20000, t + 4 * kHour);
    starting->hold->pending = true;
    // dl-server: four held by mina's long run, two free, one with the agent down part of the day.
    for (int i = 0; i < 4; ++i)
        held(device(dl, i, a100, LabDevice::State::Held, 78 + i * 4,
                    [](int ago) { return ago < 720 ? 81 : 30; }),
             QStringLiteral("mina"), QStringLiteral("20251209-224000-e7d0"), t - 12 * kHour, t + 9 * kHour);
    device(dl, 4, a100, LabDevice::State::Free, 0, [](int ago) { return ago < 300 || ago > 700 ? 0 : -1; });
    device(dl, 5, a100, LabDevice::State::Free, 0, [](int ago) { return ago < 100 ? 0 : 35; })->nextBooking =
        booking(QStringLiteral("resv-d1"), dl, QStringLiteral("sara"), {4, 5}, at(1, 22), at(2, 2),
                QStringLiteral("overnight sweep"));

    box.bookings = {booking(QStringLiteral("resv-b1"), box, QStringLiteral("reza"), {3}, at(0, 14), at(0, 18),
                            QStringLiteral("ablation")),
                    booking(QStringLiteral("resv-b2"), box, QStringLiteral("ali"), {0, 1, 2, 3}, at(-2, 9),
                            at(-2, 17), QStringLiteral("course lab")),
                    booking(QStringLiteral("resv-b3"), box, QStringLiteral("sara"), {0, 1}, at(2, 8),
                            at(2, 12), QStringLiteral("paper figures"))};
    ws.bookings = {booking(QStringLiteral("resv-w1"), ws, QStringLiteral("reza"), {0}, at(0, 9), at(0, 13),
                           QStringLiteral("thesis deadline")),
                   booking(QStringLiteral("resv-w2"), ws, QStringLiteral("reza"), {0, 1}, at(1, 9), at(1, 19),
                           QStringLiteral("thesis deadline")),
                   booking(QStringLiteral("resv-w3"), ws, QStringLiteral("mina"), {1}, at(2, 10), at(2, 15),
                           QStringLiteral("demo"))};
    dl.bookings = {booking(QStringLiteral("resv-d1"), dl, QStringLiteral("sara"), {4, 5}, at(1, 22), at(2, 2),
                           QStringLiteral("overnight sweep")),
                   booking(QStringLiteral("resv-d2"), dl, QStringLiteral("ali"), {0, 1, 2, 3, 4, 5},
                           at(-1, 13), at(-1, 20), QStringLiteral("benchmark"))};

    auto entry = [&](const QString &run, const QString &name, const QString &user, const LabNode &n,
                     QList<int> devices, qint64 start, qint64 submitted, const TranslatableText &why,
                     int nodes = 1) {
        LabQueueEntry e;
        e.runId = run;
        e.name = name;
        e.user = user;
        e.nodeId = n.nodeId;
        e.nodeName = n.name;
        e.coordinator = true;
        e.devices = devices;
        e.estimatedStartMs = start;
        e.placeable = start > 0;
        e.submittedMs = submitted;
        e.predictedS = 2 * 3600;
        e.nodes = nodes;
        e.why = why;
        return e;
    };
    TranslatableText heldBySara("LabText", "device %1 is held by %2 (run %3) for about %n more hour(s)", 2);
    heldBySara.arg(0).arg(QStringLiteral("sara")).ltrArg(QStringLiteral("20251210-072000-3f2a"));
    TranslatableText bookedByReza("LabText", "device %1 is booked by %2 for %n more hour(s)", 2);
    bookedByReza.arg(0).arg(QStringLiteral("reza"));
    TranslatableText ahead("LabText", "%n run(s) ahead of it in the queue need its devices", 2);
    box.queue = {entry(QStringLiteral("20251210-095012-aa01"), QStringLiteral("resnet-sweep"),
                       QStringLiteral("ali"), box, {0, 1}, t + 95 * kMinute, t - 50 * kMinute, heldBySara),
                 entry(QStringLiteral("20251210-101533-aa02"), QStringLiteral("gpt-small"),
                       QStringLiteral("sara"), box, {0, 1, 2, 3}, t + 4 * kHour, t - 25 * kMinute, ahead)};
    ws.queue = {entry(QStringLiteral("20251210-093000-bb01"), QStringLiteral("vit-finetune"),
                      QStringLiteral("mina"), ws, {0}, t + 140 * kMinute, t - 70 * kMinute, bookedByReza, 2)};
    box.policy = dl.policy = ws.policy = QJsonObject{{QStringLiteral("max_devices_per_user"), 4}};
    LabSnapshot s;
    s.nodes = {box, dl, ws};
    return s;
}

QList<LabUsageRow> madeUpUsage()
{
    QList<LabUsageRow> rows;
    const qint64 week = 7 * 24 * kHour;
    // Mondays 00:00 UTC, the agents' weeks: the last eight up to the one of 8 December 2025.
    const qint64 last = QDateTime(QDate(2025, 12, 8), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const QStringList users{QStringLiteral("sara"), QStringLiteral("ali"), QStringLiteral("reza"),
                            QStringLiteral("mina")};
    const double hours[4][8] = {{22, 30, 18, 41, 35, 12, 48, 26},
                                {15, 9, 27, 20, 33, 40, 22, 31},
                                {4, 12, 8, 6, 19, 28, 52, 44},
                                {0, 0, 11, 14, 9, 21, 17, 38}};
    for (int u = 0; u < 4; ++u) {
        for (int w = 0; w < 8; ++w) {
            if (hours[u][w] > 0)
                rows.append({users[u], last - (7 - w) * week, hours[u][w] + u * 0.25});
        }
    }
    return rows;
}
} // namespace

class TestLabScreens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sharedLabInBothLanguages();
    void cleanupTestCase();

private:
    void grabAll(const QString &language);
    void save(QWidget *widget, const QString &screen, const QString &language);

    std::unique_ptr<Translations> m_translations;
    std::unique_ptr<SharedLabView> m_view;
    QTemporaryDir m_scratch;
    QString m_outDir;
};

void TestLabScreens::initTestCase()
{
    m_outDir = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR");
    if (m_outDir.isEmpty())
        m_outDir = m_scratch.path();
    QVERIFY(QDir().mkpath(m_outDir));
    m_translations = std::make_unique<Translations>();
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    DesktopApp::choosePersianCapableFont();
    m_view = std::make_unique<SharedLabView>(nullptr);
    m_view->setUser(QStringLiteral("sara"));
    m_view->resize(1280, 760);
    m_view->setSnapshot(madeUpLab(), now());
    m_view->usagePage()->setRows(madeUpUsage(), {});
    m_view->bookingsPage()->moveWeek(0);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestLabScreens::cleanupTestCase()
{
    m_view.reset();
    m_translations.reset();
}

void TestLabScreens::save(QWidget *widget, const QString &screen, const QString &language)
{
    QApplication::processEvents();
    const QPixmap pixmap = widget->grab();
    QVERIFY2(!pixmap.isNull(), qPrintable(screen));
    QVERIFY(
        pixmap.save(QDir(m_outDir).filePath(QStringLiteral("shared-lab-%1-%2.png").arg(screen, language))));
}

void TestLabScreens::grabAll(const QString &language)
{
    const QStringList pages{QStringLiteral("devices"), QStringLiteral("queue"), QStringLiteral("calendar"),
                            QStringLiteral("usage")};
    for (int i = 0; i < pages.size(); ++i) {
        m_view->showPage(SharedLabView::Page(i));
        QTest::qWait(200); // the usage plot replots on its own
        save(m_view.get(), pages[i], language);
    }
    m_view->showPage(SharedLabView::DevicesPage);
}

void TestLabScreens::sharedLabInBothLanguages()
{
    QCOMPARE(m_view->devicesModel()->rowCount(), 12);
    QCOMPARE(m_view->queueModel()->rowCount(), 3);
    QVERIFY(m_view->rulesButton()->isVisible());
    const QString englishTitle = m_view->windowTitle();
    QCOMPARE(englishTitle, QStringLiteral("Shared lab"));
    LabWeekCalendar *calendar = m_view->bookingsPage()->calendar();
    QCOMPARE(m_view->layoutDirection(), Qt::LeftToRight);
    QVERIFY(calendar->dayRect(0).left() < calendar->dayRect(6).left());
    grabAll(QStringLiteral("en"));

    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    m_view->unsetLocale(); // as MainWindow does on a language change: number boxes take the new locale
    m_view->setSnapshot(madeUpLab(), now()); // what a refresh does: the rows in the new words
    QCOMPARE(m_view->layoutDirection(), Qt::RightToLeft);
    QVERIFY(m_view->windowTitle() != englishTitle);
    // The calendar mirrors: the week's first day (Saturday in Persian) at the right.
    QVERIFY(calendar->dayRect(0).left() > calendar->dayRect(6).left());
    QCOMPARE(calendar->week().dayOfWeek(), int(Qt::Saturday));
    QVERIFY(!calendar->blocks().isEmpty());
    // Words in Persian, digits in Persian, ids kept left to right.
    const QString state = m_view->devicesModel()->index(0, LabDevicesModel::State).data().toString();
    QVERIFY2(state != QLatin1String("leased"), qPrintable(state));
    const QString run = m_view->devicesModel()->index(0, LabDevicesModel::Run).data().toString();
    QVERIFY(run.startsWith(QChar(0x2066)) && run.endsWith(QChar(0x2069)));
    const QString util = m_view->devicesModel()->index(0, LabDevicesModel::UtilNow).data().toString();
    QVERIFY2(util.contains(QChar(0x06F9)), qPrintable(util)); // ۹۴٪
    grabAll(QStringLiteral("fa"));

    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    QCOMPARE(m_view->layoutDirection(), Qt::LeftToRight);
    QCOMPARE(m_view->windowTitle(), englishTitle);
}

QTEST_MAIN(TestLabScreens)
#include "tst_labscreens.moc"
