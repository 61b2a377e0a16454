#pragma once

#include "message.h"
#include "translatabletext.h"

#include <optional>
#include <QCoreApplication>

class AgentSession;
class LabService;
struct Refusal;

/// The shared lab's wire adapter (docs/lab.md, "Protocol"): reads each lab
/// request a session sends (lease, queue, booking, rules, state, usage),
/// refuses what is malformed or out of range and what the caller may not do,
/// turns controllers' times into this agent's clock, and replies. What the
/// node's lab then decides and keeps (leases, queue, bookings, rules, usage)
/// is LabService's.
class LabRequests
{
    Q_DECLARE_TR_FUNCTIONS(LabRequests)

public:
    explicit LabRequests(LabService &lab);

    static bool handles(Message::Type type);
    /// One of the lab's requests (handles() said so), answered on the session.
    void handle(AgentSession *session, const Message &request);

private:
    void onAcquire(AgentSession *session, const Message &request);
    void onRelease(AgentSession *session, const Message &request);
    void onSubmit(AgentSession *session, const Message &request);
    void onCancel(AgentSession *session, const Message &request);
    void onReserve(AgentSession *session, const Message &request);
    void onUnreserve(AgentSession *session, const Message &request);
    void onPolicySet(AgentSession *session, const Message &request);

    /// A refusal as an error reply: its kind as the code, worded in the session's language, with
    /// the figures and the untranslated text beside.
    void replyRefusal(AgentSession *session, qint64 requestId, const Refusal &refusal);
    /// A reply's words untranslated (marked with QT_TR_NOOP), read in the controller's language.
    static TranslatableText said(const char *source) { return TranslatableText("LabRequests", source); }
    /// A controller's time on this agent's clock; nothing when it is out of range (far past, far future,
    /// or sent from a clock far from ours).
    std::optional<qint64> toLocal(qint64 senderMs, qint64 senderNowMs) const;
    /// What a lab_state leaves of the frame limit for its envelope and problem lines.
    static constexpr qsizetype kReplyMarginBytes = 64 * 1024;

    LabService &m_lab;
};
