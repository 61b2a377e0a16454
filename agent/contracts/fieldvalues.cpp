#include "fieldvalues.h"

#include "runconfigfield.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace hamgam::contracts {

namespace {

const RunConfigField &heldField(std::string_view key)
{
    const RunConfigField *field = findRunConfigField(key);
    if (!field || !field->heldByKey)
        throw std::logic_error("run config: \"" + std::string(key) + "\" is not a field held by key");
    return *field;
}

} // namespace

FieldValues::FieldValues()
{
    for (const RunConfigField &field : runConfigFields())
        if (field.heldByKey)
            m_values.emplace(std::string(field.key), fromJsonText(field.key, field.defaultJson));
}

const FieldValues::Value &FieldValues::at(std::string_view key) const
{
    heldField(key);
    return m_values.find(key)->second;
}

bool FieldValues::flag(std::string_view key) const
{
    return std::get<bool>(at(key));
}

std::int64_t FieldValues::integer(std::string_view key) const
{
    return std::get<std::int64_t>(at(key));
}

double FieldValues::number(std::string_view key) const
{
    return std::get<double>(at(key));
}

const std::string &FieldValues::text(std::string_view key) const
{
    return std::get<std::string>(at(key));
}

void FieldValues::set(std::string_view key, Value value)
{
    const RunConfigField &field = heldField(key);
    if (field.type == FieldType::Number && std::holds_alternative<std::int64_t>(value))
        value = static_cast<double>(std::get<std::int64_t>(value));
    const bool fits = (field.type == FieldType::Bool && std::holds_alternative<bool>(value)) ||
                      (field.type == FieldType::Integer && std::holds_alternative<std::int64_t>(value)) ||
                      (field.type == FieldType::Number && std::holds_alternative<double>(value)) ||
                      (field.type == FieldType::Text && std::holds_alternative<std::string>(value));
    if (!fits)
        throw std::logic_error("run config: a value of another type for \"" + std::string(key) + "\"");
    m_values.find(key)->second = std::move(value);
}

std::string FieldValues::toJsonText(const Value &value)
{
    if (const bool *b = std::get_if<bool>(&value))
        return *b ? "true" : "false";
    if (const std::int64_t *i = std::get_if<std::int64_t>(&value))
        return std::to_string(*i);
    if (const double *d = std::get_if<double>(&value)) {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", *d);
        return text;
    }
    std::string out = "\"";
    for (char c : std::get<std::string>(value)) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

FieldValues::Value FieldValues::fromJsonText(std::string_view key, std::string_view json)
{
    const RunConfigField &field = heldField(key);
    const std::string text(json);
    switch (field.type) {
    case FieldType::Bool:
        return text == "true";
    case FieldType::Integer:
        return static_cast<std::int64_t>(std::stoll(text));
    case FieldType::Number:
        return std::stod(text);
    case FieldType::Text:
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
            return text.substr(1, text.size() - 2);
        return text;
    default:
        throw std::logic_error("run config: \"" + text + "\" is a kind of field not held by key");
    }
}

} // namespace hamgam::contracts
