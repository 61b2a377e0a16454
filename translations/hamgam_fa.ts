<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fa_IR">
<context>
    <name>AgentClient</name>
    <message>
        <source>the agent did not complete the handshake in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disconnected by the controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected to the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected hello, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent speaks protocol %1, this program speaks %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the peer is not an agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agents do not send requests (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentCommandLine</name>
    <message>
        <source>Hamgam agent: announces this machine, reports its devices and runs training workers for trusted controllers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS control port (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address to listen on (default: all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory for the agent&apos;s key, certificate, trust list and journals (default ~/.config/hamgam-agent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a controller&apos;s certificate fingerprint to the trust list (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a fingerprint from the trust list and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the trust list and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print this agent&apos;s fingerprint and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name shown to controllers (default: host name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for beacons (default: every interface&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send no beacons.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Telemetry rate, 0.1 to 10 per second (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beacon interval in ms (default 2000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit after this many seconds without a controller or a run (default: never).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most controller connections at once (default 64).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path of hamgam-worker (default: next to this program).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--bind: &quot;%1&quot; is not an IP address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-targets: &quot;%1&quot; is not a list of IP addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--telemetry-hz: must be between 0.1 and 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--beacon-interval-ms: must be between 100 and 60000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--idle-exit: &quot;%1&quot; is not a number of seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-connections: must be between 1 and 4096</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentDaemon</name>
    <message>
        <source>cannot create the configuration directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on %1 port %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discovery disabled: cannot bind UDP port %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this agent does not support &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentSession</name>
    <message>
        <source>handshake not completed within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the controller presented no certificate; this agent accepts only trusted controllers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this controller (%1) is not in the agent&apos;s trust list; on the agent&apos;s machine run: hamgam-agent --trust %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected hello, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this agent speaks protocol %1, the controller speaks %2; install the same Hamgam version on both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only controllers connect to agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hello sent twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown topic &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controllers send requests only, not %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>cannot create directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot replace %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Beacon</name>
    <message>
        <source>beacon too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a Hamgam beacon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beacon of protocol version %1, this program speaks %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown beacon kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beacon lacks node id, port or fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControllerProfile</name>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CtlContext</name>
    <message>
        <source>Controller configuration directory (default ~/.config/hamgam).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller data directory (default ~/.local/share/hamgam).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for discovery queries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also contact the agent at host[:port]; repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long to look for machines, in ms (default 3000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-targets: not a list of IP addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen for agents on UDP port %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DesktopApp</name>
    <message>
        <source>Hamgam: train deep networks on the lab&apos;s machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller configuration directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller data directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for discovery queries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Control port of the local agent (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not start an agent on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds the local agent keeps running without a controller (default 300).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also contact the agent at host[:port]; repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language for this session: en or fa.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--agent-port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--discovery-targets: not a list of IP addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hamgam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discovery is off: cannot listen on UDP port %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local agent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FingerprintStore</name>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid fingerprint list: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a SHA-256 fingerprint (64 hex digits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the list</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FrameDecoder</name>
    <message>
        <source>empty frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frame of %1 bytes exceeds the limit of %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostPort</name>
    <message>
        <source>&quot;%1&quot; is not a host name or address with an optional :port</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Identity</name>
    <message>
        <source>%1 is missing; delete %2 to create a new identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key file %1 can be read by other users; run: chmod 600 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not hold a valid EC private key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not hold a valid certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot generate a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot sign the certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot encode the key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalAgentLauncher</name>
    <message>
        <source>Cannot start the local agent %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local agent did not start within 15 seconds. Run %1 by hand to see why.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineDelegate</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No device information yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachinesModel</name>
    <message>
        <source>Certificate changed: refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent does not trust this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not trusted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Address: %2:%3
Status: %4%5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Hamgam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add an agent on another subnet by host name or address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host name or address of the agent, with :port if it is not %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget %1? Its pinned certificate is removed; you will be asked again when it is seen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Hamgam agent was found on %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust it only if this certificate fingerprint matches the one the agent prints on its machine (hamgam-agent --fingerprint):

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Welcome to Hamgam&lt;/h3&gt;&lt;p&gt;Machines running &lt;b&gt;hamgam-agent&lt;/b&gt; on this network appear on the left. This computer is always there: Hamgam starts an agent on it for you.&lt;/p&gt;&lt;p&gt;Select a machine to see its details.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processor</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n core(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 available of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% busy, %2 of %3 memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, used by %n process(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n machine(s) online  ·  this controller %1…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Message</name>
    <message>
        <source>malformed CBOR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message is not a CBOR map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message has no type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown message type &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request id of &quot;%1&quot; is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reply id of &quot;%1&quot; is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>body of &quot;%1&quot; is not a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request &quot;%1&quot; has no request id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; lacks the field &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;%2&quot; of &quot;%1&quot; has the wrong type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NodeRegistry</name>
    <message>
        <source>this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s certificate has changed. It may be reinstalled, or another machine may pretend to be it. Pinned: %1. Now: %2. Forget the machine to trust the new certificate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This agent does not trust this computer. On the agent&apos;s machine, run: hamgam-agent --trust %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NodesCommand</name>
    <message>
        <source>List the machines this controller sees: discovered agents and machines added by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No machines found. Start hamgam-agent on a machine, or add one with: hamgamctl add HOST[:PORT]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRUST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not trusted yet. Its fingerprint is %2; if that is right, run: hamgamctl trust %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin a machine&apos;s certificate fingerprint so this controller talks to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node id (or its first characters), name or address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected fingerprint; refuse if the agent shows another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl trust: give exactly one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl trust: no machine &quot;%1&quot; found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl trust: %1 shows fingerprint %2, not the one given; nothing was pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a machine by address, for agents on other subnets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host[:port]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl add: give exactly one host[:port]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl add: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget a machine: its pinned fingerprint and, if added by hand, its address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node id, name or address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl forget: give exactly one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl forget: no machine &quot;%1&quot; found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forgot %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not trusted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CERTIFICATE CHANGED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent does not trust us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2% %3/%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PeerConnection</name>
    <message numerus="yes">
        <source>connection closed in the middle of a frame (%n byte(s) of a truncated frame)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>connection closed by the peer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QGuiApplication</name>
    <message>
        <source>QT_LAYOUT_DIRECTION</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Telemetry</name>
    <message>
        <source>device sample without name or kind</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hamgam-agent</name>
    <message>
        <source>hamgam-agent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1 from the trust list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added on the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted controller %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trust list is updated. No second agent was started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgam-agent %1 listening on %2:%3, node %4, fingerprint %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hamgamctl</name>
    <message>
        <source>list machines (--json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pin a machine&apos;s certificate fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add a machine by address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forget a machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: hamgamctl COMMAND [options]   (hamgamctl COMMAND --help for its options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 failure, 2 bad usage, 3 not found, 4 refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl: unknown command &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
