#pragma once

#include "eventkind.h"
#include "nodestate.h"
#include "runrecord.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace hamgam::contracts {
struct LinkEvent;
}

/// One run event in words, in the reader's language: the live log, the
/// history's event list and `hamgamctl show` say the same things about it.
/// Text that came from another machine (reasons, messages, names, a newer
/// version's kind) is made safe for where it is shown: escaped for a
/// terminal, neutralized for a widget (SafeText).
class EventText final
{
    Q_DECLARE_TR_FUNCTIONS(EventText)

public:
    enum class Shown
    {
        Terminal,
        Widget
    };
    enum class Level
    {
        Info,
        Warning,
        Error
    };

    /// A run's nodes as a plan names them: (name, devices), in rank order.
    using PlanNodes = QList<std::pair<QString, int>>;

    /// The kind in a word or two ("Re-plan", "Worker ended"); a kind this
    /// version does not know, by the name it came with.
    static QString title(const RunEvent &event, Shown shown);
    /// What the event says, after its title: one entry per line (a diagnosis
    /// has one per finding), none where the title says all ("Stop requested").
    /// With the run's `nodes`, a plan says each node's batch by name ("box-a 20, box-b 28"); without
    /// them, the ranks' batches in order.
    static QStringList details(const RunEvent &event, Shown shown, const QLocale &locale = QLocale(),
                               const PlanNodes &nodes = {});
    /// The event in one line, after who sent it: "box-a, rank 0: Worker ended:
    /// exited with code 3", "box-a: Failed: …". Events every rank reports
    /// alike (plans, evaluations, checkpoints) name nobody.
    static QString line(const RunEvent &event, const QString &node, Shown shown,
                        const QLocale &locale = QLocale(), const PlanNodes &nodes = {});
    /// A per-rank plan by node: "alpha 20, beta 28", a node of several devices as "alpha 24 (12 +
    /// 12)"; with gradient accumulation (`passes` > 1) "alpha 512 in 4 passes of 128".
    static QString planByNode(const std::vector<std::int64_t> &plan, const PlanNodes &nodes,
                              std::int64_t passes, Shown shown, const QLocale &locale = QLocale());
    /// Who sent an event: "box-a, rank 0", or the node alone for an event of no rank.
    static QString source(const QString &node, int rank, const QLocale &locale = QLocale());
    /// What happened, for events every rank reports alike (a plan and the re-plan that made it, an
    /// evaluation, a checkpoint, the model, the end): one key for all their copies, so a list shows
    /// it once. Empty for an event that is each rank's or node's own.
    static QString happening(const RunEvent &event);
    static Level level(const RunEvent &event);
    /// A link event's measurement and forecast (issue #32), a line each: the
    /// rate and exact's share on the network, the fastest local round's
    /// predicted speed, what the run does from here, and the fastest machine
    /// alone where it would be faster than the group. `show`, `check`, the run
    /// form and the event lists read it alike.
    static QStringList linkForecast(const hamgam::contracts::LinkEvent &link, Shown shown,
                                    const QLocale &locale = QLocale());
    /// A node's run state: "Running", "Failed"; an unknown one as it came.
    static QString state(const QString &name, Shown shown);
    /// Why the planner changed the plan (a rebalance's `reason`): "speeds changed".
    static QString replanReason(const QString &reason, Shown shown);
    /// What kept a machine busy when a run started (Preflight::Result::busy), after its
    /// name: "box-a: load 7.0 on 2 cores", "gpu-1: NVIDIA A100 shared with 3 processes".
    static QString busyMachine(const QString &node, const QJsonArray &busy, Shown shown,
                               const QLocale &locale = QLocale());

private:
    static QString untrusted(const QString &text, Shown shown);
    static QString numbers(const std::vector<std::int64_t> &values, const QLocale &locale);
};
