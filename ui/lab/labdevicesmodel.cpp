#include "labdevicesmodel.h"

#include "labformat.h"
#include "localeformat.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace {
int jsonInt(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toInt();
}
} // namespace

LabDevicesModel::LabDevicesModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void LabDevicesModel::setSnapshot(const LabSnapshot &snapshot, qint64 nowMs)
{
    beginResetModel();
    m_nowMs = nowMs;
    m_devices.clear();
    m_idle.clear();
    m_idleRule.clear();
    for (const LabNode &n : snapshot.nodes) {
        for (const LabDevice &d : n.devices) {
            m_devices.append(d);
            m_idle.append(isIdleHeld(d, n.policy, nowMs));
            m_idleRule.append(idleRule(n.policy));
        }
    }
    endResetModel();
}

void LabDevicesModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_devices.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

std::pair<int, int> LabDevicesModel::idleRule(const QJsonObject &policy)
{
    // The lab's own idle rule when the admin set one (shown sooner than it reclaims); otherwise a modest
    // default.
    const int percent =
        jsonInt(policy, "idle_util_percent") > 0 ? jsonInt(policy, "idle_util_percent") : kIdlePercent;
    const int minutes = jsonInt(policy, "idle_minutes") > 0
                            ? qMin(jsonInt(policy, "idle_minutes"), kIdleMinutes)
                            : kIdleMinutes;
    return {percent, minutes};
}

bool LabDevicesModel::isIdleHeld(const LabDevice &d, const QJsonObject &policy, qint64 nowMs)
{
    if (d.state != LabDevice::State::Held || !d.hold || d.hold->pending || d.hold->queued)
        return false;
    const auto [percent, minutes] = idleRule(policy);
    const qint64 window = qint64(minutes) * 60 * 1000;
    // A run that has just started is still loading its data: not idle yet.
    if (d.hold->sinceMs <= 0 || nowMs - d.hold->sinceMs < window)
        return false;
    if (d.util >= percent)
        return false;
    if (d.day.stepMs > 0) {
        for (qsizetype i = 0; i < d.day.util.size(); ++i) {
            const qint64 at = d.day.startMs + i * d.day.stepMs;
            const int u = d.day.util[i];
            if (at + d.day.stepMs > nowMs - window && u >= percent)
                return false;
        }
    }
    return true;
}

int LabDevicesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_devices.size());
}

int LabDevicesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LabDevicesModel::userOf(const LabDevice &d)
{
    if (d.hold)
        return d.hold->user;
    if (d.booking)
        return d.booking->user;
    return {};
}

QVariant LabDevicesModel::display(const LabDevice &d, int column) const
{
    switch (column) {
    case Machine:
        return LabFormat::text(d.nodeName);
    case Device:
        return d.name.isEmpty()
                   ? LocaleFormat::number(qint64(d.index))
                   : tr("%1: %2").arg(LocaleFormat::number(qint64(d.index)), LabFormat::text(d.name));
    case State:
        return LabFormat::stateText(d.state);
    case User:
        return LabFormat::token(userOf(d));
    case Run:
        return d.hold ? LabFormat::token(d.hold->runId) : QString();
    case Since:
        if (d.hold)
            return LabFormat::time(d.hold->sinceMs, m_nowMs);
        return d.booking ? LabFormat::time(d.booking->fromMs, m_nowMs) : QString();
    case Until:
        if (d.hold && d.hold->untilMs > 0)
            return LabFormat::time(d.hold->untilMs, m_nowMs);
        return d.booking ? LabFormat::time(d.booking->toMs, m_nowMs) : QString();
    case UtilNow:
        return LocaleFormat::percent(d.util, 0);
    case Day:
        return {}; // the delegate draws the sparkline
    case WeekMean: {
        const double mean = d.week.mean();
        return mean < 0 ? tr("—") : LocaleFormat::percent(mean, 0);
    }
    case NextBooking:
        if (!d.nextBooking)
            return {};
        return tr("%1, %2").arg(LabFormat::token(d.nextBooking->user),
                                LabFormat::time(d.nextBooking->fromMs, m_nowMs));
    }
    return {};
}

QVariant LabDevicesModel::toolTip(const LabDevice &d, int row, int column) const
{
    switch (column) {
    case Machine:
    case Device:
        return tr("%1, device %2 (%3)")
            .arg(LabFormat::text(d.nodeName), LocaleFormat::number(qint64(d.index)), LabFormat::text(d.name));
    case State:
        switch (d.state) {
        case LabDevice::State::Free:
            return tr("No run holds this device and no booking covers it now");
        case LabDevice::State::Held:
            return tr("Held by a run of %1").arg(LabFormat::token(userOf(d)));
        case LabDevice::State::Pending:
            return tr("A run of %1 is taking it: its other machines are being asked")
                .arg(LabFormat::token(userOf(d)));
        case LabDevice::State::Booked:
            return tr("Booked by %1: only their runs may use it now").arg(LabFormat::token(userOf(d)));
        }
        return {};
    case Until:
        if (d.hold)
            return d.hold->untilMs > 0 ? tr("Expected end of the run") : tr("The run's end is not known");
        return d.booking ? tr("End of the booking") : QVariant();
    case UtilNow:
        if (!m_idle.value(row))
            return {};
        return tr("Held but idle: a run holds it, yet it has stayed below %1 for %Ln minute(s)", nullptr,
                  m_idleRule.value(row).second)
            .arg(LocaleFormat::percent(m_idleRule.value(row).first, 0));
    case Day:
        return dayToolTip(d.day);
    case WeekMean:
        return tr("Mean utilization over the last 7 days");
    case NextBooking:
        if (!d.nextBooking)
            return tr("No booking ahead");
        return tr("Booked by %1 from %2 to %3%4")
            .arg(LabFormat::token(d.nextBooking->user), LabFormat::time(d.nextBooking->fromMs, m_nowMs),
                 LabFormat::time(d.nextBooking->toMs, m_nowMs),
                 d.nextBooking->note.isEmpty() ? QString()
                                               : tr(": %1").arg(LabFormat::text(d.nextBooking->note)));
    default:
        return {};
    }
}

QString LabDevicesModel::dayToolTip(const LabSeries &day) const
{
    // The sparkline is small: its figures in words (issue #29, item 14). The mean, the peak and when,
    // and each four hours' mean, so a day reads as "idle at night, busy since 09:00".
    const double mean = day.mean();
    if (mean < 0)
        return tr("No samples in the last 24 hours");
    QStringList lines{tr("Last 24 hours: %1 on average").arg(LocaleFormat::percent(mean, 0))};
    qsizetype peak = -1;
    for (qsizetype i = 0; i < day.util.size(); ++i) {
        if (day.util[i] >= 0 && (peak < 0 || day.util[i] > day.util[peak]))
            peak = i;
    }
    if (peak >= 0 && day.stepMs > 0)
        lines << tr("Highest: %1 at %2")
                     .arg(LocaleFormat::percent(day.util[peak], 0),
                          LabFormat::time(day.startMs + peak * day.stepMs, m_nowMs));
    if (day.stepMs <= 0)
        return lines.join(QLatin1Char('\n'));
    const qsizetype perBlock = qMax<qsizetype>(1, (4 * 3600 * 1000) / day.stepMs);
    for (qsizetype from = 0; from < day.util.size(); from += perBlock) {
        const qsizetype to = qMin(day.util.size(), from + perBlock);
        double sum = 0;
        int n = 0;
        for (qsizetype i = from; i < to; ++i) {
            if (day.util[i] >= 0) {
                sum += day.util[i];
                ++n;
            }
        }
        const QString start = LocaleFormat::dateTime(
            QDateTime::fromMSecsSinceEpoch(day.startMs + from * day.stepMs), QStringLiteral("HH:mm"));
        const QString end = LocaleFormat::dateTime(
            QDateTime::fromMSecsSinceEpoch(day.startMs + to * day.stepMs), QStringLiteral("HH:mm"));
        lines << (n > 0 ? tr("%1–%2: %3").arg(start, end, LocaleFormat::percent(sum / n, 0))
                        : tr("%1–%2: no samples").arg(start, end));
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant LabDevicesModel::sortValue(const LabDevice &d, int column) const
{
    switch (column) {
    case Machine:
        return d.nodeName;
    case Device:
        return d.index;
    case State:
        return int(d.state);
    case User:
        return userOf(d);
    case Run:
        return d.hold ? d.hold->runId : QString();
    case Since:
        return d.hold ? d.hold->sinceMs : d.booking ? d.booking->fromMs : 0;
    case Until:
        return d.hold ? d.hold->untilMs : d.booking ? d.booking->toMs : 0;
    case UtilNow:
        return d.util;
    case Day:
        return d.day.mean();
    case WeekMean:
        return d.week.mean();
    case NextBooking:
        return d.nextBooking ? d.nextBooking->fromMs : std::numeric_limits<qint64>::max();
    }
    return {};
}

QVariant LabDevicesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_devices.size())
        return {};
    const LabDevice &d = m_devices.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(d, index.column());
    case Qt::ToolTipRole:
        return toolTip(d, index.row(), index.column());
    case Qt::DecorationRole:
        if (index.column() == UtilNow && m_idle.value(index.row()))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == UtilNow || index.column() == WeekMean)
            return QVariant::fromValue(Qt::AlignTrailing | Qt::AlignVCenter);
        return {};
    case StateRole:
        return int(d.state);
    case IdleHeldRole:
        return m_idle.value(index.row());
    case SeriesRole:
        return QVariant::fromValue(d.day.util);
    case SeriesStartRole:
        return d.day.startMs;
    case SeriesStepRole:
        return d.day.stepMs;
    case UserNameRole:
        return userOf(d);
    case NodeIdRole:
        return d.nodeId;
    case DeviceIndexRole:
        return d.index;
    case RunIdRole:
        return d.hold ? d.hold->runId : QString();
    case SortRole:
        return sortValue(d, index.column());
    default:
        return {};
    }
}

QVariant LabDevicesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Day)
        return tr("Utilization over the last 24 hours, one value a minute");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Machine:
        return tr("Machine");
    case Device:
        return tr("Device");
    case State:
        return tr("State");
    case User:
        return tr("User");
    case Run:
        return tr("Run");
    case Since:
        return tr("Since");
    case Until:
        return tr("Until");
    case UtilNow:
        return tr("Now");
    case Day:
        return tr("Last 24 h");
    case WeekMean:
        return tr("7-day mean");
    case NextBooking:
        return tr("Next booking");
    }
    return {};
}
