#include "labbookingspage.h"

#include "labformat.h"
#include "labweekcalendar.h"
#include "localeformat.h"

#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

LabBookingsPage::LabBookingsPage(QWidget *parent)
    : QWidget(parent)
    , m_calendar(new LabWeekCalendar)
    , m_previous(new QToolButton)
    , m_today(new QPushButton)
    , m_next(new QToolButton)
    , m_weekLabel(new QLabel)
    , m_machines(new QComboBox)
    , m_book(new QPushButton)
    , m_hint(new QLabel)
{
    QFont bold = m_weekLabel->font();
    bold.setBold(true);
    m_weekLabel->setFont(bold);
    m_machines->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setWordWrap(true);
    for (QToolButton *b : {m_previous, m_next})
        b->setAutoRaise(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_previous);
    bar->addWidget(m_today);
    bar->addWidget(m_next);
    bar->addSpacing(8);
    bar->addWidget(m_weekLabel);
    bar->addStretch(1);
    bar->addWidget(m_machines);
    bar->addWidget(m_book);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(m_calendar, 1);
    layout->addWidget(m_hint);
    connect(m_previous, &QToolButton::clicked, this, [this] { moveWeek(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { moveWeek(1); });
    connect(m_today, &QPushButton::clicked, this, [this] { moveWeek(0); });
    connect(m_machines, &QComboBox::currentIndexChanged, this, &LabBookingsPage::showBookings);
    connect(m_book, &QPushButton::clicked, this, &LabBookingsPage::bookRequested);
    connect(m_calendar, &LabWeekCalendar::bookRequested, this, &LabBookingsPage::bookRequested);
    connect(m_calendar, &LabWeekCalendar::cancelRequested, this, &LabBookingsPage::cancelRequested);
    retranslate();
}

QString LabBookingsPage::machine() const
{
    return m_machines->currentData().toString();
}

void LabBookingsPage::moveWeek(int weeks)
{
    const QDate now =
        QDateTime::fromMSecsSinceEpoch(m_nowMs > 0 ? m_nowMs : QDateTime::currentMSecsSinceEpoch()).date();
    m_calendar->setWeek(weeks == 0 ? LabCalendarLayout::weekStart(now)
                                   : m_calendar->week().addDays(7 * weeks));
    updateWeekLabel();
}

void LabBookingsPage::setSnapshot(const LabSnapshot &snapshot, const QString &me, qint64 nowMs)
{
    m_nowMs = nowMs;
    m_bookings = snapshot.bookings();
    m_calendar->setUser(me);
    m_calendar->setNow(nowMs);
    const QString chosen = machine();
    {
        const QSignalBlocker block(m_machines);
        m_machines->clear();
        m_machines->addItem(tr("All machines"), QString());
        for (const LabNode &n : snapshot.nodes)
            m_machines->addItem(LabFormat::text(n.name), n.nodeId);
        m_machines->setCurrentIndex(qMax(0, m_machines->findData(chosen)));
    }
    showBookings();
}

void LabBookingsPage::showBookings()
{
    const QString only = machine();
    QList<LabBooking> shown;
    for (const LabBooking &b : std::as_const(m_bookings)) {
        if (only.isEmpty() || b.nodeId == only)
            shown << b;
    }
    m_calendar->setBookings(shown);
}

void LabBookingsPage::updateWeekLabel()
{
    const QDate first = m_calendar->week();
    m_weekLabel->setText(
        tr("%1 – %2").arg(LocaleFormat::date(first, QStringLiteral("d MMMM")),
                          LocaleFormat::date(first.addDays(6), QStringLiteral("d MMMM yyyy"))));
}

void LabBookingsPage::retranslate()
{
    m_previous->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_next->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_previous->setToolTip(tr("Previous week"));
    m_next->setToolTip(tr("Next week"));
    m_today->setText(tr("This week"));
    m_book->setText(tr("Book…"));
    m_book->setToolTip(tr("Book devices for the time selected on the calendar"));
    m_machines->setToolTip(tr("Show one machine's bookings only"));
    if (m_machines->count() > 0)
        m_machines->setItemText(0, tr("All machines"));
    m_hint->setText(tr("Drag over a day to select the hours, then press Book… Your own bookings have a dark "
                       "outline; their context menu cancels them."));
    // The week begins on another day in another language (Saturday in Persian): keep the same days in view.
    m_calendar->setWeek(LabCalendarLayout::weekStart(m_calendar->week().addDays(3)));
    updateWeekLabel();
}

void LabBookingsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::LayoutDirectionChange)
        retranslate(); // the arrows point the other way
    QWidget::changeEvent(event);
}
