#pragma once

#include <algorithm>
#include <QtGlobal>
#include <sys/resource.h>

/// Lowers this process's RLIMIT_DATA (heap and private writable mappings) while
/// it lives; processes started meanwhile keep the lower limit. A reader that
/// allocated whatever a hostile header declares then fails at once, instead of
/// passing on a machine with memory to spare or thrashing one without.
class DataMemoryLimit
{
    Q_DISABLE_COPY_MOVE(DataMemoryLimit)

public:
    explicit DataMemoryLimit(rlim_t bytes)
    {
        m_active = ::getrlimit(RLIMIT_DATA, &m_saved) == 0;
        if (!m_active)
            return;
        rlimit lowered = m_saved;
        lowered.rlim_cur = std::min(bytes, m_saved.rlim_cur); // RLIM_INFINITY is the largest value
        m_active = ::setrlimit(RLIMIT_DATA, &lowered) == 0;
    }
    ~DataMemoryLimit()
    {
        if (m_active)
            ::setrlimit(RLIMIT_DATA, &m_saved);
    }
    bool isActive() const { return m_active; }

private:
    rlimit m_saved{};
    bool m_active = false;
};
