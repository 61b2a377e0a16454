#include "collectivescheck.h"

#include "commgroup.h"
#include "communicator.h"
#include "devicechoice.h"
#include "error.h"
#include "gpuruntime.h"
#include "logger.h"
#include "torchcompat.h"
#include "workerconfig.h"
#include "workeroptions.h"

#include <functional>
#include <nlohmann/json.hpp>

namespace hamgam::engine {

namespace {

// A wrong result names the first element that differs.
std::string compare(const at::Tensor &got, const at::Tensor &expected)
{
    const at::Tensor g = got.to(at::kCPU, at::kFloat).flatten();
    const at::Tensor e = expected.to(at::kCPU, at::kFloat).flatten();
    if (g.numel() != e.numel())
        return "wrong: " + std::to_string(g.numel()) + " elements, not " + std::to_string(e.numel());
    const at::Tensor differ = g.ne(e).nonzero();
    if (differ.numel() == 0)
        return "ok";
    const std::int64_t i = differ[0][0].item<std::int64_t>();
    return "wrong: element " + std::to_string(i) + " is " + std::to_string(g[i].item<float>()) + ", not " +
           std::to_string(e[i].item<float>()) + " (" + std::to_string(differ.size(0)) + " of " +
           std::to_string(g.numel()) + " differ)";
}

// Launches one collective, waits for it and checks the tensor it wrote.
std::string verdict(const std::function<Result<PendingOp>()> &launch, const at::Tensor &got,
                    const at::Tensor &expected)
{
    try {
        auto op = launch();
        if (!op)
            return "wrong: " + op.error().message;
        if (Status s = op->wait(); !s)
            return "wrong: " + s.error().message;
        return compare(got, expected);
    } catch (const std::exception &e) {
        return "wrong: " + firstLine(e);
    }
}

} // namespace

Result<CollectivesCheck> CollectivesCheck::run(const WorkerOptions &options, const CommConfig &comm,
                                               Logger &log, Watchdog *watchdog)
{
    auto choice = chooseDevice(options.device, {}, 0, 0, gpu::facts());
    if (!choice)
        return choice.error();
    log.info(choice->note);
    at::Device device = at::kCPU;
    if (choice->cuda) {
        device = at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(choice->index));
        gpu::use(device);
    }

    Communicator::Settings cs;
    cs.rank = 0;
    cs.worldSize = 1;
    cs.masterHost = options.masterHost;
    cs.masterPort = options.masterPort;
    cs.useNccl = device.is_cuda();
    cs.cudaIndex = device.is_cuda() ? device.index() : 0; // its communicator binds to this GPU
    cs.gpuIdentity = gpu::identity(device);
    cs.groupsEvenAlone = true; // the point: a real backend for a group of one
    cs.glooInterface = options.glooInterface;
    cs.rendezvousSecret = options.rendezvousSecret;
    cs.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(comm.timeoutS * 1000));
    cs.watchdogGrace = std::chrono::milliseconds(static_cast<std::int64_t>(comm.watchdogGraceS * 1000));
    auto communicator = Communicator::connect(cs, log, watchdog);
    if (!communicator)
        return communicator.error();
    auto made = (*communicator)->createGroup("check", {0}, false, 1);
    if (!made)
        return made.error();
    CommGroup &group = **made;

    CollectivesCheck check;
    check.backend = cs.useNccl ? "nccl" : "gloo";
    check.device = device.str();
    // Distinct values that fp32 holds exactly; a collective of one rank returns them as they are.
    const auto values = [&](at::ScalarType type, std::int64_t n) {
        return (at::arange(1, n + 1, at::kFloat) * 0.5).to(device, type);
    };
    const auto scratch = [&](const at::Tensor &like) { return at::full_like(like, -7.0); };
    const std::int64_t n = 4096;
    const at::Tensor expected = values(at::kFloat, n);
    {
        at::Tensor t = values(at::kFloat, n);
        check.results.push_back({"all-reduce", verdict([&] { return group.allreduceSum(t); }, t, expected)});
    }
    {
        at::Tensor input = values(at::kFloat, n);
        std::vector<at::Tensor> outputs{scratch(input)};
        check.results.push_back(
            {"all-gather", verdict([&] { return group.allgather(outputs, input); }, outputs[0], expected)});
    }
    {
        at::Tensor input = values(at::kFloat, n);
        at::Tensor output = scratch(input);
        check.results.push_back(
            {"all-to-all", verdict([&] { return group.alltoall(output, input); }, output, expected)});
    }
    {
        at::Tensor t = values(at::kFloat, n);
        check.results.push_back({"broadcast", verdict([&] { return group.broadcast(t, 0); }, t, expected)});
    }
    {
        at::Tensor t = values(at::kFloat, n);
        check.results.push_back({"reduce", verdict([&] { return group.reduceSum(t, 0); }, t, expected)});
    }
    if (!cs.useNccl && !(*communicator)->glooSumsEverywhere("bf16")) {
        check.results.push_back({"all-reduce bf16", "skipped: this LibTorch's Gloo cannot sum bf16"});
    } else {
        // 0.5 to 128 in steps of 0.5: exact in bf16's 8 bits.
        at::Tensor t = values(at::kBFloat16, 256);
        check.results.push_back({"all-reduce bf16", verdict([&] { return group.allreduceSum(t); }, t,
                                                            values(at::kBFloat16, 256))});
    }
    for (const auto &[name, result] : check.results)
        if (result != "ok")
            log.info(name + ": " + result);
    return check;
}

bool CollectivesCheck::ok() const
{
    for (const auto &entry : results)
        if (entry.second != "ok" && entry.second.rfind("skipped", 0) != 0)
            return false;
    return true;
}

contracts::CollectivesCheckEvent CollectivesCheck::event() const
{
    return {backend, device, {results.begin(), results.end()}, ok()};
}

} // namespace hamgam::engine
