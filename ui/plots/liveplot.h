#pragma once

#include <qcustomplot.h>

class LiveRunData;

/// Base of the live view's plots: colours from the palette (dark themes
/// work), the legend at the leading corner (it moves in right-to-left
/// layouts), translated titles, and a refresh that redraws only when the
/// data it shows has changed.
class LivePlot : public QCustomPlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LivePlot)

public:
    explicit LivePlot(QWidget *parent = nullptr);

    /// Updates the plot from the data if it changed since the last call;
    /// returns whether a redraw was queued.
    bool refresh(const LiveRunData &data, bool force = false);
    void applyPalette();
    /// The plot's own palette of series colours, distinct on light and dark backgrounds.
    static QColor seriesColor(int index);
    /// What the pointer at `pos` (widget coordinates) is over, in words, as its tooltip
    /// shows it: the nearest point of a line, or the bar under it; empty over nothing.
    virtual QString hoverText(const QPoint &pos) const;

protected:
    /// The data the plot last drew from, for what a hover says.
    const LiveRunData *shownData() const { return m_shown; }
    /// A number as the axes write it: fewer decimals the larger it is.
    static QString valueText(double value);
    void mouseMoveEvent(QMouseEvent *event) override;
    /// The data's revision counters this plot depends on, combined.
    virtual quint64 revisionOf(const LiveRunData &data) const = 0;
    virtual void rebuild(const LiveRunData &data) = 0;
    virtual void retranslate() = 0;
    void changeEvent(QEvent *event) override;
    void placeLegend();

private:
    quint64 m_revision = ~quint64(0);
    const LiveRunData *m_shown = nullptr;
};
