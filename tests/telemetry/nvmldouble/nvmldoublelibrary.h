#pragma once

#include "nvmldouble.h"

#include <dlfcn.h>
#include <QFile>
#include <QString>

/// One variant of the NVML test double, opened by the test to script it. The
/// probe under test dlopen()s the same file and so gets the same library, with
/// the scenario set here.
class NvmlDoubleLibrary final
{
public:
    explicit NvmlDoubleLibrary(const QString &variant)
        : m_path(QStringLiteral(HAMGAM_NVML_DOUBLE_DIR "/%1/libnvidia-ml.so.1").arg(variant))
    {
        m_lib = dlopen(QFile::encodeName(m_path).constData(), RTLD_NOW | RTLD_LOCAL);
        if (!m_lib)
            return;
        m_variant = reinterpret_cast<const char *(*)()>(dlsym(m_lib, "nvmlDoubleVariant"));
        m_setScenario =
            reinterpret_cast<void (*)(const NvmlDoubleScenario *)>(dlsym(m_lib, "nvmlDoubleSetScenario"));
        m_setLost = reinterpret_cast<void (*)(unsigned int, int)>(dlsym(m_lib, "nvmlDoubleSetLost"));
        m_counters = reinterpret_cast<void (*)(NvmlDoubleCounters *)>(dlsym(m_lib, "nvmlDoubleGetCounters"));
    }
    ~NvmlDoubleLibrary()
    {
        if (m_lib)
            dlclose(m_lib);
    }
    Q_DISABLE_COPY_MOVE(NvmlDoubleLibrary)

    /// The library loaded and is the variant asked for; the reason otherwise.
    QString problem(const QString &variant) const
    {
        if (!m_lib)
            return QStringLiteral("cannot load %1: %2").arg(m_path, QString::fromLocal8Bit(dlerror()));
        if (!m_variant || !m_setScenario || !m_setLost || !m_counters)
            return QStringLiteral("%1 lacks the double's control calls").arg(m_path);
        if (QLatin1String(m_variant()) != variant)
            return QStringLiteral("%1 is the %2 variant").arg(m_path, QLatin1String(m_variant()));
        return {};
    }
    QString path() const { return m_path; }
    void setScenario(const NvmlDoubleScenario &scenario) { m_setScenario(&scenario); }
    void setLost(unsigned int gpu, bool lost) { m_setLost(gpu, lost ? 1 : 0); }
    NvmlDoubleCounters counters() const
    {
        NvmlDoubleCounters c{};
        m_counters(&c);
        return c;
    }

private:
    QString m_path;
    void *m_lib = nullptr;
    const char *(*m_variant)() = nullptr;
    void (*m_setScenario)(const NvmlDoubleScenario *) = nullptr;
    void (*m_setLost)(unsigned int, int) = nullptr;
    void (*m_counters)(NvmlDoubleCounters *) = nullptr;
};
