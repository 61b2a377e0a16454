#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

// The table marks its labels for Qt's lupdate without depending on Qt: the
// controller translates them in the "RunConfigField" context.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace hamgam::contracts {

/// What a field's JSON value is.
enum class FieldType
{
    Bool,
    Integer,        ///< a whole number
    Number,         ///< any finite number
    Text,           ///< a string, free or one of `choices`
    IntegerList,    ///< a list of whole numbers; the bounds hold for each
    NumberPair,     ///< a list of exactly two numbers; the bounds hold for each (optimizer.betas)
    StepsOrEpoch,   ///< a whole number of steps, or the word "epoch" (eval.interval)
    OptionalInteger ///< a whole number, or null for "not given" (nodes[].batch)
};

/// One field of the run config (docs/run-config.md), declared once for the
/// worker, the controller, the run form and the docs. Lists of objects name
/// their entries' fields with "[]": "nodes[].batch".
struct RunConfigField
{
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

    std::string_view key; ///< dotted path, e.g. "optimizer.lr"
    FieldType type = FieldType::Number;
    std::string_view defaultJson; ///< the default as JSON text: "0.05", "\"sgd\"", "[256, 256]", "null"
    double min = kNone;           ///< NaN: no lower bound
    double max = kNone;           ///< NaN: no upper bound
    bool minOpen = false;         ///< the bound itself is outside: "above 0"
    bool maxOpen = false;         ///< "below 1"
    std::string_view choices;     ///< Text: the values allowed, space-separated; empty: any text
    /// When the field means something: "model.kind=cnn", "dataset.kind=synthetic|images"; empty:
    /// always. RunConfig writes a field only where it applies, and checks it only there.
    std::string_view appliesWhen;
    /// Neither side keeps a member of its own for it: both hold it by key (FieldValues) and the
    /// code that uses it reads it there, so adding such a field is its row, a form row and its use.
    bool heldByKey = false;
    /// Read by the controller only (a planning figure, say); the worker never sees it.
    bool controllerOnly = false;
    /// An older spelling the parsers still read and never write ("comm.fp16").
    bool readOnlyAlias = false;
    std::string_view label;      ///< a short lower-case noun for messages and columns (translatable)
    std::string_view limitsNote; ///< docs: what the bounds do not say ("divides channels")
    std::string_view meaning;    ///< docs: what it does

    bool hasMin() const { return min == min; }
    bool hasMax() const { return max == max; }
    bool inBounds(double value) const;
    /// "must be between 1 and 1024", "must be above 0 and at most 10"; empty when in bounds.
    /// English, for the worker's messages; the controller words it in the user's language.
    std::string boundsProblem(double value) const;
    /// The bounds alone, for the docs: "1–1024", "(0, 10]", "≥ 0"; empty without bounds.
    std::string boundsText() const;
    std::vector<std::string> choiceList() const;
    bool allows(std::string_view choice) const;
    /// Whether the field applies given a lookup of other fields' text values ("model.kind").
    template<typename Lookup> bool appliesFor(Lookup &&textOf) const
    {
        if (appliesWhen.empty())
            return true;
        const auto eq = appliesWhen.find('=');
        const std::string value = textOf(appliesWhen.substr(0, eq));
        std::string_view alternatives = appliesWhen.substr(eq + 1);
        while (!alternatives.empty()) {
            const auto bar = alternatives.find('|');
            if (alternatives.substr(0, bar) == value)
                return true;
            alternatives = bar == std::string_view::npos ? std::string_view() : alternatives.substr(bar + 1);
        }
        return false;
    }
    /// The object the field sits in ("optimizer", "nodes[]"), empty at the top level.
    std::string_view section() const;
    /// The field's own name in its object ("lr", "batch").
    std::string_view leaf() const;
};

/// Every field of the run config, in the order of docs/run-config.md.
const std::vector<RunConfigField> &runConfigFields();
/// The field with this key; "nodes[2].batch" finds "nodes[].batch". Null when none.
const RunConfigField *findRunConfigField(std::string_view key);
/// "nodes[2].batch" -> "nodes[].batch".
std::string canonicalKey(std::string_view path);
/// The objects the fields sit in, each once, in the table's order ("model", "dataset", ...,
/// "nodes[]").
std::vector<std::string> runConfigSections();
/// The table as docs/run-config.md shows it (generated; tests/contracts holds the docs to it).
std::string runConfigMarkdownTable();

} // namespace hamgam::contracts
