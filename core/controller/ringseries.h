#pragma once

#include <algorithm>
#include <QList>

/// A bounded (x, y) series for live plots. Window mode keeps the newest
/// `capacity` points (a sliding time window). Decimating mode keeps the whole
/// run: when full, every second point is dropped and from then on only every
/// 2^k-th new point is kept, so memory stays bounded while the curve still
/// spans the run, at a resolution that halves as it grows.
class RingSeries
{
public:
    enum class Mode
    {
        Window,
        Decimate
    };

    explicit RingSeries(int capacity = 1024, Mode mode = Mode::Window)
        : m_capacity(qMax(4, capacity))
        , m_mode(mode)
    {
        m_x.reserve(m_capacity);
        m_y.reserve(m_capacity);
    }

    void append(double x, double y)
    {
        if (m_mode == Mode::Decimate) {
            if (++m_seen % m_stride != 0)
                return;
            if (m_x.size() >= m_capacity) {
                // Keep every second point: the curve's shape, at half the resolution.
                qsizetype w = 0;
                for (qsizetype r = 0; r < m_x.size(); r += 2, ++w) {
                    m_x[w] = m_x[r];
                    m_y[w] = m_y[r];
                }
                m_x.resize(w);
                m_y.resize(w);
                m_stride *= 2;
            }
            m_x.append(x);
            m_y.append(y);
            return;
        }
        if (m_x.size() < m_capacity) {
            m_x.append(x);
            m_y.append(y);
            return;
        }
        m_x[m_head] = x;
        m_y[m_head] = y;
        m_head = (m_head + 1) % m_capacity;
    }

    qsizetype size() const { return m_x.size(); }
    bool isEmpty() const { return m_x.isEmpty(); }
    int capacity() const { return m_capacity; }
    void clear()
    {
        m_x.clear();
        m_y.clear();
        m_head = 0;
        m_seen = 0;
        m_stride = 1;
    }
    /// Points in x order (oldest first).
    void copyTo(QList<double> *x, QList<double> *y) const
    {
        x->resize(m_x.size());
        y->resize(m_y.size());
        const qsizetype n = m_x.size();
        for (qsizetype i = 0; i < n; ++i) {
            const qsizetype j = (m_head + i) % n;
            (*x)[i] = m_x[j];
            (*y)[i] = m_y[j];
        }
    }
    double lastX() const { return m_x.isEmpty() ? 0 : m_x[(m_head + m_x.size() - 1) % m_x.size()]; }
    double lastY() const { return m_y.isEmpty() ? 0 : m_y[(m_head + m_y.size() - 1) % m_y.size()]; }

private:
    int m_capacity;
    Mode m_mode;
    QList<double> m_x;
    QList<double> m_y;
    qsizetype m_head = 0; ///< oldest point in window mode once full
    qint64 m_seen = 0;
    qint64 m_stride = 1;
};
