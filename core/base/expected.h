#pragma once

#include <optional>
#include <QString>
#include <utility>

/// The core layer's error convention: a value, or a message that says what went
/// wrong (already translated where a user will read it). Exceptions are kept for
/// process boundaries only.
template<typename T> class [[nodiscard]] Expected
{
public:
    Expected(T value)
        : m_value(std::move(value))
    {}
    static Expected failure(QString message) { return Expected(std::nullopt, std::move(message)); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T &operator*() const & { return *m_value; }
    T &operator*() & { return *m_value; }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }
    const QString &error() const { return m_error; }

private:
    Expected(std::optional<T> value, QString error)
        : m_value(std::move(value))
        , m_error(std::move(error))
    {}

    std::optional<T> m_value;
    QString m_error;
};

/// Expected<void>: success, or a message.
class [[nodiscard]] Status
{
public:
    Status() = default;
    static Status failure(QString message) { return Status(std::move(message), false); }

    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const QString &error() const { return m_error; }

private:
    Status(QString message, bool ok)
        : m_ok(ok)
        , m_error(std::move(message))
    {}

    bool m_ok = true;
    QString m_error;
};
