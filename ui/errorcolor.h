#pragma once

#include <QColor>
#include <QPalette>

/// The colour of error text: a lighter red on a dark palette, where the usual
/// one is too dim to read.
inline QColor errorColor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0x8a, 0x80)
                                                             : QColor(0xd3, 0x2f, 0x2f);
}
