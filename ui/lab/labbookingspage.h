#pragma once

#include "labsnapshot.h"

#include <QWidget>

class LabWeekCalendar;
class QComboBox;
class QLabel;
class QPushButton;
class QToolButton;

/// The Shared lab's bookings: a week calendar with the previous and next
/// weeks, a machine to show alone, and "Book…" for the time selected on it.
/// It shows; SharedLabView asks the agents.
class LabBookingsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabBookingsPage)

public:
    explicit LabBookingsPage(QWidget *parent = nullptr);

    void setSnapshot(const LabSnapshot &snapshot, const QString &me, qint64 nowMs);
    LabWeekCalendar *calendar() const { return m_calendar; }
    QPushButton *bookButton() const { return m_book; }
    /// The machine chosen in the filter; empty for all of them.
    QString machine() const;
    /// Moves the calendar by `weeks` (0: back to this week).
    void moveWeek(int weeks);

Q_SIGNALS:
    void bookRequested();
    void cancelRequested(const LabBooking &booking);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showBookings();
    void updateWeekLabel();

    LabWeekCalendar *m_calendar;
    QToolButton *m_previous;
    QPushButton *m_today;
    QToolButton *m_next;
    QLabel *m_weekLabel;
    QComboBox *m_machines;
    QPushButton *m_book;
    QLabel *m_hint;
    QList<LabBooking> m_bookings;
    qint64 m_nowMs = 0;
};
