#pragma once

#include "checkpointfolder.h"
#include "checkpointmanifest.h"
#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

class Communicator;
class Model;
class ParameterStore;

/// Writes and reads checkpoints: under DIR/step-NNNNNNNN/ every writing rank
/// puts its shard (rank-R.bin, written atomically) and the first rank of each
/// node a manifest of its node's files with their CRC32s, written last, so a
/// directory with a manifest is complete. For dp/hdp/lsdp/lshdp each node's
/// directory holds the whole state; fsdp spreads shards over the nodes, so
/// changing its ranks needs a directory every node shares. Works only through
/// a CheckpointFolder: no link is followed, only our user's entries are read,
/// and rotation removes only the step directories this run wrote. Where
/// step-NNNNNNNN is taken (planted in a shared folder, or another lab user's
/// checkpoint), the step goes to a fresh name, step-NNNNNNNN.<random hex>.
class Checkpointer
{
public:
    struct Saved
    {
        std::string dir;
        std::uint64_t bytes = 0; ///< this rank's file (0 if it wrote none)
        double ms = 0;
    };

    Checkpointer(std::string root, int keep);

    /// Creates and opens the checkpoint directory, refusing one that another
    /// user owns or can write into without the sticky bit; before the first step.
    Status prepare();

    /// Collective over all ranks. `header` carries the run's state (step,
    /// planner, model, optimizer); its file list is filled here.
    Result<Saved> save(CheckpointManifest header, ParameterStore &store, Communicator &comm, bool writer);

    /// Finds the newest complete checkpoint in `dir` (a step directory, or a
    /// directory of them) and merges its manifests. Only real directories and
    /// files of our user count: a planted link or another user's step is skipped.
    /// With `labUser` (the agent's --resume-user), only checkpoints whose
    /// manifests name that lab user count: in a directory of steps another's
    /// are skipped, and a step directory of another's is refused.
    static Result<CheckpointManifest> open(const std::string &dir, std::string &stepDir,
                                           const std::string &labUser = {});
    /// Fills this rank's pieces of master weights and optimizer state. Checks
    /// that every file exists at its size, and the CRC32 of every file it reads
    /// and of the file this rank wrote.
    static Status load(const std::string &stepDir, const CheckpointManifest &manifest, ParameterStore &store,
                       const Model &model, int rank);

private:
    void rotate();
    /// Collective: the step folder every rank writes this checkpoint into (`name` in the directory).
    Result<CheckpointFolder> stepFolder(const CheckpointManifest &header, Communicator &comm,
                                        std::string &name);

    std::string m_root;
    int m_keep;
    CheckpointFolder m_folder;
    std::vector<std::string> m_written; ///< step directories of this run with our manifest, oldest first
    std::int64_t m_saves = 0;           ///< saves so far: this one's keys in the store are its own
};

} // namespace hamgam::engine
