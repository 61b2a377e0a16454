// hamgam: the desktop app. Everything is built by DesktopApp.
#include "desktopapp.h"
#include "mainwindow.h"
#include "signalwatcher.h"
#include "tlsconfiguration.h"

#include <csignal>
#include <QApplication>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("hamgam"));
    QCoreApplication::setApplicationName(QStringLiteral("hamgam"));
    QGuiApplication::setDesktopFileName(QStringLiteral("hamgam"));
    TlsConfiguration::useDirectConnections();

    DesktopApp desktop;
    if (const int code = desktop.start(QCoreApplication::arguments()); code >= 0)
        return code;
    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, desktop.window(), &QWidget::close);
    return app.exec();
}
