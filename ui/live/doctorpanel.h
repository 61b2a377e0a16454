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
/// and in either direction. The most severe kMaxShown are shown, then a line
/// that counts the rest: a 64 × 8 lab can have hundreds, and word-wrapped rich
/// text is costly to lay out once a second.
class DoctorPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoctorPanel)

public:
    explicit DoctorPanel(QWidget *parent = nullptr);

    static constexpr int kMaxShown = 12;

    void setFindings(const QList<UtilizationDoctor::Finding> &findings);
    /// The steps the findings are the mean of (LiveRunData::splitWindowSteps), said under the
    /// title: the step-split plot beside it reads the same window. 0: not said.
    void setWindowSteps(int steps);
    int findingCount() const;
    /// What each shown row's icon means, as its tooltip says it, for tests.
    QStringList iconMeanings() const;
    /// The line under the title: the window, and what the icons mean.
    QString windowText() const;
    /// The paragraphs shown: one per finding up to kMaxShown, then the line
    /// counting the others (or the all-clear line), for tests.
    QStringList shownTexts() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    struct Row
    {
        QWidget *widget = nullptr;
        QLabel *icon = nullptr;
        QLabel *text = nullptr;
        QStyle::StandardPixmap pixmap = QStyle::SP_CustomBase;
    };
    Row &row(int index);
    void showEntry(int index, QStyle::StandardPixmap icon, const QString &html);
    static QString iconMeaning(QStyle::StandardPixmap icon);
    void updateWindowText();

    QLabel *m_title;
    QLabel *m_window;
    int m_windowSteps = 0;
    QScrollArea *m_scroll;
    QWidget *m_entries;
    QVBoxLayout *m_entriesLayout;
    /// Rows are kept and their text replaced: only a paragraph that changed
    /// is laid out again, and the panel does not flicker.
    QList<Row> m_rows;
    int m_shown = 0;
    QList<UtilizationDoctor::Finding> m_findings;
};
