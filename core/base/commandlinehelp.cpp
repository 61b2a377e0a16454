#include "commandlinehelp.h"

#include <QCoreApplication>

QString CommandLineHelp::text(const QCommandLineParser &parser, const QString &programAsTyped)
{
    QString text = parser.helpText();
    const QString program = QCoreApplication::arguments().value(0);
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    QString first = text.left(end);
    const qsizetype at = program.isEmpty() ? -1 : first.indexOf(program);
    if (at >= 0)
        first.replace(at, program.size(), programAsTyped);
    return first + text.mid(end);
}
