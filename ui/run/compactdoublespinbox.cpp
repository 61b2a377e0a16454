#include "compactdoublespinbox.h"

#include <cmath>

CompactDoubleSpinBox::CompactDoubleSpinBox(QWidget *parent)
    : QDoubleSpinBox(parent)
{}

QString CompactDoubleSpinBox::textFromValue(double value) const
{
    // Rounded to decimals() first, as the value itself is, so no binary
    // leftovers ("0.30000000000000004") reach the shortest form.
    const double scale = std::pow(10.0, decimals());
    const double rounded = std::isfinite(value * scale) ? std::round(value * scale) / scale : value;
    QString text = locale().toString(rounded, 'f', QLocale::FloatingPointShortest);
    if (!isGroupSeparatorShown())
        text.remove(locale().groupSeparator());
    return text;
}
