#include "librarypackages.h"

#include <map>
#include <QProcess>

QString LibraryPackages::knownPackage(const QString &soname)
{
    // Debian 12 (bookworm) package names of what hamgam-agent and hamgam-worker link.
    static const std::map<QString, QString> table = {
        {QStringLiteral("libQt6Core.so.6"), QStringLiteral("libqt6core6")},
        {QStringLiteral("libQt6Network.so.6"), QStringLiteral("libqt6network6")},
        {QStringLiteral("libQt6Sql.so.6"), QStringLiteral("libqt6sql6")},
        {QStringLiteral("libcrypto.so.3"), QStringLiteral("libssl3")},
        {QStringLiteral("libssl.so.3"), QStringLiteral("libssl3")},
        {QStringLiteral("libz.so.1"), QStringLiteral("zlib1g")},
        {QStringLiteral("libsqlite3.so.0"), QStringLiteral("libsqlite3-0")},
        {QStringLiteral("libstdc++.so.6"), QStringLiteral("libstdc++6")},
        {QStringLiteral("libgcc_s.so.1"), QStringLiteral("libgcc-s1")},
        {QStringLiteral("libicui18n.so.72"), QStringLiteral("libicu72")},
        {QStringLiteral("libicuuc.so.72"), QStringLiteral("libicu72")},
        {QStringLiteral("libdouble-conversion.so.3"), QStringLiteral("libdouble-conversion3")},
        {QStringLiteral("libpcre2-16.so.0"), QStringLiteral("libpcre2-16-0")},
        {QStringLiteral("libzstd.so.1"), QStringLiteral("libzstd1")},
        {QStringLiteral("libb2.so.1"), QStringLiteral("libb2-1")},
        {QStringLiteral("libglib-2.0.so.0"), QStringLiteral("libglib2.0-0")},
        {QStringLiteral("libtorch.so.1.13"), QStringLiteral("libtorch1.13")},
        {QStringLiteral("libtorch_cpu.so.1.13"), QStringLiteral("libtorch1.13")},
        {QStringLiteral("libc10.so.1.13"), QStringLiteral("libtorch1.13")},
        {QStringLiteral("libgloo.so.0"), QStringLiteral("libgloo0")},
        {QStringLiteral("libprotobuf.so.32"), QStringLiteral("libprotobuf32")},
    };
    const auto it = table.find(soname);
    return it == table.end() ? QString() : it->second;
}

QStringList LibraryPackages::packagesFor(const QStringList &sonames, QStringList *unknown)
{
    QStringList packages;
    for (const QString &soname : sonames) {
        QString package;
        QProcess dpkg;
        dpkg.start(QStringLiteral("dpkg"), {QStringLiteral("-S"), QStringLiteral("*/") + soname});
        if (dpkg.waitForFinished(10000) && dpkg.exitStatus() == QProcess::NormalExit &&
            dpkg.exitCode() == 0) {
            // "libqt6core6:amd64: /usr/lib/x86_64-linux-gnu/libQt6Core.so.6"; skip -dev packages (their .so
            // links).
            const QStringList lines =
                QString::fromUtf8(dpkg.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            for (const QString &line : lines) {
                const QString name =
                    line.section(QStringLiteral(": "), 0, 0).section(QLatin1Char(':'), 0, 0).trimmed();
                if (!name.isEmpty() && !name.contains(QLatin1Char(',')) &&
                    !name.endsWith(QLatin1String("-dev"))) {
                    package = name;
                    break;
                }
            }
        }
        if (package.isEmpty())
            package = knownPackage(soname);
        if (package.isEmpty()) {
            if (unknown)
                unknown->append(soname);
            continue;
        }
        if (!packages.contains(package))
            packages.append(package);
    }
    packages.sort();
    return packages;
}
