#pragma once

#include <QIcon>

class QPushButton;

/// Hamgam's own SVG icons (resources/icons, embedded under :/icons by
/// ui/CMakeLists.txt): the application icon and one per main action. Drawn in
/// mid tones that read on light and dark palettes, and rendered at any size by
/// Qt's SVG icon engine (a plugin in libqt6svg6, which the hamgam package depends on).
namespace AppIcons {
inline QIcon app()
{
    return QIcon(QStringLiteral(":/icons/hamgam.svg"));
}
inline QIcon start()
{
    return QIcon(QStringLiteral(":/icons/start.svg"));
}
inline QIcon stop()
{
    return QIcon(QStringLiteral(":/icons/stop.svg"));
}
inline QIcon abort()
{
    return QIcon(QStringLiteral(":/icons/abort.svg"));
}
inline QIcon check()
{
    return QIcon(QStringLiteral(":/icons/check.svg"));
}
inline QIcon addMachine()
{
    return QIcon(QStringLiteral(":/icons/add-machine.svg"));
}
inline QIcon install()
{
    return QIcon(QStringLiteral(":/icons/install.svg"));
}
inline QIcon compare()
{
    return QIcon(QStringLiteral(":/icons/compare.svg"));
}
inline QIcon exportFiles()
{
    return QIcon(QStringLiteral(":/icons/export.svg"));
}

/// Sets a push button's icon so that icon and text stay together, centred, in
/// right-to-left layouts too: Qt 6.4's common style (Fusion, Windows) draws the
/// text of such a button at its far edge, away from the icon.
void setButtonIcon(QPushButton *button, const QIcon &icon);
} // namespace AppIcons
