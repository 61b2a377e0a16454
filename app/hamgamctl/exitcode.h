#pragma once

/// hamgamctl's exit codes, as README's "Exit codes" lists them: scripts branch on these.
namespace ExitCode {
enum : int
{
    kOk = 0,
    kFailed = 1,     ///< the run failed, or a check found problems
    kUsage = 2,      ///< bad usage: nothing was done
    kNotFound = 3,   ///< no such run, machine or file
    kRefused = 4,    ///< an agent, the lab's rules or a pre-flight refused
    kEnded = 5,      ///< stopped, aborted or taken out of the queue
    kStillGoing = 6, ///< a wait ran out of time while the run goes on
};
} // namespace ExitCode
