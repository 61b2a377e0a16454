#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace hamgam::contracts {

/// The values of the run config's fields held by key (RunConfigField::heldByKey): the
/// fields neither the worker nor the controller keeps a member for. It starts from the
/// table's defaults; reading a key the table does not hold by key, or as another type,
/// is a programming error and throws std::logic_error (tests/contracts catches it).
class FieldValues
{
public:
    using Value = std::variant<bool, std::int64_t, double, std::string>;

    /// Every held-by-key field at its default.
    FieldValues();

    bool flag(std::string_view key) const;
    std::int64_t integer(std::string_view key) const;
    double number(std::string_view key) const;
    const std::string &text(std::string_view key) const;

    /// Sets a field; the value's type must be the field's (an integer for a Number is widened).
    void set(std::string_view key, Value value);
    const std::map<std::string, Value, std::less<>> &all() const { return m_values; }

    /// A value's JSON text, and a value from JSON text of the field's type ("0.1", "true",
    /// "\"x\""); the parsers of both sides check the JSON's type first.
    static std::string toJsonText(const Value &value);
    static Value fromJsonText(std::string_view key, std::string_view json);

private:
    const Value &at(std::string_view key) const;

    std::map<std::string, Value, std::less<>> m_values;
};

} // namespace hamgam::contracts
