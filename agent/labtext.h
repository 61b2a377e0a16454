#pragma once

#include "refusal.h"
#include "translatabletext.h"

/// The shared lab's refusals and notices in words, untranslated
/// (TranslatableText): the agent sends them translated in the asker's
/// language and as catalogue entries beside, so a controller shows its own.
/// Times are said relative to now ("for about 25 more minutes"), never as a
/// clock time: the agent's clock and time zone are not the reader's.
namespace LabText {
TranslatableText refusal(const Refusal &refusal, qint64 nowMs);
/// A span in whole minutes, or hours from two hours up: "%n minute(s)" / "%n hour(s)" filled in.
QString span(qint64 ms);
/// The state reason of a run the lab's rules stopped.
TranslatableText idleReclaimed(int utilPercent, int minutes);
TranslatableText longestRunReached(qint64 maxRunSeconds);
TranslatableText bookingBegins(const QString &user, int device);
TranslatableText endedBy(const QString &user, bool stop);
/// Pre-flight's word after a refusal a start would get now: what it means for Start and Queue.
TranslatableText startWouldBeRefused();
} // namespace LabText
