#pragma once

#include <QString>

/// Text that another machine chose (run names, agent and pre-flight messages,
/// machine names), made safe to show: it must not move a terminal's cursor,
/// fake a line of output, or reorder the text around it with bidirectional
/// overrides such as U+202E RIGHT-TO-LEFT OVERRIDE.
namespace SafeText {
/// Characters that change the order in which text is shown (embeddings,
/// overrides, isolates, marks).
bool isBidiControl(char32_t c);
/// For terminals and logs: control characters, line breaks and bidirectional
/// controls spelled as escapes ("\n", "\t", "\x1b", "\u202e", backslash as
/// "\\"). Joiners (U+200C, U+200D) stay: Persian words need them.
QString escaped(const QString &text);
/// As escaped(), but keeps isolates (U+2066–U+2068 … U+2069) that close
/// within `text`: the marks Bidi::ltr() puts around ids in Persian output. An
/// isolate cannot reorder anything outside itself; an unclosed one could.
QString escapedKeepingIsolates(const QString &text);
/// For JSON text shown on a terminal: the characters JSON may carry raw
/// that a terminal would obey (C1 controls, line separators, bidirectional
/// controls) written as \uXXXX escapes, so the text stays valid JSON. Raw
/// line breaks and tabs stay: from a serializer they are the layout between
/// tokens (it escapes those inside strings itself).
QString jsonEscaped(const QString &json);
/// For widgets: line breaks and tabs become spaces, other control characters
/// and every bidirectional control are dropped, and text with right-to-left
/// letters is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE so it
/// cannot reorder its surroundings.
QString neutralized(const QString &text);
} // namespace SafeText
