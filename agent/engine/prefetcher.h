#pragma once

#include "batch.h"
#include "dataset.h"
#include "globalsampler.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace hamgam::engine {

/// Builds this rank's batches on a background thread, a few steps ahead, from
/// the global sampler and the current plan. A new plan flushes what was
/// prepared with the old one. take() reports how long it had to wait. For a
/// GPU the batches are built in pinned host memory, so their copy to the
/// device is asynchronous (and the caching host allocator keeps the buffers).
class Prefetcher
{
public:
    Prefetcher(const Dataset &dataset, GlobalSampler sampler, int rank, int depth, bool pinned = false);
    ~Prefetcher();
    Prefetcher(const Prefetcher &) = delete;
    Prefetcher &operator=(const Prefetcher &) = delete;

    /// Starts (or restarts) preparing from `step` with `plan` (the plan of a full step).
    void reset(std::int64_t step, const std::vector<std::int64_t> &plan);
    /// The batch of `step`; blocks until it is ready.
    Batch take(std::int64_t step);

private:
    void run();
    Batch build(std::int64_t step, const std::vector<std::int64_t> &plan, std::int64_t version);

    const Dataset &m_dataset;
    GlobalSampler m_sampler; // used by the worker thread only
    int m_rank;
    size_t m_depth;
    bool m_pinned;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Batch> m_ready;
    std::int64_t m_nextStep = 0;
    std::vector<std::int64_t> m_plan;
    std::int64_t m_version = 0;
    bool m_started = false;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace hamgam::engine
