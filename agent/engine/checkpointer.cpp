#include "checkpointer.h"

#include "atomicwriter.h"
#include "communicator.h"
#include "model.h"
#include "parameterstore.h"
#include "stopwatch.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <zlib.h>

namespace hamgam::engine {

namespace {

Status checkpointError(const std::string &message)
{
    return Status::failure(ErrorKind::Checkpoint, message);
}

std::vector<std::string> manifestsIn(const CheckpointFolder &folder)
{
    std::vector<std::string> out;
    for (const auto &name : folder.ownFiles())
        if (CheckpointManifest::isFileName(name))
            out.push_back(name);
    return out;
}

/// The lab user the manifests of `step` name, when they all name one: what a
/// save may overwrite and a resume for one lab user may read.
Result<std::string> labUserOf(const CheckpointFolder &step)
{
    std::optional<std::string> user;
    for (const auto &name : manifestsIn(step)) {
        auto text = step.readFile(name);
        if (!text)
            return text.error();
        auto m = CheckpointManifest::fromJson(*text, step.path() + "/" + name);
        if (!m)
            return m.error();
        if (user && *user != m->user)
            return Result<std::string>::failure(ErrorKind::Checkpoint, "the manifests in " + step.path() +
                                                                           " name different lab users");
        user = m->user;
    }
    return user.value_or(std::string());
}

/// The step folders' suffix where step-N is taken: 64 random bits, so nobody
/// can plant the fresh name beforehand.
std::string freshSuffix()
{
    std::random_device random;
    char text[24];
    std::snprintf(text, sizeof text, ".%08x%08x", random(), random());
    return text;
}

/// What a Checkpointer writes into a step directory (and AtomicWriter's leftovers).
bool isCheckpointFile(const std::string &name)
{
    auto endsWith = [&](const char *suffix) {
        const std::string s = suffix;
        return name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return (name.rfind("rank-", 0) == 0 && endsWith(".bin")) ||
           (name.rfind("manifest-node-", 0) == 0 && endsWith(".json")) ||
           ((name.rfind(".rank-", 0) == 0 || name.rfind(".manifest-node-", 0) == 0) && endsWith(".tmp"));
}

std::string stepDirName(std::int64_t step)
{
    char name[32];
    std::snprintf(name, sizeof name, "step-%08lld", static_cast<long long>(step));
    return name;
}

} // namespace

Checkpointer::Checkpointer(std::string root, int keep)
    : m_root(std::move(root))
    , m_keep(std::max(1, keep))
{}

Status Checkpointer::prepare()
{
    auto folder = CheckpointFolder::open(m_root, CheckpointFolder::Access::Write);
    if (!folder)
        return folder.error();
    m_folder = std::move(*folder);
    return {};
}

Result<Checkpointer::Saved> Checkpointer::save(CheckpointManifest header, ParameterStore &store,
                                               Communicator &comm, bool writer)
{
    Stopwatch timer;
    const auto &topo = comm.topology();
    Saved saved;
    if (m_folder.fd() < 0) {
        if (Status s = prepare(); !s)
            return s.error();
    }
    std::string stepName;
    auto step = stepFolder(header, comm, stepName);
    if (!step)
        return step.error();
    saved.dir = step->path();
    nlohmann::json entry = nlohmann::json::object();
    if (writer) {
        CheckpointManifest::File file;
        file.name = "rank-" + std::to_string(topo.rank()) + ".bin";
        file.rank = topo.rank();
        AtomicWriter w(step->fd(), step->path(), file.name);
        if (Status s = w.open(); !s)
            return s.error();
        at::Tensor master = store.master().to(at::kCPU);
        std::vector<at::Tensor> state;
        for (auto &s : store.state())
            state.push_back(s.to(at::kCPU));
        for (const auto &r : store.ownRanges(/*writing=*/true)) {
            const std::int64_t n = r.end - r.begin;
            if (Status s = w.write(master.data_ptr<float>() + r.flatOffset, static_cast<size_t>(n) * 4); !s)
                return s.error();
            for (auto &s : state)
                if (Status st = w.write(s.data_ptr<float>() + r.flatOffset, static_cast<size_t>(n) * 4); !st)
                    return st.error();
            file.ranges.push_back({r.unit, r.begin, r.end});
        }
        if (Status s = w.commit(); !s)
            return s.error();
        file.bytes = w.size();
        file.crc32 = w.crc32();
        saved.bytes = file.bytes;
        nlohmann::json ranges = nlohmann::json::array();
        for (const auto &r : file.ranges)
            ranges.push_back({r.unit, r.begin, r.end});
        entry = {{"name", file.name},
                 {"rank", file.rank},
                 {"bytes", file.bytes},
                 {"crc32", file.crc32},
                 {"ranges", ranges}};
    }
    const std::string prefix = "ckpt/" + std::to_string(header.step) + "/";
    if (Status s = comm.storeSet(prefix + std::to_string(topo.rank()), entry.dump()); !s)
        return s.error();
    if (topo.localRank() == 0) {
        header.node = topo.node();
        for (int r : topo.ranksOfNode(topo.node())) {
            auto text = comm.storeGet(prefix + std::to_string(r));
            if (!text)
                return text.error();
            const auto j = nlohmann::json::parse(*text);
            if (j.empty())
                continue;
            CheckpointManifest::File f;
            f.name = j["name"].get<std::string>();
            f.rank = j["rank"].get<int>();
            f.bytes = j["bytes"].get<std::uint64_t>();
            f.crc32 = j["crc32"].get<std::uint32_t>();
            for (const auto &r3 : j["ranges"])
                f.ranges.push_back({r3[0].get<int>(), r3[1].get<std::int64_t>(), r3[2].get<std::int64_t>()});
            header.files.push_back(std::move(f));
        }
        const std::string name = CheckpointManifest::fileName(topo.node());
        if (Status s = AtomicWriter::writeFile(step->fd(), step->path(), name, header.toJson()); !s)
            return s.error();
    }
    // Everyone's manifest is down before anyone goes on (or removes old ones).
    if (Status s = comm.barrier(); !s)
        return s.error();
    if (topo.localRank() == 0) {
        if (std::find(m_written.begin(), m_written.end(), stepName) == m_written.end())
            m_written.push_back(stepName);
        rotate();
    }
    saved.ms = timer.ms();
    return saved;
}

Result<CheckpointFolder> Checkpointer::stepFolder(const CheckpointManifest &header, Communicator &comm,
                                                  std::string &name)
{
    // step-N unless some rank cannot write there: a link or another system
    // user's folder planted in a shared directory (issue #17), or an earlier
    // checkpoint of another lab user's run (every lab user's runs write as the
    // agent's system user: the manifest says whose it is). Then a fresh name
    // from rank 0, agreed by all (a shared directory is one folder for every
    // node), instead of failing the run (issue #29, item 10).
    const auto &topo = comm.topology();
    const std::string plain = stepDirName(header.step);
    const std::int64_t save = m_saves++;
    std::string lastError;
    constexpr int kAttempts = 4; // a fresh name is taken only if someone guessed 64 random bits
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        name = plain;
        if (attempt > 0) {
            const std::string key = "ckpt-dir/" + std::to_string(save) + "/" + std::to_string(attempt);
            if (topo.rank() == 0) {
                name += freshSuffix();
                if (Status s = comm.storeSet(key, name); !s)
                    return s.error();
            } else {
                auto given = comm.storeGet(key);
                if (!given)
                    return given.error();
                if (given->rfind(plain + ".", 0) != 0 || given->find('/') != std::string::npos)
                    return Result<CheckpointFolder>::failure(ErrorKind::Checkpoint,
                                                             "rank 0 named a step folder \"" + *given +
                                                                 "\" that is not one");
                name = *given;
            }
        }
        auto step = m_folder.child(name, CheckpointFolder::Access::Write);
        if (step) {
            auto user = labUserOf(*step);
            if (!user)
                step = user.error();
            else if (*user != header.user && !manifestsIn(*step).empty())
                step = Result<CheckpointFolder>::failure(ErrorKind::Checkpoint,
                                                         "the checkpoint directory " + step->path() +
                                                             " holds another lab user's checkpoint");
        }
        at::Tensor failed = at::zeros({1}, at::kDouble);
        failed[0] = step ? 0.0 : 1.0;
        if (Status s = comm.control().allreduceSumNow(failed); !s)
            return s.error();
        if (failed[0].item<double>() == 0)
            return step;
        if (step) // usable here but not on another rank: the empty folder we may have made goes
            m_folder.removeChild(name, [](const std::string &) { return false; });
        else
            lastError = step.error().message;
    }
    return Result<CheckpointFolder>::failure(
        ErrorKind::Checkpoint, "no step directory for step " + std::to_string(header.step) +
                                   " could be made in " + m_root +
                                   (lastError.empty() ? std::string() : " (" + lastError + ")"));
}

void Checkpointer::rotate()
{
    // Only what this run wrote: never a name found by listing the directory,
    // which anyone sharing it could have planted (issue #17).
    while (m_written.size() > static_cast<size_t>(m_keep)) {
        m_folder.removeChild(m_written.front(), isCheckpointFile);
        m_written.erase(m_written.begin());
    }
}

Result<CheckpointManifest> Checkpointer::open(const std::string &dir, std::string &stepDir,
                                              const std::string &labUser)
{
    using R = Result<CheckpointManifest>;
    auto folder = CheckpointFolder::open(dir, CheckpointFolder::Access::Read);
    if (!folder)
        return folder.error();
    stepDir = dir;
    CheckpointFolder step = std::move(*folder);
    if (manifestsIn(step).empty()) {
        // A directory of step-* checkpoints: the newest of ours with a manifest
        // (step-N.<suffix>, a fresh name, sorts after step-N and before step-N+1).
        const CheckpointFolder parent = std::move(step);
        const auto names = parent.ownDirectories();
        stepDir.clear();
        for (auto it = names.rbegin(); it != names.rend(); ++it) {
            if (it->rfind("step-", 0) != 0)
                continue;
            auto candidate = parent.child(*it, CheckpointFolder::Access::Read);
            if (!candidate || manifestsIn(*candidate).empty())
                continue;
            if (!labUser.empty()) {
                // Another lab user's checkpoint is not there for this run (nor one that records
                // nobody, nor one whose manifests cannot show whose it is).
                auto user = labUserOf(*candidate);
                if (!user || *user != labUser)
                    continue;
            }
            step = std::move(*candidate);
            stepDir = step.path();
            break;
        }
        if (stepDir.empty())
            return R::failure(ErrorKind::Checkpoint,
                              "no complete checkpoint" + (labUser.empty() ? "" : " of lab user " + labUser) +
                                  " in " + dir +
                                  " (no manifest found; links and other users' entries are not read)");
    } else if (!labUser.empty()) {
        auto user = labUserOf(step);
        if (!user)
            return user.error();
        if (*user != labUser)
            return R::failure(ErrorKind::Checkpoint,
                              "the checkpoint " + dir + " was written by " +
                                  (user->empty() ? std::string("a run that recorded no lab user")
                                                 : "lab user " + *user + "'s run") +
                                  ", not " + labUser + "'s: it is not resumed");
    }
    std::optional<CheckpointManifest> merged;
    for (const auto &name : manifestsIn(step)) {
        const std::string path = stepDir + "/" + name;
        auto text = step.readFile(name);
        if (!text)
            return text.error();
        auto m = CheckpointManifest::fromJson(*text, path);
        if (!m)
            return m.error();
        if (!merged) {
            merged = std::move(*m);
            continue;
        }
        if (m->step != merged->step || m->user != merged->user || m->unitNumel != merged->unitNumel ||
            m->optimizer != merged->optimizer || m->stateSlots != merged->stateSlots)
            return R::failure(ErrorKind::Checkpoint,
                              "the manifests in " + stepDir + " disagree (mixed checkpoints)");
        for (auto &f : m->files) {
            const bool known = std::any_of(merged->files.begin(), merged->files.end(),
                                           [&](const auto &g) { return g.name == f.name; });
            if (!known)
                merged->files.push_back(std::move(f));
        }
    }
    if (!merged) // removed since it was listed
        return R::failure(ErrorKind::Checkpoint, "no complete checkpoint in " + stepDir);
    if (!labUser.empty() && merged->user != labUser) // changed since it was looked at above
        return R::failure(ErrorKind::Checkpoint,
                          "the checkpoint " + stepDir + " is not lab user " + labUser + "'s");
    return *merged;
}

Status Checkpointer::load(const std::string &stepDir, const CheckpointManifest &manifest,
                          ParameterStore &store, const Model &model, int rank)
{
    if (static_cast<int>(manifest.unitNumel.size()) != model.unitCount())
        return checkpointError("checkpoint " + stepDir + " is of a different model (" +
                               std::to_string(manifest.unitNumel.size()) + " units, this model has " +
                               std::to_string(model.unitCount()) + ")");
    for (int i = 0; i < model.unitCount(); ++i) {
        if (manifest.unitNumel[static_cast<size_t>(i)] != model.logicalUnitNumel(i) ||
            manifest.unitNames[static_cast<size_t>(i)] != model.units()[static_cast<size_t>(i)]->name())
            return checkpointError("checkpoint " + stepDir + " is of a different model (unit " +
                                   std::to_string(i) + " is " + manifest.unitNames[static_cast<size_t>(i)] +
                                   " with " + std::to_string(manifest.unitNumel[static_cast<size_t>(i)]) +
                                   " parameters)");
    }
    const int slots = static_cast<int>(store.state().size());
    if (manifest.stateSlots != slots)
        return checkpointError("checkpoint " + stepDir + " holds " + manifest.optimizer +
                               " optimizer state, which does not fit this run's optimizer");
    auto folder = CheckpointFolder::open(stepDir, CheckpointFolder::Access::Read);
    if (!folder)
        return folder.error();

    struct Piece
    {
        std::int64_t begin, end; // in the unit
        const CheckpointManifest::File *file;
        std::uint64_t fileOffset; // bytes, start of the range's parameters
        std::int64_t rangeBegin, rangeLength;
    };
    std::map<std::string, std::string> contents;
    auto fileData = [&](const CheckpointManifest::File &f) -> Result<const std::string *> {
        auto it = contents.find(f.name);
        if (it != contents.end())
            return &it->second;
        const std::string path = stepDir + "/" + f.name;
        auto data = folder->readFile(f.name);
        if (!data)
            return data.error();
        if (data->size() != f.bytes)
            return Result<const std::string *>::failure(
                ErrorKind::Checkpoint, "checkpoint file " + path +
                                           " is truncated or padded: " + std::to_string(data->size()) +
                                           " bytes, the manifest says " + std::to_string(f.bytes));
        const auto crc = static_cast<std::uint32_t>(::crc32(::crc32(0L, Z_NULL, 0),
                                                            reinterpret_cast<const Bytef *>(data->data()),
                                                            static_cast<uInt>(data->size())));
        if (crc != f.crc32)
            return Result<const std::string *>::failure(
                ErrorKind::Checkpoint, "checkpoint file " + path + " is corrupt (CRC32 mismatch)");
        return &(contents[f.name] = std::move(*data));
    };

    // Every file must be there at its recorded size; each rank also checks the
    // CRC of the file it wrote itself, so with the same ranks every shard is
    // verified by someone even where a redundant copy would have served.
    for (const auto &f : manifest.files) {
        auto size = folder->fileSize(f.name);
        if (!size)
            return size.error();
        if (*size != f.bytes)
            return checkpointError("checkpoint file " + stepDir + "/" + f.name +
                                   " is truncated or padded: " + std::to_string(*size) +
                                   " bytes, the manifest says " + std::to_string(f.bytes));
        if (f.rank == rank) {
            auto own = fileData(f);
            if (!own)
                return own.error();
        }
    }

    at::Tensor master = store.master().device().is_cpu() ? store.master() : store.master().to(at::kCPU);
    std::vector<at::Tensor> state;
    for (auto &s : store.state())
        state.push_back(s.device().is_cpu() ? s : s.to(at::kCPU));
    const std::uint64_t stride = 4u * static_cast<std::uint64_t>(1 + slots);

    for (const auto &own : store.ownRanges()) {
        std::vector<Piece> pieces;
        for (const auto &f : manifest.files) {
            std::uint64_t offset = 0;
            for (const auto &r : f.ranges) {
                if (r.unit == own.unit && r.begin < own.end && own.begin < r.end)
                    pieces.push_back({std::max(r.begin, own.begin), std::min(r.end, own.end), &f, offset,
                                      r.begin, r.end - r.begin});
                offset += static_cast<std::uint64_t>(r.end - r.begin) * stride;
            }
        }
        // A rank's own file first where it covers the same elements: under
        // sync.mode local each node's optimizer state is its own, and a
        // resume with the same ranks gives every node back its own.
        std::sort(pieces.begin(), pieces.end(), [rank](const Piece &a, const Piece &b) {
            if (a.begin != b.begin)
                return a.begin < b.begin;
            return (a.file->rank == rank) > (b.file->rank == rank);
        });
        std::int64_t covered = own.begin;
        for (const auto &p : pieces) {
            if (p.end <= covered)
                continue;
            if (p.begin > covered)
                break;
            auto data = fileData(*p.file);
            if (!data)
                return data.error();
            const std::int64_t from = covered, to = p.end, n = to - from;
            const char *base = (*data)->data() + p.fileOffset;
            const std::int64_t skip = from - p.rangeBegin;
            std::memcpy(master.data_ptr<float>() + own.flatOffset + (from - own.begin), base + skip * 4,
                        static_cast<size_t>(n) * 4);
            for (int s = 0; s < slots; ++s)
                std::memcpy(state[static_cast<size_t>(s)].data_ptr<float>() + own.flatOffset +
                                (from - own.begin),
                            base + (static_cast<std::int64_t>(s + 1) * p.rangeLength + skip) * 4,
                            static_cast<size_t>(n) * 4);
            covered = to;
        }
        if (covered < own.end)
            return checkpointError(
                "checkpoint " + stepDir + " lacks parameters " + std::to_string(covered) + "-" +
                std::to_string(own.end) + " of unit " + manifest.unitNames[static_cast<size_t>(own.unit)] +
                " (an fsdp checkpoint needs every node's shards: resume from a shared directory)");
    }
    if (!store.master().device().is_cpu())
        store.master().copy_(master);
    for (int s = 0; s < slots; ++s)
        if (!store.state()[static_cast<size_t>(s)].device().is_cpu())
            store.state()[static_cast<size_t>(s)].copy_(state[static_cast<size_t>(s)]);
    store.masterChanged();
    return {};
}

} // namespace hamgam::engine
