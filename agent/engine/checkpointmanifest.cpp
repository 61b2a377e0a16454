#include "checkpointmanifest.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace hamgam::engine {

using nlohmann::json;

std::string CheckpointManifest::fileName(int node)
{
    return "manifest-node-" + std::to_string(node) + ".json";
}

bool CheckpointManifest::isFileName(const std::string &name)
{
    return name.rfind("manifest-node-", 0) == 0 && name.size() > 5 &&
           name.compare(name.size() - 5, 5, ".json") == 0;
}

std::string CheckpointManifest::toJson() const
{
    json j;
    j["format"] = "hamgam-checkpoint";
    j["version"] = kFormatVersion;
    j["step"] = step;
    if (!user.empty())
        j["user"] = user;
    j["strategy"] = strategy;
    j["world_size"] = worldSize;
    j["node"] = node;
    j["optimizer"] = optimizer;
    j["state_slots"] = stateSlots;
    json units = json::array();
    for (size_t i = 0; i < unitNames.size(); ++i)
        units.push_back({{"name", unitNames[i]}, {"numel", unitNumel[i]}});
    j["units"] = units;
    j["planner"] = {{"plan", plan}, {"seconds_per_sample", secondsPerSample}, {"observed", plannerObserved}};
    if (localEvery >= 0)
        j["local_every"] = localEvery;
    json fs = json::array();
    for (const auto &f : files) {
        json ranges = json::array();
        for (const auto &r : f.ranges)
            ranges.push_back({r.unit, r.begin, r.end});
        fs.push_back(
            {{"name", f.name}, {"rank", f.rank}, {"bytes", f.bytes}, {"crc32", f.crc32}, {"ranges", ranges}});
    }
    j["files"] = fs;
    return j.dump(1);
}

Result<CheckpointManifest> CheckpointManifest::fromJson(const std::string &text, const std::string &where)
{
    auto fail = [&](const std::string &what) {
        return Result<CheckpointManifest>::failure(ErrorKind::Checkpoint,
                                                   "checkpoint manifest " + where + ": " + what);
    };
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        return fail(std::string("corrupt or truncated (") + e.what() + ")");
    }
    try {
        if (!j.is_object() || j.value("format", "") != "hamgam-checkpoint")
            return fail("not a Hamgam checkpoint manifest");
        if (j.at("version").get<int>() != kFormatVersion)
            return fail("format version " + std::to_string(j.at("version").get<int>()) + " is not supported");
        CheckpointManifest m;
        m.step = j.at("step").get<std::int64_t>();
        if (j.contains("user")) // optional: manifests before it have none
            m.user = j.at("user").get<std::string>();
        m.strategy = j.at("strategy").get<std::string>();
        m.worldSize = j.at("world_size").get<int>();
        m.node = j.at("node").get<int>();
        m.optimizer = j.at("optimizer").get<std::string>();
        m.stateSlots = j.at("state_slots").get<int>();
        for (const auto &u : j.at("units")) {
            m.unitNames.push_back(u.at("name").get<std::string>());
            m.unitNumel.push_back(u.at("numel").get<std::int64_t>());
        }
        const auto &p = j.at("planner");
        m.plan = p.at("plan").get<std::vector<std::int64_t>>();
        m.secondsPerSample = p.at("seconds_per_sample").get<std::vector<double>>();
        m.plannerObserved = p.at("observed").get<std::int64_t>();
        if (j.contains("local_every")) { // optional: exact runs and older manifests have none
            m.localEvery = j.at("local_every").get<std::int64_t>();
            if (m.localEvery < 0 || m.localEvery > 100000) // sync.every's range
                return fail("local_every " + std::to_string(m.localEvery) + " is outside 0 to 100000");
        }
        for (const auto &f : j.at("files")) {
            File file;
            file.name = f.at("name").get<std::string>();
            file.rank = f.at("rank").get<int>();
            file.bytes = f.at("bytes").get<std::uint64_t>();
            file.crc32 = f.at("crc32").get<std::uint32_t>();
            if (file.name.empty() || file.name.find('/') != std::string::npos || file.name[0] == '.')
                return fail("file name \"" + file.name + "\" is not allowed");
            std::uint64_t expected = 0;
            for (const auto &r : f.at("ranges")) {
                Range range{r.at(0).get<int>(), r.at(1).get<std::int64_t>(), r.at(2).get<std::int64_t>()};
                if (range.unit < 0 || static_cast<size_t>(range.unit) >= m.unitNumel.size() ||
                    range.begin < 0 || range.end < range.begin ||
                    range.end > m.unitNumel[static_cast<size_t>(range.unit)])
                    return fail("range of " + file.name + " is outside the model");
                expected += static_cast<std::uint64_t>(range.end - range.begin) * 4u *
                            static_cast<std::uint64_t>(1 + m.stateSlots);
                file.ranges.push_back(range);
            }
            if (expected != file.bytes)
                return fail("size of " + file.name + " does not match its ranges");
            m.files.push_back(std::move(file));
        }
        return m;
    } catch (const json::exception &e) {
        return fail(std::string("missing or malformed field (") + e.what() + ")");
    }
}

} // namespace hamgam::engine
