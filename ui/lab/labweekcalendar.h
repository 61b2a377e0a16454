#pragma once

#include "labcalendarlayout.h"

#include <QWidget>

/// A week of the lab's bookings: days as columns, hours as rows, each booking
/// a block in its user's colour with the user, the machine and devices and
/// the note. Days run in reading order: left to right in English, right to
/// left in Persian, with the hours' column on the leading side. Drag over a
/// day to select a time (snapped to half hours) for a new booking; a booking's
/// context menu cancels it when it is yours.
class LabWeekCalendar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabWeekCalendar)

public:
    static constexpr int kSnapMinutes = 30;

    explicit LabWeekCalendar(QWidget *parent = nullptr);

    void setWeek(QDate weekStart);
    QDate week() const { return m_week; }
    void setBookings(const QList<LabBooking> &bookings);
    const QList<LabBooking> &bookings() const { return m_bookings; }
    const QList<LabCalendarBlock> &blocks() const { return m_blocks; }
    /// Whose bookings may be cancelled here.
    void setUser(const QString &user) { m_user = user; }
    /// "Now", for the line across today (tests fix it).
    void setNow(qint64 ms);

    /// The selected time: a day of the week and its minutes; none when `day` < 0.
    struct Selection
    {
        int day = -1;
        int fromMinute = 0;
        int toMinute = 0;
        bool isValid() const { return day >= 0 && toMinute > fromMinute; }
    };
    Selection selection() const { return m_selection; }
    void setSelection(const Selection &selection);
    /// The selection on this computer's clock; {0, 0} when there is none.
    std::pair<qint64, qint64> selectedRange() const;

    /// Geometry, public for the tests: a day's column (header excluded) and a block's rectangle.
    QRect dayRect(int day) const;
    QRect blockRect(const LabCalendarBlock &block) const;
    /// The booking under a point, -1 when none.
    int bookingAt(const QPoint &pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void selectionChanged();
    /// "Book…" from the context menu of a selection, or a double click on a day.
    void bookRequested();
    void cancelRequested(const LabBooking &booking);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int headerHeight() const;
    int gutterWidth() const;
    /// The area of the seven day columns.
    QRect daysArea() const;
    /// A rectangle laid out left to right, as it shows in the widget's direction.
    QRect mirrored(const QRect &logical) const;
    QRect logicalDayRect(int day) const;
    double minuteHeight() const;
    /// The day and minute under a point (minute snapped); day -1 outside the days.
    std::pair<int, int> cellAt(const QPoint &pos, int snap) const;
    QString blockText(const LabBooking &booking) const;
    QString toolTip(const LabBooking &booking) const;
    void relayout();

    QDate m_week;
    QList<LabBooking> m_bookings;
    QList<LabCalendarBlock> m_blocks;
    QString m_user;
    qint64 m_nowMs = 0;
    Selection m_selection;
    int m_dragDay = -1;
    int m_dragAnchor = 0;
};
