#include "installjobsmodel.h"

#include "bidi.h"
#include "errorcolor.h"
#include "identity.h"

#include <QBrush>
#include <QColor>
#include <QGuiApplication>

InstallJobsModel::InstallJobsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int InstallJobsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int InstallJobsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InstallJobsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Machine:
        return tr("Machine");
    case Step:
        return tr("Step");
    case Progress:
        return tr("Progress");
    case Result:
        return tr("Result");
    default:
        return {};
    }
}

int InstallJobsModel::progress(const Row &row) const
{
    if (row.state == State::Succeeded)
        return 100;
    if (row.state == State::Waiting || row.count <= 0)
        return 0;
    return qBound(0, int(100.0 * (row.index + row.fraction) / row.count), 100);
}

QString InstallJobsModel::resultText(int row) const
{
    const Row &r = m_rows.value(row);
    const InstallResult &res = r.result;
    switch (r.state) {
    case State::Waiting:
        return tr("waiting");
    case State::Running:
        return r.notes.isEmpty() ? QString() : r.notes.last();
    case State::Failed:
    case State::Refused:
    case State::Cancelled:
        return res.error;
    case State::Succeeded:
        break;
    }
    switch (r.action) {
    case InstallRequest::Action::Install:
    case InstallRequest::Action::Upgrade:
    case InstallRequest::Action::Restart:
        if (!res.answering)
            return tr("installed %1 (%2), not started")
                .arg(Bidi::ltr(res.agentVersion), InstallText::mode(res.mode));
        return tr("%1 %2, %3: trusted, answering on %4")
            .arg(InstallText::mode(res.mode), Bidi::ltr(res.agentVersion),
                 InstallText::autostart(res.autostart),
                 Bidi::ltr(QStringLiteral("%1:%2").arg(res.host).arg(res.agentPort)));
    case InstallRequest::Action::Uninstall:
        return tr("removed");
    case InstallRequest::Action::Status:
        if (!res.installed)
            return tr("not installed");
        return tr("%1 %2, %3; %4, %5")
            .arg(InstallText::mode(res.mode), Bidi::ltr(res.agentVersion),
                 InstallText::autostart(res.autostart), res.running ? tr("running") : tr("not running"),
                 res.answering ? tr("answering on port %1").arg(res.agentPort) : tr("not answering"));
    }
    return {};
}

QVariant InstallJobsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows[index.row()];
    if (role == ProgressRole)
        return progress(r);
    if (role == StateRole)
        return int(r.state);
    if (role == Qt::ForegroundRole && index.column() == Result &&
        (r.state == State::Failed || r.state == State::Refused))
        return QBrush(errorColor(QGuiApplication::palette()));
    if (role == Qt::ToolTipRole) {
        QStringList lines{resultText(index.row())};
        lines += r.notes;
        if (r.state == State::Succeeded && !r.result.fingerprint.isEmpty())
            lines << tr("Agent fingerprint: %1")
                         .arg(Bidi::ltr(Identity::displayFingerprint(r.result.fingerprint)));
        lines.removeAll(QString());
        return lines.join(QLatin1Char('\n'));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Machine:
        return r.machine;
    case Step:
        switch (r.state) {
        case State::Waiting:
            return QString();
        case State::Running:
            return tr("%1 (%2 of %3)").arg(InstallText::step(r.step)).arg(r.index + 1).arg(r.count);
        default:
            return InstallText::outcome(r.result.outcome);
        }
    case Progress:
        return tr("%1%").arg(progress(r));
    case Result:
        return resultText(index.row());
    default:
        return {};
    }
}

void InstallJobsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int InstallJobsModel::addJob(const QString &machine, InstallRequest::Action action)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    Row r;
    r.machine = machine;
    r.action = action;
    m_rows.append(r);
    endInsertRows();
    return row;
}

void InstallJobsModel::setStep(int row, InstallStep step, int index, int count)
{
    if (row < 0 || row >= m_rows.size())
        return;
    Row &r = m_rows[row];
    r.state = State::Running;
    r.step = step;
    r.index = qMax(0, index);
    r.count = qMax(1, count);
    r.fraction = 0;
    changed(row);
}

void InstallJobsModel::setUploadProgress(int row, qint64 done, qint64 total)
{
    if (row < 0 || row >= m_rows.size() || total <= 0)
        return;
    m_rows[row].fraction = double(done) / double(total);
    changed(row);
}

void InstallJobsModel::addNote(int row, const QString &text)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].notes.append(text);
    changed(row);
}

void InstallJobsModel::setFinished(int row, const InstallResult &result)
{
    if (row < 0 || row >= m_rows.size())
        return;
    Row &r = m_rows[row];
    r.result = result;
    switch (result.outcome) {
    case InstallResult::Outcome::Succeeded:
        r.state = State::Succeeded;
        break;
    case InstallResult::Outcome::Failed:
        r.state = State::Failed;
        break;
    case InstallResult::Outcome::Refused:
        r.state = State::Refused;
        break;
    case InstallResult::Outcome::Cancelled:
        r.state = State::Cancelled;
        break;
    }
    changed(row);
}

bool InstallJobsModel::anyRunning() const
{
    return std::any_of(m_rows.cbegin(), m_rows.cend(),
                       [](const Row &r) { return r.state == State::Waiting || r.state == State::Running; });
}

void InstallJobsModel::changed(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}
