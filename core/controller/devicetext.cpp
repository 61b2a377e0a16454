#include "devicetext.h"

#include "bidi.h"
#include "datasize.h"
#include "safetext.h"

QString DeviceText::untrusted(const QString &text, Shown shown, const QLocale &locale)
{
    // A user or command line is Latin as a rule: kept left to right inside Persian text.
    if (shown == Shown::Terminal)
        return Bidi::ltr(SafeText::escaped(text), locale);
    return Bidi::ltr(SafeText::neutralized(text), locale);
}

QStringList DeviceText::readings(const DeviceSample &d, const QLocale &locale)
{
    QStringList parts;
    if (d.lost)
        return parts;
    if (d.memoryUtilization >= 0)
        parts << tr("memory busy %1%").arg(locale.toString(d.memoryUtilization, 'f', 0));
    if (d.temperature >= 0)
        parts << tr("%1 °C").arg(locale.toString(d.temperature, 'f', 0));
    if (d.power >= 0 && d.powerLimit > 0)
        parts << tr("%1 / %2 W").arg(locale.toString(d.power, 'f', 0), locale.toString(d.powerLimit, 'f', 0));
    else if (d.power >= 0)
        parts << tr("%1 W").arg(locale.toString(d.power, 'f', 0));
    if (d.clockSm >= 0)
        parts << tr("SM %1 MHz").arg(locale.toString(d.clockSm));
    else if (d.clockGraphics >= 0)
        parts << tr("graphics %1 MHz").arg(locale.toString(d.clockGraphics));
    if (d.clockMemory >= 0)
        parts << tr("memory %1 MHz").arg(locale.toString(d.clockMemory));
    if (d.pcieTx >= 0 && d.pcieRx >= 0)
        parts << tr("PCIe tx %1/s rx %2/s")
                     .arg(DataSize::format(d.pcieTx, 1, locale), DataSize::format(d.pcieRx, 1, locale));
    if (const QStringList slow = DeviceSample::slowdownReasons(d.throttleReasons); !slow.isEmpty())
        parts << tr("slowed down: %1").arg(locale.createSeparatedList(slow));
    return parts;
}

QString DeviceText::lost()
{
    return tr("lost: the GPU stopped answering (fell off the bus, or needs a reset)");
}

QString DeviceText::memory(qint64 bytes, const QLocale &locale)
{
    return bytes < 0 ? tr("n/a") : DataSize::format(bytes, 1, locale);
}

QString DeviceText::user(const DeviceProcess &p, Shown shown, const QLocale &locale)
{
    // A Hamgam worker runs as the agent's account: the lab user whose run it is says more.
    if (!p.labUser.isEmpty())
        return untrusted(p.labUser, shown, locale);
    return p.user.isEmpty() ? tr("?") : untrusted(p.user, shown, locale);
}

QString DeviceText::command(const DeviceProcess &p, Shown shown, const QLocale &locale)
{
    const QString command = p.commandOrName();
    return command.isEmpty() ? tr("(not found)") : untrusted(command, shown, locale);
}

QString DeviceText::holders(const QList<DeviceProcess> &processes, Shown shown, int most,
                            const QLocale &locale)
{
    QStringList parts;
    for (const DeviceProcess &p : processes) {
        if (parts.size() == most)
            break;
        const QString name = p.name.isEmpty() ? tr("pid %1").arg(p.pid) : untrusted(p.name, shown, locale);
        parts << tr("%1 %2 %3").arg(user(p, shown, locale), name, memory(p.memoryBytes, locale));
    }
    if (processes.size() > parts.size())
        parts << tr("+%Ln more", nullptr, int(processes.size() - parts.size()));
    return parts.join(tr(" · "));
}
