#include "prefetcher.h"

#include "batchplanner.h"

namespace hamgam::engine {

Prefetcher::Prefetcher(const Dataset &dataset, GlobalSampler sampler, int rank, int depth, bool pinned)
    : m_dataset(dataset)
    , m_sampler(std::move(sampler))
    , m_rank(rank)
    , m_depth(static_cast<size_t>(std::max(1, depth)))
    , m_pinned(pinned)
{
    m_thread = std::thread([this] { run(); });
}

Prefetcher::~Prefetcher()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void Prefetcher::reset(std::int64_t step, const std::vector<std::int64_t> &plan)
{
    {
        std::lock_guard lock(m_mutex);
        m_ready.clear();
        m_nextStep = step;
        m_plan = plan;
        ++m_version;
        m_started = true;
    }
    m_changed.notify_all();
}

Batch Prefetcher::build(std::int64_t step, const std::vector<std::int64_t> &plan, std::int64_t version)
{
    Batch b;
    b.step = step;
    b.planVersion = version;
    const auto pos = m_sampler.position(step);
    b.epoch = pos.epoch;
    b.stepBatch = m_sampler.stepBatch(pos);
    // The short last step of an epoch re-splits what is left in the same proportions.
    std::vector<std::int64_t> stepPlan = plan;
    if (b.stepBatch != m_sampler.globalBatch()) {
        auto scaled = hamgam::BatchPlanner::scaled(plan, b.stepBatch);
        if (!scaled.ok()) {
            b.error = scaled.error;
            return b;
        }
        stepPlan = scaled.batches;
    }
    const auto indices = m_sampler.rankIndices(pos, stepPlan, m_rank);
    b.samples = static_cast<std::int64_t>(indices.size());
    if (!indices.empty()) {
        try {
            m_dataset.trainBatch(indices, b.epoch, b.input, b.target);
        } catch (const DataError &e) {
            b.error = e.what();
            return b;
        }
    }
    if (m_pinned && b.input.defined()) {
        b.input = b.input.pin_memory();
        b.target = b.target.pin_memory();
    }
    return b;
}

void Prefetcher::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (!m_started || m_ready.size() >= m_depth) {
            m_changed.wait(lock);
            continue;
        }
        const std::int64_t step = m_nextStep;
        const auto plan = m_plan;
        const std::int64_t version = m_version;
        lock.unlock();
        Batch b;
        try {
            b = build(step, plan, version);
        } catch (const std::exception &e) {
            b.step = step;
            b.planVersion = version;
            b.error = e.what();
        }
        lock.lock();
        if (version == m_version && step == m_nextStep) { // not flushed meanwhile
            m_ready.push_back(std::move(b));
            ++m_nextStep;
            m_changed.notify_all();
        }
    }
}

Batch Prefetcher::take(std::int64_t step)
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        while (!m_ready.empty() && m_ready.front().step < step)
            m_ready.pop_front();
        if (!m_ready.empty() && m_ready.front().step == step) {
            Batch b = std::move(m_ready.front());
            m_ready.pop_front();
            m_changed.notify_all();
            return b;
        }
        const bool behind = m_ready.empty() ? m_nextStep > step : m_ready.front().step > step;
        if (behind) {
            // Asked for a step the worker is not heading to: restart there.
            m_ready.clear();
            m_nextStep = step;
            ++m_version;
            m_changed.notify_all();
        }
        m_changed.wait(lock);
    }
}

} // namespace hamgam::engine
