#pragma once

#include "utilizationdoctor.h"

#include <QStyle>
#include <QWidget>

class QLabel;
class QScrollArea;
class QVBoxLayout;

/// The utilization doctor's findings: for each device held back, the reason
/// (one of the seven), the numbers that show it, and one thing to do. Each
/// finding is a word-wrapped paragraph, so the panel reads well at any width
/// and in either direction.
class DoctorPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoctorPanel)

public:
    explicit DoctorPanel(QWidget *parent = nullptr);

    void setFindings(const QList<UtilizationDoctor::Finding> &findings);
    int findingCount() const;
    /// The paragraphs shown, one per finding (or the all-clear line), for tests.
    QStringList shownTexts() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QLabel *addEntry(QStyle::StandardPixmap icon, const QString &html);

    QLabel *m_title;
    QScrollArea *m_scroll;
    QWidget *m_entries;
    QVBoxLayout *m_entriesLayout;
    QList<QLabel *> m_texts;
    QList<UtilizationDoctor::Finding> m_findings;
};
