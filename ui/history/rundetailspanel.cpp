#include "rundetailspanel.h"

#include "bidi.h"
#include "comparisonview.h"
#include "eventkind.h"
#include "eventtext.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "localeformat.h"
#include "runconfig.h"
#include "runstablemodel.h"
#include "safetext.h"
#include "sortarrowstyle.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace {
// The events a user reads to understand a run; steps, plans and checkpoints
// are in the plots and the ranks table.
const QStringList &notableKinds()
{
    static const QStringList kinds = [] {
        QStringList names;
        for (EventKind kind : {EventKind::Launch, EventKind::State, EventKind::Error, EventKind::Warning,
                               EventKind::Rebalance, EventKind::WorkerExit, EventKind::Diagnosis,
                               EventKind::StopRequested, EventKind::AbortRequested, EventKind::Finished})
            names << EventKinds::name(kind);
        return names;
    }();
    return kinds;
}

constexpr int kMostEvents = 500;

QString batchesText(const QJsonArray &batches)
{
    QStringList parts;
    for (const QJsonValue v : batches)
        parts << LocaleFormat::number(jsonInt64(v));
    // A middle dot would read as the Persian zero (۰): the language's own comma.
    return parts.join(RunDetailsPanel::tr(", ", "between the numbers of a list"));
}

QStandardItem *numberItem(double value, int decimals)
{
    auto *item = new QStandardItem(LocaleFormat::number(value, decimals));
    item->setData(value, Qt::UserRole);
    item->setTextAlignment(Qt::AlignTrailing | Qt::AlignVCenter);
    item->setEditable(false);
    return item;
}

QStandardItem *textItem(const QString &text)
{
    auto *item = new QStandardItem(text);
    item->setData(text, Qt::UserRole);
    item->setEditable(false);
    return item;
}
} // namespace

RunDetailsPanel::RunDetailsPanel(HistoryStore &store, RunsTableModel &runs, QWidget *parent)
    : QTabWidget(parent)
    , m_store(store)
    , m_runs(runs)
{
    buildUi();
    retranslate();
}

void RunDetailsPanel::buildUi()
{
    // The summary as a form rather than rich text: Qt's rich-text tables do not
    // mirror for right-to-left, a form layout does.
    m_summaryTitle = new QLabel;
    QFont titleFont = m_summaryTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_summaryTitle->setFont(titleFont);
    m_summaryTitle->setWordWrap(true);
    m_summaryTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryForm = new QFormLayout;
    m_summaryForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_summaryForm->setRowWrapPolicy(QFormLayout::DontWrapRows);
    // The user's tags and note on the run: searched by the filter, kept in the history.
    m_tagsLabel = new QLabel;
    m_noteLabel = new QLabel;
    m_tagsEdit = new QLineEdit;
    m_tagsEdit->setObjectName(QStringLiteral("tags"));
    m_noteEdit = new QPlainTextEdit;
    m_noteEdit->setObjectName(QStringLiteral("note"));
    m_noteEdit->setTabChangesFocus(true);
    m_noteEdit->setFixedHeight(m_noteEdit->fontMetrics().lineSpacing() * 4 + 12);
    m_saveNotesButton = new QPushButton;
    m_notesBox = new QWidget;
    auto *notes = new QFormLayout(m_notesBox);
    notes->setContentsMargins(0, 8, 0, 0);
    notes->addRow(m_tagsLabel, m_tagsEdit);
    notes->addRow(m_noteLabel, m_noteEdit);
    notes->addRow(QString(), m_saveNotesButton);
    auto *summaryPage = new QWidget;
    auto *summaryLayout = new QVBoxLayout(summaryPage);
    summaryLayout->addWidget(m_summaryTitle);
    summaryLayout->addLayout(m_summaryForm);
    summaryLayout->addWidget(m_notesBox);
    summaryLayout->addStretch(1);
    m_summary = new QScrollArea;
    m_summary->setWidget(summaryPage);
    m_summary->setWidgetResizable(true);
    m_summary->setFrameShape(QFrame::NoFrame);
    m_nodes = new QStandardItemModel(this);
    m_nodesView = new QTableView;
    m_nodesView->setModel(m_nodes);
    m_nodesView->verticalHeader()->hide();
    m_nodesView->setAlternatingRowColors(true);
    m_nodesView->setWordWrap(false);
    m_nodesView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nodesView->horizontalHeader()->setStretchLastSection(true);
    m_ranks = new QStandardItemModel(this);
    m_ranksView = new QTableView;
    m_ranksView->setModel(m_ranks);
    m_ranksView->verticalHeader()->hide();
    m_ranksView->setSortingEnabled(true);
    SortArrowStyle::apply(m_ranksView->horizontalHeader());
    m_ranksView->setAlternatingRowColors(true);
    m_ranksView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_events = new QStandardItemModel(this);
    m_eventsView = new QTableView;
    m_eventsView->setModel(m_events);
    m_eventsView->verticalHeader()->hide();
    m_eventsView->setWordWrap(true);
    m_eventsView->setAlternatingRowColors(true);
    m_eventsView->horizontalHeader()->setStretchLastSection(true);
    m_eventsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_eventsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (QStandardItemModel *m : {m_nodes, m_ranks, m_events})
        m->setSortRole(Qt::UserRole);

    addTab(m_summary, QString());
    addTab(m_nodesView, QString());
    addTab(m_ranksView, QString());
    addTab(m_eventsView, QString());
    setDocumentMode(true);
    connect(m_tagsEdit, &QLineEdit::editingFinished, this, &RunDetailsPanel::saveNotes);
    connect(m_saveNotesButton, &QPushButton::clicked, this, &RunDetailsPanel::saveNotes);
}

void RunDetailsPanel::retranslate()
{
    m_tagsEdit->setPlaceholderText(tr("e.g. baseline, thesis chapter 3"));
    m_noteLabel->setText(tr("Note"));
    m_noteEdit->setPlaceholderText(tr("What this run was for, what you learned from it"));
    updateNotesLabels();
    setTabText(SummaryTab, tr("Summary"));
    setTabText(NodesTab, tr("Nodes"));
    setTabText(RanksTab, tr("Ranks"));
    setTabText(EventsTab, tr("Events"));
}

void RunDetailsPanel::showRuns(const QString &runId, int status, const QStringList &selection)
{
    if (runId == m_runId && status == m_status && !runId.isEmpty() && selection == m_selection)
        return;
    m_selection = selection;
    m_runId = runId;
    m_status = status;
    m_nodeNames.clear();
    fillSummary(runId);
    fillRanks(runId);
    fillEvents(selection.size() > 1 ? selection : (runId.isEmpty() ? QStringList() : QStringList{runId}));
}

void RunDetailsPanel::updateNotesLabels()
{
    const int several = m_selection.size() > 1 ? int(m_selection.size()) : 0;
    m_tagsLabel->setText(several ? tr("Tags of the %Ln selected run(s)", nullptr, several) : tr("Tags"));
    m_tagsEdit->setToolTip(
        several ? tr("The tags every selected run has. A tag you add goes to each of them, a tag you remove "
                     "leaves each of them; their other tags stay.")
                : tr("Labels of your own, separated by commas; the filter above finds them"));
    m_saveNotesButton->setText(several ? tr("Save the tags of %Ln run(s)", nullptr, several)
                                       : tr("Save tags and note"));
    m_noteLabel->setVisible(!several);
    m_noteEdit->setVisible(!several);
}

void RunDetailsPanel::saveNotes()
{
    if (m_runId.isEmpty())
        return;
    QStringList tags;
    for (const QString &t : m_tagsEdit->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!t.trimmed().isEmpty() && !tags.contains(t.trimmed()))
            tags << t.trimmed();
    }
    if (m_selection.size() > 1) {
        // Several runs: what was added to or taken from their shared tags, applied to each run.
        bool changed = false;
        for (const QString &id : std::as_const(m_selection)) {
            const QModelIndex i = m_runs.indexOfRun(id);
            if (!i.isValid())
                continue;
            const QStringList before = i.data(RunsTableModel::TagsRole).toStringList();
            QStringList after;
            for (const QString &t : before) {
                if (!m_commonTags.contains(t) || tags.contains(t))
                    after << t;
            }
            for (const QString &t : std::as_const(tags)) {
                if (!after.contains(t))
                    after << t;
            }
            if (after != before) {
                m_store.setNotes(id, after, i.data(RunsTableModel::NoteRole).toString());
                changed = true;
            }
        }
        m_commonTags = tags;
        if (changed) {
            m_store.flush();
            m_runs.refresh();
        }
        return;
    }
    const QString note = m_noteEdit->toPlainText().trimmed();
    const QModelIndex i = m_runs.indexOfRun(m_runId);
    if (i.isValid() && i.data(RunsTableModel::TagsRole).toStringList() == tags &&
        i.data(RunsTableModel::NoteRole).toString() == note)
        return;
    m_store.setNotes(m_runId, tags, note);
    m_store.flush();
    m_runs.refresh();
}

QString RunDetailsPanel::nodeName(const QString &agentId) const
{
    if (agentId == QLatin1String("controller"))
        return tr("Controller");
    return m_nodeNames.value(agentId, agentId.left(12));
}

QString RunDetailsPanel::directed(const QString &text) const
{
    // A label takes its paragraph direction from its first letter: a run name
    // or "HDP — …" would turn a Persian line around. Rich text can say the
    // direction; the interface's is the right one.
    return QStringLiteral("<div dir='%1'>%2</div>")
        .arg(layoutDirection() == Qt::RightToLeft ? QStringLiteral("rtl") : QStringLiteral("ltr"),
             text.toHtmlEscaped());
}

void RunDetailsPanel::fillSummary(const QString &runId)
{
    while (m_summaryForm->rowCount() > 0)
        m_summaryForm->removeRow(0);
    m_nodes->clear();
    // Each column says what its numbers are: the machine's own device numbers, the workers' ranks.
    m_nodes->setHorizontalHeaderLabels({tr("Node"), tr("Address"), tr("Devices (numbered on the machine)"),
                                        tr("Ranks (one per device)"), tr("Final plan (samples per device)")});
    m_nodes->horizontalHeaderItem(2)->setToolTip(
        tr("The devices of the machine the run used, numbered as the Machines list numbers them"));
    m_nodes->horizontalHeaderItem(3)->setToolTip(
        tr("The ranks of the run's workers on this machine: one worker, and one rank, per device"));
    m_nodes->horizontalHeaderItem(4)->setToolTip(
        tr("How many samples of each step every device of the machine took at the end, in device order"));
    const auto run = runId.isEmpty() ? std::nullopt : m_store.run(runId);
    m_notesBox->setVisible(run.has_value());
    if (!run) {
        m_summaryTitle->setText(
            directed(tr("Select a run to see its details. Select two to %1 runs to compare "
                        "them.")
                         .arg(LocaleFormat::number(qint64(ComparisonView::kMaxRuns)))));
        QFont f = m_summaryTitle->font();
        f.setBold(false);
        m_summaryTitle->setFont(f);
        return;
    }
    // Several runs: the tags they share, which an edit changes on each.
    m_commonTags = run->tags;
    for (const QString &id : std::as_const(m_selection)) {
        const QStringList tags = m_runs.indexOfRun(id).data(RunsTableModel::TagsRole).toStringList();
        m_commonTags.removeIf([&](const QString &t) { return !tags.contains(t); });
    }
    m_tagsEdit->setText(m_commonTags.join(QStringLiteral(", ")));
    updateNotesLabels();
    m_noteEdit->setPlainText(run->note);
    QFont f = m_summaryTitle->font();
    f.setBold(true);
    m_summaryTitle->setFont(f);
    m_summaryTitle->setText(directed(SafeText::neutralized(run->name)));

    const QList<RunNodeRecord> nodes = m_store.nodes(runId);
    for (const RunNodeRecord &n : nodes)
        m_nodeNames.insert(n.agentId, n.name.isEmpty() ? n.agentId.left(12) : n.name);
    QJsonObject summary = run->summary;
    if (summary.isEmpty())
        summary = m_store.computeSummary(runId);

    auto row = [&](const QString &label, const QString &value) {
        if (value.isEmpty())
            return;
        auto *name = new QLabel(label);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        auto *text = new QLabel(directed(value));
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_summaryForm->addRow(name, text);
    };
    auto number = [&](const char *key, int decimals) -> QString {
        const QJsonValue v = summary.value(QLatin1String(key));
        return v.isDouble() ? LocaleFormat::number(v.toDouble(), decimals) : QString();
    };
    auto pct = [&](const char *key) -> QString {
        const QJsonValue v = summary.value(QLatin1String(key));
        return v.isDouble() ? LocaleFormat::percent(v.toDouble(), 1) : QString();
    };
    row(tr("Status"), run->reason.isEmpty()
                          ? RunStatusText::display(run->status)
                          : tr("%1: %2").arg(RunStatusText::display(run->status),
                                             SafeText::neutralized(run->reason.toString())));
    row(tr("Strategy"),
        tr("%1 — %2").arg(run->strategy.toUpper(), RunConfig::strategyDescription(run->strategy)));
    row(tr("Gradients across nodes"), RunConfig::exchangeDescription(run->config));
    const QJsonObject model = run->config.value(QStringLiteral("model")).toObject();
    const QJsonObject dataset = run->config.value(QStringLiteral("dataset")).toObject();
    if (!model.isEmpty() || !dataset.isEmpty())
        row(tr("Model and data"), tr("%1 on %2")
                                      .arg(model.value(QStringLiteral("kind")).toString(),
                                           dataset.value(QStringLiteral("kind")).toString()));
    if (run->config.contains(QStringLiteral("global_batch")))
        row(tr("Global batch"),
            LocaleFormat::number(jsonInt64(run->config.value(QStringLiteral("global_batch")))));
    row(tr("Created"), LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->createdMs)));
    if (run->startedMs > 0)
        row(tr("Started"), LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->startedMs)));
    if (run->endedMs > 0)
        row(tr("Ended"), LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->endedMs)));
    if (run->startedMs > 0 && run->endedMs > 0)
        row(tr("Duration"), LocaleFormat::duration(run->endedMs - run->startedMs));
    row(tr("Steps"), number("steps", 0));
    row(tr("Final loss"), number("final_loss", 4));
    if (summary.value(QStringLiteral("eval_accuracy")).isDouble())
        row(tr("Evaluation accuracy"),
            LocaleFormat::percent(summary.value(QStringLiteral("eval_accuracy")).toDouble() * 100, 2));
    row(tr("Evaluation perplexity"), number("eval_perplexity", 2));
    if (summary.value(QStringLiteral("samples_per_s")).isDouble())
        row(tr("Throughput"), tr("%1 samples/s").arg(number("samples_per_s", 1)));
    if (summary.value(QStringLiteral("mean_wait_pct")).isDouble())
        row(tr("Waiting"), summary.value(QStringLiteral("max_wait_pct")).isDouble()
                               ? tr("%1 on average, %2 on the device that waited most")
                                     .arg(pct("mean_wait_pct"), pct("max_wait_pct"))
                               : pct("mean_wait_pct"));
    row(tr("Run id"), Bidi::ltr(run->id));

    for (const RunNodeRecord &n : nodes) {
        QStringList devices;
        for (int d : n.devices)
            devices << LocaleFormat::number(qint64(d));
        const int last = n.firstRank + qMax(1, int(n.devices.size())) - 1;
        const QString ranks = last > n.firstRank ? tr("%1–%2").arg(LocaleFormat::number(qint64(n.firstRank)),
                                                                   LocaleFormat::number(qint64(last)))
                                                 : LocaleFormat::number(qint64(n.firstRank));
        auto *rankItem = textItem(ranks);
        rankItem->setData(n.firstRank, Qt::UserRole);
        m_nodes->appendRow(
            {textItem(m_nodeNames.value(n.agentId)), textItem(Bidi::ltr(n.address)),
             textItem(devices.join(tr(", ", "between the numbers of a list"))), rankItem,
             textItem(n.finalPlan.isEmpty() ? QStringLiteral("—") : batchesText(n.finalPlan))});
    }
}

void RunDetailsPanel::fillRanks(const QString &runId)
{
    m_ranks->clear();
    m_ranks->setHorizontalHeaderLabels({tr("Rank"), tr("Node"), tr("Local batch"), tr("Data ms"),
                                        tr("Compute ms"), tr("Wait ms"), tr("Communication ms"),
                                        tr("Optimizer ms"), tr("Wait"), tr("Samples/s")});
    m_ranks->horizontalHeaderItem(8)->setToolTip(tr("Share of the step spent waiting for other devices"));
    if (runId.isEmpty())
        return;
    // Which node a rank ran on: each node holds ranks first_rank .. first_rank + devices - 1.
    QList<std::pair<int, QString>> firstRanks;
    for (const RunNodeRecord &n : m_store.nodes(runId))
        firstRanks.append({n.firstRank, n.name.isEmpty() ? n.agentId.left(12) : n.name});
    std::sort(firstRanks.begin(), firstRanks.end());
    for (const QJsonObject &r : m_store.rankBreakdown(runId)) {
        const int rank = r.value(QStringLiteral("rank")).toInt();
        QString node;
        for (const auto &[first, name] : std::as_const(firstRanks)) {
            if (first <= rank)
                node = name;
        }
        double total = 0;
        for (const char *k : {"data_ms", "compute_ms", "wait_ms", "comm_ms", "optimizer_ms"})
            total += r.value(QLatin1String(k)).toDouble();
        const double waitPct =
            total > 0 ? 100.0 * r.value(QStringLiteral("wait_ms")).toDouble() / total : 0.0;
        QList<QStandardItem *> row{numberItem(rank, 0),
                                   textItem(node),
                                   numberItem(r.value(QStringLiteral("local_batch")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("data_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("compute_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("wait_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("comm_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("optimizer_ms")).toDouble(), 1),
                                   numberItem(waitPct, 1),
                                   numberItem(r.value(QStringLiteral("samples_per_s")).toDouble(), 1)};
        row[8]->setText(LocaleFormat::percent(waitPct, 1));
        m_ranks->appendRow(row);
    }
}

void RunDetailsPanel::fillEvents(const QStringList &runIds)
{
    m_events->clear();
    // Several runs selected: the events of every one of them, each row naming its run.
    const bool several = runIds.size() > 1;
    QStringList headers{tr("Time"), tr("Source"), tr("Event"), tr("Details")};
    if (several)
        headers.prepend(tr("Run"));
    m_events->setHorizontalHeaderLabels(headers);
    for (const QString &runId : runIds) {
        const QModelIndex index = m_runs.indexOfRun(runId);
        const RunRecord *record = index.isValid() ? m_runs.run(index.row()) : nullptr;
        if (several) {
            m_nodeNames.clear();
            for (const RunNodeRecord &n : m_store.nodes(runId))
                m_nodeNames.insert(n.agentId, n.name.isEmpty() ? n.agentId.left(12) : n.name);
        }
        const QString runName = record ? RunsTableModel::distinctName(*record, true) : runId;
        fillEventsOf(runId, several ? runName : QString());
    }
}

void RunDetailsPanel::fillEventsOf(const QString &runId, const QString &runName)
{
    QSet<QString> said;
    // A plan says each node's batch by its name, as `hamgamctl show` does.
    EventText::PlanNodes planNodes;
    for (const RunNodeRecord &n : m_store.nodes(runId))
        planNodes.append({n.name.isEmpty() ? n.agentId.left(12) : n.name, int(n.devices.size())});
    for (const RunEvent &e : m_store.events(runId, notableKinds(), kMostEvents)) {
        if (e.kind.value() == EventKind::WorkerExit && EventText::level(e) != EventText::Level::Error)
            continue; // a normal end says nothing the state does not
        // What every rank reports alike (a plan, the re-plan before it, an evaluation): once, from no rank.
        const QString happening = EventText::happening(e);
        if (!happening.isEmpty()) {
            if (said.contains(happening))
                continue;
            said.insert(happening);
        }
        const QString kind = EventText::title(e, EventText::Shown::Widget);
        // One row for each line: a diagnosis has one per finding.
        QStringList lines = EventText::details(e, EventText::Shown::Widget, QLocale(), planNodes);
        if (lines.isEmpty())
            lines << QString();
        const QString source =
            happening.isEmpty() ? EventText::source(nodeName(e.source), e.rank) : QString();
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(e.timeMs);
        for (const QString &text : std::as_const(lines)) {
            auto *time = textItem(LocaleFormat::dateTime(at, QStringLiteral("HH:mm:ss")));
            time->setData(e.timeMs, Qt::UserRole);
            time->setToolTip(LocaleFormat::dateTime(at, QLocale::LongFormat));
            auto *detailsItem = textItem(text);
            detailsItem->setToolTip(text);
            QList<QStandardItem *> row{time, textItem(source), textItem(kind), detailsItem};
            if (!runName.isEmpty())
                row.prepend(textItem(runName));
            m_events->appendRow(row);
        }
    }
}
