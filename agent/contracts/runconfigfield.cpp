#include "runconfigfield.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hamgam::contracts {

namespace {

// 0.001, 10, 1e-8 as people write them; 10000000 with its digits.
std::string numberText(double value)
{
    char text[32];
    if (value == std::floor(value) && std::abs(value) < 1e15)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%g", value);
    return text;
}

} // namespace

bool RunConfigField::inBounds(double value) const
{
    if (std::isnan(value))
        return false;
    if (hasMin() && (minOpen ? value <= min : value < min))
        return false;
    if (hasMax() && (maxOpen ? value >= max : value > max))
        return false;
    return true;
}

std::string RunConfigField::boundsProblem(double value) const
{
    if (inBounds(value))
        return {};
    const std::string lo = numberText(min), hi = numberText(max);
    if (hasMin() && hasMax()) {
        if (!minOpen && !maxOpen)
            return "must be between " + lo + " and " + hi;
        return std::string("must be ") + (minOpen ? "above " : "at least ") + lo + " and " +
               (maxOpen ? "below " : "at most ") + hi;
    }
    if (hasMin())
        return std::string("must be ") + (minOpen ? "above " : "at least ") + lo;
    return std::string("must be ") + (maxOpen ? "below " : "at most ") + hi;
}

std::string RunConfigField::boundsText() const
{
    const std::string lo = numberText(min), hi = numberText(max);
    if (hasMin() && hasMax()) {
        if (!minOpen && !maxOpen)
            return min == max ? lo : lo + "–" + hi;
        return std::string(minOpen ? "(" : "[") + lo + ", " + hi + (maxOpen ? ")" : "]");
    }
    if (hasMin())
        return (minOpen ? "> " : "≥ ") + lo;
    if (hasMax())
        return (maxOpen ? "< " : "≤ ") + hi;
    return {};
}

std::vector<std::string> RunConfigField::choiceList() const
{
    std::vector<std::string> out;
    std::string_view rest = choices;
    while (!rest.empty()) {
        const auto space = rest.find(' ');
        out.emplace_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    return out;
}

bool RunConfigField::allows(std::string_view choice) const
{
    if (choices.empty())
        return true;
    for (const std::string &c : choiceList())
        if (c == choice)
            return true;
    return false;
}

std::string_view RunConfigField::section() const
{
    const auto dot = key.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : key.substr(0, dot);
}

std::string_view RunConfigField::leaf() const
{
    const auto dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

std::string canonicalKey(std::string_view path)
{
    std::string out;
    for (std::size_t i = 0; i < path.size(); ++i) {
        out += path[i];
        if (path[i] == '[') {
            while (i + 1 < path.size() && path[i + 1] != ']')
                ++i;
        }
    }
    return out;
}

const RunConfigField *findRunConfigField(std::string_view key)
{
    const std::string canonical = canonicalKey(key);
    for (const RunConfigField &field : runConfigFields())
        if (field.key == canonical)
            return &field;
    return nullptr;
}

std::vector<std::string> runConfigSections()
{
    std::vector<std::string> out;
    for (const RunConfigField &field : runConfigFields()) {
        const std::string section(field.section());
        if (!section.empty() && std::find(out.begin(), out.end(), section) == out.end())
            out.push_back(section);
    }
    return out;
}

std::string runConfigMarkdownTable()
{
    std::string out = "| field | default | limits | meaning |\n| --- | --- | --- | --- |\n";
    auto code = [](std::string_view text) { return "`" + std::string(text) + "`"; };
    for (const RunConfigField &field : runConfigFields()) {
        std::string def(field.defaultJson);
        if (field.type == FieldType::Text && def.size() > 2 && !field.choices.empty())
            def = code(def.substr(1, def.size() - 2));
        else if (def == "null")
            def = "—";
        std::string limits;
        if (!field.choices.empty()) {
            for (const std::string &c : field.choiceList())
                limits += (limits.empty() ? "" : ", ") + code(c);
        } else {
            limits = field.boundsText();
        }
        if (!field.limitsNote.empty())
            limits += (limits.empty() ? "" : "; ") + std::string(field.limitsNote);
        std::string meaning(field.meaning);
        if (!field.appliesWhen.empty()) {
            const auto eq = field.appliesWhen.find('=');
            std::string values(field.appliesWhen.substr(eq + 1));
            for (char &c : values)
                if (c == '|')
                    c = '/';
            meaning = "(" + values + ") " + meaning;
        }
        if (field.readOnlyAlias)
            meaning += " (read, never written)";
        out += "| " + code(field.key) + " | " + def + " | " + limits + " | " + meaning + " |\n";
    }
    return out;
}

} // namespace hamgam::contracts
