#include "runstablemodel.h"

#include "bidi.h"
#include "historystore.h"
#include "localeformat.h"
#include "runconfig.h"
#include "safetext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QSet>

namespace {
constexpr int kMostRuns = 5000;

int nodeCount(const RunRecord &run)
{
    const QJsonArray nodes = run.config.value(QStringLiteral("nodes")).toArray();
    if (!nodes.isEmpty())
        return int(nodes.size());
    return run.summary.value(QStringLiteral("nodes")).toInt();
}

int deviceCount(const RunRecord &run)
{
    int devices = 0;
    for (const QJsonValue n : run.config.value(QStringLiteral("nodes")).toArray())
        devices += qMax(1, int(n.toObject().value(QStringLiteral("devices")).toArray().size()));
    return devices;
}

qint64 durationMs(const RunRecord &run)
{
    return run.durationMs(QDateTime::currentMSecsSinceEpoch());
}

bool sameRecord(const RunRecord &a, const RunRecord &b)
{
    return a.name == b.name && a.status == b.status && a.reason == b.reason && a.startedMs == b.startedMs &&
           a.endedMs == b.endedMs && a.summary == b.summary && a.strategy == b.strategy &&
           a.config == b.config && a.tags == b.tags && a.note == b.note;
}

std::optional<double> summaryValue(const RunRecord &run, const char *key)
{
    const QJsonValue v = run.summary.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}
} // namespace

RunsTableModel::RunsTableModel(HistoryStore &store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    m_throttle.setSingleShot(true);
    m_throttle.setInterval(1000);
    connect(&m_throttle, &QTimer::timeout, this, &RunsTableModel::refresh);
    connect(&store, &HistoryStore::committed, this, &RunsTableModel::scheduleRefresh);
    // Runs made or ended by hamgamctl or another app show up without Refresh (issue #31, item 4).
    connect(&store, &HistoryStore::changedElsewhere, this, &RunsTableModel::scheduleRefresh);
    store.watchForChanges(kWatchMs);
    refresh();
}

int RunsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const RunRecord *RunsTableModel::run(int row) const
{
    return row >= 0 && row < m_runs.size() ? &m_runs[row] : nullptr;
}

QModelIndex RunsTableModel::indexOfRun(const QString &id, int column) const
{
    for (int row = 0; row < m_runs.size(); ++row) {
        if (m_runs[row].id == id)
            return index(row, column);
    }
    return {};
}

void RunsTableModel::scheduleRefresh()
{
    // A run commits several times a second: read at most once per interval.
    if (!m_throttle.isActive())
        m_throttle.start();
}

void RunsTableModel::refresh()
{
    m_throttle.stop();
    RunFilter filter;
    filter.limit = kMostRuns;
    QList<RunRecord> fresh = m_store.runs(filter);
    QHash<QString, qsizetype> oldRow;
    for (qsizetype i = 0; i < m_runs.size(); ++i)
        oldRow.insert(m_runs[i].id, i);
    QHash<QString, qsizetype> freshRow;
    for (qsizetype i = 0; i < fresh.size(); ++i) {
        RunRecord &r = fresh[i];
        // A run that ended without a stored summary (the controller went away):
        // computed from its rows, once.
        if (r.summary.isEmpty() && !RunStatusText::isActive(r.status)) {
            const qsizetype old = oldRow.value(r.id, -1);
            r.summary = old >= 0 && !RunStatusText::isActive(m_runs[old].status)
                            ? m_runs[old].summary
                            : m_store.computeSummary(r.id);
        }
        freshRow.insert(r.id, i);
    }

    for (int row = int(m_runs.size()) - 1; row >= 0; --row) {
        if (!freshRow.contains(m_runs[row].id)) {
            beginRemoveRows({}, row, row);
            m_runs.removeAt(row);
            endRemoveRows();
        }
    }
    QSet<QString> known;
    for (int row = 0; row < m_runs.size(); ++row) {
        const RunRecord &updated = fresh[freshRow.value(m_runs[row].id)];
        known.insert(updated.id);
        const bool changed = !sameRecord(m_runs[row], updated);
        if (changed)
            m_runs[row] = updated;
        // A running run's duration grows with every refresh.
        if (changed || RunStatusText::isActive(updated.status))
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    QList<RunRecord> added;
    for (const RunRecord &r : std::as_const(fresh)) {
        if (!known.contains(r.id))
            added.append(r);
    }
    if (!added.isEmpty()) {
        const int first = int(m_runs.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        m_runs.append(added);
        endInsertRows();
    }
    // Runs of one name are told apart by their short id; a count changes when one is added or goes.
    QHash<QString, int> counts;
    for (const RunRecord &r : std::as_const(m_runs))
        ++counts[r.name];
    if (counts != m_nameCounts) {
        m_nameCounts = counts;
        if (!m_runs.isEmpty())
            Q_EMIT dataChanged(index(0, NameColumn), index(int(m_runs.size()) - 1, NameColumn));
    }
}

QString RunsTableModel::shortId(const QString &id)
{
    return id.section(QLatin1Char('-'), -1);
}

QString RunsTableModel::distinctName(const RunRecord &run, bool shared)
{
    const QString name = SafeText::neutralized(run.name); // a name may come from another machine's journal
    return shared ? tr("%1 (%2)", "a run's name, and its short id when another run has the name")
                        .arg(name, Bidi::ltr(shortId(run.id)))
                  : name;
}

void RunsTableModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_runs.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_runs.size()) - 1, ColumnCount - 1));
}

QVariant RunsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = section >= NodesColumn && section <= WaitColumn;
        return int((numeric ? Qt::AlignTrailing : Qt::AlignLeading) | Qt::AlignVCenter);
    }
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case DateColumn:
            return tr("Date");
        case NameColumn:
            return tr("Name");
        case StrategyColumn:
            return tr("Strategy");
        case NodesColumn:
            return tr("Nodes");
        case DurationColumn:
            return tr("Duration");
        case LossColumn:
            return tr("Final loss");
        case MetricColumn:
            return tr("Accuracy / perplexity");
        case ThroughputColumn:
            return tr("Samples/s");
        case WaitColumn:
            return tr("Mean wait");
        case StatusColumn:
            return tr("Status");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case DateColumn:
            return tr("When the run was created");
        case NodesColumn:
            return tr("Machines that took part");
        case DurationColumn:
            return tr("From the start of training to its end");
        case LossColumn:
            return tr("Training loss at the last step, mean over the devices");
        case MetricColumn:
            return tr("The last evaluation: accuracy for classifiers, perplexity for language models");
        case ThroughputColumn:
            return tr("Training samples per second over the steady part of the run");
        case WaitColumn:
            return tr(
                "Share of each step the devices spent waiting for the slowest one, mean over the devices");
        default:
            return {};
        }
    }
    return {};
}

QVariant RunsTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size() || index.column() >= ColumnCount)
        return {};
    const RunRecord &r = m_runs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case SortRole:
        return sortValue(r, index.column());
    case Qt::TextAlignmentRole: {
        const bool numeric = index.column() >= NodesColumn && index.column() <= WaitColumn;
        return int((numeric ? Qt::AlignTrailing : Qt::AlignLeading) | Qt::AlignVCenter);
    }
    case Qt::ToolTipRole:
        switch (Column(index.column())) {
        case StatusColumn:
            return r.reason.isEmpty() ? RunStatusText::display(r.status)
                                      : SafeText::neutralized(r.reason.toString());
        case StrategyColumn:
            return RunConfig::approximate(r.config) || RunConfig::automatic(r.config)
                       ? tr("%1\nGradients: %2")
                             .arg(RunConfig::strategyDescription(r.strategy),
                                  RunConfig::exchangeDescription(r.config))
                       : RunConfig::strategyDescription(r.strategy);
        case NodesColumn:
            return tr("%Ln device(s)", nullptr, deviceCount(r));
        case DateColumn:
            return LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(r.createdMs), QLocale::LongFormat);
        case NameColumn:
            return r.note.isEmpty() ? tr("Run %1").arg(Bidi::ltr(r.id))
                                    : tr("Run %1\n%2").arg(Bidi::ltr(r.id), SafeText::neutralized(r.note));
        default:
            return {};
        }
    case RunIdRole:
        return r.id;
    case NameRole:
        return r.name;
    case TagsRole:
        return r.tags;
    case NoteRole:
        return r.note;
    case StatusKeyRole:
        return RunStatusText::key(r.status);
    case StrategyKeyRole:
        return r.strategy;
    case CreatedMsRole:
        return r.createdMs;
    case ConfigRole:
        return r.config;
    case SummaryRole:
        return r.summary;
    default:
        return {};
    }
}

QVariant RunsTableModel::display(const RunRecord &r, int column) const
{
    switch (Column(column)) {
    case DateColumn:
        return LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(r.createdMs));
    case NameColumn: {
        QString text = distinctName(r, m_nameCounts.value(r.name) > 1);
        for (const QString &tag : r.tags)
            text += QStringLiteral("  #") + SafeText::neutralized(tag);
        return text;
    }
    case StrategyColumn: // an approximate run is marked where runs are listed, and one auto may make so
        if (RunConfig::automatic(r.config))
            return tr("%1 (auto)").arg(r.strategy.toUpper());
        return RunConfig::approximate(r.config) ? tr("%1 (approximate)").arg(r.strategy.toUpper())
                                                : r.strategy.toUpper();
    case NodesColumn:
        return LocaleFormat::number(qint64(nodeCount(r)));
    case DurationColumn:
        return LocaleFormat::duration(durationMs(r));
    case LossColumn: {
        const auto loss = summaryValue(r, "final_loss");
        return loss ? LocaleFormat::number(*loss, *loss < 10 ? 4 : 2) : QString();
    }
    case MetricColumn:
        if (const auto accuracy = summaryValue(r, "eval_accuracy"))
            return LocaleFormat::percent(*accuracy * 100.0, 1);
        if (const auto perplexity = summaryValue(r, "eval_perplexity"))
            return tr("ppl %1").arg(LocaleFormat::number(*perplexity, 2));
        return QString();
    case ThroughputColumn: {
        const auto v = summaryValue(r, "samples_per_s");
        return v ? LocaleFormat::number(*v, *v < 100 ? 1 : 0) : QString();
    }
    case WaitColumn: {
        const auto v = summaryValue(r, "mean_wait_pct");
        return v ? LocaleFormat::percent(*v, 1) : QString();
    }
    case StatusColumn:
        return RunStatusText::display(r.status);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunsTableModel::sortValue(const RunRecord &r, int column) const
{
    // Missing numbers sort below every real value.
    auto number = [&](const char *key) -> QVariant {
        const auto v = summaryValue(r, key);
        return v ? *v : -1.0;
    };
    switch (Column(column)) {
    case DateColumn:
        return r.createdMs;
    case NameColumn:
        return r.name;
    case StrategyColumn:
        return r.strategy;
    case NodesColumn:
        return nodeCount(r);
    case DurationColumn:
        return durationMs(r);
    case LossColumn:
        return number("final_loss");
    case MetricColumn: {
        if (const auto accuracy = summaryValue(r, "eval_accuracy"))
            return *accuracy * 100.0;
        return number("eval_perplexity");
    }
    case ThroughputColumn:
        return number("samples_per_s");
    case WaitColumn:
        return number("mean_wait_pct");
    case StatusColumn:
        return RunStatusText::key(r.status);
    case ColumnCount:
        break;
    }
    return {};
}
