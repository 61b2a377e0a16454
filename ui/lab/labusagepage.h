#pragma once

#include "expected.h"
#include "labsnapshot.h"

#include <QWidget>

class LabUsageModel;
class LabUsagePlot;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

/// Usage of the shared lab: device-hours per user and week over every
/// machine, as stacked bars and as a table, over the weeks chosen, and
/// "Export CSV…" (user, week, hours: what LabClient::usageCsv writes).
class LabUsagePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabUsagePage)

public:
    explicit LabUsagePage(QWidget *parent = nullptr);

    /// `machines`: those whose hours these are (named under the chart, as hamgamctl usage does).
    void setRows(const QList<LabUsageRow> &rows, const QStringList &errors, const QStringList &machines = {});
    QLabel *coverageLabel() const { return m_coverage; }
    LabUsageModel *model() const { return m_model; }
    LabUsagePlot *plot() const { return m_plot; }
    QTableView *table() const { return m_table; }
    QSpinBox *weeksBox() const { return m_weeks; }
    QPushButton *exportButton() const { return m_export; }
    QLabel *messageLabel() const { return m_message; }
    int weeks() const;
    /// Writes the rows shown as CSV, atomically (a reader never sees half a file).
    Status exportCsv(const QString &path) const;

Q_SIGNALS:
    void weeksChanged(int weeks);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void promptExport();
    void showMessage(const QString &text, bool error);
    void showCoverage();

    LabUsageModel *m_model;
    LabUsagePlot *m_plot;
    QTableView *m_table;
    QLabel *m_weeksLabel;
    QSpinBox *m_weeks;
    QPushButton *m_export;
    QLabel *m_message;
    QLabel *m_coverage; ///< "Over 3 machines: a, b and c"
    QStringList m_machines;
};
