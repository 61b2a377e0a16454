#include "labweekcalendar.h"

#include "labformat.h"
#include "localeformat.h"

#include <QContextMenuEvent>
#include <QDateTime>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

namespace {
constexpr int kMinHourHeight = 14;

QColor textOn(const QColor &fill)
{
    return fill.lightness() > 140 ? QColor(0x20, 0x20, 0x20) : QColor(0xfa, 0xfa, 0xfa);
}
} // namespace

LabWeekCalendar::LabWeekCalendar(QWidget *parent)
    : QWidget(parent)
    , m_week(LabCalendarLayout::weekStart(QDate::currentDate()))
    , m_nowMs(QDateTime::currentMSecsSinceEpoch())
{
    setMouseTracking(false);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void LabWeekCalendar::setWeek(QDate weekStart)
{
    if (weekStart == m_week)
        return;
    m_week = weekStart;
    m_selection = {};
    relayout();
    Q_EMIT selectionChanged();
}

void LabWeekCalendar::setBookings(const QList<LabBooking> &bookings)
{
    m_bookings = bookings;
    relayout();
}

void LabWeekCalendar::setNow(qint64 ms)
{
    m_nowMs = ms;
    update();
}

void LabWeekCalendar::relayout()
{
    m_blocks = LabCalendarLayout::layout(m_bookings, m_week);
    update();
}

void LabWeekCalendar::setSelection(const Selection &selection)
{
    m_selection = selection;
    update();
    Q_EMIT selectionChanged();
}

std::pair<qint64, qint64> LabWeekCalendar::selectedRange() const
{
    if (!m_selection.isValid())
        return {0, 0};
    const qint64 day = LabCalendarLayout::dayStartMs(m_week, m_selection.day);
    return {day + qint64(m_selection.fromMinute) * 60000, day + qint64(m_selection.toMinute) * 60000};
}

int LabWeekCalendar::headerHeight() const
{
    return fontMetrics().height() * 2 + 10;
}

int LabWeekCalendar::gutterWidth() const
{
    return fontMetrics().horizontalAdvance(QLocale().toString(QTime(22, 0), QStringLiteral("HH:mm"))) + 18;
}

QRect LabWeekCalendar::daysArea() const
{
    // The hours' column on the leading side: the left in English, the right in Persian.
    return mirrored(QRect(gutterWidth(), headerHeight(), width() - gutterWidth(), height() - headerHeight()));
}

QRect LabWeekCalendar::mirrored(const QRect &logical) const
{
    // Laid out left to right, then turned over as a whole in a right-to-left layout: an exact mirror image.
    if (layoutDirection() != Qt::RightToLeft)
        return logical;
    return QRect(width() - logical.left() - logical.width(), logical.top(), logical.width(),
                 logical.height());
}

double LabWeekCalendar::minuteHeight() const
{
    return double(height() - headerHeight()) / LabCalendarLayout::kMinutesPerDay;
}

QRect LabWeekCalendar::logicalDayRect(int day) const
{
    const int w = (width() - gutterWidth()) / 7;
    return QRect(gutterWidth() + day * w, headerHeight(), w, height() - headerHeight());
}

QRect LabWeekCalendar::dayRect(int day) const
{
    // Days in reading order: the week's first day at the left in English, at the right in Persian.
    return mirrored(logicalDayRect(day));
}

QRect LabWeekCalendar::blockRect(const LabCalendarBlock &block) const
{
    const QRect day = logicalDayRect(block.day).adjusted(2, 0, -2, 0);
    const double mh = minuteHeight();
    const int top = day.top() + int(block.startMinute * mh);
    const int bottom = day.top() + int(block.endMinute * mh);
    const int laneWidth = day.width() / qMax(1, block.lanes);
    return mirrored(
        QRect(day.left() + block.lane * laneWidth, top, laneWidth - 1, qMax(3, bottom - top - 1)));
}

int LabWeekCalendar::bookingAt(const QPoint &pos) const
{
    for (const LabCalendarBlock &b : m_blocks) {
        if (blockRect(b).contains(pos))
            return b.booking;
    }
    return -1;
}

std::pair<int, int> LabWeekCalendar::cellAt(const QPoint &pos, int snap) const
{
    const QRect area = daysArea();
    for (int d = 0; d < 7; ++d) {
        const QRect r = dayRect(d);
        if (pos.x() >= r.left() && pos.x() <= r.right()) {
            const double minute = qBound(0.0, (pos.y() - area.top()) / minuteHeight(),
                                         double(LabCalendarLayout::kMinutesPerDay - 1));
            return {d, int(minute) / snap * snap};
        }
    }
    return {-1, 0};
}

QString LabWeekCalendar::blockText(const LabBooking &b) const
{
    QStringList lines{LabFormat::token(b.user),
                      tr("%1: %2").arg(LabFormat::text(b.nodeName), LabFormat::devices(b.devices))};
    if (!b.note.isEmpty())
        lines << LabFormat::text(b.note);
    return lines.join(QLatin1Char('\n'));
}

QString LabWeekCalendar::toolTip(const LabBooking &b) const
{
    QString text =
        tr("Booked by %1\n%2, devices %3\nfrom %4\nto %5")
            .arg(LabFormat::token(b.user), LabFormat::text(b.nodeName), LabFormat::devices(b.devices),
                 LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(b.fromMs)),
                 LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(b.toMs)));
    if (!b.note.isEmpty())
        text += QLatin1Char('\n') + LabFormat::text(b.note);
    if (b.user == m_user)
        text += QLatin1Char('\n') + tr("Yours: its context menu cancels it.");
    return text;
}

QSize LabWeekCalendar::sizeHint() const
{
    return {gutterWidth() + 7 * 130, headerHeight() + 24 * 24};
}

QSize LabWeekCalendar::minimumSizeHint() const
{
    return {gutterWidth() + 7 * 60, headerHeight() + 24 * kMinHourHeight};
}

void LabWeekCalendar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRect area = daysArea();
    const double mh = minuteHeight();
    const QLocale locale;
    const bool rtl = layoutDirection() == Qt::RightToLeft;
    const int leading = int(QStyle::visualAlignment(layoutDirection(), Qt::AlignLeft));
    const int trailing = int(QStyle::visualAlignment(layoutDirection(), Qt::AlignRight));
    p.fillRect(rect(), pal.color(QPalette::Base));

    QColor grid = pal.color(QPalette::Text);
    grid.setAlpha(40);
    QColor faintGrid = grid;
    faintGrid.setAlpha(18);
    const QDate today = QDateTime::fromMSecsSinceEpoch(m_nowMs).date();

    // Day headers (weekday and date in the interface's calendar: Jalali in Persian) and today's column.
    QFont bold = font();
    bold.setBold(true);
    for (int d = 0; d < 7; ++d) {
        const QRect day = dayRect(d);
        const QDate date = m_week.addDays(d);
        const QRect header(day.left(), 0, day.width(), area.top());
        if (date == today) {
            QColor tint = pal.color(QPalette::Highlight);
            tint.setAlpha(28);
            p.fillRect(day.united(header), tint);
        }
        p.setPen(pal.color(QPalette::Text));
        p.setFont(bold);
        p.drawText(header.adjusted(2, 4, -2, -header.height() / 2), Qt::AlignCenter,
                   LocaleFormat::date(date, QStringLiteral("dddd")));
        p.setFont(font());
        p.drawText(header.adjusted(2, header.height() / 2 - 2, -2, -4), Qt::AlignCenter,
                   LocaleFormat::date(date, QStringLiteral("d MMMM")));
    }

    // Hours: a line each, a label every hour there is room for.
    const int labelEvery = mh * 60 >= fontMetrics().height() ? 1 : 2;
    const QRect gutter = rtl ? QRect(area.right() + 1, area.top(), width() - area.right() - 1, area.height())
                             : QRect(0, area.top(), area.left(), area.height());
    for (int h = 0; h <= 24; ++h) {
        const int y = area.top() + int(h * 60 * mh);
        p.setPen(QPen(h % 6 == 0 ? grid : faintGrid, 1));
        p.drawLine(area.left(), y, area.right(), y);
        if (h < 24 && h % labelEvery == 0) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            // A gap on the grid's side, so the hour line does not run into its label.
            const QRect label =
                rtl ? QRect(gutter.left() + 8, y + 1, gutter.width() - 12, fontMetrics().height())
                    : QRect(gutter.left() + 4, y + 1, gutter.width() - 12, fontMetrics().height());
            p.drawText(label, trailing | Qt::AlignTop, locale.toString(QTime(h, 0), QStringLiteral("HH:mm")));
        }
    }
    for (int d = 0; d <= 7; ++d) {
        const int x = d < 7 ? dayRect(d).left() : (rtl ? dayRect(0).right() + 1 : dayRect(6).right() + 1);
        p.setPen(QPen(grid, 1));
        p.drawLine(x, 0, x, area.bottom());
    }

    // The selection being booked.
    if (m_selection.isValid()) {
        const QRect day = dayRect(m_selection.day);
        const QRect sel(day.left() + 1, day.top() + int(m_selection.fromMinute * mh), day.width() - 2,
                        int((m_selection.toMinute - m_selection.fromMinute) * mh));
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlpha(70);
        p.fillRect(sel, fill);
        p.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
        p.drawRect(sel);
    }

    // Bookings: a block each, in its user's colour.
    for (const LabCalendarBlock &block : std::as_const(m_blocks)) {
        const LabBooking &b = m_bookings.at(block.booking);
        const QRect r = blockRect(block);
        const QColor fill = LabFormat::userColor(b.user, pal);
        p.setPen(QPen(fill.darker(b.user == m_user ? 170 : 130), b.user == m_user ? 2 : 1));
        p.setBrush(fill);
        p.drawRoundedRect(r, 3, 3);
        p.setPen(textOn(fill));
        const QRect text = r.adjusted(4, 2, -4, -2);
        if (text.height() < fontMetrics().height())
            continue;
        p.save();
        p.setClipRect(text);
        int y = text.top();
        const QStringList lines = blockText(b).split(QLatin1Char('\n'));
        // Whole lines only: a line cut in half reads as another word.
        for (qsizetype i = 0; i < lines.size() && y + fontMetrics().height() <= text.bottom() + 2; ++i) {
            p.setFont(i == 0 ? bold : font());
            const QString shown = fontMetrics().elidedText(lines[i], Qt::ElideRight, text.width());
            p.drawText(QRect(text.left(), y, text.width(), fontMetrics().height()),
                       leading | Qt::AlignVCenter, shown);
            y += fontMetrics().height();
        }
        p.restore();
    }

    // Now, across today.
    const qint64 weekStart = LabCalendarLayout::dayStartMs(m_week, 0);
    if (m_nowMs >= weekStart && m_nowMs < LabCalendarLayout::dayStartMs(m_week, 7)) {
        const int day = int(m_week.daysTo(today));
        const qint64 minute = (m_nowMs - LabCalendarLayout::dayStartMs(m_week, day)) / 60000;
        const QRect r = dayRect(day);
        const int y = r.top() + int(minute * mh);
        p.setPen(QPen(QColor(0xe5, 0x39, 0x35), 2));
        p.drawLine(r.left(), y, r.right(), y);
    }
}

void LabWeekCalendar::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || bookingAt(event->position().toPoint()) >= 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    const auto [day, minute] = cellAt(event->position().toPoint(), kSnapMinutes);
    if (day < 0)
        return;
    m_dragDay = day;
    m_dragAnchor = minute;
    m_selection = {day, minute, minute + kSnapMinutes};
    update();
}

void LabWeekCalendar::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragDay < 0)
        return;
    const QRect area = daysArea();
    const double minute = qBound(0.0, (event->position().y() - area.top()) / minuteHeight(),
                                 double(LabCalendarLayout::kMinutesPerDay - 1));
    const int at = int(minute) / kSnapMinutes * kSnapMinutes;
    // Within the day the drag began on: a booking over several days is made in the dialog.
    m_selection = {m_dragDay, qMin(m_dragAnchor, at), qMax(m_dragAnchor, at) + kSnapMinutes};
    update();
}

void LabWeekCalendar::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragDay >= 0 && event->button() == Qt::LeftButton) {
        m_dragDay = -1;
        Q_EMIT selectionChanged();
    }
}

void LabWeekCalendar::mouseDoubleClickEvent(QMouseEvent *event)
{
    const auto [day, minute] = cellAt(event->position().toPoint(), 60);
    if (day < 0 || bookingAt(event->position().toPoint()) >= 0)
        return;
    if (!m_selection.isValid() || m_selection.day != day || minute < m_selection.fromMinute ||
        minute >= m_selection.toMinute)
        setSelection({day, minute, qMin(LabCalendarLayout::kMinutesPerDay, minute + 60)});
    Q_EMIT bookRequested();
}

void LabWeekCalendar::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    const int booking = bookingAt(event->pos());
    if (booking >= 0) {
        const LabBooking b = m_bookings.at(booking);
        QAction *cancel = menu.addAction(tr("Cancel booking"));
        cancel->setEnabled(!m_user.isEmpty() && b.user == m_user);
        if (!cancel->isEnabled())
            cancel->setToolTip(tr("Only %1 can cancel this booking").arg(LabFormat::token(b.user)));
        menu.setToolTipsVisible(true);
        if (menu.exec(event->globalPos()) == cancel)
            Q_EMIT cancelRequested(b);
        return;
    }
    QAction *book = menu.addAction(tr("Book…"));
    book->setEnabled(m_selection.isValid());
    if (menu.exec(event->globalPos()) == book)
        Q_EMIT bookRequested();
}

bool LabWeekCalendar::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int booking = bookingAt(help->pos());
        if (booking >= 0)
            QToolTip::showText(help->globalPos(), toolTip(m_bookings.at(booking)), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void LabWeekCalendar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LayoutDirectionChange ||
        event->type() == QEvent::LocaleChange)
        update();
    QWidget::changeEvent(event);
}
