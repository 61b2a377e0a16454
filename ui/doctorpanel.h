#pragma once

#include "utilizationdoctor.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

/// The utilization doctor's findings: for each device held back, the reason
/// (one of the seven), the numbers that show it, and one thing to do.
class DoctorPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoctorPanel)

public:
    explicit DoctorPanel(QWidget *parent = nullptr);

    void setFindings(const QList<UtilizationDoctor::Finding> &findings);
    int findingCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_title;
    QTreeWidget *m_tree;
    QList<UtilizationDoctor::Finding> m_findings;
};
