#pragma once

#include "installtypes.h"

#include <QAbstractTableModel>
#include <QList>

/// The machines of one run of the install dialog, one row each: the machine,
/// the step it is at, its progress and how it ended. InstallProgressDelegate
/// paints the Progress column.
class InstallJobsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstallJobsModel)

public:
    enum Column
    {
        Machine,
        Step,
        Progress,
        Result,
        ColumnCount
    };
    enum Role
    {
        ProgressRole = Qt::UserRole + 1, ///< 0..100
        StateRole,                       ///< State as int
    };
    enum class State
    {
        Waiting,
        Running,
        Succeeded,
        Failed,
        Refused,
        Cancelled
    };

    explicit InstallJobsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void clear();
    int addJob(const QString &machine, InstallRequest::Action action);
    void setStep(int row, InstallStep step, int index, int count);
    void setUploadProgress(int row, qint64 done, qint64 total);
    void addNote(int row, const QString &text);
    void setFinished(int row, const InstallResult &result);

    State state(int row) const { return m_rows.value(row).state; }
    QString resultText(int row) const;
    bool anyRunning() const;

private:
    struct Row
    {
        QString machine;
        InstallRequest::Action action = InstallRequest::Action::Install;
        State state = State::Waiting;
        InstallStep step = InstallStep::Connect;
        int index = 0;
        int count = 1;
        double fraction = 0; ///< within the step (uploads)
        QStringList notes;
        InstallResult result;
    };

    int progress(const Row &row) const;
    void changed(int row);

    QList<Row> m_rows;
};
