#include "runsetupwidget.h"

#include "appicons.h"
#include "atomicfile.h"
#include "bidi.h"
#include "compactdoublespinbox.h"
#include "configfieldeditors.h"
#include "errorcolor.h"
#include "eventtext.h"
#include "linkforecast.h"
#include "localeformat.h"
#include "traininggroupmodel.h"
#include "wraplabel.h"

#include <algorithm>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {
QSpinBox *spin(int min, int max, int value)
{
    auto *s = new QSpinBox;
    s->setRange(min, max);
    s->setValue(value);
    s->setGroupSeparatorShown(true);
    return s;
}
// Written as briefly as exact ("0.05", "0.9", "25"), not padded to `decimals`.
QDoubleSpinBox *dspin(double min, double max, double value, int decimals, double step)
{
    auto *s = new CompactDoubleSpinBox;
    s->setRange(min, max);
    s->setDecimals(decimals);
    s->setSingleStep(step);
    s->setValue(value);
    return s;
}
QList<int> parseInts(const QString &text, bool *ok)
{
    QList<int> out;
    *ok = true;
    // "256, 256" or "۲۵۶، ۲۵۶": ASCII or Persian comma and digits.
    static const QRegularExpression separators(QStringLiteral("[,\u060C]"));
    for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
        bool good = false;
        const int v = QLocale().toInt(part.trimmed(), &good);
        const int c = good ? v : part.trimmed().toInt(&good);
        if (!good) {
            *ok = false;
            return {};
        }
        out.append(c);
    }
    return out;
}

QString errorStyle(const QPalette &palette)
{
    return QStringLiteral("color: %1;").arg(errorColor(palette).name());
}
} // namespace

RunSetupWidget::RunSetupWidget(TrainingGroupModel &group, QWidget *parent)
    : QWidget(parent)
    , m_group(group)
{
    m_validateTimer.setSingleShot(true);
    m_validateTimer.setInterval(150);
    connect(&m_validateTimer, &QTimer::timeout, this, &RunSetupWidget::validate);
    build();
    retranslate();
    RunConfig defaults;
    defaults.name = tr("my run");
    setConfig(defaults);
    connect(&group, &TrainingGroupModel::groupChanged, this, &RunSetupWidget::scheduleValidation);
}

QLabel *RunSetupWidget::addError(QFormLayout *form, const QString &field)
{
    auto *label = new QLabel;
    label->setWordWrap(true);
    label->setVisible(false);
    label->setStyleSheet(errorStyle(palette()));
    label->setObjectName(QStringLiteral("error:%1").arg(field));
    form->addRow(QString(), label);
    m_errorLabels.insert(field, label);
    return label;
}

void RunSetupWidget::build()
{
    // The one-line explanation under a choice, in the quieter text colour.
    auto helpLabel = [] {
        auto *label = new QLabel;
        label->setWordWrap(true);
        label->setForegroundRole(QPalette::PlaceholderText);
        // As wide as the fields, not wrapped at a label's own narrow preferred width.
        label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        // Under its choice: the form may give it more height than its lines take.
        label->setAlignment(Qt::AlignLeading | Qt::AlignTop);
        return label;
    };
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    auto *form = new QFormLayout;
    column->addLayout(form);
    column->addStretch(1); // a tall (maximized) window keeps its room below the form, not between its rows
    m_form = form;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    auto row = [&](const char *label, QWidget *field, const QStringList &errorFields) {
        auto *l = new QLabel;
        m_labels.append({l, label});
        l->setBuddy(field);
        form->addRow(l, field);
        for (const QString &f : errorFields)
            addError(form, f);
    };

    m_name = new QLineEdit;
    row(QT_TR_NOOP("&Name"), m_name, {QStringLiteral("name")});

    m_model = new QComboBox;
    for (const QString &k : RunConfig::modelKinds())
        m_model->addItem(k, k);
    row(QT_TR_NOOP("&Model"), m_model, {QStringLiteral("model.kind")});
    m_modelHelp = helpLabel();
    form->addRow(QString(), m_modelHelp);
    m_modelPages = new QStackedWidget;
    // mlp
    m_mlpHidden = new QLineEdit;
    auto *mlp = new QWidget;
    auto *mlpForm = new QFormLayout(mlp);
    mlpForm->setContentsMargins(0, 0, 0, 0);
    auto *hiddenLabel = new QLabel;
    m_labels.append({hiddenLabel, QT_TR_NOOP("Hidden layers")});
    mlpForm->addRow(hiddenLabel, m_mlpHidden);
    addError(mlpForm, QStringLiteral("model.hidden"));
    m_modelPages->addWidget(mlp);
    // cnn
    auto *cnn = new QWidget;
    auto *cnnForm = new QFormLayout(cnn);
    cnnForm->setContentsMargins(0, 0, 0, 0);
    m_cnnChannels = ConfigFieldEditors::integerEditor(QStringLiteral("model.channels"));
    m_cnnBlocks = ConfigFieldEditors::integerEditor(QStringLiteral("model.blocks"));
    m_cnnGroups = ConfigFieldEditors::integerEditor(QStringLiteral("model.groups"));
    for (auto [label, w, field] : {std::tuple{QT_TR_NOOP("Channels"), m_cnnChannels, "model.channels"},
                                   std::tuple{QT_TR_NOOP("Residual blocks"), m_cnnBlocks, "model.blocks"},
                                   std::tuple{QT_TR_NOOP("GroupNorm groups"), m_cnnGroups, "model.groups"}}) {
        auto *l = new QLabel;
        m_labels.append({l, label});
        cnnForm->addRow(l, w);
        addError(cnnForm, QLatin1String(field));
    }
    m_modelPages->addWidget(cnn);
    // gpt
    auto *gpt = new QWidget;
    auto *gptForm = new QFormLayout(gpt);
    gptForm->setContentsMargins(0, 0, 0, 0);
    m_gptLayers = ConfigFieldEditors::integerEditor(QStringLiteral("model.layers"));
    m_gptWidth = ConfigFieldEditors::integerEditor(QStringLiteral("model.width"));
    m_gptHeads = ConfigFieldEditors::integerEditor(QStringLiteral("model.heads"));
    m_gptContext = ConfigFieldEditors::integerEditor(QStringLiteral("model.context"));
    for (auto [label, w, field] :
         {std::tuple{QT_TR_NOOP("Layers"), m_gptLayers, "model.layers"},
          std::tuple{QT_TR_NOOP("Width"), m_gptWidth, "model.width"},
          std::tuple{QT_TR_NOOP("Attention heads"), m_gptHeads, "model.heads"},
          std::tuple{QT_TR_NOOP("Context (bytes)"), m_gptContext, "model.context"}}) {
        auto *l = new QLabel;
        m_labels.append({l, label});
        gptForm->addRow(l, w);
        addError(gptForm, QLatin1String(field));
    }
    m_modelPages->addWidget(gpt);
    // torchscript
    auto *script = new QWidget;
    auto *scriptForm = new QFormLayout(script);
    scriptForm->setContentsMargins(0, 0, 0, 0);
    m_scriptPath = new QLineEdit;
    auto *scriptLabel = new QLabel;
    m_labels.append({scriptLabel, QT_TR_NOOP("TorchScript file")});
    scriptForm->addRow(scriptLabel, m_scriptPath);
    addError(scriptForm, QStringLiteral("model.path"));
    m_modelPages->addWidget(script);
    form->addRow(QString(), m_modelPages);

    m_dataset = new QComboBox;
    for (const QString &k : RunConfig::datasetKinds())
        m_dataset->addItem(k, k);
    row(QT_TR_NOOP("&Dataset"), m_dataset, {QStringLiteral("dataset.kind")});
    m_datasetHelp = helpLabel();
    form->addRow(QString(), m_datasetHelp);
    m_datasetPath = new QLineEdit;
    row(QT_TR_NOOP("Dataset path"), m_datasetPath, {QStringLiteral("dataset.path")});
    m_labelColumn = new QLineEdit(QStringLiteral("label"));
    row(QT_TR_NOOP("Label column"), m_labelColumn, {QStringLiteral("dataset.label")});
    m_imageShape = new QLineEdit(QStringLiteral("3, 32, 32"));
    row(QT_TR_NOOP("Image shape"), m_imageShape, {QStringLiteral("dataset.shape")});
    m_augment = ConfigFieldEditors::flagEditor(QStringLiteral("dataset.augment"));
    row(QT_TR_NOOP("Augment (random crop and flip)"), m_augment, {QStringLiteral("dataset.augment")});
    m_syntheticSamples = ConfigFieldEditors::integerEditor(QStringLiteral("dataset.samples"));
    row(QT_TR_NOOP("Synthetic samples"), m_syntheticSamples, {QStringLiteral("dataset.samples")});

    m_strategy = new QComboBox;
    for (const QString &s : RunConfig::strategies())
        m_strategy->addItem(s, s);
    row(QT_TR_NOOP("&Strategy"), m_strategy, {QStringLiteral("strategy")});
    m_strategyHelp = helpLabel();
    form->addRow(QString(), m_strategyHelp);

    m_globalBatch = ConfigFieldEditors::integerEditor(QStringLiteral("global_batch"));
    row(QT_TR_NOOP("&Global batch"), m_globalBatch, {QStringLiteral("global_batch")});
    auto *lengthBox = new QWidget;
    auto *length = new QHBoxLayout(lengthBox);
    length->setContentsMargins(0, 0, 0, 0);
    m_bySteps = new QRadioButton;
    m_byEpochs = new QRadioButton;
    // 0 steps means "by epochs": the radio buttons choose, so each box starts at 1.
    m_steps = ConfigFieldEditors::integerEditor(QStringLiteral("steps"));
    m_steps->setMinimum(1);
    m_epochs = ConfigFieldEditors::integerEditor(QStringLiteral("epochs"));
    m_epochs->setRange(1, m_epochs->maximum());
    m_epochs->setValue(1);
    ConfigFieldEditors::setBoundByHand(m_steps);
    ConfigFieldEditors::setBoundByHand(m_epochs);
    length->addWidget(m_bySteps);
    length->addWidget(m_steps, 1);
    length->addWidget(m_byEpochs);
    length->addWidget(m_epochs, 1);
    row(QT_TR_NOOP("Length"), lengthBox, {QStringLiteral("steps")});

    m_optimizer = new QComboBox;
    m_optimizer->addItem(QStringLiteral("SGD"), QStringLiteral("sgd"));
    m_optimizer->addItem(QStringLiteral("AdamW"), QStringLiteral("adamw"));
    row(QT_TR_NOOP("&Optimizer"), m_optimizer, {QStringLiteral("optimizer.kind")});
    m_lr = ConfigFieldEditors::numberEditor(QStringLiteral("optimizer.lr"), 6, 0.001);
    // Up or down by a tenth of the value's own order: 0.05 -> 0.051, 0.0003 -> 0.00031.
    m_lr->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    row(QT_TR_NOOP("&Learning rate"), m_lr, {QStringLiteral("optimizer.lr")});
    m_checkpointDir = new QLineEdit;
    row(QT_TR_NOOP("Checkpoint directory"), m_checkpointDir, {QStringLiteral("checkpoint.dir")});
    m_checkpointInterval = ConfigFieldEditors::integerEditor(QStringLiteral("checkpoint.interval"));
    row(QT_TR_NOOP("Checkpoint every (steps)"), m_checkpointInterval,
        {QStringLiteral("checkpoint.interval")});
    // Not part of the config: what the lab's queue and leases plan with (docs/lab.md).
    m_expected = dspin(0, 24 * 30, 0, 1, 0.5);
    m_expected->setObjectName(QStringLiteral("expectedTime"));
    row(QT_TR_NOOP("E&xpected time"), m_expected, {});

    // Advanced, folded by default.
    m_advancedToggle = new QToolButton;
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    form->addRow(m_advancedToggle);
    m_advanced = new QWidget;
    auto *adv = new QFormLayout(m_advanced);
    adv->setContentsMargins(12, 0, 0, 0);
    auto advRow = [&](const char *label, QWidget *field, const QString &errorField) {
        auto *l = new QLabel;
        m_labels.append({l, label});
        l->setBuddy(field);
        adv->addRow(l, field);
        if (!errorField.isEmpty())
            addError(adv, errorField);
    };
    m_momentum = ConfigFieldEditors::numberEditor(QStringLiteral("optimizer.momentum"), 3, 0.05);
    advRow(QT_TR_NOOP("Momentum (SGD)"), m_momentum, QStringLiteral("optimizer.momentum"));
    m_weightDecay = ConfigFieldEditors::numberEditor(QStringLiteral("optimizer.weight_decay"), 5, 0.001);
    advRow(QT_TR_NOOP("Weight decay"), m_weightDecay, QStringLiteral("optimizer.weight_decay"));
    m_schedule = new QComboBox;
    m_schedule->addItem(QString(), QStringLiteral("cosine"));
    m_schedule->addItem(QString(), QStringLiteral("constant"));
    advRow(QT_TR_NOOP("Learning-rate schedule"), m_schedule, QStringLiteral("schedule.kind"));
    m_warmup = ConfigFieldEditors::integerEditor(QStringLiteral("schedule.warmup_steps"));
    advRow(QT_TR_NOOP("Warm-up steps"), m_warmup, QStringLiteral("schedule.warmup_steps"));
    m_gradClip = ConfigFieldEditors::numberEditor(QStringLiteral("grad_clip"), 3, 0.1, 1000);
    advRow(QT_TR_NOOP("Gradient clipping (0: off)"), m_gradClip, QStringLiteral("grad_clip"));
    m_seed = ConfigFieldEditors::integerEditor(QStringLiteral("seed"));
    advRow(QT_TR_NOOP("Seed"), m_seed, {});
    m_threads = ConfigFieldEditors::integerEditor(QStringLiteral("threads"));
    advRow(QT_TR_NOOP("Threads per worker (0: automatic)"), m_threads, QStringLiteral("threads"));
    m_profileSteps = ConfigFieldEditors::integerEditor(QStringLiteral("planner.profile_steps"));
    advRow(QT_TR_NOOP("Profiling steps"), m_profileSteps, QStringLiteral("planner.profile_steps"));
    m_replanInterval = ConfigFieldEditors::integerEditor(QStringLiteral("planner.replan_interval"));
    advRow(QT_TR_NOOP("Re-plan every (steps)"), m_replanInterval, QStringLiteral("planner.replan_interval"));
    // Shown in percent, so bound by hand (config() and setConfig()).
    m_margin = dspin(0, 99, 5, 0, 1);
    ConfigFieldEditors::setBoundByHand(m_margin);
    advRow(QT_TR_NOOP("Re-plan only if a step gets faster by"), m_margin, QStringLiteral("planner.margin"));
    m_bucketMb = ConfigFieldEditors::numberEditor(QStringLiteral("comm.bucket_mb"), 3, 1);
    advRow(QT_TR_NOOP("Gradient bucket (MB)"), m_bucketMb, QStringLiteral("comm.bucket_mb"));
    // fp16 halves the bytes but its sums, divided by the batch, can underflow;
    // bf16 halves them with fp32's range (docs/engine.md, "Wire formats").
    m_wireType = new QComboBox;
    m_wireType->addItem(tr("fp32 (exact)"), QStringLiteral("fp32"));
    m_wireType->addItem(QStringLiteral("fp16"), QStringLiteral("fp16"));
    m_wireType->addItem(QStringLiteral("bf16"), QStringLiteral("bf16"));
    advRow(QT_TR_NOOP("Gradients on the wire"), m_wireType, QStringLiteral("comm.dtype"));
    // Slow links (README, "slow link"): fewer bytes across machines, no longer the exact gradient.
    m_compression = new QComboBox;
    m_compression->addItem(tr("none (exact)"), QStringLiteral("none"));
    m_compression->addItem(tr("PowerSGD (approximate)"), QStringLiteral("powersgd"));
    advRow(QT_TR_NOOP("Gradient compression"), m_compression, QStringLiteral("comm.compression"));
    m_syncMode = new QComboBox;
    m_syncMode->addItem(tr("every step (exact)"), QStringLiteral("exact"));
    m_syncMode->addItem(tr("local steps (approximate)"), QStringLiteral("local"));
    m_syncMode->addItem(tr("auto: as the measured link decides"), QStringLiteral("auto"));
    advRow(QT_TR_NOOP("Machines meet"), m_syncMode, QStringLiteral("sync.mode"));
    m_syncEvery = ConfigFieldEditors::integerEditor(QStringLiteral("sync.every"));
    advRow(QT_TR_NOOP("Outer step every (steps)"), m_syncEvery, QStringLiteral("sync.every"));
    // bf16: matmuls and convolutions in bf16, the master weights in fp32 (docs/run-config.md).
    m_precision = new QComboBox;
    m_precision->addItem(QString(), QStringLiteral("fp32"));
    m_precision->addItem(QString(), QStringLiteral("bf16"));
    m_precision->addItem(QString(), QStringLiteral("fp16"));
    advRow(QT_TR_NOOP("Compute precision"), m_precision, QStringLiteral("precision"));
    m_timeout = ConfigFieldEditors::integerEditor(QStringLiteral("comm.timeout_s"));
    advRow(QT_TR_NOOP("Communication timeout (s)"), m_timeout, QStringLiteral("comm.timeout_s"));
    // The lowest value stands for "epoch", the default: each epoch's end and the run's end.
    m_evalInterval = spin(RunConfig::Eval::EachEpoch, 10000000, RunConfig::Eval::EachEpoch);
    advRow(QT_TR_NOOP("Evaluate every (steps, 0: off)"), m_evalInterval, QStringLiteral("eval.interval"));
    m_streamParams = ConfigFieldEditors::flagEditor(QStringLiteral("lsdp.stream_params"));
    advRow(QT_TR_NOOP("Stream parameters from host memory (lsdp)"), m_streamParams, {});
    // Each unit keeps only its input for the backward and runs again there (docs/run-config.md).
    m_recompute = ConfigFieldEditors::flagEditor(QStringLiteral("memory.recompute"));
    advRow(QT_TR_NOOP("Label smoothing (0: off)"),
           ConfigFieldEditors::numberEditor(QStringLiteral("loss.label_smoothing"), 2, 0.05),
           QStringLiteral("loss.label_smoothing"));
    advRow(QT_TR_NOOP("Recompute activations (less memory, more compute)"), m_recompute,
           QStringLiteral("memory.recompute"));
    m_elastic = ConfigFieldEditors::flagEditor(QStringLiteral("elastic"));
    advRow(QT_TR_NOOP("Elastic recovery"), m_elastic, {});
    m_manualBatches = new QLineEdit;
    advRow(QT_TR_NOOP("Manual batch per node"), m_manualBatches, QStringLiteral("nodes.batch"));
    m_slowdowns = new QLineEdit;
    advRow(QT_TR_NOOP("Emulated slowdown per node (demo)"), m_slowdowns, {});
    m_advanced->setVisible(false);
    form->addRow(m_advanced);
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool on) {
        m_advanced->setVisible(on);
        m_advancedToggle->setArrowType(
            on ? Qt::DownArrow : (layoutDirection() == Qt::RightToLeft ? Qt::LeftArrow : Qt::RightArrow));
    });

    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_preflight = new QTreeWidget;
    m_preflight->setHeaderHidden(true);
    m_preflight->setRootIsDecorated(true);
    m_preflight->setMaximumHeight(140);
    m_preflight->setVisible(false);
    m_message = new WrapLabel;
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setVisible(false);

    m_check = new QPushButton;
    m_start = new QPushButton;
    m_start->setDefault(true);
    m_queue = new QPushButton;
    m_stop = new QPushButton;
    m_abort = new QPushButton;
    m_save = new QPushButton;
    m_load = new QPushButton;
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_load);
    buttons->addWidget(m_save);
    buttons->addStretch(1);
    buttons->addWidget(m_check);
    buttons->addWidget(m_start);
    buttons->addWidget(m_queue);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_abort);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_message);
    layout->addWidget(m_preflight);
    layout->addLayout(buttons);

    connect(m_model, &QComboBox::currentIndexChanged, this, &RunSetupWidget::updateModelPage);
    connect(m_model, &QComboBox::currentIndexChanged, this, &RunSetupWidget::updateHelp);
    connect(m_dataset, &QComboBox::currentIndexChanged, this, &RunSetupWidget::updateDatasetRows);
    connect(m_dataset, &QComboBox::currentIndexChanged, this, &RunSetupWidget::updateHelp);
    connect(m_strategy, &QComboBox::currentIndexChanged, this, &RunSetupWidget::updateHelp);
    connect(m_check, &QPushButton::clicked, this, [this] { Q_EMIT checkRequested(config()); });
    connect(m_start, &QPushButton::clicked, this, [this] { Q_EMIT startRequested(config()); });
    connect(m_queue, &QPushButton::clicked, this, [this] { Q_EMIT queueRequested(config()); });
    connect(m_stop, &QPushButton::clicked, this, &RunSetupWidget::stopRequested);
    connect(m_abort, &QPushButton::clicked, this, &RunSetupWidget::abortRequested);
    connect(m_save, &QPushButton::clicked, this, &RunSetupWidget::promptSave);
    connect(m_load, &QPushButton::clicked, this, &RunSetupWidget::promptLoad);
    connect(m_bySteps, &QRadioButton::toggled, this, [this](bool steps) {
        m_steps->setEnabled(steps);
        m_epochs->setEnabled(!steps);
    });
    // Every field named after its config key, as its error label is ("error:global_batch"):
    // tests and accessibility tools find the field a message belongs to.
    const std::pair<QWidget *, const char *> fields[] = {{m_name, "name"},
                                                         {m_model, "model.kind"},
                                                         {m_mlpHidden, "model.hidden"},
                                                         {m_cnnChannels, "model.channels"},
                                                         {m_cnnBlocks, "model.blocks"},
                                                         {m_cnnGroups, "model.groups"},
                                                         {m_gptLayers, "model.layers"},
                                                         {m_gptWidth, "model.width"},
                                                         {m_gptHeads, "model.heads"},
                                                         {m_gptContext, "model.context"},
                                                         {m_scriptPath, "model.path"},
                                                         {m_dataset, "dataset.kind"},
                                                         {m_datasetPath, "dataset.path"},
                                                         {m_labelColumn, "dataset.label"},
                                                         {m_imageShape, "dataset.shape"},
                                                         {m_augment, "dataset.augment"},
                                                         {m_syntheticSamples, "dataset.samples"},
                                                         {m_strategy, "strategy"},
                                                         {m_globalBatch, "global_batch"},
                                                         {m_steps, "steps"},
                                                         {m_epochs, "epochs"},
                                                         {m_optimizer, "optimizer.kind"},
                                                         {m_lr, "optimizer.lr"},
                                                         {m_checkpointDir, "checkpoint.dir"},
                                                         {m_checkpointInterval, "checkpoint.interval"},
                                                         {m_momentum, "optimizer.momentum"},
                                                         {m_weightDecay, "optimizer.weight_decay"},
                                                         {m_schedule, "schedule.kind"},
                                                         {m_warmup, "schedule.warmup_steps"},
                                                         {m_gradClip, "grad_clip"},
                                                         {m_seed, "seed"},
                                                         {m_threads, "threads"},
                                                         {m_profileSteps, "planner.profile_steps"},
                                                         {m_replanInterval, "planner.replan_interval"},
                                                         {m_margin, "planner.margin"},
                                                         {m_bucketMb, "comm.bucket_mb"},
                                                         {m_wireType, "comm.dtype"},
                                                         {m_compression, "comm.compression"},
                                                         {m_syncMode, "sync.mode"},
                                                         {m_syncEvery, "sync.every"},
                                                         {m_precision, "precision"},
                                                         {m_timeout, "comm.timeout_s"},
                                                         {m_evalInterval, "eval.interval"},
                                                         {m_streamParams, "lsdp.stream_params"},
                                                         {m_recompute, "memory.recompute"},
                                                         {m_elastic, "elastic"},
                                                         {m_manualBatches, "nodes.batch"},
                                                         {m_slowdowns, "nodes.slowdown"}};
    for (const auto &[widget, key] : fields)
        widget->setObjectName(QStringLiteral("field:%1").arg(QLatin1String(key)));
    m_modelHelp->setObjectName(QStringLiteral("help:model"));
    m_datasetHelp->setObjectName(QStringLiteral("help:dataset"));
    m_strategyHelp->setObjectName(QStringLiteral("help:strategy"));

    AppIcons::setButtonIcon(m_start, AppIcons::start());
    AppIcons::setButtonIcon(m_stop, AppIcons::stop());
    AppIcons::setButtonIcon(m_abort, AppIcons::abort());
    AppIcons::setButtonIcon(m_check, AppIcons::check());

    // Any edit re-validates (debounced).
    for (QLineEdit *e : content->findChildren<QLineEdit *>())
        connect(e, &QLineEdit::textChanged, this, &RunSetupWidget::scheduleValidation);
    for (QSpinBox *s : content->findChildren<QSpinBox *>())
        connect(s, &QSpinBox::valueChanged, this, &RunSetupWidget::scheduleValidation);
    for (QDoubleSpinBox *s : content->findChildren<QDoubleSpinBox *>())
        connect(s, &QDoubleSpinBox::valueChanged, this, &RunSetupWidget::scheduleValidation);
    for (QComboBox *c : content->findChildren<QComboBox *>())
        connect(c, &QComboBox::currentIndexChanged, this, &RunSetupWidget::scheduleValidation);
    for (QAbstractButton *b : content->findChildren<QAbstractButton *>())
        connect(b, &QAbstractButton::toggled, this, &RunSetupWidget::scheduleValidation);
    setRunning(false);
}

void RunSetupWidget::retranslate()
{
    for (const auto &[label, text] : std::as_const(m_labels))
        label->setText(tr(text));
    m_bySteps->setText(tr("steps"));
    m_byEpochs->setText(tr("epochs"));
    m_advancedToggle->setText(tr("Advanced"));
    m_schedule->setItemText(0, tr("warm-up, then cosine"));
    m_schedule->setItemText(1, tr("warm-up, then constant"));
    m_precision->setItemText(0, tr("fp32 (exact)"));
    m_precision->setItemText(1, tr("bf16 (master weights in fp32)"));
    m_precision->setItemText(2, tr("fp16 (loss scaling; GPUs)"));
    m_precision->setToolTip(tr("bf16 computes matrix products and convolutions in bf16, as GPUs and recent "
                               "CPUs do fastest; parameters and optimizer state stay fp32"));
    m_mlpHidden->setPlaceholderText(tr("units per layer, e.g. 256, 256"));
    m_datasetPath->setPlaceholderText(
        tr("a directory of MNIST-format or CIFAR binary files, a CSV table or a text file"));
    m_checkpointDir->setPlaceholderText(tr("on each machine; empty: no checkpoints"));
    m_imageShape->setPlaceholderText(tr("channels (1 or 3), height, width; e.g. 3, 32, 32"));
    m_manualBatches->setPlaceholderText(
        tr("empty: the planner decides; or one number per node, in group order"));
    m_slowdowns->setPlaceholderText(tr("e.g. 1, 2.5: node 2 pretends to be 2.5 times slower"));
    m_check->setText(tr("Check"));
    m_check->setToolTip(tr("Validate and run the pre-flight checks on every node, without starting"));
    m_start->setText(tr("Start"));
    m_start->setToolTip(tr("Start now; refused when another run holds one of the devices"));
    m_queue->setText(tr("Queue"));
    m_queue->setToolTip(tr("Wait in the lab's queue until every device is free; the machines start it by "
                           "themselves, even with this app closed"));
    m_expected->setSuffix(tr(" h"));
    m_expected->setSpecialValueText(tr("not given"));
    m_evalInterval->setSpecialValueText(tr("epoch's end"));
    m_evalInterval->setToolTip(tr("The held-out split is evaluated at each epoch's end and at the run's end, "
                                  "or every so many steps; 0 turns it off"));
    m_expected->setToolTip(tr("How long the run takes, for the lab's queue and leases. Not given: predicted "
                              "from the last finished run of the same shape, or the lab's longest run."));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Write a checkpoint, then stop"));
    m_abort->setText(tr("Abort"));
    m_abort->setToolTip(tr("Stop at once, without a checkpoint"));
    m_save->setText(tr("Save…"));
    m_load->setText(tr("Load…"));
    // "5 %" in English; Persian sets the sign on the figure, "۵٪" (issue #31, item 5).
    m_margin->setSuffix(QLocale().textDirection() == Qt::RightToLeft
                            ? QLocale().percent()
                            : QLatin1Char(' ') + QLocale().percent());
    // A message that can be worded again is, after the form's own problems are
    // (validate() words them anew); one that cannot goes rather than stay in the
    // language just left. The agents' findings come untranslated and are worded anew.
    const auto text = m_messageFrozen ? std::function<QString()>() : m_messageText;
    const bool error = m_messageIsError;
    if (m_messageFrozen)
        showMessage(std::function<QString()>(), false);
    updateHelp();
    validate();
    if (!m_lastPreflight.isEmpty())
        showPreflight(m_lastPreflight, m_lastPreflightOk);
    if (text)
        showMessage(text, error);
}

void RunSetupWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::PaletteChange) {
        for (QLabel *label : std::as_const(m_errorLabels))
            label->setStyleSheet(errorStyle(palette()));
        if (m_message && m_messageIsError)
            m_message->setStyleSheet(errorStyle(palette()));
    }
    QWidget::changeEvent(event);
}

void RunSetupWidget::updateModelPage()
{
    // Only the shown page takes room: a stack otherwise sizes to its largest page.
    m_modelPages->setCurrentIndex(qMax(0, m_model->currentIndex()));
    for (int i = 0; i < m_modelPages->count(); ++i)
        m_modelPages->widget(i)->setSizePolicy(QSizePolicy::Preferred, i == m_modelPages->currentIndex()
                                                                           ? QSizePolicy::Preferred
                                                                           : QSizePolicy::Ignored);
    m_modelPages->adjustSize();
}

void RunSetupWidget::updateDatasetRows()
{
    const bool synthetic = m_dataset->currentData().toString() == QLatin1String("synthetic");
    m_form->setRowVisible(m_datasetPath, !synthetic);
    m_form->setRowVisible(m_syntheticSamples, synthetic);
    m_form->setRowVisible(m_labelColumn, m_dataset->currentData().toString() == QLatin1String("csv"));
    const bool images = m_dataset->currentData().toString() == QLatin1String("images");
    m_form->setRowVisible(m_imageShape, images);
    m_form->setRowVisible(m_augment, images);
}

void RunSetupWidget::updateHelp()
{
    m_modelHelp->setText(modelDescription(m_model->currentData().toString()));
    m_datasetHelp->setText(datasetDescription(m_dataset->currentData().toString()));
    m_strategyHelp->setText(RunConfig::strategyDescription(m_strategy->currentData().toString()));
}

QString RunSetupWidget::modelDescription(const QString &kind)
{
    if (kind == QLatin1String("mlp"))
        return tr("MLP: fully connected layers on the flattened image; small and quick, a good first run.");
    if (kind == QLatin1String("cnn"))
        return tr("CNN: a small residual convolutional network with GroupNorm for 28×28 images; more "
                  "computation per sample "
                  "than the MLP.");
    if (kind == QLatin1String("gpt"))
        return tr(
            "GPT: a small byte-level transformer that learns to predict the next byte of a text dataset.");
    if (kind == QLatin1String("torchscript"))
        return tr("Your own network, saved as a TorchScript file whose forward(input) returns logits; the "
                  "file must be on "
                  "every machine.");
    return {};
}

QString RunSetupWidget::datasetDescription(const QString &kind)
{
    if (kind == QLatin1String("fashion-mnist"))
        return tr("Fashion-MNIST: 28×28 grey images of clothing in 10 classes, read from an MNIST-format "
                  "directory on every "
                  "machine.");
    if (kind == QLatin1String("cifar-10"))
        return tr("CIFAR-10: 32×32 colour photos in 10 classes, from the binary version "
                  "(cifar-10-batches-bin: data_batch_1.bin … and test_batch.bin) on every machine.");
    if (kind == QLatin1String("cifar-100"))
        return tr("CIFAR-100: 32×32 colour photos in 100 classes, from the binary version "
                  "(cifar-100-binary: train.bin and test.bin) on every machine.");
    if (kind == QLatin1String("images"))
        return tr("Image folder: one sub-folder of JPEG or PNG images per class (train/ and test/ inside, or "
                  "every tenth image held out), on every machine; each image is resized to the shape below.");
    if (kind == QLatin1String("csv"))
        return tr("CSV table: numeric columns and a label column (whole numbers or names), one sample per "
                  "row, for the mlp model; a file (every tenth row held out) or a directory of train.csv and "
                  "test.csv on every machine.");
    if (kind == QLatin1String("text"))
        return tr("Text: any UTF-8 text file on every machine, read byte by byte; for the gpt model.");
    if (kind == QLatin1String("synthetic"))
        return tr("Synthetic: seeded random samples made on every machine; no files needed, good for "
                  "measuring speed.");
    return {};
}

RunConfig RunSetupWidget::config() const
{
    // Every editor named after a field of the table is read by key (ConfigFieldEditors); what
    // follows are the fields the form shows in its own way.
    QJsonObject json = m_base.toJson();
    ConfigFieldEditors::read(this, json);
    QList<ConfigError> ignored; // the editors' values have the table's types
    RunConfig c = RunConfig::fromJson(json, &ignored);
    bool ok = true;
    const QList<int> hidden = parseInts(m_mlpHidden->text(), &ok);
    c.model.hidden = ok ? hidden : QList<int>{};
    if (c.dataset.kind == QLatin1String("images")) {
        bool shapeOk = true;
        const QList<int> shape = parseInts(m_imageShape->text(), &shapeOk);
        c.dataset.shape = shapeOk ? shape : QList<int>{};
    } else {
        c.dataset.shape = m_base.dataset.shape;
    }
    c.steps = m_bySteps->isChecked() ? m_steps->value() : 0;
    c.epochs = m_byEpochs->isChecked() ? m_epochs->value() : 0;
    c.planner.margin = m_margin->value() / 100.0;
    c.eval.interval = m_evalInterval->value();
    c.nodes = m_group.configNodes(m_base.nodes);
    const QList<int> batches = parseInts(m_manualBatches->text(), &ok);
    const bool manual = ok && !batches.isEmpty() && batches.size() == c.nodes.size();
    for (qsizetype i = 0; i < c.nodes.size(); ++i)
        c.nodes[i].batch = manual ? std::optional<int>(batches[i]) : std::nullopt;
    static const QRegularExpression separators(QStringLiteral("[,\u060C]"));
    const QStringList slow = m_slowdowns->text().split(separators, Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < c.nodes.size(); ++i) {
        bool good = false;
        const double f = i < slow.size() ? QLocale().toDouble(slow[i].trimmed(), &good) : 1.0;
        c.nodes[i].slowdown = i < slow.size() ? (good ? f : slow[i].trimmed().toDouble()) : 1.0;
    }
    return c;
}

void RunSetupWidget::setConfig(const RunConfig &c)
{
    m_loading = true;
    m_base = c;
    // What a pre-flight found, and any message, spoke of the config being replaced (a running
    // run's status stays).
    m_lastPreflight.clear();
    m_link.reset();
    m_preflight->clear();
    m_preflight->setVisible(false);
    if (!m_running)
        showMessage(QString(), false);
    ConfigFieldEditors::write(this, c.toJson());
    QStringList hidden;
    for (int h : c.model.hidden)
        hidden << QString::number(h);
    m_mlpHidden->setText(hidden.join(QStringLiteral(", ")));
    if (c.dataset.kind == QLatin1String("images")) {
        QStringList shape;
        for (int d : c.dataset.shape)
            shape << QString::number(d);
        m_imageShape->setText(shape.join(QStringLiteral(", ")));
    }
    m_bySteps->setChecked(c.steps > 0 || c.epochs <= 0);
    m_byEpochs->setChecked(!(c.steps > 0 || c.epochs <= 0));
    m_steps->setValue(int(qMax<qint64>(1, qMin<qint64>(c.steps, m_steps->maximum()))));
    m_epochs->setValue(qMax(1, c.epochs));
    m_margin->setValue(c.planner.margin * 100.0);
    m_evalInterval->setValue(c.eval.interval);
    QStringList batches;
    QStringList slow;
    bool anySlow = false;
    for (const RunConfig::Node &n : c.nodes) {
        if (n.batch)
            batches << QString::number(*n.batch);
        slow << QString::number(n.slowdown);
        anySlow = anySlow || n.slowdown != 1.0;
    }
    m_manualBatches->setText(batches.size() == c.nodes.size() ? batches.join(QStringLiteral(", "))
                                                              : QString());
    m_slowdowns->setText(anySlow ? slow.join(QStringLiteral(", ")) : QString());
    if (!c.nodes.isEmpty())
        m_group.setConfigNodes(c.nodes);
    updateModelPage();
    updateDatasetRows();
    updateHelp();
    m_loading = false;
    validate();
}

void RunSetupWidget::validate()
{
    // Every rule about the config is RunConfig::validate's, so hamgamctl check
    // applies it too; the form adds only what a config cannot hold: text in its
    // boxes that is not a list of numbers.
    const RunConfig c = config();
    m_errors = c.validate();
    bool ok = true;
    const QList<int> hidden = parseInts(m_mlpHidden->text(), &ok);
    Q_UNUSED(hidden);
    if (!ok && c.model.kind == QLatin1String("mlp")) {
        // Text that is not numbers: say so, not that the (then empty) list has no layers.
        m_errors.removeIf([](const ConfigError &e) { return e.field == QLatin1String("model.hidden"); });
        m_errors.append({QStringLiteral("model.hidden"), tr("write whole numbers separated by commas")});
    }
    const QList<int> batches = parseInts(m_manualBatches->text(), &ok);
    if (!ok || (!batches.isEmpty() && batches.size() != c.nodes.size()))
        m_errors.append(
            {QStringLiteral("nodes.batch"),
             tr("give one whole number per machine of the group (%Ln machine(s)), or leave it empty", nullptr,
                int(c.nodes.size()))});
    for (QLabel *l : std::as_const(m_errorLabels)) {
        l->clear();
        l->setVisible(false);
    }
    // The group-wide "nodes" problems that only the manual split causes (it does
    // not add up to the global batch): those the same config without it lacks.
    QStringList splitProblems;
    if (std::any_of(c.nodes.cbegin(), c.nodes.cend(),
                    [](const RunConfig::Node &n) { return n.batch.has_value(); })) {
        RunConfig withoutSplit = c;
        for (RunConfig::Node &n : withoutSplit.nodes)
            n.batch.reset();
        QStringList groupProblems;
        for (const ConfigError &e : withoutSplit.validate())
            groupProblems << e.field + QLatin1Char('\n') + e.message;
        for (const ConfigError &e : std::as_const(m_errors)) {
            if (e.field == QLatin1String("nodes") &&
                !groupProblems.contains(e.field + QLatin1Char('\n') + e.message))
                splitProblems << e.message;
        }
    }
    QStringList unplaced;
    for (const ConfigError &e : std::as_const(m_errors)) {
        QString field = e.field;
        // Per-node batches are edited in the manual batch line, and so is the split
        // as a whole; other per-node fields and the group's problems are the group's.
        if (field.startsWith(QLatin1String("nodes[")) && field.endsWith(QLatin1String(".batch")))
            field = QStringLiteral("nodes.batch");
        else if (field == QLatin1String("nodes") && splitProblems.contains(e.message))
            field = QStringLiteral("nodes.batch");
        QLabel *label = m_errorLabels.value(field);
        if (!label) {
            unplaced << e.message;
            continue;
        }
        label->setText(label->text().isEmpty() ? e.message : label->text() + QLatin1Char('\n') + e.message);
        label->setVisible(true);
        // A problem in the folded Advanced section (a manual split that no longer
        // fits the group) would otherwise only show as a disabled Start.
        if (!m_advancedToggle->isChecked() && m_advanced->isAncestorOf(label))
            m_advancedToggle->setChecked(true);
    }
    // Problems with the group itself (no machine, duplicates) go to the message line.
    if (!unplaced.isEmpty() && !m_running)
        showMessage(unplaced.join(QLatin1Char('\n')), true);
    else if (!m_running && m_message->property("fromValidation").toBool())
        m_message->setVisible(false);
    m_message->setProperty("fromValidation", !unplaced.isEmpty());
    m_start->setEnabled(!m_running && m_errors.isEmpty());
    m_queue->setEnabled(!m_running && m_errors.isEmpty());
    m_check->setEnabled(!m_running && m_errors.isEmpty());
}

void RunSetupWidget::showPreflight(const QList<RunController::NodePreflight> &results, bool ok)
{
    m_lastPreflight = results;
    m_lastPreflightOk = ok;
    m_preflight->clear();
    for (const RunController::NodePreflight &p : results) {
        auto *item = new QTreeWidgetItem(m_preflight);
        const bool good = p.errors.isEmpty() && (p.reached || p.agentId.isEmpty());
        item->setText(0, good ? (p.warnings.isEmpty() ? tr("%1: ready").arg(p.name)
                                                      : tr("%1: ready, with warnings").arg(p.name))
                              : tr("%1: %Ln problem(s)", nullptr, int(p.errors.size())).arg(p.name));
        item->setIcon(0, style()->standardIcon(good ? (p.warnings.isEmpty() ? QStyle::SP_DialogApplyButton
                                                                            : QStyle::SP_MessageBoxWarning)
                                                    : QStyle::SP_MessageBoxCritical));
        for (const TranslatableText &e : p.errorTexts) {
            const QString text = e.toString();
            auto *child = new QTreeWidgetItem(item, {LocaleFormat::paragraph(text)});
            child->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxCritical));
            child->setToolTip(0, text);
        }
        for (const TranslatableText &w : p.warningTexts) {
            const QString text = w.toString();
            auto *child = new QTreeWidgetItem(item, {LocaleFormat::paragraph(text)});
            child->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
            child->setToolTip(0, text);
        }
        item->setExpanded(!good || !p.warnings.isEmpty());
    }
    if (m_link) {
        // Issue #32, items 4 and 5: each sync mode on these machines' measured link, and the fastest
        // machine alone where the group would be slower.
        const QStringList lines = EventText::linkForecast(*m_link, EventText::Shown::Widget);
        const bool alone = LinkForecast::slowerThanAlone(*m_link);
        auto *item = new QTreeWidgetItem(m_preflight,
                                         {tr("Network link, as run %1 measured it").arg(m_linkMeasuredBy)});
        item->setIcon(0, style()->standardIcon(alone ? QStyle::SP_MessageBoxWarning
                                                     : QStyle::SP_MessageBoxInformation));
        for (const QString &line : lines) {
            auto *child = new QTreeWidgetItem(item, {LocaleFormat::paragraph(line)});
            child->setToolTip(0, line);
        }
        item->setExpanded(true);
    }
    m_preflight->setVisible(!results.isEmpty());
    showMessage(
        [ok]() -> QString {
            return ok ? tr("Pre-flight passed on every node.")
                      : tr("Pre-flight found problems; nothing was started.");
        },
        !ok);
}

void RunSetupWidget::setLinkForecast(const std::optional<hamgam::contracts::LinkEvent> &link,
                                     const QString &measuredBy)
{
    m_link = link;
    m_linkMeasuredBy = measuredBy;
}

qint64 RunSetupWidget::expectedSeconds() const
{
    return qint64(m_expected->value() * 3600 + 0.5);
}

void RunSetupWidget::setRunning(bool running)
{
    m_running = running;
    m_stop->setEnabled(running);
    m_abort->setEnabled(running);
    m_start->setEnabled(!running && m_errors.isEmpty());
    m_queue->setEnabled(!running && m_errors.isEmpty());
    m_check->setEnabled(!running && m_errors.isEmpty());
    m_load->setEnabled(!running);
}

void RunSetupWidget::showMessage(const QString &text, bool error)
{
    showMessage(
        text.isEmpty() ? std::function<QString()>() : [text] { return text; }, error);
    m_messageFrozen = !text.isEmpty();
}

QString RunSetupWidget::shownMessage() const
{
    return m_message->isVisibleTo(this) ? m_message->plainText() : QString();
}

void RunSetupWidget::showMessage(std::function<QString()> text, bool error)
{
    m_messageFrozen = false;
    m_messageText = std::move(text);
    m_messageIsError = error;
    const QString shown = m_messageText ? m_messageText() : QString();
    m_message->setWrappedText(LocaleFormat::paragraph(shown));
    m_message->setStyleSheet(error ? errorStyle(palette()) : QString());
    m_message->setVisible(!shown.isEmpty());
}

bool RunSetupWidget::saveTo(const QString &path, QString *error) const
{
    const Status s = AtomicFile::write(path, QJsonDocument(config().toJson()).toJson(),
                                       QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ReadGroup | QFileDevice::ReadOther);
    if (!s && error)
        *error = s.error();
    return s.ok();
}

bool RunSetupWidget::loadFrom(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1").arg(Bidi::ltr(path));
        return false;
    }
    QList<ConfigError> errors;
    QList<UnknownConfigField> unknown;
    const RunConfig c = RunConfig::fromJsonText(f.readAll(), &errors, &unknown);
    if (!errors.isEmpty()) {
        QStringList lines;
        for (const ConfigError &e : std::as_const(errors))
            lines << (e.field.isEmpty() ? e.message : tr("%1: %2").arg(e.field, e.message));
        *error = lines.join(QLatin1Char('\n'));
        return false;
    }
    setConfig(c);
    // A field this version does not read is ignored: say which, and what was probably meant
    // (a typo like "stpes" used to train the default number of steps without a word).
    if (unknown.isEmpty()) {
        showMessage(QString(), false);
    } else {
        showMessage(
            [path, unknown] {
                QStringList lines{tr("Loaded %1, but %n field(s) in it are not known and were ignored:",
                                     nullptr, int(unknown.size()))
                                      .arg(Bidi::ltr(path))};
                for (const UnknownConfigField &u : unknown)
                    lines << tr("%1: %2").arg(Bidi::ltr(u.field), u.message());
                return lines.join(QLatin1Char('\n'));
            },
            true);
    }
    return true;
}

void RunSetupWidget::promptSave()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save run config"), m_name->text() + QStringLiteral(".json"), tr("Run configs (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        showMessage(error, true);
    else
        showMessage(tr("Saved to %1").arg(Bidi::ltr(path)), false);
}

void RunSetupWidget::promptLoad()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Load run config"), {}, tr("Run configs (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!loadFrom(path, &error))
        showMessage(tr("Cannot load %1:\n%2").arg(Bidi::ltr(path), error), true);
}
