#pragma once

#include "result.h"

#include <chrono>
#include <string>
#include <torch/csrc/distributed/c10d/Work.hpp>

namespace hamgam::engine {

class Watchdog;

/// A launched collective. Waiting is bounded by the group's timeout and
/// watched by the watchdog; a failed or late peer becomes a communication
/// Error, never a hang.
///
/// A stream-ordered collective (NCCL) is waited for on the device, not by
/// this thread (docs/engine.md, "Waiting for NCCL"): wait() makes the current
/// CUDA stream wait for it and returns at once, and the watchdog watches it
/// from its launch until it completes, with the same limit as a host wait.
class PendingOp
{
public:
    PendingOp() = default; ///< already complete (a collective of one rank)
    PendingOp(c10::intrusive_ptr<c10d::Work> work, std::string what, std::chrono::milliseconds timeout,
              Watchdog *watchdog, bool streamOrdered = false);

    bool completed() const;
    Status wait();

private:
    c10::intrusive_ptr<c10d::Work> m_work;
    std::string m_what;
    std::chrono::milliseconds m_timeout{0};
    Watchdog *m_watchdog = nullptr;
    bool m_streamOrdered = false;
    std::chrono::steady_clock::time_point m_launched;
};

} // namespace hamgam::engine
