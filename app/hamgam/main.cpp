// hamgam: the desktop app. Everything is built by DesktopApp.
#include "desktopapp.h"
#include "mainwindow.h"
#include "signalwatcher.h"
#include "tlsconfiguration.h"

#include <csignal>
#include <QApplication>

namespace {
void nameTheApp()
{
    QCoreApplication::setOrganizationName(QStringLiteral("hamgam"));
    QCoreApplication::setApplicationName(QStringLiteral("hamgam"));
}
} // namespace

int main(int argc, char *argv[])
{
    // `hamgam --help` and `--version` answer without a display, over ssh on a lab server too.
    if (DesktopApp::answersWithoutDisplay(argc, argv)) {
        QCoreApplication app(argc, argv);
        nameTheApp();
        DesktopApp desktop;
        return qMax(0, desktop.start(QCoreApplication::arguments()));
    }
    QApplication app(argc, argv);
    nameTheApp();
    QGuiApplication::setDesktopFileName(QStringLiteral("hamgam"));
    TlsConfiguration::useDirectConnections();

    DesktopApp desktop;
    if (const int code = desktop.start(QCoreApplication::arguments()); code >= 0)
        return code;
    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, desktop.window(), &QWidget::close);
    return app.exec();
}
