#pragma once

#include "runrecord.h"
#include "translatabletext.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

enum class NodeState : quint8;

/// How a run ends, once every node of its current attempt is done: from the
/// nodes' states and the failures reported, its status and the reason shown.
/// The cause comes first (a crash, then an error of its own, then a worker
/// that failed because a peer went away); workers this controller killed while
/// bringing the group down are never the cause while another failure is known.
/// Pure: it only reads what it is given.
class RunOutcome final
{
    // Its own catalogue context, the one lupdate files its messages under: under
    // RunController's they were never found, and a Persian controller said "aborted".
    Q_DECLARE_TR_FUNCTIONS(RunOutcome)

public:
    struct Node
    {
        QString name;
        QString state; ///< as the agent reports it
        TranslatableText reason;
    };
    struct Failure
    {
        QString agentId;
        QString node;
        int rank = -1;
        int exitCode = 0;
        bool crashed = false;
        TranslatableText description;
        /// Reported after this controller brought the group down: a consequence
        /// (workers killed while they waited for the failed peer), never the cause.
        bool induced = false;
        /// The machine itself went away (its agent stopped or stopped answering): the root cause of
        /// whatever its peers reported meanwhile (issue #29, item 13). No rank: the whole node.
        bool lost = false;
    };

    RunOutcome(QList<Node> nodes, QList<Failure> failures, bool stopRequested, bool abortRequested);
    /// What a stopped run left: whether it has a checkpoint directory at all, and the newest
    /// step every node wrote a checkpoint of (-1: none). Without it a stop says no checkpoint
    /// was written, as a run without a directory writes none.
    void setCheckpoints(bool configured, qint64 newestStep)
    {
        m_checkpointsConfigured = configured;
        m_newestCheckpoint = newestStep;
    }

    /// Every node is in a final state (and there is a node): the run's end can be told.
    bool isSettled() const;
    /// A node failed and nobody asked to abort: an elastic run may resume on the nodes left.
    bool mayRecover() const;
    /// The run's status once settled (and not resumed).
    RunStatus status() const;
    /// Why, untranslated (the history keeps it so, to be read in any language): empty for a finished run.
    TranslatableText reason() const;

private:
    bool any(NodeState state) const;
    TranslatableText failureReason() const;
    /// "node: reason" of the first node in `state` that gave one; empty when none did.
    TranslatableText nodeReason(NodeState state) const;
    static TranslatableText text(const char *source) { return TranslatableText("RunOutcome", source); }

    QList<Node> m_nodes;
    QList<Failure> m_failures;
    bool m_stopRequested;
    bool m_abortRequested;
    bool m_checkpointsConfigured = false;
    qint64 m_newestCheckpoint = -1;
};
