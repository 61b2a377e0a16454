#pragma once

#include "rendezvousmessage.h"
#include "result.h"
#include "torchcompat.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <vector>

namespace hamgam::engine {

class RendezvousChannel;

/// The run's rendezvous store as each rank sees it (rank 0 included): a
/// c10d::Store whose every call is one request to rank 0's RendezvousServer
/// over a single authenticated connection (RendezvousChannel). Each call is
/// bounded by the store's timeout (the run's comm.timeout_s) and fails with an
/// exception that says what it waited for; c10d and Gloo use it as they would
/// a TCPStore.
class RendezvousStore : public c10d::Store
{
public:
    /// Connects, retrying while the server is not up yet (rank 0 may start
    /// later than this rank), and authenticates, all within `timeout`.
    static Result<c10::intrusive_ptr<RendezvousStore>>
    connect(const std::string &host, int port, const std::string &secret, std::chrono::milliseconds timeout);
    explicit RendezvousStore(std::chrono::milliseconds timeout);
    ~RendezvousStore() override;

    /// A new, separately authenticated connection to the same server, with the
    /// same secret and timeout: c10d (2.8 on) hands clones to other threads.
    /// Throws, as the other calls do, when it cannot connect within the timeout.
    c10::intrusive_ptr<c10d::Store> clone() HAMGAM_OVERRIDE_FROM_2_8;

    void set(const std::string &key, const std::vector<uint8_t> &value) override;
    std::vector<uint8_t> compareSet(const std::string &key, const std::vector<uint8_t> &currentValue,
                                    const std::vector<uint8_t> &newValue) override;
    /// Waits up to the timeout for the key to be set, as TCPStore does.
    std::vector<uint8_t> get(const std::string &key) override;
    int64_t add(const std::string &key, int64_t value) override;
    bool deleteKey(const std::string &key) override;
    bool check(const std::vector<std::string> &keys) override;
    int64_t getNumKeys() override;
    void wait(const std::vector<std::string> &keys) override;
    void wait(const std::vector<std::string> &keys, const std::chrono::milliseconds &timeout) override;

private:
    Status open(const std::string &host, int port, const std::string &secret);
    /// Sends one request and returns its reply, the code read off its front;
    /// no reply within `within` breaks the connection (it could be out of step).
    RendezvousMessage request(const RendezvousMessage &message, std::chrono::milliseconds within,
                              RendezvousMessage::Reply &code, const std::string &what);
    void closeSocket();
    std::chrono::milliseconds effectiveTimeout(std::chrono::milliseconds timeout) const;

    std::mutex m_mutex; // c10d may call from several threads: one request at a time
    int m_fd = -1;
    std::unique_ptr<RendezvousChannel> m_channel;
    std::string m_in;
    std::string m_host; ///< what clone() connects to again
    int m_port = 0;
    std::string m_secret;
    std::string m_server; ///< host:port, for messages
    std::string m_broken; ///< why the connection is unusable; empty while it is fine
};

} // namespace hamgam::engine
