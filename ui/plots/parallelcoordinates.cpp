#include "parallelcoordinates.h"

#include "localeformat.h"

#include <cmath>
#include <QCollator>
#include <qcustomplot.h>
#include <QPalette>

ParallelCoordinates::Axis ParallelCoordinates::settingAxis(const QString &label,
                                                           const QList<QJsonValue> &values,
                                                           const QStringList &texts)
{
    Axis a{label, {}, {}};
    bool numeric = true;
    for (const QJsonValue &v : values)
        numeric = numeric && (v.isDouble() || v.isUndefined() || v.isBool());
    if (numeric) {
        for (const QJsonValue &v : values) {
            if (v.isUndefined())
                a.values << std::nullopt;
            else
                a.values << (v.isBool() ? (v.toBool() ? 1.0 : 0.0) : v.toDouble());
        }
        return a;
    }
    for (int i = 0; i < values.size(); ++i) {
        if (!values[i].isUndefined() && !a.categories.contains(texts.value(i)))
            a.categories << texts.value(i);
    }
    // Natural order: the numbers inside words compare as numbers ("[64]" before "[128]", "run 9" before "run
    // 10").
    QCollator collator;
    collator.setNumericMode(true);
    std::sort(a.categories.begin(), a.categories.end(), collator);
    for (int i = 0; i < values.size(); ++i)
        a.values << (values[i].isUndefined() ? std::nullopt
                                             : std::optional<double>(a.categories.indexOf(texts.value(i))));
    return a;
}

ParallelCoordinates::Axis ParallelCoordinates::resultAxis(const QString &label,
                                                          const QList<std::optional<double>> &values)
{
    return {label, values, {}};
}

QList<std::optional<double>> ParallelCoordinates::scaled(const Axis &axis)
{
    double low = 0, high = 0;
    bool any = false;
    for (const auto &v : axis.values) {
        if (!v)
            continue;
        low = any ? qMin(low, *v) : *v;
        high = any ? qMax(high, *v) : *v;
        any = true;
    }
    QList<std::optional<double>> out;
    for (const auto &v : axis.values)
        out << (v ? std::optional<double>(high > low ? (*v - low) / (high - low) : 0.5) : std::nullopt);
    return out;
}

void ParallelCoordinates::draw(QCustomPlot *plot, const QList<Axis> &axes, const QList<Line> &lines,
                               const QPalette &palette, const QFont &font)
{
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    const QColor text = palette.color(QPalette::Text);
    QList<QList<std::optional<double>>> ys;
    for (int x = 0; x < axes.size(); ++x) {
        const Axis &a = axes[x];
        ticks->addTick(x, a.label);
        ys << scaled(a);
        auto end = [&](double y, const QString &label) {
            auto *item = new QCPItemText(plot);
            item->position->setCoords(x, y);
            item->setPositionAlignment((y > 0.5 ? Qt::AlignBottom : Qt::AlignTop) | Qt::AlignHCenter);
            item->setText(label);
            item->setColor(text);
            item->setFont(font);
        };
        auto format = [&](double v) {
            if (!a.categories.isEmpty())
                return a.categories.value(int(v));
            return LocaleFormat::number(v, std::abs(v) < 10 && v != std::floor(v) ? 4 : 0);
        };
        std::optional<double> low, high;
        for (const auto &v : a.values) {
            if (!v)
                continue;
            low = low ? qMin(*low, *v) : *v;
            high = high ? qMax(*high, *v) : *v;
        }
        if (high) {
            end(1.02, format(*high));
            if (*high > *low)
                end(-0.02, format(*low));
        }
        auto *line = new QCPItemStraightLine(plot);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(palette.color(QPalette::Mid), 1));
    }
    for (int i = 0; i < lines.size(); ++i) {
        QVector<double> xs, points;
        for (int x = 0; x < axes.size(); ++x) {
            xs << x;
            const auto v = ys[x].value(i);
            points << (v ? *v : qQNaN()); // a gap where a run has no value
        }
        QCPGraph *graph = plot->addGraph();
        graph->setName(lines[i].name);
        graph->setPen(QPen(lines[i].color, lines.size() > 20 ? 1 : 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, lines[i].color, 5));
        graph->setAntialiased(true);
        graph->setData(xs, points, true);
    }
    plot->xAxis->setTicker(ticks);
    plot->xAxis->setTickLabelRotation(axes.size() > 5 ? -30 : 0);
    plot->xAxis->setSubTicks(false);
    plot->xAxis->grid()->setVisible(false);
    plot->xAxis->setRange(-0.4, qMax<qsizetype>(1, axes.size()) - 0.6);
    plot->yAxis->setRange(-0.12, 1.12);
    plot->yAxis->setTicks(false);
    plot->yAxis->setTickLabels(false);
    plot->yAxis->grid()->setVisible(false);
    plot->yAxis->setLabel(tr("lowest value at the bottom, highest at the top"));
}
