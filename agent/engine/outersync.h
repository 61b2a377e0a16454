#pragma once

#include "gradienthook.h"
#include "memoryestimate.h"
#include "parameterstore.h"
#include "result.h"

#include <cstdint>
#include <memory>

namespace hamgam::engine {

/// sync.mode local (docs/engine.md, "Local steps"): each node takes inner
/// steps on its own, exact inside the node, and every `every` steps the nodes
/// meet in an outer step, DiLoCo's: the pseudo-gradient Δ = anchor − θ of each
/// node, weighed by the samples the node took since the last outer step, is
/// summed across nodes, the outer optimizer (SGD, Nesterov momentum) moves the
/// anchor by it, and every node starts again from the new anchor.
///
/// The planner gives each node a batch proportional to its speed, so the
/// nodes reach the outer step together instead of the fast ones idling there.
///
/// Its state is two slots of the store's state(), after the optimizer's, so a
/// checkpoint (taken only right after an outer step) holds it: the anchor and
/// the outer momentum.
class OuterSync
{
public:
    struct Settings
    {
        int every = 16;
        double lr = 0.7;
        double momentum = 0.9;
        bool nesterov = true;
    };
    static constexpr int kStateSlots = MemoryEstimate::kOuterStateSlots;

    /// `firstSlot`: where its slots start in store.state(); `wire`: what the
    /// pseudo-gradient travels as (comm.dtype).
    OuterSync(ParameterStore &store, int firstSlot, Settings settings, std::shared_ptr<GradientHook> wire);

    const Settings &settings() const { return m_settings; }
    /// sync.mode auto: a new round length, from the next round boundary on.
    void setEvery(int every) { m_settings.every = every; }
    /// The parameters are where every node agrees (a fresh start, or a checkpoint):
    /// they become the anchor.
    void anchorHere();
    /// An inner step ended in which this node took `nodeSamples` of `stepSamples`.
    void count(std::int64_t nodeSamples, std::int64_t stepSamples);
    /// Inner steps since the last outer step.
    int innerSteps() const { return m_innerSteps; }
    /// The outer step: a collective over the replica groups (every rank calls it
    /// after the same inner step).
    Status sync();

private:
    ParameterStore &m_store;
    int m_firstSlot;
    Settings m_settings;
    std::shared_ptr<GradientHook> m_wire;
    std::int64_t m_nodeSamples = 0;
    std::int64_t m_samples = 0;
    int m_innerSteps = 0;
};

} // namespace hamgam::engine
