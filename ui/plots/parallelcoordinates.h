#pragma once

#include <optional>
#include <QColor>
#include <QCoreApplication>
#include <QJsonValue>
#include <QList>
#include <QStringList>

class QCustomPlot;
class QFont;
class QPalette;

/// Compare's parallel-coordinates plot: one vertical axis per setting that
/// differs between the runs (a number, a switch, or words in their natural
/// order), then their results; each run a line across them, in its colour,
/// with a gap where it has no value. Each axis runs from its lowest value at
/// the bottom to its highest at the top, its ends labelled. The axes are made
/// apart from the drawing, so what they hold is tested without a plot.
class ParallelCoordinates
{
    Q_DECLARE_TR_FUNCTIONS(ParallelCoordinates)

public:
    struct Axis
    {
        QString label;
        QList<std::optional<double>> values; ///< per run: a number, or a word's place in `categories`
        QStringList categories;              ///< a setting of words: its values in natural order
    };
    struct Line
    {
        QString name;
        QColor color;
    };

    /// A setting's axis from each run's value (`texts`: the same values as shown in words); an
    /// undefined value is a run without that setting. Words sort naturally: "[64]" below "[128]".
    static Axis settingAxis(const QString &label, const QList<QJsonValue> &values, const QStringList &texts);
    /// A result's axis (final loss, accuracy): none where a run has no such result.
    static Axis resultAxis(const QString &label, const QList<std::optional<double>> &values);
    /// Each axis scaled to 0 (its lowest value) .. 1 (its highest); 0.5 when all its runs agree.
    static QList<std::optional<double>> scaled(const Axis &axis);

    /// Draws `axes` with one line per run into `plot` (cleared by its owner first).
    static void draw(QCustomPlot *plot, const QList<Axis> &axes, const QList<Line> &lines,
                     const QPalette &palette, const QFont &font);
};
