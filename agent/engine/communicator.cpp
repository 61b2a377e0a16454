#include "communicator.h"

#include "devicechoice.h"
#include "error.h"
#include "logger.h"
#include "rendezvousserver.h"
#include "rendezvousstore.h"
#include "watchdog.h"

#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#ifdef HAMGAM_WITH_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <arpa/inet.h>
#include <cstring>
#include <netdb.h>
#include <nlohmann/json.hpp>
#include <sys/socket.h>
#include <unistd.h>

namespace hamgam::engine {

namespace {

// The address of the interface this machine uses to reach the master: Gloo
// must listen there so that peers on other machines can connect back.
std::string localAddressTowards(const std::string &host, int port)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_DGRAM;
    addrinfo *info = nullptr;
    if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &info) != 0 || !info)
        return "127.0.0.1";
    std::string result = "127.0.0.1";
    const int fd = ::socket(info->ai_family, SOCK_DGRAM, 0);
    if (fd >= 0) {
        if (::connect(fd, info->ai_addr, info->ai_addrlen) == 0) {
            sockaddr_storage local{};
            socklen_t len = sizeof local;
            if (::getsockname(fd, reinterpret_cast<sockaddr *>(&local), &len) == 0) {
                char text[INET6_ADDRSTRLEN] = {};
                const void *addr =
                    local.ss_family == AF_INET
                        ? static_cast<const void *>(&reinterpret_cast<sockaddr_in *>(&local)->sin_addr)
                        : static_cast<const void *>(&reinterpret_cast<sockaddr_in6 *>(&local)->sin6_addr);
                if (inet_ntop(local.ss_family, addr, text, sizeof text))
                    result = text;
            }
        }
        ::close(fd);
    }
    freeaddrinfo(info);
    return result;
}

/// The 16-bit gradient types this LibTorch's Gloo sums and exchanges, found by
/// trying, not from the version: 1.13's sums fp16 but not bf16, and Debian
/// unstable's 2.14 (built against Debian's own Gloo) neither ("Invalid scalar
/// type"). A group of one rank on a HashStore and the loopback device: nothing
/// leaves the process, and the type switch that throws runs even alone.
std::vector<std::string> glooSixteenBitSums()
{
    std::vector<std::string> sums;
    try {
        auto opts = c10d::ProcessGroupGloo::Options::create();
        opts->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
        opts->threads = 1;
        auto pg =
            c10::make_intrusive<c10d::ProcessGroupGloo>(c10::make_intrusive<c10d::HashStore>(), 0, 1, opts);
        for (const auto &[name, type] : {std::pair{"fp16", at::kHalf}, std::pair{"bf16", at::kBFloat16}}) {
            try {
                std::vector<at::Tensor> sum{at::full({4}, 1.5, at::TensorOptions().dtype(type))};
                pg->allreduce(sum)->wait();
                at::Tensor in = at::full({4}, 2.5, at::TensorOptions().dtype(type));
                at::Tensor out = at::zeros_like(in);
                std::vector<int64_t> equalSplits;
                pg->alltoall_base(out, in, equalSplits, equalSplits)->wait();
                if (sum[0].to(at::kFloat).eq(1.5).all().item<bool>() &&
                    out.to(at::kFloat).eq(2.5).all().item<bool>())
                    sums.emplace_back(name);
            } catch (const std::exception &) {
                // This type is not among those the Gloo build switches over.
            }
        }
    } catch (const std::exception &) {
        // No loopback Gloo at all: report no 16-bit sums, gradients stay fp32.
    }
    return sums;
}

std::string toText(const std::vector<uint8_t> &bytes)
{
    return std::string(bytes.begin(), bytes.end());
}

} // namespace

Communicator::Communicator(Settings settings, Logger &logger, Watchdog *watchdog)
    : m_settings(std::move(settings))
    , m_logger(logger)
    , m_watchdog(watchdog)
{}

Communicator::~Communicator() = default;

Result<std::unique_ptr<Communicator>> Communicator::connect(const Settings &settings, Logger &logger,
                                                            Watchdog *watchdog)
{
    using R = Result<std::unique_ptr<Communicator>>;
    std::unique_ptr<Communicator> c(new Communicator(settings, logger, watchdog));
    const auto &s = c->m_settings;
    {
        auto guard = watchdog ? watchdog->arm("rendezvous at the master") : Watchdog::Guard(nullptr);
        // Not c10d's TCPStore: it listens on every interface, answers anyone
        // and serves one request at a time, so a stranger could read, rewrite
        // or stall the run's coordination (issue #17). Ours serves the master
        // address only, to workers that prove the run's secret, under a poll()
        // loop that no single client can hold up.
        if (s.rank == 0) {
            RendezvousServer::Options so;
            so.host = s.masterHost;
            so.port = s.masterPort;
            so.secret = s.rendezvousSecret;
            auto server = RendezvousServer::start(std::move(so), &logger);
            if (!server)
                return server.error();
            c->m_server = std::move(*server);
        }
        // Rank 0 too is a client of its own server: one code path for every rank.
        auto store = RendezvousStore::connect(s.masterHost, s.masterPort, s.rendezvousSecret, s.timeout);
        if (!store)
            return store.error();
        c->m_store = *store;
    }

    // Membership: every rank publishes its node, then reads everyone's.
    char hostname[256] = {};
    ::gethostname(hostname, sizeof hostname - 1);
    const nlohmann::json me = {{"node", s.nodeIndex},      {"dump", s.dumpsParameters},
                               {"export", s.exportsModel}, {"host", hostname},
                               {"gpu", s.gpuIdentity},     {"gloo_sums", glooSixteenBitSums()}};
    if (Status st = c->storeSet("member/" + std::to_string(s.rank), me.dump()); !st)
        return st.error();
    std::vector<int> nodeOf;
    for (int r = 0; r < s.worldSize; ++r) {
        auto text = c->storeGet("member/" + std::to_string(r));
        if (!text)
            return text.error();
        const auto j = nlohmann::json::parse(*text, nullptr, false);
        if (!j.is_object() || !j.contains("node") || !j["node"].is_number_integer())
            return R::failure(ErrorKind::Communication,
                              "rank " + std::to_string(r) + " published a malformed membership");
        Member m;
        m.node = j["node"].get<int>();
        m.dumpsParameters = j.value("dump", false);
        m.exportsModel = j.value("export", false);
        m.host = j.value("host", "");
        m.gpu = j.value("gpu", "");
        if (j.contains("gloo_sums") && j["gloo_sums"].is_array())
            for (const auto &t : j["gloo_sums"])
                if (t.is_string())
                    m.glooSums.push_back(t.get<std::string>());
        nodeOf.push_back(m.node);
        c->m_members.push_back(m);
    }
    // A verdict every rank reaches from the same membership. Rank 0 serves the
    // store, so it returns (and exits) only once every other rank has said it
    // read the membership, within the timeout: a rank still reading would
    // otherwise lose the store and exit 3 with another message (issue #28).
    auto agreedFailure = [&](Error error) -> R {
        if (s.rank != 0) {
            (void)c->storeSet("membership-read/" + std::to_string(s.rank), "1");
            return error;
        }
        std::vector<std::string> keys;
        for (int r = 1; r < s.worldSize; ++r)
            keys.push_back("hamgam/membership-read/" + std::to_string(r));
        if (!keys.empty()) {
            auto guard = watchdog ? watchdog->arm("waiting for every rank to read the membership")
                                  : Watchdog::Guard(nullptr);
            try {
                c->m_store->wait(keys, s.timeout);
            } catch (const std::exception &e) {
                logger.warning("not every rank said it read the membership: " + firstLine(e));
            }
        }
        return error;
    };
    // Two ranks on one GPU: NCCL refuses them (or hangs); every rank sees the
    // same list, so every rank stops here with the same message.
    {
        std::vector<RankDevice> devices;
        for (const Member &m : c->m_members)
            devices.push_back({m.host, m.gpu});
        if (auto shared = sharedGpu(devices))
            return agreedFailure({ErrorKind::Config, *shared});
    }
    auto topology = Topology::fromNodeIndices(s.rank, nodeOf);
    if (!topology)
        return agreedFailure(topology.error());
    c->m_topology = *topology;
    {
        try {
            // Gloo listens on one address only: the named interface (a lab's
            // dedicated training network), else the one that reaches the master.
            // Its TCP transport binds every socket it listens on to that device
            // address (port 0), never to the any-address; tst_workerrendezvous
            // checks the listening sockets of running workers.
            c->m_glooDevice = s.glooInterface.empty()
                                  ? c10d::ProcessGroupGloo::createDeviceForHostname(
                                        localAddressTowards(s.masterHost, s.masterPort))
                                  : c10d::ProcessGroupGloo::createDeviceForInterface(s.glooInterface);
        } catch (const std::exception &e) {
            return R::failure(
                ErrorKind::Communication,
                "cannot set up the Gloo transport" +
                    (s.glooInterface.empty() ? std::string() : " on interface " + s.glooInterface) + ": " +
                    firstLine(e));
        }
    }
    std::vector<int> all(static_cast<size_t>(s.worldSize));
    for (int r = 0; r < s.worldSize; ++r)
        all[static_cast<size_t>(r)] = r;
    // Control values are host tensors: the control group is always Gloo.
    auto pg = c->makeBackend("control", s.rank, s.worldSize, false);
    if (!pg)
        return pg.error();
    c->m_control = std::make_unique<CommGroup>("control", all, s.rank, *pg, c->m_topology, c->m_traffic,
                                               s.timeout, watchdog);
    return R(std::move(c));
}

Result<c10::intrusive_ptr<torchcompat::CollectiveBackend>>
Communicator::makeBackend(const std::string &name, int rank, int size, bool nccl, int threads)
{
    using R = Result<c10::intrusive_ptr<torchcompat::CollectiveBackend>>;
    if (size == 1 && !m_settings.groupsEvenAlone)
        return c10::intrusive_ptr<torchcompat::CollectiveBackend>();
    auto guard = m_watchdog ? m_watchdog->arm("connecting group " + name) : Watchdog::Guard(nullptr);
    try {
        auto prefixed = c10::make_intrusive<c10d::PrefixStore>("group/" + name, m_store);
#ifdef HAMGAM_WITH_NCCL
        if (nccl) {
            auto opts = c10d::ProcessGroupNCCL::Options::create();
            // NCCL's own watchdog aborts the whole process at its timeout (2.x):
            // past the engine's watchdog (timeout + grace), so its error event comes first.
            opts->timeout = ncclTimeout(m_settings.timeout, m_settings.watchdogGrace);
            auto backend = c10::make_intrusive<c10d::ProcessGroupNCCL>(prefixed, rank, size, opts);
            // The communicator now, under this guard, not at the group's first
            // collective (a backward hook's, outside any connect bound).
            const at::Device device(at::kCUDA, static_cast<c10::DeviceIndex>(m_settings.cudaIndex));
            if (torchcompat::connectEagerly(*backend, device))
                m_logger.info("group " + name + ": NCCL communicator connected on " + device.str());
            return c10::intrusive_ptr<torchcompat::CollectiveBackend>(backend);
        }
#else
        (void)nccl;
#endif
        auto opts = c10d::ProcessGroupGloo::Options::create(m_settings.timeout);
        opts->devices.push_back(std::static_pointer_cast<::gloo::transport::Device>(m_glooDevice));
        opts->threads = std::max(1, threads);
        return c10::intrusive_ptr<torchcompat::CollectiveBackend>(
            c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, rank, size, opts));
    } catch (const std::exception &e) {
        return R::failure(ErrorKind::Communication, "cannot connect group " + name + ": " + firstLine(e));
    }
}

Result<CommGroup *> Communicator::createGroup(const std::string &name, std::vector<int> ranks,
                                              bool hostTensors, int threads)
{
    std::sort(ranks.begin(), ranks.end());
    const auto self = std::find(ranks.begin(), ranks.end(), m_settings.rank);
    if (self == ranks.end())
        return Result<CommGroup *>::failure(ErrorKind::Internal, "rank is not a member of group " + name);
    auto pg = makeBackend(name, static_cast<int>(self - ranks.begin()), static_cast<int>(ranks.size()),
                          m_settings.useNccl && !hostTensors, threads);
    if (!pg)
        return pg.error();
    auto group = std::make_unique<CommGroup>(name, ranks, m_settings.rank, *pg, m_topology, m_traffic,
                                             m_settings.timeout, m_watchdog);
    CommGroup *raw = group.get();
    m_groups[name] = std::move(group);
    return raw;
}

CommGroup *Communicator::group(const std::string &name) const
{
    const auto it = m_groups.find(name);
    return it == m_groups.end() ? nullptr : it->second.get();
}

bool Communicator::rankZeroExportsModel() const
{
    return !m_members.empty() && m_members.front().exportsModel;
}

bool Communicator::glooSumsEverywhere(const std::string &dtype) const
{
    for (const auto &m : m_members)
        if (std::find(m.glooSums.begin(), m.glooSums.end(), dtype) == m.glooSums.end())
            return false;
    return !m_members.empty();
}

bool Communicator::anyRankDumpsParameters() const
{
    for (const auto &m : m_members)
        if (m.dumpsParameters)
            return true;
    return false;
}

Status Communicator::storeSet(const std::string &key, const std::string &value)
{
    auto guard = m_watchdog ? m_watchdog->arm("store set " + key) : Watchdog::Guard(nullptr);
    try {
        m_store->set("hamgam/" + key, std::vector<uint8_t>(value.begin(), value.end()));
        return {};
    } catch (const std::exception &e) {
        return Status::failure(ErrorKind::Communication, "store set " + key + " failed: " + firstLine(e));
    }
}

Result<std::string> Communicator::storeGet(const std::string &key)
{
    auto guard = m_watchdog ? m_watchdog->arm("store get " + key) : Watchdog::Guard(nullptr);
    try {
        return toText(m_store->get("hamgam/" + key));
    } catch (const std::exception &e) {
        return Result<std::string>::failure(ErrorKind::Communication,
                                            "waiting for " + key + " failed: " + firstLine(e));
    }
}

Status Communicator::barrier()
{
    at::Tensor t = at::zeros({1});
    return m_control->allreduceSumNow(t);
}

} // namespace hamgam::engine
