#include "liveview.h"

#include "batchallocationplot.h"
#include "deviceseriesplot.h"
#include "doctorpanel.h"
#include "eventlogmodel.h"
#include "liverundata.h"
#include "localeformat.h"
#include "lossplot.h"
#include "runcontroller.h"
#include "runsession.h"
#include "stepsplitplot.h"
#include "throughputplot.h"
#include "wraplabel.h"

#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QProgressBar>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

LiveView::LiveView(QWidget *parent)
    : QWidget(parent)
{
    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_status = new WrapLabel;
    // "step x of y" beside the bar, not in it: Fusion paints a right-to-left
    // bar's text in the highlighted-text colour over its empty part, white on
    // white, so a Persian bar showed none.
    m_progressText = new QLabel;
    m_progress = new QProgressBar;
    m_progress->setTextVisible(false);
    m_eta = new QLabel;
    m_lossAxis = new QComboBox;
    m_lossAxis->addItem(QString());
    m_lossAxis->addItem(QString());

    auto *header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addStretch(1);
    header->addWidget(m_progressText);
    header->addWidget(m_progress, 2);
    header->addWidget(m_eta);

    m_utilization = new DeviceSeriesPlot(DeviceSeriesPlot::Metric::Utilization);
    m_memory = new DeviceSeriesPlot(DeviceSeriesPlot::Metric::Memory);
    m_split = new StepSplitPlot;
    m_allocation = new BatchAllocationPlot;
    m_loss = new LossPlot;
    m_throughput = new ThroughputPlot;
    for (LivePlot *p : plots())
        connect(p, &QCustomPlot::afterReplot, this, [this] { ++m_redraws; });

    auto *grid = new QGridLayout;
    auto cell = [&](int row, int column, QWidget *plot, QWidget *extra = nullptr) {
        auto *box = new QVBoxLayout;
        auto *captionRow = new QHBoxLayout;
        auto *caption = new QLabel;
        QFont f = caption->font();
        f.setBold(true);
        caption->setFont(f);
        m_captions.append(caption);
        captionRow->addWidget(caption);
        captionRow->addStretch(1);
        if (extra)
            captionRow->addWidget(extra);
        box->addLayout(captionRow);
        box->addWidget(plot, 1);
        grid->addLayout(box, row, column);
    };
    cell(0, 0, m_utilization);
    cell(0, 1, m_memory);
    cell(1, 0, m_split);
    cell(1, 1, m_allocation);
    cell(2, 0, m_loss, m_lossAxis);
    cell(2, 1, m_throughput);
    auto *plotsWidget = new QWidget;
    plotsWidget->setLayout(grid);

    m_doctor = new DoctorPanel;
    m_logModel = new EventLogModel(this);
    m_log = new QListView;
    m_log->setModel(m_logModel);
    // Each event in full, wrapped to the panel's width: a re-plan's line was cut at its edge.
    m_log->setUniformItemSizes(false);
    m_log->setWordWrap(true);
    m_log->setResizeMode(QListView::Adjust);
    m_log->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *logCaption = new QLabel;
    QFont f = logCaption->font();
    f.setBold(true);
    logCaption->setFont(f);
    m_captions.append(logCaption);
    auto *side = new QSplitter(Qt::Vertical);
    side->addWidget(m_doctor);
    auto *logBox = new QWidget;
    auto *logLayout = new QVBoxLayout(logBox);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->addWidget(logCaption);
    logLayout->addWidget(m_log, 1);
    side->addWidget(logBox);

    auto *body = new QSplitter(Qt::Horizontal);
    body->addWidget(plotsWidget);
    body->addWidget(side);
    body->setStretchFactor(0, 3);
    body->setStretchFactor(1, 1);
    // The doctor's advice and the event log are read, not glanced at: room for a sentence.
    side->setMinimumWidth(fontMetrics().averageCharWidth() * 44);

    // A queued run has no steps, memory or doctor yet: one sentence stands in their place.
    m_waiting = new QLabel;
    m_waiting->setAlignment(Qt::AlignCenter);
    m_waiting->setWordWrap(true);
    m_waiting->setMargin(fontMetrics().averageCharWidth() * 4);
    m_pages = new QStackedWidget;
    m_pages->addWidget(body);
    m_pages->addWidget(m_waiting);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(header);
    // Under the title, the whole width: a long failure reason wraps there (issue #29, item 13).
    layout->addWidget(m_status);
    layout->addWidget(m_pages, 1);

    connect(m_lossAxis, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_loss->setWallTime(i == 1);
        if (m_data)
            m_loss->refresh(*m_data, true);
    });
    // Frames at up to 30 per second: the time plots scroll smoothly, the others
    // redraw only when their data changed.
    m_frameTimer.setTimerType(Qt::PreciseTimer);
    m_frameTimer.setInterval(33);
    connect(&m_frameTimer, &QTimer::timeout, this, &LiveView::frame);
    retranslate();
}

LiveView::~LiveView() = default;

QList<LivePlot *> LiveView::plots() const
{
    return {m_utilization, m_memory, m_split, m_allocation, m_loss, m_throughput};
}

void LiveView::setSession(const RunSession *session)
{
    m_session = session;
    m_data = session ? &session->data() : &m_noRun;
    if (!session)
        m_doctor->setFindings({});
    refreshNow(true);
}

void LiveView::setData(const LiveRunData *data)
{
    m_session = nullptr;
    m_data = data;
    m_doctor->setFindings({});
    refreshNow(true);
}

void LiveView::setTitle(const QString &title, const QString &status)
{
    m_title->setText(title);
    m_status->setWrappedText(status);
}

void LiveView::retranslate()
{
    const char *captions[] = {QT_TR_NOOP("Utilization per device"),
                              QT_TR_NOOP("Memory per device"),
                              QT_TR_NOOP("Where each node's step goes"),
                              QT_TR_NOOP("Batch allocation per node"),
                              QT_TR_NOOP("Loss"),
                              QT_TR_NOOP("Throughput"),
                              QT_TR_NOOP("Events")};
    for (qsizetype i = 0; i < m_captions.size(); ++i)
        m_captions[i]->setText(tr(captions[i]));
    m_splitWindow = -1; // worded again with its window at the next frame
    m_lossAxis->setItemText(0, tr("by step"));
    m_lossAxis->setItemText(1, tr("by wall time"));
    if (m_title->text().isEmpty())
        m_title->setText(tr("No run yet"));
    m_logModel->retranslate();
    refreshNow(true);
}

void LiveView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LiveView::showEvent(QShowEvent *event)
{
    m_frameTimer.start();
    refreshNow(true);
    QWidget::showEvent(event);
}

void LiveView::hideEvent(QHideEvent *event)
{
    m_frameTimer.stop();
    QWidget::hideEvent(event);
}

bool LiveView::showsCharts() const
{
    return m_pages->currentIndex() == 0;
}

QString LiveView::notStartedText() const
{
    const RunController *run = m_session ? &m_session->controller() : nullptr;
    if (!run || run->queuedSinceMs() <= 0 || run->hasRun())
        return {};
    if (run->status() == RunStatus::Queued)
        return tr("Waiting in the queue for %1. It starts by itself when its devices are free; its "
                  "charts and the doctor's advice begin with its first step.")
            .arg(LocaleFormat::duration(
                qMax<qint64>(0, QDateTime::currentMSecsSinceEpoch() - run->queuedSinceMs())));
    if (RunStatusText::isActive(run->status()))
        return {}; // starting from the queue: the charts take over
    return tr("It left the queue before it started: nothing ran, so there is nothing to show.");
}

void LiveView::refreshNow(bool force)
{
    if (!m_data)
        return;
    if (force) // an approximate run says so above its loss
        m_captions[4]->setText(m_data->config().approximate() || m_data->config().sync.automatic()
                                   ? tr("Loss (%1)").arg(m_data->config().exchangeDescription())
                                   : tr("Loss"));
    const QString notStarted = notStartedText();
    m_pages->setCurrentIndex(notStarted.isEmpty() ? 0 : 1);
    if (!notStarted.isEmpty()) {
        if (m_waiting->text() != notStarted)
            m_waiting->setText(notStarted);
        m_progressText->clear();
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setVisible(false);
        m_eta->clear();
        return;
    }
    m_progress->setVisible(true);
    for (LivePlot *p : plots())
        p->refresh(*m_data, force);
    const bool atEnd = m_log->verticalScrollBar()->value() == m_log->verticalScrollBar()->maximum();
    if (m_logModel->refresh(*m_data) && atEnd)
        m_log->scrollToBottom();
    const qint64 total = m_data->totalSteps();
    m_progress->setRange(0, total > 0 ? int(qMin<qint64>(total, INT_MAX)) : 0);
    m_progress->setValue(int(qMin<qint64>(m_data->step(), INT_MAX)));
    QString progress =
        total > 0 ? tr("step %1 of %2").arg(LocaleFormat::number(m_data->step()), LocaleFormat::number(total))
                  : tr("step %1").arg(LocaleFormat::number(m_data->step()));
    // Before the first steps count, what the run is doing: not "step 0 of 300" for half a minute.
    switch (m_data->phase()) {
    case LiveRunData::Phase::StartingWorkers:
        progress = tr("Starting the workers on every machine…");
        m_progress->setRange(0, 0); // busy
        break;
    case LiveRunData::Phase::LoadingData:
        progress = tr("Loading the data and building the model: %1 of %2 workers ready")
                       .arg(LocaleFormat::number(qint64(m_data->readyWorkers())),
                            LocaleFormat::number(qint64(m_data->worldSize())));
        m_progress->setRange(0, qMax(1, m_data->worldSize()));
        m_progress->setValue(m_data->readyWorkers());
        break;
    case LiveRunData::Phase::FirstStep:
        progress = tr("Every worker is ready; the first step is under way…");
        m_progress->setRange(0, 0);
        break;
    case LiveRunData::Phase::Profiling:
        progress = tr("%1 — measuring each device's speed to plan the batches").arg(progress);
        break;
    case LiveRunData::Phase::NoRun:
    case LiveRunData::Phase::Training:
        break;
    }
    m_progressText->setText(progress);
    m_progress->setFormat(progress); // for accessibility tools, which read the bar's text
    // Time left only while the run goes on: not once it ended, nor once the user stopped it.
    const double eta = m_session ? m_session->etaSeconds() : m_data->etaSeconds();
    m_eta->setText(eta >= 0 ? tr("%1 left").arg(LocaleFormat::duration(qint64(eta * 1000))) : QString());
    // The step split and the doctor read the same window of steps, and say so.
    const int window = m_data->splitWindowSteps();
    if (window != m_splitWindow) {
        m_splitWindow = window;
        m_captions[2]->setText(
            window > 0 ? tr("Where each node's step goes (mean of its last %Ln step(s))", nullptr, window)
                       : tr("Where each node's step goes"));
        m_doctor->setWindowSteps(window);
    }
    // The session's doctor evaluates once a second; its findings are laid out again only then.
    if (m_session && (force || m_session->findingsRevision() != m_findingsRevision)) {
        m_findingsRevision = m_session->findingsRevision();
        m_doctor->setFindings(m_session->findings());
    }
}

void LiveView::frame()
{
    refreshNow(false);
    m_utilization->advance();
    m_memory->advance();
}
