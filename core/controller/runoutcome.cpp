#include "runoutcome.h"

#include "nodestate.h"

#include <algorithm>
#include <QLocale>

namespace {
bool isState(const QString &state, NodeState want)
{
    return NodeStates::fromString(state) == want;
}
} // namespace

RunOutcome::RunOutcome(QList<Node> nodes, QList<Failure> failures, bool stopRequested, bool abortRequested)
    : m_nodes(std::move(nodes))
    , m_failures(std::move(failures))
    , m_stopRequested(stopRequested)
    , m_abortRequested(abortRequested)
{}

bool RunOutcome::isSettled() const
{
    if (m_nodes.isEmpty())
        return false;
    for (const Node &n : m_nodes) {
        if (!NodeStates::isFinal(NodeStates::fromString(n.state)))
            return false;
    }
    return true;
}

bool RunOutcome::any(NodeState state) const
{
    return std::any_of(m_nodes.cbegin(), m_nodes.cend(),
                       [&](const Node &n) { return isState(n.state, state); });
}

bool RunOutcome::mayRecover() const
{
    return any(NodeState::Failed) && !m_abortRequested;
}

RunStatus RunOutcome::status() const
{
    if (mayRecover())
        return RunStatus::Failed;
    if (m_abortRequested || any(NodeState::Aborted))
        return RunStatus::Aborted;
    if (m_stopRequested || any(NodeState::Stopped))
        return RunStatus::Stopped;
    return RunStatus::Finished;
}

TranslatableText RunOutcome::reason() const
{
    switch (status()) {
    case RunStatus::Failed:
        return failureReason();
    case RunStatus::Aborted:
        // Not this controller's doing (taken out of the queue by someone, say): the agent's reason says.
        if (TranslatableText why = nodeReason(NodeState::Aborted); !m_abortRequested && !why.isEmpty())
            return why;
        return text(QT_TR_NOOP("aborted"));
    case RunStatus::Stopped:
        // Stopped by the lab's rules or by another user: the agent's reason says which and why.
        if (TranslatableText why = nodeReason(NodeState::Stopped); !m_stopRequested && !why.isEmpty())
            return why;
        if (!m_checkpointsConfigured)
            return text(
                QT_TR_NOOP("stopped; no checkpoint was written (the run has no checkpoint directory)"));
        if (m_newestCheckpoint < 0)
            return text(QT_TR_NOOP("stopped; no checkpoint was written"));
        return text(QT_TR_NOOP("stopped after a checkpoint of step %1")).arg(m_newestCheckpoint);
    default:
        return {};
    }
}

TranslatableText RunOutcome::nodeReason(NodeState state) const
{
    for (const Node &n : m_nodes) {
        if (isState(n.state, state) && !n.reason.isEmpty())
            return text(QT_TR_NOOP("%1: %2")).arg(n.name).arg(n.reason);
    }
    return {};
}

TranslatableText RunOutcome::failureReason() const
{
    // The root cause: a crash first, then an error of its own, and only then a
    // worker that failed because a peer went away (exit code 3); workers this
    // controller killed while bringing the group down come last.
    TranslatableText reason;
    auto pick = [&](auto predicate) {
        for (const Failure &f : m_failures) {
            if (!reason.isEmpty() || !predicate(f))
                continue;
            // A lost machine's words name it already; a node without a rank is the node.
            reason = f.lost       ? f.description
                     : f.rank < 0 ? text(QT_TR_NOOP("%1: %2")).arg(f.node).arg(f.description)
                                  : text(QT_TR_NOOP("%1, rank %2: %3"))
                                        .arg(f.node)
                                        .arg(QString::number(f.rank)) // looked up, so in ASCII digits
                                        .arg(f.description);
        }
    };
    // A machine that went away first: its peers' errors (a closed connection, a timeout) follow from it.
    pick([](const Failure &f) { return f.lost; });
    pick([](const Failure &f) { return f.crashed && !f.induced; });
    pick([](const Failure &f) { return f.exitCode != 3 && !f.induced; });
    pick([](const Failure &f) { return !f.induced; });
    pick([](const Failure &) { return true; });
    for (const Node &n : m_nodes) {
        if (isState(n.state, NodeState::Failed) && !n.reason.isEmpty()) {
            // Whether the node's words add anything is judged as they read now.
            const QString said = reason.toString();
            const QString own = n.reason.toString();
            if (reason.isEmpty())
                reason = text(QT_TR_NOOP("%1: %2")).arg(n.name).arg(n.reason);
            else if (!m_failures.isEmpty() && said.size() < 400 && own.size() < 400 && !said.contains(own))
                reason = text(QT_TR_NOOP("%1 (%2: %3)")).arg(reason).arg(n.name).arg(n.reason);
            break;
        }
    }
    return reason;
}
