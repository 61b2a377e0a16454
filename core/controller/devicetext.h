#pragma once

#include "telemetry.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

/// A GPU's readings and who holds it, in words: `hamgamctl watch` and the
/// Machines cards say the same things, in the reader's language. Text that
/// came from another machine (a user, a command line) is made safe for where
/// it is shown: escaped for a terminal, neutralized for a widget (SafeText).
class DeviceText final
{
    Q_DECLARE_TR_FUNCTIONS(DeviceText)

public:
    enum class Shown
    {
        Terminal,
        Widget
    };

    /// The readings beyond utilization and memory, one part each that is
    /// known: "memory busy 41%", "63 °C", "250 / 700 W", "SM 1980 MHz",
    /// "memory 3201 MHz", "PCIe tx 1.2 GB/s rx 300.0 MB/s", "slowed down: power cap".
    static QStringList readings(const DeviceSample &device, const QLocale &locale = QLocale());
    /// What a lost GPU shows instead of its readings.
    static QString lost();
    /// A process's GPU memory, "n/a" when NVML cannot tell.
    static QString memory(qint64 bytes, const QLocale &locale = QLocale());
    /// Its user, "?" when the agent could not tell.
    static QString user(const DeviceProcess &process, Shown shown, const QLocale &locale = QLocale());
    /// Its command line, or its name, or "(not found)" when the agent's /proc
    /// has no such process (it ended, or runs in another container).
    static QString command(const DeviceProcess &process, Shown shown, const QLocale &locale = QLocale());
    /// Who holds the GPU, in one line: "alice python3 30.1 GB · bob sleep 8.0 GB",
    /// at most `shown` processes and then "+2 more"; empty when none.
    static QString holders(const QList<DeviceProcess> &processes, Shown shown, int most = 3,
                           const QLocale &locale = QLocale());

private:
    static QString untrusted(const QString &text, Shown shown, const QLocale &locale);
};
