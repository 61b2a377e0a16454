#pragma once

#include "error.h"

#include <optional>
#include <utility>
#include <variant>

namespace hamgam::engine {

/// The engine's error convention: a value, or an Error saying what went wrong.
/// Exceptions are only caught and converted at the process boundary (main).
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Error error)
        : m_value(std::move(error))
    {}
    static Result failure(ErrorKind kind, std::string message)
    {
        return Result(Error{kind, std::move(message)});
    }

    bool ok() const { return std::holds_alternative<T>(m_value); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return std::get<T>(m_value); }
    T &value() & { return std::get<T>(m_value); }
    T &&value() && { return std::get<T>(std::move(m_value)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }
    const Error &error() const { return std::get<Error>(m_value); }

private:
    std::variant<T, Error> m_value;
};

/// Success, or an Error.
class [[nodiscard]] Status
{
public:
    Status() = default;
    Status(Error error)
        : m_error(std::move(error))
    {}
    static Status failure(ErrorKind kind, std::string message)
    {
        return Status(Error{kind, std::move(message)});
    }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace hamgam::engine
