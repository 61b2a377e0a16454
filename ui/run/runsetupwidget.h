#pragma once

#include "runconfig.h"
#include "runcontroller.h"
#include "workerevents.h"
#include "wraplabel.h"

#include <functional>
#include <QHash>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class QTreeWidget;
class TrainingGroupModel;

/// The run setup form, bound to a RunConfig: model, dataset, strategy (each
/// with a one-line explanation), global batch, steps or epochs, optimizer,
/// learning rate, checkpointing and an Advanced section. Problems show next to
/// their field as you type (each field is named "field:<config key>", its
/// message "error:<config key>"); pre-flight results per node below; Check, Start,
/// Queue (with an optional expected time, for the lab's queue), Stop and Abort;
/// configs saved and loaded as JSON.
class RunSetupWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSetupWidget)

public:
    explicit RunSetupWidget(TrainingGroupModel &group, QWidget *parent = nullptr);

    RunConfig config() const;
    void setConfig(const RunConfig &config);
    /// Problems of the config as it stands, as shown inline.
    QList<ConfigError> currentErrors() const { return m_errors; }
    /// The error label of a field ("global_batch", "nodes", ...), for tests.
    QLabel *errorLabel(const QString &field) const { return m_errorLabels.value(field); }
    QPushButton *startButton() const { return m_start; }
    /// "Queue": the run waits in the lab's queue for its devices (docs/lab.md).
    QPushButton *queueButton() const { return m_queue; }
    QDoubleSpinBox *expectedTimeBox() const { return m_expected; }
    /// How long the user expects the run to take, in seconds; 0 when not given (the agents predict it).
    qint64 expectedSeconds() const;
    /// What the screens test reads back: the message line, the pre-flight
    /// findings and the learning rate box.
    QLabel *messageLabel() const { return m_message; }
    QTreeWidget *preflightTree() const { return m_preflight; }
    QDoubleSpinBox *learningRateBox() const { return m_lr; }

    void showPreflight(const QList<RunController::NodePreflight> &results, bool ok);
    /// The link forecast for the config being checked (LinkForecast, from the history): shown with
    /// the next pre-flight's results, below the machines; nothing where no run measured the link yet.
    void setLinkForecast(const std::optional<hamgam::contracts::LinkEvent> &link, const QString &measuredBy);
    void setRunning(bool running);
    /// A message that cannot be worded again: a language change clears it.
    void showMessage(const QString &text, bool error);
    /// A message formatted again after a language change.
    void showMessage(std::function<QString()> text, bool error);
    /// What the message line shows now, for tests: empty when hidden.
    QString shownMessage() const;

    /// The one-line explanations shown under the model and dataset choices.
    static QString modelDescription(const QString &kind);
    static QString datasetDescription(const QString &kind);

    /// An edit waits for validation (which runs a moment after the last edit).
    bool validationPending() const { return m_validateTimer.isActive(); }

    bool saveTo(const QString &path, QString *error) const;
    bool loadFrom(const QString &path, QString *error);
    /// Asks for a file and saves or loads the config.
    void promptSave();
    void promptLoad();

Q_SIGNALS:
    void checkRequested(const RunConfig &config);
    void startRequested(const RunConfig &config);
    void queueRequested(const RunConfig &config);
    void stopRequested();
    void abortRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void build();
    void retranslate();
    void validate();
    void scheduleValidation() { m_validateTimer.start(); }
    void updateModelPage();
    void updateDatasetRows();
    void updateHelp();
    QLabel *addError(QFormLayout *form, const QString &field);

    TrainingGroupModel &m_group;
    RunConfig m_base; ///< fields the form does not show are kept from here
    QList<ConfigError> m_errors;
    QHash<QString, QLabel *> m_errorLabels;
    QTimer m_validateTimer;
    bool m_running = false;
    bool m_loading = false;

    QFormLayout *m_form = nullptr;
    QLineEdit *m_name;
    QComboBox *m_model;
    QLabel *m_modelHelp;
    QStackedWidget *m_modelPages;
    QLineEdit *m_mlpHidden;
    QSpinBox *m_cnnChannels;
    QSpinBox *m_cnnBlocks;
    QSpinBox *m_cnnGroups;
    QSpinBox *m_gptLayers;
    QSpinBox *m_gptWidth;
    QSpinBox *m_gptHeads;
    QSpinBox *m_gptContext;
    QLineEdit *m_scriptPath;
    QComboBox *m_dataset;
    QLabel *m_datasetHelp;
    QLineEdit *m_datasetPath;
    QLineEdit *m_labelColumn;
    QLineEdit *m_imageShape; ///< dataset.shape of an image folder
    QCheckBox *m_augment;
    QSpinBox *m_syntheticSamples;
    QComboBox *m_strategy;
    QLabel *m_strategyHelp;
    QSpinBox *m_globalBatch;
    QRadioButton *m_bySteps;
    QRadioButton *m_byEpochs;
    QSpinBox *m_steps;
    QSpinBox *m_epochs;
    QComboBox *m_optimizer;
    QDoubleSpinBox *m_lr;
    QLineEdit *m_checkpointDir;
    QSpinBox *m_checkpointInterval;
    QToolButton *m_advancedToggle;
    QWidget *m_advanced;
    QDoubleSpinBox *m_momentum;
    QDoubleSpinBox *m_weightDecay;
    QComboBox *m_schedule;
    QSpinBox *m_warmup;
    QDoubleSpinBox *m_gradClip;
    QSpinBox *m_seed;
    QSpinBox *m_threads;
    QSpinBox *m_profileSteps;
    QSpinBox *m_replanInterval;
    QDoubleSpinBox *m_margin;
    QDoubleSpinBox *m_bucketMb;
    QComboBox *m_wireType;
    QComboBox *m_compression;
    QComboBox *m_syncMode;
    QSpinBox *m_syncEvery;
    QComboBox *m_precision;
    QSpinBox *m_timeout;
    QSpinBox *m_evalInterval;
    QCheckBox *m_streamParams;
    QCheckBox *m_recompute;
    QCheckBox *m_elastic;
    QLineEdit *m_manualBatches;
    QLineEdit *m_slowdowns;
    QTreeWidget *m_preflight;
    WrapLabel *m_message;
    QPushButton *m_check;
    QPushButton *m_start;
    QPushButton *m_queue;
    QDoubleSpinBox *m_expected;
    std::function<QString()> m_messageText; ///< the message shown, in the current language
    bool m_messageIsError = false;
    /// Shown as plain text, in the language of its moment: cleared by a language change,
    /// never left standing in the language the user just left.
    bool m_messageFrozen = false;
    QList<RunController::NodePreflight> m_lastPreflight; ///< re-shown after a language change
    bool m_lastPreflightOk = true;
    std::optional<hamgam::contracts::LinkEvent> m_link; ///< forecast for the checked config
    QString m_linkMeasuredBy;                           ///< the run whose link event it comes from
    QPushButton *m_stop;
    QPushButton *m_abort;
    QPushButton *m_save;
    QPushButton *m_load;
    QList<QPair<QLabel *, const char *>> m_labels; ///< form labels and their source text, for retranslation
};
