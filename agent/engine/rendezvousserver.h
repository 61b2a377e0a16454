#pragma once

#include "result.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace hamgam::engine {

class Logger;
class RendezvousChannel;
class RendezvousMessage;

/// Rank 0's rendezvous store: a key-value table served on one thread to the
/// run's workers only. Each connection must prove knowledge of the run's
/// secret (RendezvousChannel) within a deadline or is closed; all sockets are
/// non-blocking under one poll() loop with a buffer each, so a slow, silent or
/// half-sent client holds up nobody else; waits are answered when their keys
/// appear, without blocking the loop.
class RendezvousServer
{
public:
    struct Options
    {
        std::string host;   ///< the address to listen on (the master's); empty: every interface
        int port = 0;       ///< 0: an ephemeral port (tests)
        std::string secret; ///< the run's 32-byte secret
        /// A connection not authenticated by then is closed.
        std::chrono::milliseconds authDeadline{5000};
        /// Unauthenticated connections at once; a further one pushes out the oldest.
        std::size_t maxPending = 64;
    };

    /// Binds and starts serving; a failure says which address and why.
    static Result<std::unique_ptr<RendezvousServer>> start(Options options, Logger *logger);
    ~RendezvousServer();
    RendezvousServer(const RendezvousServer &) = delete;
    RendezvousServer &operator=(const RendezvousServer &) = delete;

    int port() const { return m_port; }
    /// The numeric address it listens on ("127.0.0.1", "::" when on every interface).
    const std::string &boundAddress() const { return m_boundAddress; }
    /// Connections closed for failing or not finishing authentication, or a bad frame.
    std::size_t refusedConnections() const { return m_refused.load(); }
    /// Connections that authenticated.
    std::size_t authenticatedConnections() const { return m_authenticated.load(); }

private:
    struct Connection;

    RendezvousServer(Options options, Logger *logger);
    Status listen();
    void loop();
    void accept();
    void receive(Connection &c);
    void process(Connection &c);
    bool handle(Connection &c, const std::string &payload);
    void reply(Connection &c, const RendezvousMessage &message);
    void flush(Connection &c);
    void refuse(Connection &c, const std::string &why);
    /// Answers the waits whose keys are all there now.
    void releaseWaits();
    bool hasAll(const std::vector<std::string> &keys) const;

    Options m_options;
    Logger *m_logger;
    int m_listenFd = -1;
    int m_wakeFds[2] = {-1, -1};
    int m_port = 0;
    std::string m_boundAddress;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<std::size_t> m_refused{0};
    std::atomic<std::size_t> m_authenticated{0};
    std::size_t m_refusalsLogged = 0;
    std::vector<std::unique_ptr<Connection>> m_connections;
    std::map<std::string, std::string> m_values;
};

} // namespace hamgam::engine
