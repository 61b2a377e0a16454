<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
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
    <message>
        <source>the agent&apos;s node id is malformed</source>
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
        <source>unexpected argument &quot;%1&quot; (options start with --; see --help)</source>
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
    <message>
        <source>Let runs read data and write checkpoints in this directory (repeatable; default: /usr/share/datasets, your home, /tmp, /var/tmp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most runs at once on this agent (default 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--allow-dir: &quot;%1&quot; is not an absolute path of a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-runs: must be between 1 and 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network interface for the workers&apos; gradient traffic, which is not encrypted: e.g. a dedicated lab network (default: the interface that reaches the run&apos;s first node).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--worker-interface: this machine has no network interface &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust a controller as the lab&apos;s admin, who sets the lab&apos;s rules (repeatable; docs/lab.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a fingerprint from the trust list (and the admins) and exit.</source>
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
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a coordinator may not send &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a coordinator may only abort the queued runs it starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trained model of run %1 belongs to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset %1 is outside %2 (%3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentInstaller</name>
    <message>
        <source>This controller has pinned another fingerprint for %1 (%2); the agent now shows %3. Forget the machine and install again to trust it.</source>
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
    <message>
        <source>a coordinator acts for no user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this certificate may connect only as a run&apos;s coordinator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the controller sent no valid user name (1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;); set one with: hamgamctl user NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a coordinator does not subscribe</source>
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
    <name>BatchAllocationPlot</name>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples per step</source>
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
    <message>
        <source>beacon with a malformed node id</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CheckpointOwners</name>
    <message>
        <source>the checkpoint %1 was written by %2&apos;s run: only %2 or the lab admin may resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint %1 does not record which lab user wrote it (it is older than this version of Hamgam): only the lab admin may resume it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export plots…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput and waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training loss by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training loss over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time since the start (h:min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time since the start (min:s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each step spent waiting (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These runs have no evaluations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No steps recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no telemetry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These runs have the same settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Comparing %Ln run(s)</source>
        <translation>
            <numerusform>Comparing %Ln run</numerusform>
            <numerusform>Comparing %Ln runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) written to %1.</source>
        <translation>
            <numerusform>%Ln file written to %1.</numerusform>
            <numerusform>%Ln files written to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowdown %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1 (%2) started on busy machines — %3. Its speed says as much about them as about its settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run with its settings that differ and its results; click a column to sort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings and results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel coordinates: each run is a line through its settings that differ, its final loss and its accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy at start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings against final loss and accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %Ln of the runs started on busy machines: their speed says as much about those machines as about their settings.</source>
        <translation>
            <numerusform>⚠ %Ln of the runs started on busy machines: their speed says as much about those machines as about their settings.</numerusform>
            <numerusform>⚠ %Ln of the runs started on busy machines: their speed says as much about those machines as about their settings.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hide the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show which</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the plots you choose as PNG or PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings whose values differ between the runs, or every setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every setting (those that differ in bold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time since the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot make the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControllerProfile</name>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit</source>
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
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--wait: &quot;%1&quot; is not a number of milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen for agents on UDP port %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History database (default ~/.local/share/hamgam/history.sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: --%2: &quot;%3&quot; is not a whole number from %4 to %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no history at %1: no run has been recorded there yet (--history PATH reads another)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl: the run history could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl: the run history could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DataSize</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetCheck</name>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty or truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an IDX file of unsigned bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is truncated in its header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dataset directory %1 does not exist on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lacks the %2 images or labels (expected %2-images-idx3-ubyte[.gz] and %2-labels-idx1-ubyte[.gz])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2 has the wrong number of dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 images but %3 has %4 labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is truncated: %2 bytes of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the text file %1 on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too short for a context of %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the TorchScript module %1 on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a TorchScript archive (torch.jit.save writes a zip file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no data_batch_1.bin: CIFAR-10 is read in its binary version (cifar-10-batches-bin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no train.bin: CIFAR-100 is read in its binary version (cifar-100-binary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged or not CIFAR: %2 bytes are not whole records of %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the table %1 on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1 is empty: a header row of column names is needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1 has no column &quot;%2&quot; for the labels; its columns: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1 holds only its label column: no features to learn from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1, line %2: %3 cells where the header has %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1, line %2, column &quot;%3&quot;: &quot;%4&quot; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1 has %2 rows; at least %3 are needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1, line %2: the label &quot;%3&quot; is not among the training rows&apos; labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table %1 has other columns than the training file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image folder %1 does not exist on this machine or is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image folder %1 holds no class folders (one sub-folder of images per class)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the class folder %1 holds no JPEG or PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image folder %1 has nothing to hold out: give it test/ (or val/) beside train/, or ten images in a class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the held-out folder %1 is not one of the training classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image %1 cannot be used: %2</source>
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
    <message>
        <source>History database (default ~/.local/share/hamgam/history.sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run history cannot be opened, so runs will not be kept:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run history could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run history could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceSeriesPlot</name>
    <message>
        <source>time since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory used %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 busy, %4 after the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3 of %4 in use (%5), %6 after the start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <source>memory busy %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM %1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graphics %1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe tx %1/s rx %2/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowed down: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost: the GPU stopped answering (fell off the bus, or needs a reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>+%Ln more</source>
        <translation>
            <numerusform>+%Ln more</numerusform>
            <numerusform>+%Ln more</numerusform>
        </translation>
    </message>
    <message>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DoctorPanel</name>
    <message>
        <source>Nothing is holding the devices back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, device %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names which of the seven reasons for low GPU utilization is holding each device back, with the evidence and one thing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more finding(s) of lower or equal severity.</source>
        <translation>
            <numerusform>… and %Ln more finding of lower or equal severity.</numerusform>
            <numerusform>… and %Ln more findings of lower or equal severity.</numerusform>
        </translation>
    </message>
    <message>
        <source>Needs attention: this holds a device back noticeably</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worth knowing: this holds a device back a little</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ needs attention, ℹ worth knowing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Over the last %Ln step(s), as the step split beside it. %1</source>
        <translation>
            <numerusform>Over the last %Ln step, as the step split beside it. %1</numerusform>
            <numerusform>Over the last %Ln steps, as the step split beside it. %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>%1  %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From step %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 on %Ln rank(s), %2</source>
        <comment>strategy, ranks, model</comment>
        <translation>
            <numerusform>%1 on %Ln rank, %2</numerusform>
            <numerusform>%1 on %Ln ranks, %2</numerusform>
        </translation>
    </message>
    <message>
        <source>equal shares</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as the config sets them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the speeds are measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>planned from the measured speeds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, loss %2, %3 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (predicted %2 faster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy %1 % at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity %1 at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss %1 at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>stopped after %Ln step(s)</source>
        <translation>
            <numerusform>stopped after %Ln step</numerusform>
            <numerusform>stopped after %Ln steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s)</source>
        <translation>
            <numerusform>%Ln step</numerusform>
            <numerusform>%Ln steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln device</numerusform>
            <numerusform>%Ln devices</numerusform>
        </translation>
    </message>
    <message>
        <source>attempt %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, device %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the findings of a diagnosis</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first speed measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speeds changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resumed on other ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch did not fit the device&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, … (%Ln in all)</source>
        <comment>the first numbers of a long list, then how many it has</comment>
        <translation>
            <numerusform>%1, … (%Ln in all)</numerusform>
            <numerusform>%1, … (%Ln in all)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>load %1 on %Ln core(s)</source>
        <translation>
            <numerusform>load %1 on %Ln core</numerusform>
            <numerusform>load %1 on %Ln cores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 shared with %Ln process(es)</source>
        <translation>
            <numerusform>%1 shared with %Ln process</numerusform>
            <numerusform>%1 shared with %Ln processes</numerusform>
        </translation>
    </message>
    <message>
        <source>Model written</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, each in %Ln passes</source>
        <comment>a plan&apos;s batches, each taken in passes (gradient accumulation)</comment>
        <translation>
            <numerusform>%1, each in %Ln passes</numerusform>
            <numerusform>%1, each in %Ln passes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>node, its batch</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <comment>node, its batch, each device&apos;s share</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2 passes of %3</source>
        <comment>node and batch, passes, samples a pass</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2 passes of up to %3</source>
        <comment>node and batch, passes, samples a pass</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, each share in %2 passes</source>
        <comment>node and its shares, passes</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the nodes of a plan</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/s (%2 Mb/s) measured by step %3; exact: %4 of each step on the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>local steps every %Ln step(s): predicted %1× exact&apos;s speed (%2 a step against %3)</source>
        <translation>
            <numerusform>local steps every %Ln step: predicted %1× exact&apos;s speed (%2 a step against %3)</numerusform>
            <numerusform>local steps every %Ln steps: predicted %1× exact&apos;s speed (%2 a step against %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>auto chose local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>auto chose local steps, an outer step every %Ln step</numerusform>
            <numerusform>auto chose local steps, an outer step every %Ln steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>taking local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>taking local steps, an outer step every %Ln step</numerusform>
            <numerusform>taking local steps, an outer step every %Ln steps</numerusform>
        </translation>
    </message>
    <message>
        <source>exact steps are the fastest here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 alone would be faster: %2 a step against the group&apos;s best %3; train on it alone</source>
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
    <name>HelpDialog</name>
    <message>
        <source>Every field of a run config, its default and its limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What holds a device back, as the Live tab&apos;s doctor tells it, and what to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing Hamgam and its agent: packages, the SSH installer, autostart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The training engine: each strategy, the bytes it sends and the memory it needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust between the app and the agents, and what a trusted controller can do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happens when a worker, an agent, a link or the app fails during a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How Hamgam is built: its programs, layers and tests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The wire protocol between controllers and agents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run config as each training worker reads it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The events a training worker reports, line by line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured figures: strategies, memory, the agent&apos;s overhead, the interface.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Persian terms of the interface.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Open Hamgam.&lt;/b&gt; &lt;code&gt;scripts/run&lt;/code&gt; builds it and opens it; &lt;i&gt;This computer&lt;/i&gt; appears under &lt;i&gt;Machines&lt;/i&gt; with its devices and live utilization, so you can train with no other machine around.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Make a training group.&lt;/b&gt; Drag &lt;i&gt;This computer&lt;/i&gt; (or any trusted machine, or one device line of it) from &lt;i&gt;Machines&lt;/i&gt; into &lt;i&gt;Training group&lt;/i&gt;. The first machine in the group hosts the workers&apos; rendezvous.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Set up the run.&lt;/b&gt; In &lt;i&gt;Run setup&lt;/i&gt; choose the model, the dataset and the strategy; a line under each choice says what it does. A problem shows next to its field, and nothing starts while one remains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Check, then start.&lt;/b&gt; &lt;b&gt;Check&lt;/b&gt; runs the pre-flight checks on every machine and starts nothing; &lt;b&gt;Start&lt;/b&gt; starts the run and opens the &lt;i&gt;Live&lt;/i&gt; tab: utilization and memory per device, where each step&apos;s time goes, the batch plan, loss, throughput and the utilization doctor&apos;s advice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Stop or abort.&lt;/b&gt; &lt;b&gt;Stop&lt;/b&gt; lets the workers write a checkpoint first (when the run has a checkpoint directory); &lt;b&gt;Abort&lt;/b&gt; ends them at once. A run goes on if the app closes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Compare.&lt;/b&gt; Finished runs are in &lt;i&gt;History&lt;/i&gt;: select two or more and &lt;b&gt;Compare&lt;/b&gt;; &lt;b&gt;New run from this one&lt;/b&gt; opens a run&apos;s settings again. &lt;i&gt;File → Save run config…&lt;/i&gt; keeps the form as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start &lt;code&gt;hamgam-agent&lt;/code&gt; on each machine (or use &lt;i&gt;File → Install agent on a machine…&lt;/i&gt;), trust it, and it appears under &lt;i&gt;Machines&lt;/i&gt;. &lt;code&gt;scripts/local-lab&lt;/code&gt; starts three agents on this computer to try it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From a terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;code&gt;hamgamctl&lt;/code&gt; does the same from scripts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The documents are in English. Click one to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hamgam Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Take the model.&lt;/b&gt; &lt;i&gt;History → Export model…&lt;/i&gt; brings the model a run trained into a folder: &lt;code&gt;model.pt&lt;/code&gt; loads in PyTorch with &lt;code&gt;torch.jit.load&lt;/code&gt;, and &lt;code&gt;model.json&lt;/code&gt; says what goes in and what comes out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Share the lab.&lt;/b&gt; Where several students use the same machines, set your name once in &lt;i&gt;Tools → Settings → Lab&lt;/i&gt;. The &lt;i&gt;Shared lab&lt;/i&gt; tab shows who holds each device and until when, the queue and a week of bookings (&lt;b&gt;Book…&lt;/b&gt; reserves devices ahead); &lt;b&gt;Queue&lt;/b&gt; beside &lt;b&gt;Start&lt;/b&gt; waits for busy devices instead of being refused. The lab admin sets the rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lab shared by several students: who holds each device, the queue, bookings and the admin&apos;s rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the engine on a machine with NVIDIA GPUs: one prepared script and what it reports.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryCommands</name>
    <message>
        <source>List past and current runs, newest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs whose name contains this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl runs takes no arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet. Start one with: hamgamctl run CONFIG</source>
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
        <source>STRATEGY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CREATED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STEPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LOSS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SAMPLES/S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WAIT %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one run: its status, summary, nodes, per-rank timing and notable events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl show: give one run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  status:   %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  status:   %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  strategy: %1, model %2, global batch %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  duration: %1, steps %2, final loss %3, %4 samples/s, mean wait %5%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RANKS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RANK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BATCH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DATA MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMPUTE MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WAIT MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMM MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OPT MS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run ids (or their first characters) or names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>METRIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean wait %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max wait %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The configs are the same (apart from the name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CONFIG FIELD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a run&apos;s data as CSV files (ISO dates, plain digits) into a directory: steps.csv, events.csv, telemetry.csv and run.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory to write the files into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export: give one run and --csv DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export: --csv DIR is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no run &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: &quot;%2&quot; matches %n run(s); give more of the id:</source>
        <translation>
            <numerusform>%1: &quot;%2&quot; matches %n run; give more of the id:</numerusform>
            <numerusform>%1: &quot;%2&quot; matches %n runs; give more of the id:</numerusform>
        </translation>
    </message>
    <message>
        <source>hamgamctl runs: --%1: unknown value &quot;%2&quot;; choose from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs with this status: %1 (repeatable, or separated by commas; any case).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs of this strategy: %1 (repeatable, or separated by commas; any case).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No run matches these filters (%n run(s) in the history; hamgamctl runs lists them all).</source>
        <translation>
            <numerusform>No run matches these filters (%n run in the history; hamgamctl runs lists them all).</numerusform>
            <numerusform>No run matches these filters (%n runs in the history; hamgamctl runs lists them all).</numerusform>
        </translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FINAL BATCH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan from step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan at step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan at step %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy at start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1 started on busy machines; its speed says as much about them as about its settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs whose name, tags or note contain this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare 2 to 100 runs: a summary table, and the config fields that differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl compare: give 2 to 100 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  gradients: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistorySchema</name>
    <message>
        <source>cannot read the history database&apos;s version: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history database has version %1, newer than this Hamgam (%2); use a newer Hamgam or another --history file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start a transaction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migrating the history to version %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>cannot open the history %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history %1 is damaged (%2); move it away to start a new one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs with this status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs with this strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs created on or after this day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs created on or before this day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the history again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare %1 to %2 selected runs: curves, throughput, waiting, utilization and the settings that differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New run from this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the run setup with this run&apos;s configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export runs to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Either way the values stay machine-readable: ISO dates and ASCII digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) written to %1</source>
        <translation>
            <numerusform>%Ln file written to %1</numerusform>
            <numerusform>%Ln files written to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name, tag or note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs whose name, tags or note contain this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected runs&apos; data, machines, differing settings and charts into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data of each run: steps, events and telemetry as CSV, the run as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines of each run: devices, ranks and final plan (nodes.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings that differ between the runs (settings.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s settings (settings.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts: loss, evaluation, throughput and waiting as PNG and PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column names in English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column names in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring the model this run trained (step %1) into a folder, as TorchScript for PyTorch and LibTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one run to bring the model it trained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bringing the trained model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bringing the trained model: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trained model is in %1 (model.pt, model.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be brought: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the trained model to a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the model?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already holds a trained model. Replace it with this run&apos;s?</source>
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
    <name>InstallCommand</name>
    <message>
        <source>Install hamgam-agent on machines over SSH and start it, trusting this controller and pinned here, so it appears trusted in `hamgamctl nodes` and the app. Per-user mode (the default) puts the programs in ~/.local/bin and starts them from a systemd user unit (or a crontab @reboot entry where systemctl --user is missing); it needs the runtime libraries to be there already and names the packages that are not. Package mode (--mode deb) uploads the hamgam-agent .deb and installs it with sudo apt-get.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the agent on machines where the SSH installer put it, keeping its identity and trust list, and restart it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the agent on machines and remove everything the SSH installer put there (programs, service or crontab entry, key, trust list), and forget it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the agent on machines and wait until it answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say whether the agent is installed on machines, how, which version, whether it runs and whether it answers this controller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 the agent runs and answers on every machine, 1 a machine could not be checked, 2 bad usage, 3 an agent is missing or does not answer, 4 a host key was refused, 5 cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 every machine succeeded, 1 a machine failed, 2 bad usage, 4 a host key was refused (unknown without --yes or an answer, or changed), 5 cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines, as [user@]host[:ssh-port]; several run at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOST...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH user (default: ~/.ssh/config&apos;s, else yours).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH port (default: ~/.ssh/config&apos;s, else 22).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Private key file (default: ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a secret from the first line of stdin and offer it for the key&apos;s passphrase, the SSH password and sudo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept an unknown host key after printing its fingerprint (a changed key is always refused). Without it, an unknown key is asked about on the terminal, and refused when stdin is not a terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>known_hosts file (default ~/.ssh/known_hosts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not read ~/.ssh/config or /etc/ssh/ssh_config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s TLS control port (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to wait for the agent to answer after starting it (default 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>user: per-user under ~/.local (default; no root needed); deb: the Debian package through sudo apt-get, as a system service.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user|deb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install only; do not start the agent or wait for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More hamgam-agent options for the installed service, e.g. &quot;--name lab-07 --telemetry-hz 2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hamgam-agent to upload (default: the one next to hamgamctl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hamgam-worker to upload (default: the one next to hamgamctl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upload the agent without hamgam-worker (telemetry only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hamgam-agent .deb for --mode deb (default: the newest in the build directory).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the agent&apos;s key, node id and trust list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: give at least one host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--agent-port: &quot;%1&quot; is not a port number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout: must be between 1 and 3600 seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--identity: cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--mode: &quot;%1&quot; is neither user nor deb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--password-stdin: the first line of stdin is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] %2 (%3/%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] Accepted (--yes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept? [y/N] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] Refused: stdin is not a terminal. Check the fingerprint, then run again with --yes to accept it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] No answer: stdin is not a terminal (use --password-stdin).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACHINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INSTALLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUNNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ANSWERS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AUTOSTART</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, %1:%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DETAILS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trusted, answering on %1:%2, node %3, fingerprint %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed, not started (--no-start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstallDialog</name>
    <message>
        <source>Install agent over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installs the Hamgam agent on machines you can reach with SSH, on all of them at once. The agent trusts this computer (fingerprint %1) and is pinned here, so it appears trusted in the Machines list without a prompt. Unknown host keys are shown and asked about; passwords and passphrases are asked for when needed and never stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Machines:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host names or addresses, separated by spaces: lab-01 lab-02 user@10.0.0.7:2222</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH &amp;user:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH &amp;port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else 22</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Action:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upgrade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uninstall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;How:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per user, under ~/.local (no root needed; the libraries must be there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debian package, with sudo apt-get (brings its libraries along)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent &amp;control port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent &amp;options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more hamgam-agent options, e.g. --name lab-07 --telemetry-hz 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the machines still in progress; nothing half-uploaded stays behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH private key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give at least one machine: a host name or address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the key file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hamgam-agent package was found next to this program. Build it with `cmake --build build --target package`, or install per user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown host key of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect and remember</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key passphrase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password for sudo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installations are still running. Cancel them and close? Nothing half-uploaded stays behind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else the local user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; is not in your known_hosts yet.&lt;/p&gt;&lt;p&gt;Its %2 host key fingerprint is&lt;br&gt;&lt;/p&gt;&lt;pre&gt;%3&lt;/pre&gt;&lt;p&gt;Compare it with what &lt;code&gt;ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub&lt;/code&gt; prints on that machine. Connect and remember this key?&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstallJob</name>
    <message>
        <source>%1: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote command failed with exit status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (exit status %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong passphrase. Passphrase for the SSH key %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passphrase for the SSH key %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password was not accepted. Password for %1@%2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password for %1@%2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo did not accept the password. Password of %1 for sudo on %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password of %1 for sudo on %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no host given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING: the host key of %1 has CHANGED. Someone may be intercepting the connection, or the machine was reinstalled. It now offers the %2 key %3. Nothing was sent. If you know why it changed, remove the old key with: ssh-keygen -R &apos;%4&apos; -f %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING: %1 offers a %2 host key (%3), but %4 holds a key of another type for it. Someone may be intercepting the connection. Nothing was sent. If you know why, remove the old key with: ssh-keygen -R &apos;%5&apos; -f %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in %2 yet. Its %3 host key fingerprint is
  %4
Compare it with what `ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub` prints on that machine. Connect and remember this key?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host key %1 of %2 was not accepted; nothing was sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added the %1 host key %2 of %3 to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no passphrase was given for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server does not accept the key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused the password for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no key was accepted and no password was given for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, and no password was given for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot sign in as %1: the server offers %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote HOME is not an absolute path (&quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Hamgam agent is installed on %1; install it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgam-agent %1 is installed as a Debian package on %2. Upgrade it in package mode, or uninstall it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a per-user agent (%1) is installed on %2. Upgrade it in per-user mode, or uninstall it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Hamgam agent is installed on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent program to upload was not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a %2 machine, but the agent to upload is built for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgam-worker was not found on this computer, so the agent on %1 is installed without it: it reports its devices but cannot run training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the package to upload was not found: &quot;%1&quot;. Build it with `cmake --build build --target package`, or give its path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no apt-get: package mode needs Debian or a derivative; use the per-user mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a %2 machine, but the package is for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only %1 MiB are free in %2 on %3; the agent needs about %4 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgam-agent %1 is installed on %2; it is replaced by %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create an upload directory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ldd is not available on %1, so the shared libraries were not checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install them there with: sudo apt-get install %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(No package is known for %1.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lacks shared libraries the agent needs: %2. %3 Or install in package mode, which brings them along. Nothing was installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 is not a valid trust list; fix or remove it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgam-agent --fingerprint failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/var/lib/hamgam-agent/trusted-controllers.json on %1 is not a valid trust list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent did not print its fingerprint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lingering could not be enabled on %1 (%2): the agent starts when %3 logs in, not at boot, and stops when the last session ends. An administrator can run there: sudo loginctl enable-linger %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>systemctl --user is not available on %1, so the agent starts at boot from a crontab @reboot entry instead of a systemd user unit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither systemctl --user nor crontab is available on %1: the agent is started now but will not start again after a reboot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent answering on %1:%2 shows the fingerprint %3, but the one installed has %4; another program may hold that port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent on %1 does not trust this controller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on %1 does not trust this controller (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the agent does not answer on %1:%2 after %n second(s): %3. Is a firewall in the way?</source>
        <translation>
            <numerusform>the agent does not answer on %1:%2 after %n second: %3. Is a firewall in the way?</numerusform>
            <numerusform>the agent does not answer on %1:%2 after %n seconds: %3. Is a firewall in the way?</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2; lingering stays on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not root on %2 and sudo is not installed there: sign in as root, or use the per-user mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no password was given for sudo on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo refused the password of %1 on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>controller on %1 (SSH installer)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstallJobsModel</name>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed %1 (%2), not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2, %3; %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answering on port %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent fingerprint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2, %3: trusted, answering on %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstallText</name>
    <message>
        <source>install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgrade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uninstall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect the machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check libraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autostart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REFUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>systemd user unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crontab @reboot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no autostart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not [user@]host[:port]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JournalFollower</name>
    <message>
        <source>run %1 on this machine is another user&apos;s: only its summary can be read</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabBookingDialog</name>
    <message>
        <source>Book devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what it is for, e.g. thesis runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the devices. A booking on several machines is made on all of them or on none; one that overlaps another is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabBookingsPage</name>
    <message>
        <source>All machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book devices for the time selected on the calendar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one machine&apos;s bookings only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag over a day to select the hours, then press Book… Your own bookings have a dark outline; their context menu cancels them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabCommands</name>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or set your user name in the lab: agents record it with every run, lease and booking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new user name (optional).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[NAME]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl user [NAME]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl user: &quot;%1&quot; is not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are %1 in the lab from now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every device of the lab: free, leased or reserved, by whom, since and until when, and its utilization over the last 24 hours and 7 days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl lab [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MACHINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SINCE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNTIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NEXT BOOKING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No machine answered: is an agent running and trusted? (hamgamctl nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs waiting for their devices, in the order they will start, with the estimated start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl queue [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ESTIMATED START</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WAITING FOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 and %Ln more</numerusform>
            <numerusform>%1 and %Ln more</numerusform>
        </translation>
    </message>
    <message>
        <source>never, as asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take a queued run out of the queue (a run that already started is aborted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl cancel [options] RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl cancel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: taken out of the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 has ended already: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run did not leave the queue in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until a run ends (a queued run: until it has started and ended). Exit code: 0 finished, 1 failed, 3 no such run, 5 stopped, aborted or taken out of the queue, 6 still going at --timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give up after this long (&quot;90m&quot;, &quot;2h&quot;; default: never).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl wait [options] RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl wait: --timeout: &quot;%1&quot; is not a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl wait: no run &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is still going</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book devices for a time window (a thesis deadline): other users&apos; runs and queued runs keep off them. On several machines, all or none are booked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A machine, with the devices to book after a colon (&quot;gpu-box:0,1&quot;); all its devices without. Repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>machine[:devices]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start: &quot;2026-12-07 09:00&quot;, &quot;now&quot; or &quot;+2h&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End, as --from, or a length after it (&quot;+3d&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it is for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl reserve --node MACHINE[:DEVICES] --from TIME --to TIME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: give --node, and --from and --to as &quot;2026-12-07 09:00&quot;, &quot;now&quot; or &quot;+2h&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: no trusted machine &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: &quot;%1&quot; matches several machines; use the node id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: &quot;%1&quot; is not a device number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: %1 reported no devices yet; name them (&quot;%1:0&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl reserve: nothing was booked:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>booked %1 devices %2 from %3 to %4 (id %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab&apos;s bookings, from the last week on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl reservations [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bookings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel a booking (yours; the lab admin may cancel any).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking&apos;s id (hamgamctl reservations).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl unreserve [options] ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl unreserve: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>booking %1 cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl unreserve: no booking &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device-hours per user and week, over every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many weeks, this one included (default 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write CSV to this file (&quot;-&quot;: standard output).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl usage [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1</source>
        <translation>
            <numerusform>%Ln row written to %1</numerusform>
            <numerusform>%Ln rows written to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No usage recorded in these weeks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WEEK OF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEVICE-HOURS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHARE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[action]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most devices one user may hold on each machine (0: no limit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest run (&quot;12h&quot;; 0: no limit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users who may end or preempt other users&apos; runs (comma-separated).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle reclaim: utilization below this percent...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>percent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>...for this many minutes releases the devices (0: off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl policy: no machine answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAX DEVICES/USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LONGEST RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAY END OTHERS&apos; RUNS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IDLE RECLAIM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the admin only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under %1% for %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (admin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl policy: --%1: &quot;%2&quot; is not a number from 0 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl policy: --max-run: &quot;%1&quot; is not a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl policy: --may-end: &quot;%1&quot; is not a user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show, set, bind, move or unbind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A booking stops another user&apos;s run only this many minutes after it was made (0: when it begins; users who may end others&apos; runs need none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: hamgamctl policy [show | set OPTIONS | bind USER FINGERPRINT | move USER FINGERPRINT | unbind USER]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not bound: no rights until the admin binds it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not bound on every machine: no rights until the admin binds it (hamgamctl policy bind %1 FINGERPRINT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The lab&apos;s rules are set on %Ln machine(s): %1</source>
        <translation>
            <numerusform>The lab&apos;s rules are set on %Ln machine: %1</numerusform>
            <numerusform>The lab&apos;s rules are set on %Ln machines: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over %Ln machine(s): %1</source>
        <translation>
            <numerusform>Over %Ln machine: %1</numerusform>
            <numerusform>Over %Ln machines: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Most bookings one user may have ahead on each machine (1 to 200).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most runs one user may have waiting in each machine&apos;s queue (1 to 200).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BOOKINGS/QUEUED PER USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the lab&apos;s rules, or (the lab admin) change them on every connected machine:
  hamgamctl policy [show]
  hamgamctl policy set [--max-devices N] [--max-run DURATION] [--may-end USER,...] [--idle-util P --idle-minutes M]
                      [--booking-notice MINUTES] [--names admin|first-use]
  hamgamctl policy bind USER FINGERPRINT   (a student&apos;s second computer, a name with rights)
  hamgamctl policy move USER FINGERPRINT   (the name becomes this certificate&apos;s alone)
  hamgamctl policy unbind USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who gives user names: &quot;admin&quot; (only hamgamctl policy bind) or &quot;first-use&quot; (a free name is bound on each machine by its first use).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAMES FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl policy: --names: &quot;%1&quot; is neither &quot;admin&quot; nor &quot;first-use&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print this computer&apos;s certificate fingerprint instead: what an agent&apos;s --trust, --trust-admin and the admin&apos;s &quot;policy bind&quot; take.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabDevicesModel</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, device %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run holds this device and no booking covers it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by a run of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run of %1 is taking it: its other machines are being asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked by %1: only their runs may use it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected end of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s end is not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End of the booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Held but idle: a run holds it, yet it has stayed below %1 for %Ln minute(s)</source>
        <translation>
            <numerusform>Held but idle: a run holds it, yet it has stayed below %1 for %Ln minute</numerusform>
            <numerusform>Held but idle: a run holds it, yet it has stayed below %1 for %Ln minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>No samples in the last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours: %1 on average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean utilization over the last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No booking ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked by %1 from %2 to %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization over the last 24 hours, one value a minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7-day mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest: %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2: no samples</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabFile</name>
    <message>
        <source>cannot read it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no valid &quot;version&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by a newer version (format %1, this agent reads up to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot keep %1 as %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged (%2): it was kept as %3 and nothing in it is used</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n entries of %1 are not valid (the first is number %2): the file was kept as %3 and its other entries are used</source>
        <translation>
            <numerusform>%n entries of %1 are not valid (the first is number %2): the file was kept as %3 and its other entries are used</numerusform>
            <numerusform>%n entries of %1 are not valid (the first is number %2): the file was kept as %3 and its other entries are used</numerusform>
        </translation>
    </message>
    <message>
        <source>not saving %1: its damaged content could not be kept aside (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabFormat</name>
    <message>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabNotifier</name>
    <message>
        <source>Hamgam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run has started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 left the queue and is training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run has finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run was stopped by the lab&apos;s rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 was stopped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run&apos;s devices were reclaimed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 was stopped because its devices stayed idle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your run was ended by someone else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 was ended by another user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabPolicy</name>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated_ms must be a time in milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may_end_others must be a list of user names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may_end_others: &quot;%1&quot; is not a user name (1 to 32 of A-Z, a-z, 0-9, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle reclaim needs idle_util_percent above 0 when idle_minutes is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged (%2): it was kept as %3, and the last rules saved whole are in force again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No earlier rules were kept: the defaults are in force until the lab admin sets the rules again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names_by_admin must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabPolicyDialog</name>
    <message>
        <source>The lab&apos;s rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user names, e.g. prof, ta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every connected machine enforces these rules on its own devices. Zero means no limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most &amp;devices one user may hold on a machine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Longest run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Who else may end others&apos; runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle reclaim &amp;below:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle reclaim &amp;after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name: 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle reclaim needs both a utilization and minutes (or neither).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: a booking stops runs when it begins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A booking gives &amp;notice of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run whose devices all stay below the utilization for the minutes given is stopped and its devices go back to the lab; its user is told why. A booking stops another user&apos;s run on its devices only once that much notice has passed since it was made, unless its user may end others&apos; runs. The lab admin may always end any run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most &amp;bookings ahead per user on a machine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most runs &amp;queued per user on a machine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the lab admin gives &amp;user names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off, a free name is bound on each machine to the computer that uses it first. On, only the admin&apos;s binding (hamgamctl policy bind NAME FINGERPRINT) gives a name, so no student can take a classmate&apos;s name on a machine the classmate has not used yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabQueueModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 and %Ln more</numerusform>
            <numerusform>%1 and %Ln more</numerusform>
        </translation>
    </message>
    <message>
        <source>not yet known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted length: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabRequests</name>
    <message>
        <source>too much to show at once, left out of this view: bookings %1, queued runs %2; the lab admin can lower the per-user caps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a week begins on day 1 to 7, in a time zone within 14 hours of UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this agent does not support &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is not queued here for this coordinator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;devices&quot; is not a list of device numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease %1 of yours here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is using this lease; stop the run instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only a controller queues runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the queued run&apos;s plan does not match its nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 of this run is %2, not this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the queued run&apos;s plan names node %1 without its address or certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the queued run&apos;s plan names no address for this machine, where its workers meet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is already waiting in this machine&apos;s queue; take it out of the queue to change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 on this agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is %2&apos;s; only its user, the lab admin and the users the admin names may take it out of the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a booking must lie within the next two years, from a clock less than a year off this machine&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only the lab admin may change the lab&apos;s rules (on each machine: hamgam-agent --trust-admin FINGERPRINT)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabService</name>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease %1 for run %2 here (it may have expired); start the run again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1 holds other devices than the run names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is not queued here under a lease of this coordinator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1&apos;s entry here is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 belongs to %2; the lab&apos;s rules let only its user, the lab admin and the users the admin names end it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabText</name>
    <message>
        <source>taken out of the queue by its user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>taken out of the queue by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>device %1 is held by %2 (run %3) for about %n more minute(s)</source>
        <translation>
            <numerusform>device %1 is held by %2 (run %3) for about %n more minute</numerusform>
            <numerusform>device %1 is held by %2 (run %3) for about %n more minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is held by %2 (run %3) for about %n more hour(s)</source>
        <translation>
            <numerusform>device %1 is held by %2 (run %3) for about %n more hour</numerusform>
            <numerusform>device %1 is held by %2 (run %3) for about %n more hours</numerusform>
        </translation>
    </message>
    <message>
        <source>device %1 is held by %2 (run %3), with no expected end</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 for %n more minute(s)</source>
        <translation>
            <numerusform>device %1 is booked by %2 for %n more minute</numerusform>
            <numerusform>device %1 is booked by %2 for %n more minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 for %n more hour(s)</source>
        <translation>
            <numerusform>device %1 is booked by %2 for %n more hour</numerusform>
            <numerusform>device %1 is booked by %2 for %n more hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 from %n minute(s) from now</source>
        <translation>
            <numerusform>device %1 is booked by %2 from %n minute from now</numerusform>
            <numerusform>device %1 is booked by %2 from %n minutes from now</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 from %n hour(s) from now</source>
        <translation>
            <numerusform>device %1 is booked by %2 from %n hour from now</numerusform>
            <numerusform>device %1 is booked by %2 from %n hours from now</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the run is expected to take %n minute(s), longer than the lab&apos;s longest run (%1)</source>
        <translation>
            <numerusform>the run is expected to take %n minute, longer than the lab&apos;s longest run (%1)</numerusform>
            <numerusform>the run is expected to take %n minutes, longer than the lab&apos;s longest run (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the run is expected to take %n hour(s), longer than the lab&apos;s longest run (%1)</source>
        <translation>
            <numerusform>the run is expected to take %n hour, longer than the lab&apos;s longest run (%1)</numerusform>
            <numerusform>the run is expected to take %n hours, longer than the lab&apos;s longest run (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user hold at most %n device(s) on this machine; %1 would hold %2</source>
        <translation>
            <numerusform>the lab&apos;s rules let one user hold at most %n device on this machine; %1 would hold %2</numerusform>
            <numerusform>the lab&apos;s rules let one user hold at most %n devices on this machine; %1 would hold %2</numerusform>
        </translation>
    </message>
    <message>
        <source>this machine does not have that many devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine has no device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 already holds other devices here</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) ahead of it in the queue need its devices</source>
        <translation>
            <numerusform>%n run ahead of it in the queue need its devices</numerusform>
            <numerusform>%n runs ahead of it in the queue need its devices</numerusform>
        </translation>
    </message>
    <message>
        <source>the booking&apos;s window is already over</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>a booking may last at most %n day(s)</source>
        <translation>
            <numerusform>a booking may last at most %n day</numerusform>
            <numerusform>a booking may last at most %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>the booking names no device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the booking&apos;s end is not after its start</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>stopped by the lab&apos;s idle rule: its devices stayed under %1 % for %n minute(s), so they went back to the lab</source>
        <translation>
            <numerusform>stopped by the lab&apos;s idle rule: its devices stayed under %1 % for %n minute, so they went back to the lab</numerusform>
            <numerusform>stopped by the lab&apos;s idle rule: its devices stayed under %1 % for %n minutes, so they went back to the lab</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped by the lab&apos;s rules: it reached the longest run allowed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped for a booking: %1 booked device %2 from now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by %1 after a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborted by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not be started from the queue: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>its last attempt to start failed; it tries again in %n minute(s), and lets the runs behind it use the devices meanwhile</source>
        <translation>
            <numerusform>its last attempt to start failed; it tries again in %n minute, and lets the runs behind it use the devices meanwhile</numerusform>
            <numerusform>its last attempt to start failed; it tries again in %n minutes, and lets the runs behind it use the devices meanwhile</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its last attempt to start failed; it tries again in %n hour(s), and lets the runs behind it use the devices meanwhile</source>
        <translation>
            <numerusform>its last attempt to start failed; it tries again in %n hour, and lets the runs behind it use the devices meanwhile</numerusform>
            <numerusform>its last attempt to start failed; it tries again in %n hours, and lets the runs behind it use the devices meanwhile</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user have at most %n booking(s) ahead on this machine, and %1 has that many; remove one first</source>
        <translation>
            <numerusform>the lab&apos;s rules let one user have at most %n booking ahead on this machine, and %1 has that many; remove one first</numerusform>
            <numerusform>the lab&apos;s rules let one user have at most %n bookings ahead on this machine, and %1 has that many; remove one first</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user have at most %n run(s) waiting in this machine&apos;s queue, and %1 has that many</source>
        <translation>
            <numerusform>the lab&apos;s rules let one user have at most %n run waiting in this machine&apos;s queue, and %1 has that many</numerusform>
            <numerusform>the lab&apos;s rules let one user have at most %n runs waiting in this machine&apos;s queue, and %1 has that many</numerusform>
        </translation>
    </message>
    <message>
        <source>so a run started now is refused; queued, it waits its turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabUsage</name>
    <message numerus="yes">
        <source>%Ln min</source>
        <translation>
            <numerusform>%Ln min</numerusform>
            <numerusform>%Ln min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabUsageModel</name>
    <message>
        <source>Device-hours in the week from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabUsagePage</name>
    <message>
        <source>Some machines could not be asked, so these hours leave them out:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Weeks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many weeks back, this one included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save device-hours per user and week as CSV (ISO dates, one row per user and week)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Over %Ln machine(s): %1</source>
        <translation>
            <numerusform>Over %Ln machine: %1</numerusform>
            <numerusform>Over %Ln machines: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabUsagePlot</name>
    <message>
        <source>week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device-hours</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LabWeekCalendar</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked by %1
%2, devices %3
from %4
to %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours: its context menu cancels it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only %1 can cancel this booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Book…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LeaseBook</name>
    <message>
        <source>a lease needs a run id and a user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease %1 on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease %1 expired before its run started: ask for the devices again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 holds no lease on this machine</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LivePlot</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3 %4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveRunData</name>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <source>Memory per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where each node&apos;s step goes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch allocation per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the workers on every machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the data and building the model: %1 of %2 workers ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every worker is ready; the first step is under way…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — measuring each device&apos;s speed to plan the batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Where each node&apos;s step goes (mean of its last %Ln step(s))</source>
        <translation>
            <numerusform>Where each node&apos;s step goes (mean of its last %Ln step)</numerusform>
            <numerusform>Where each node&apos;s step goes (mean of its last %Ln steps)</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting in the queue for %1. It starts by itself when its devices are free; its charts and the doctor&apos;s advice begin with its first step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It left the queue before it started: nothing ran, so there is nothing to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss (%1)</source>
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
    <name>LocaleFormat</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LossPlot</name>
    <message>
        <source>training loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eval accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eval perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eval loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held-out loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy (%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineActions</name>
    <message>
        <source>Add machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host name or address of the agent, with :port if it is not %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to the training group</source>
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
        <source>Install agent over SSH…</source>
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
        <source>%1, %Ln core(s)</source>
        <translation>
            <numerusform>%1, %Ln core</numerusform>
            <numerusform>%1, %Ln cores</numerusform>
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
        <source>%1% busy, %2 of %3 memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine details</source>
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
    <message>
        <source>GPU lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2</source>
        <comment>used and total memory in a narrow bar</comment>
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
Address: %2
Status: %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization %1%, memory %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln process(es):</source>
        <translation>
            <numerusform>%Ln process:</numerusform>
            <numerusform>%Ln processes:</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2 · %3 (pid %4)</source>
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
        <source>Abort run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the workers now, without a checkpoint?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Hamgam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hamgam %1&lt;/h3&gt;&lt;p&gt;Train deep networks on the mixed, slowly networked machines a lab already has: batches that follow each machine&apos;s speed, and sharding that keeps parameters inside each machine.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a machine, or one device line of it, into the training group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load run config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save run config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Hamgam</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln machine(s), %1 in all; the first one hosts the rendezvous.</source>
        <translation>
            <numerusform>%Ln machine, %1 in all; the first one hosts the rendezvous.</numerusform>
            <numerusform>%Ln machines, %1 in all; the first one hosts the rendezvous.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln device</numerusform>
            <numerusform>%Ln devices</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking every node…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is already going; stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-flight on every node…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start one from the Lab tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install agent on a machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>user %1  ·  %Ln machine(s) online  ·  this controller %2…</source>
        <translation>
            <numerusform>user %1  ·  %Ln machine online  ·  this controller %2…</numerusform>
            <numerusform>user %1  ·  %Ln machines online  ·  this controller %2…</numerusform>
        </translation>
    </message>
    <message>
        <source>You are %1 in the shared lab (Settings, Lab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 is queued: position %2, estimated start %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 is queued: position %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-flight on every node, then into the queue…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: position %2 in the queue, estimated start %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: position %2 in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-flight found problems; nothing was started:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation type="unfinished"></translation>
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
    <name>ModelCommand</name>
    <message>
        <source>Bring a run&apos;s trained model into a folder: model.pt, a TorchScript file that PyTorch (torch.jit.load) and LibTorch load, and model.json, what goes in and what comes out. The run writes it at each checkpoint and at its end, on the machine of its rank 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder to write into (created when missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export-model: give a run and a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export-model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrote %1 (%2, the model at step %3) and model.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace a model the folder already holds (without it, such a folder is refused, exit 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl export-model: %1 (--replace)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelFetcher</name>
    <message>
        <source>run %1 has written no trained model (a run writes one at each checkpoint and at its end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the machine that holds the model (%1) is not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent sent a piece of %1 that does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the model changed on its machine while it was fetched, %n time(s); try again when the run has ended</source>
        <translation>
            <numerusform>the model changed on its machine while it was fetched, %n time; try again when the run has ended</numerusform>
            <numerusform>the model changed on its machine while it was fetched, %n times; try again when the run has ended</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 already holds a trained model; choose another folder, or replace it</source>
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
    <message numerus="yes">
        <source>Warning: a machine at %1 also claims to be %2 (%n claim(s) in all); it was not proven by TLS and is ignored.</source>
        <translation>
            <numerusform>Warning: a machine at %1 also claims to be %2 (%n claim in all); it was not proven by TLS and is ignored.</numerusform>
            <numerusform>Warning: a machine at %1 also claims to be %2 (%n claims in all); it was not proven by TLS and is ignored.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Warning: a machine at %1 claims to be %2 with another certificate (%3; %n claim(s) in all). It is ignored. If %2 was reinstalled, forget it and trust it again; otherwise someone may be impersonating it.</source>
        <translation>
            <numerusform>Warning: a machine at %1 claims to be %2 with another certificate (%3; %n claim in all). It is ignored. If %2 was reinstalled, forget it and trust it again; otherwise someone may be impersonating it.</numerusform>
            <numerusform>Warning: a machine at %1 claims to be %2 with another certificate (%3; %n claims in all). It is ignored. If %2 was reinstalled, forget it and trust it again; otherwise someone may be impersonating it.</numerusform>
        </translation>
    </message>
    <message>
        <source>The agent at %1 is another machine now (it says it is %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent here claims to be %1, which is reached at another address with another certificate; it is ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The certificate changed while you were asked; nothing was pinned.</source>
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
    <message>
        <source>Only this machine (id, name or address).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl watch: no trusted machine is connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl %1: &quot;%2&quot; was only announced, never reached over TLS, so its certificate is unproven; nothing was pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl %1: no machine &quot;%2&quot; found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl %1: &quot;%2&quot; matches several machines; give the whole id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not trusted yet. Its fingerprint is %2; if that is right, run: hamgamctl trust %3 --fingerprint %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not trusted yet and was not reached over TLS, so its certificate is unproven.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl trust: &quot;%1&quot; is not a SHA-256 fingerprint (64 hex digits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POWER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PROCESS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>pid, command line</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%Ln more)</source>
        <translation>
            <numerusform>%1 (+%Ln more)</numerusform>
            <numerusform>%1 (+%Ln more)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch the devices of trusted machines as a table that refreshes every second, as nvtop does: one row per device with its utilization, memory used / total, temperature, power, its users and its largest process. Into a pipe each refresh is printed in turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the table once, when every machine has reported, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many refreshes (default: run until interrupted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>hamgamctl watch  %1  %Ln device(s)</source>
        <translation>
            <numerusform>hamgamctl watch  %1  %Ln device</numerusform>
            <numerusform>hamgamctl watch  %1  %Ln devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelCoordinates</name>
    <message>
        <source>lowest value at the bottom, highest at the top</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PathPolicy</name>
    <message>
        <source>the dataset path %1 is relative; give an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model path %1 is relative; give an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint path %1 is relative; give an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dataset path %1 contains &quot;..&quot;; give the path without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model path %1 contains &quot;..&quot;; give the path without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint path %1 contains &quot;..&quot;; give the path without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dataset path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PeerConnection</name>
    <message numerus="yes">
        <source>connection closed in the middle of a frame (%Ln byte(s) of a truncated frame)</source>
        <translation>
            <numerusform>connection closed in the middle of a frame (%Ln byte of a truncated frame)</numerusform>
            <numerusform>connection closed in the middle of a frame (%Ln bytes of a truncated frame)</numerusform>
        </translation>
    </message>
    <message>
        <source>connection closed by the peer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlotExportDialog</name>
    <message>
        <source>Export plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG (pictures for slides and chat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (sharp at any size, for papers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A folder that does not exist yet is made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save plots to</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlotExporter</name>
    <message>
        <source>cannot create a temporary directory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot draw the plot into %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Preflight</name>
    <message>
        <source>the training worker %1 is not installed on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the training worker %1 does not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine is not in the run&apos;s node list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the training worker is version %1 but the agent is %2; install one Hamgam version</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>device %1 does not exist here (this machine has %Ln GPU(s))</source>
        <translation>
            <numerusform>device %1 does not exist here (this machine has %Ln GPU)</numerusform>
            <numerusform>device %1 does not exist here (this machine has %Ln GPUs)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already used by %2: the run will share it and run slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine has %1 of memory available but the run needs about %2 here</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the CPU is already busy (load %1 on %Ln core(s)): the run will share it</source>
        <translation>
            <numerusform>the CPU is already busy (load %1 on %Ln core): the run will share it</numerusform>
            <numerusform>the CPU is already busy (load %1 on %Ln cores): the run will share it</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot create the checkpoint directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write in the checkpoint directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint directory %1 belongs to another user; use a directory of your own, or a shared one with the sticky bit (like /tmp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other users can write into the checkpoint directory %1 and it has no sticky bit; run chmod go-w on it, or chmod +t to share it like /tmp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no free TCP port for the workers&apos; rendezvous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision fp16 needs a GPU here: this machine trains on its CPU, and its worker&apos;s LibTorch %1 runs only bf16 there (choose bf16 or fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 to use but the model alone needs about %3 there (its weights, gradients and optimizer state, and one sample); use lsdp, more devices or a smaller model</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 has %2 to use: the planned batch of %3 trains in %Ln pass(es) of up to %4 samples, about %5 each</source>
        <translation>
            <numerusform>%1 has %2 to use: the planned batch of %3 trains in %Ln pass of up to %4 samples, about %5 each</numerusform>
            <numerusform>%1 has %2 to use: the planned batch of %3 trains in %Ln passes of up to %4 samples, about %5 each</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 will be nearly full (about %2 of %3 to use)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory_budget_mb does not hold the model and one sample (about %1 on each device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>within memory_budget_mb the planned batch of %1 trains in %Ln pass(es) of up to %2 samples</source>
        <translation>
            <numerusform>within memory_budget_mb the planned batch of %1 trains in %Ln pass of up to %2 samples</numerusform>
            <numerusform>within memory_budget_mb the planned batch of %1 trains in %Ln passes of up to %2 samples</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Displays help on commandline options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
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
    <name>QueueCoordinator</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 showed another certificate than the one its controller pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no free TCP port for the workers&apos; rendezvous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this agent has no journal of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its journal here says %1, not queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its plan does not match its nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its plan names no address for this machine, where its workers meet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueueSubmitter</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReservationBook</name>
    <message>
        <source>no reservation %1 on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reservation %1 is %2&apos;s: only they or a lab admin may remove it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunCommands</name>
    <message>
        <source>hamgamctl: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-planned at step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error on rank %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1/%2  loss %3  %4 samples/s  ETA %5  wait: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate a run config and run the pre-flight checks on every node; starts nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run config (JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl check: give one config file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln problem(s)</source>
        <translation>
            <numerusform>%1: %Ln problem</numerusform>
            <numerusform>%1: %Ln problems</numerusform>
        </translation>
    </message>
    <message>
        <source>  error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not ready: fix the errors above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a run from a config. The run goes on if hamgamctl exits; follow it again with hamgamctl attach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stay and print progress until the run ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --follow, print only the final status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl run: give one config file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a run again: fill the history with everything the agents journaled while no controller listened, then print progress until it ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only catch up the history, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl attach: give one run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: history caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attached to run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort a run: kill its workers now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to wait for the run to end (default 120).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run did not end in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait in the lab&apos;s queue until the devices are free, instead of refusing when they are held (docs/lab.md); closing hamgamctl loses nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the run will take (&quot;90m&quot;, &quot;2h&quot;), for the queue&apos;s backfill; default: as the last run of the same shape took.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --queue: any free devices of each machine, as many as the config lists there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl run: --time: &quot;%1&quot; is not a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 queued: position %2, estimated start %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 queued: position %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refuse a config with a field this version does not know (a typo, or a newer version&apos;s field); without it such fields are ignored with a warning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ready to start, but %n field(s) of the config will be ignored: see the warnings above.</source>
        <translation>
            <numerusform>Ready to start, but %n field of the config will be ignored: see the warnings above.</numerusform>
            <numerusform>Ready to start, but %n fields of the config will be ignored: see the warnings above.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop a run: its workers write a checkpoint first when the run has a checkpoint directory, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no run &quot;%2&quot; in this computer&apos;s history or on the lab&apos;s machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; matches %3; give more of the id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 of %2: aborting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 of %2: stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 of %2: ended; its devices are free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not in this computer&apos;s history, and not every machine of the lab answered to look for it there; try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no machine answered in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link: not measured yet on these machines with this model; the run measures it in its first steps (and with sync.mode auto, chooses from it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link, as run %1 &quot;%2&quot; measured it:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunConfig</name>
    <message>
        <source>must be text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of whole numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel: equal batches on every device; fast devices wait for the slowest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heterogeneous data parallel: each device&apos;s batch follows its measured speed, so nobody waits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locally sharded: parameters and optimizer state split inside each node and into its CPU memory; only gradients cross the network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LSHDP: locally sharded, with batches that follow each device&apos;s speed. Best on mixed, slow-networked labs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fully sharded across all nodes: least memory, but parameters cross the network at every layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a run config is a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be two numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version %1 is not supported; this Hamgam reads version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the run a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a name has at most 120 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot;; choose one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model &quot;%1&quot;; choose one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an MLP has 1 to 16 hidden layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GroupNorm groups must divide the channel count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of heads must divide the width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the path of the TorchScript module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown dataset &quot;%1&quot;; choose one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sample shape needs positive sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dataset path is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gpt model trains on text: use a text dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text datasets need the gpt model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the global batch (%1) is smaller than the number of devices (%2): every device needs at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either a number of steps or a number of epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown optimizer &quot;%1&quot;; choose sgd or adamw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown schedule &quot;%1&quot;; choose cosine or constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give a checkpoint directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add at least one machine to the training group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which machine? the agent id is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose at least one device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node&apos;s batch must give each of its devices at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a manual batch split needs a batch for every node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the manual batches add up to %1, not to the global batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1D tensor parallel (Megatron) inside each node, any number of GPUs: every layer split across the node&apos;s GPUs over its fast links; nodes share only gradients, with batches that follow their speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2D tensor parallel (SUMMA) inside each node of 4, 9, 16… GPUs: less traffic and memory per GPU than 1D; nodes share only gradients, with batches that follow their speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3D tensor parallel inside each node of 8, 27… GPUs: the least traffic and memory per GPU; nodes share only gradients, with batches that follow their speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown activation &quot;%1&quot;; choose relu, gelu or tanh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 splits the linear layers of the mlp and gpt models, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy tp2d arranges each node&apos;s devices in a q×q grid: %1 has %2 devices, which is not a square (1, 4, 9, 16, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy tp3d arranges each node&apos;s devices in a q×q×q cube: %1 has %2 devices, which is not a cube (1, 8, 27, 64, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 needs the same number of devices on every node (%2 has %3, %4 has %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 cuts every layer into %2 blocks per dimension, so this must be at least %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comm.fp16 asks for fp16 gradients and comm.dtype for bf16: give one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients travel as fp32, fp16 or bf16, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give an absolute path, such as /home/me/model.pt: every machine opens the file on its own disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cnn model needs images: give the shape as [channels, height, width]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give an absolute path: every machine reads the dataset from its own disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give an absolute path: every machine writes its checkpoints on its own disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node&apos;s memory cap must give each of its devices at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 cuts the input layer into %2 blocks: a sample needs at least %2 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 cuts the output layer into %2 blocks: it needs at least %2 classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field, ignored: did you mean &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field, ignored: this Hamgam reads run config version %1 (is the field from a newer version?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &quot;%1&quot; or a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the table&apos;s label column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table&apos;s rows are flat: train them with the mlp model (or a TorchScript model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the images&apos; size as [channels, height, width]: 1 (grey) or 3 (colour) channels, each side 1 to 4096 pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation is not available with the tensor-parallel strategies, which already split each layer&apos;s activations over the node&apos;s devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation is not available with a TorchScript model, whose forward would run twice in training mode (batch norm statistics, dropout masks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the precision is fp32, bf16 or fp16, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not available yet with the tensor-parallel strategies; use fp32 or a data-parallel strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device indices must be distinct</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>rank %1 is not in the run, which has %Ln rank(s)</source>
        <translation>
            <numerusform>rank %1 is not in the run, which has %Ln rank</numerusform>
            <numerusform>rank %1 is not in the run, which has %Ln ranks</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be above %2 and at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be at least %2 and below %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be above %2 and below %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be above %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be at least %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be below %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>powersgd compresses the replicas&apos; all-reduce, which fsdp does not have; choose lshdp or dp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local steps need a strategy whose nodes each hold the whole model: lshdp, lsdp, hdp or dp</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>local steps already send the gradient once every %n steps; leave comm.compression at none</source>
        <translation>
            <numerusform>local steps already send the gradient once every %n steps; leave comm.compression at none</numerusform>
            <numerusform>local steps already send the gradient once every %n steps; leave comm.compression at none</numerusform>
        </translation>
    </message>
    <message>
        <source>local steps with fp16 would scale each node&apos;s loss apart; use bf16 precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>approximate: local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>approximate: local steps, an outer step every %Ln step</numerusform>
            <numerusform>approximate: local steps, an outer step every %Ln steps</numerusform>
        </translation>
    </message>
    <message>
        <source>approximate: PowerSGD gradients of rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local steps need at least two machines in the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local steps with %1 would leave a machine&apos;s devices apart; with several devices on a machine choose lshdp or lsdp</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>auto: exact until the link is measured, then local steps (an outer step every %Ln step(s) at most) if they are predicted faster</source>
        <translation>
            <numerusform>auto: exact until the link is measured, then local steps (an outer step every %Ln step at most) if they are predicted faster</numerusform>
            <numerusform>auto: exact until the link is measured, then local steps (an outer step every %Ln steps at most) if they are predicted faster</numerusform>
        </translation>
    </message>
    <message>
        <source>nodes synchronize exact, local or auto, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunConfigField</name>
    <message>
        <source>format version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GroupNorm groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synthetic samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sample shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>augmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesterov momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>betas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epsilon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning-rate schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm-up steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final learning-rate ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient clipping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiling steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-plan interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-plan margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EWMA weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bucket size (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients on the wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication timeout (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watchdog grace (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoints kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter streaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory budget (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elastic recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>machine name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manual batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>emulated slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient compression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PowerSGD rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PowerSGD warm-up steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps between outer steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outer learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outer momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outer Nesterov momentum</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <source>no machine &quot;%1&quot; is known; is its agent running and trusted?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; matches several machines; use the node id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not trusted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not connected (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 listens on loopback only, so other machines cannot reach it; run the first node&apos;s agent with --bind on its network address, or list another machine first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-flight found problems, nothing was started:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 in the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>lost %1; resuming from the checkpoint of step %2 on %Ln node(s)</source>
        <translation>
            <numerusform>lost %1; resuming from the checkpoint of step %2 on %Ln node</numerusform>
            <numerusform>lost %1; resuming from the checkpoint of step %2 on %Ln nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>elastic recovery failed its pre-flight: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not queue: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped answering: the machine went down or its network failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s agent stopped: the machine went down or the agent was killed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunDetailsPanel</name>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. baseline, thesis chapter 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels of your own, separated by commas; the filter above finds them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this run was for, what you learned from it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save tags and note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices (numbered on the machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks (one per device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final plan (samples per device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The devices of the machine the run used, numbered as the Machines list numbers them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ranks of the run&apos;s workers on this machine: one worker, and one rank, per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many samples of each step every device of the machine took at the end, in device order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to see its details. Select two to %1 runs to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model and data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on average, %2 on the device that waited most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the step spent waiting for other devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Tags of the %Ln selected run(s)</source>
        <translation>
            <numerusform>Tags of the %Ln selected run</numerusform>
            <numerusform>Tags of the %Ln selected runs</numerusform>
        </translation>
    </message>
    <message>
        <source>The tags every selected run has. A tag you add goes to each of them, a tag you remove leaves each of them; their other tags stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Save the tags of %Ln run(s)</source>
        <translation>
            <numerusform>Save the tags of %Ln run</numerusform>
            <numerusform>Save the tags of %Ln runs</numerusform>
        </translation>
    </message>
    <message>
        <source>Gradients across nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunExporter</name>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device memory bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes within the node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory used bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory total bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 is no longer in the history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFailureText</name>
    <message>
        <source>the configuration was refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the training worker was started with a bad command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a peer stopped answering or could not be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a dataset is missing, truncated or corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a checkpoint could not be written or read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the training worker failed unexpectedly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunJournal</name>
    <message>
        <source>run %1 already exists on this agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the run directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the journal in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the journal in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunOutcome</name>
    <message>
        <source>aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, rank %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped; no checkpoint was written (the run has no checkpoint directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped; no checkpoint was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped after a checkpoint of step %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunQueue</name>
    <message>
        <source>it holds run %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid queue entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is not a valid queue entry: it needs a user and its devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is already queued here by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is not queued here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunSetupWidget</name>
    <message>
        <source>my run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GroupNorm groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint every (steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum (SGD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning-rate schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient clipping (0: off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads per worker (0: automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan every (steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient bucket (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication timeout (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate every (steps, 0: off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream parameters from host memory (lsdp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual batch per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emulated slowdown per node (demo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm-up, then cosine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm-up, then constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>units per layer, e.g. 256, 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on each machine; empty: no checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: the planner decides; or one number per node, in group order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 1, 2.5: node 2 pretends to be 2.5 times slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate and run the pre-flight checks on every node, without starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a checkpoint, then stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop at once, without a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write whole numbers separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>give one whole number per machine of the group (%Ln machine(s)), or leave it empty</source>
        <translation>
            <numerusform>give one whole number per machine of the group (%Ln machine), or leave it empty</numerusform>
            <numerusform>give one whole number per machine of the group (%Ln machines), or leave it empty</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ready, with warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-flight passed on every node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-flight found problems; nothing was started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save run config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run configs (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load run config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln problem(s)</source>
        <translation>
            <numerusform>%1: %Ln problem</numerusform>
            <numerusform>%1: %Ln problems</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-plan only if a step gets faster by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP: fully connected layers on the flattened image; small and quick, a good first run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CNN: a small residual convolutional network with GroupNorm for 28×28 images; more computation per sample than the MLP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPT: a small byte-level transformer that learns to predict the next byte of a text dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your own network, saved as a TorchScript file whose forward(input) returns logits; the file must be on every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fashion-MNIST: 28×28 grey images of clothing in 10 classes, read from an MNIST-format directory on every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text: any UTF-8 text file on every machine, read byte by byte; for the gpt model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic: seeded random samples made on every machine; no files needed, good for measuring speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32 (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients on the wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xpected time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start now; refused when another run holds one of the devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait in the lab&apos;s queue until every device is free; the machines start it by themselves, even with this app closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the run takes, for the lab&apos;s queue and leases. Not given: predicted from the last finished run of the same shape, or the lab&apos;s longest run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1, but %n field(s) in it are not known and were ignored:</source>
        <translation>
            <numerusform>Loaded %1, but %n field in it are not known and were ignored:</numerusform>
            <numerusform>Loaded %1, but %n fields in it are not known and were ignored:</numerusform>
        </translation>
    </message>
    <message>
        <source>CIFAR-10: 32×32 colour photos in 10 classes, from the binary version (cifar-10-batches-bin: data_batch_1.bin … and test_batch.bin) on every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CIFAR-100: 32×32 colour photos in 100 classes, from the binary version (cifar-100-binary: train.bin and test.bin) on every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 (master weights in fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 computes matrix products and convolutions in bf16, as GPUs and recent CPUs do fastest; parameters and optimizer state stay fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a directory of MNIST-format or CIFAR binary files, a CSV table or a text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch&apos;s end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The held-out split is evaluated at each epoch&apos;s end and at the run&apos;s end, or every so many steps; 0 turns it off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV table: numeric columns and a label column (whole numbers or names), one sample per row, for the mlp model; a file (every tenth row held out) or a directory of train.csv and test.csv on every machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Augment (random crop and flip)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels (1 or 3), height, width; e.g. 3, 32, 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image folder: one sub-folder of JPEG or PNG images per class (train/ and test/ inside, or every tenth image held out), on every machine; each image is resized to the shape below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute activations (less memory, more compute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 (loss scaling; GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label smoothing (0: off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PowerSGD (approximate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient compression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every step (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local steps (approximate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines meet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outer step every (steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto: as the measured link decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network link, as run %1 measured it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>Preparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunSupervisor</name>
    <message>
        <source>the agent on this machine stopped while the run was active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is already known on this agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>this agent already runs %Ln training(s), its limit</source>
        <translation>
            <numerusform>this agent already runs %Ln training, its limit</numerusform>
            <numerusform>this agent already runs %Ln trainings, its limit</numerusform>
        </translation>
    </message>
    <message>
        <source>the start request lacks the node index, ranks or master address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start request&apos;s ranks do not fit its world size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start request lacks a well-formed rendezvous secret (64 hexadecimal digits): is the controller older than this agent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 on this agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborted by the controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by the controller after a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on this machine was stopped while the run was active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) killed by signal %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) killed by signal %3 (%4): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited with code %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited with code %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) could not be started: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) stopped although the controller did not ask it to (a SIGTERM from outside the agent?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited before its run completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 is not waiting in the queue here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>taken out of the queue before it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by the controller; no checkpoint was written (the run has no checkpoint directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a trained model has no file &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 has not written its trained model on this node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsTableModel</name>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy / perplexity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the run was created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines that took part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the start of training to its end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training loss at the last step, mean over the devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last evaluation: accuracy for classifiers, perplexity for language models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training samples per second over the steady part of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each step the devices spent waiting for the slowest one, mean over the devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ppl %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln device</numerusform>
            <numerusform>%Ln devices</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a run&apos;s name, and its short id when another run has the name</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Gradients: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (approximate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (auto)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of the interface; it changes as soon as you apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Telemetry rate (per second):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the agent on this computer reports utilization and memory. It takes effect when that agent next starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;History database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SQLite file that keeps every run; empty for the default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hamgam talks only to agents whose certificate fingerprint is pinned here. Revoke an agent and you are asked again the next time it is seen; compare the fingerprint with the one its machine shows (hamgam-agent --fingerprint).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Revoke</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the pinned fingerprint of the selected agents when you apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint (SHA-256)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Takes effect the next time Hamgam starts. The file is opened if it exists and created if not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name in the shared lab: the agents record it with every run, lease and booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;. The first computer that uses a name on an agent owns it there; the lab admin can bind it to a second computer. Connections are made again with the new name when you apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A user name is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SharedLabView</name>
    <message numerus="yes">
        <source>%Ln machine(s)</source>
        <translation>
            <numerusform>%Ln machine</numerusform>
            <numerusform>%Ln machines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s): %1 free, %2 leased, %3 starting, %4 reserved</source>
        <translation>
            <numerusform>%Ln device: %1 free, %2 leased, %3 starting, %4 reserved</numerusform>
            <numerusform>%Ln devices: %1 free, %2 leased, %3 starting, %4 reserved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln held but idle</source>
        <translation>
            <numerusform>%Ln held but idle</numerusform>
            <numerusform>%Ln held but idle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln queued</source>
        <translation>
            <numerusform>%Ln queued</numerusform>
            <numerusform>%Ln queued</numerusform>
        </translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some machines could not be asked:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking was refused; nothing was booked:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Booked on %Ln machine(s).</source>
        <translation>
            <numerusform>Booked on %Ln machine.</numerusform>
            <numerusform>Booked on %Ln machines.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel your booking on %1 from %2 to %3?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking could not be cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel queued run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take run %1 out of the queue?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 could not be taken out of the queue: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 was taken out of the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some machines did not take the rules:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every connected machine now enforces these rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask every machine again now (this tab does so every 10 seconds while shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lab&apos;s rules, which every machine enforces (you are the lab admin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bookings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the selected run out of the queue (your own runs only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs start in this order: fewer device-hours over the last 7 days first (fair share); a short run may start early in a gap (backfill). Times are estimates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some machines found damaged files when they started:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SshSession</name>
    <message>
        <source>no such file or directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server reported a failure (a full disk, or a directory in the way)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server does not support this operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown SSH error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libssh could not create a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server sent no host key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check the host key against known_hosts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot add the host key to known_hosts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the key file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a private key libssh can read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong passphrase for %1 (three tries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open a session channel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused to run a command: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot send input to the command: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection failed while the command ran: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the command did not finish within %n second(s)</source>
        <translation>
            <numerusform>the command did not finish within %n second</numerusform>
            <numerusform>the command did not finish within %n seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot open an SFTP session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s SFTP subsystem did not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot finish writing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot set the mode of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepSplitPlot</name>
    <message>
        <source>data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 ms per step, the mean of its last %Ln step(s)</source>
        <translation>
            <numerusform>%1: %2 ms per step, the mean of its last %Ln step</numerusform>
            <numerusform>%1: %2 ms per step, the mean of its last %Ln steps</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 ms (%3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Telemetry</name>
    <message>
        <source>device sample without name or kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %Ln core(s))</source>
        <translation>
            <numerusform>%1 (%2 of %Ln core)</numerusform>
            <numerusform>%1 (%2 of %Ln cores)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln core(s))</source>
        <translation>
            <numerusform>%1 (%Ln core)</numerusform>
            <numerusform>%1 (%Ln cores)</numerusform>
        </translation>
    </message>
    <message>
        <source>power cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too hot (software)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too hot (hardware)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power brake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sync boost group</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThroughputPlot</name>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingGroupDelegate</name>
    <message>
        <source>%1 · %2 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · speed not measured yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % of the global batch (%2 samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the batch: set by the planner when the run starts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingGroupModel</name>
    <message>
        <source>Device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag to reorder; the first machine hosts the rendezvous. Press Delete or drag out to remove.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>all %Ln device(s)</source>
        <translation>
            <numerusform>all %Ln device</numerusform>
            <numerusform>all %Ln devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of its devices</source>
        <translation>
            <numerusform>%Ln of its devices</numerusform>
            <numerusform>%Ln of its devices</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (device %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured speed: %1 samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed: not measured yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch share: %1 of the global batch, %2 samples per step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrainingGroupView</name>
    <message>
        <source>Drag machines here from the Machines list, or a single device from a machine&apos;s card. The first machine hosts the workers&apos; rendezvous.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrustMachinesDialog</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Trust %Ln machine(s)</source>
        <translation>
            <numerusform>Trust %Ln machine</numerusform>
            <numerusform>Trust %Ln machines</numerusform>
        </translation>
    </message>
    <message>
        <source>Hamgam agents were found on these machines. Check a machine only if its fingerprint matches the one its agent prints there (hamgam-agent --fingerprint). An unchecked machine can be trusted later from its menu in the Machines list (Trust…).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserBindings</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user name &quot;%1&quot; belongs to another controller on this machine; the lab admin can let this controller use it too: hamgamctl policy bind %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a certificate fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no controller is bound to the user name &quot;%1&quot; here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user name &quot;%1&quot; has rights in the lab&apos;s rules, so only the lab admin can give it: hamgamctl policy bind %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this controller already speaks as &quot;%1&quot; on this machine and may not take another name; the lab admin can give it one: hamgamctl policy bind %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on this lab only the lab admin gives user names, and &quot;%1&quot; is not bound to this controller; ask the admin to run: hamgamctl policy bind %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UtilizationDoctor</name>
    <message>
        <source>Waiting for slower nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data loading is the bottleneck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too little work per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory nearly full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device shared with another process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent stopped reporting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits %1 ms of each %2 ms step (%3 %) for slower nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner is re-balancing; if the wait stays, shorten the re-plan interval or check the slow node for throttling or other users.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to %1: batches that follow each node&apos;s speed are predicted to make steps %2 % faster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to hdp or lshdp so that each node&apos;s batch follows its speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spends %1 ms of each %2 ms step (%3 %) exchanging gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP sends parameters over the network at every layer: lsdp or lshdp keep them inside each node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a larger global batch (fewer exchanges per sample) or turn on fp16 gradients to halve the bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a larger global batch: fewer gradient exchanges per sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits %1 ms of each %2 ms step (%3 %) for its next batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the dataset on a local disk or in memory on this node, or use fewer workers per CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no report for %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the machine is up and its network cable is in; the run fails if its workers stop too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memory in use (%3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower this node&apos;s batch cap (max_batch) or stream parameters from host memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use lsdp or lshdp: parameters and optimizer state are sharded inside the node and into CPU memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln other process(es) use this device</source>
        <translation>
            <numerusform>%Ln other process use this device</numerusform>
            <numerusform>%Ln other processes use this device</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask its other users, or leave this device out of the group; the planner gives it less work meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch of %1 samples keeps the device only %2 % busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise the global batch (now %1) so each device gets more samples per step; scale the learning rate with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meet less often: raise sync.every above %1 (more steps between outer steps, fewer exchanges per sample).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower than one machine alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The network takes most of each step: let each machine take steps on its own (sync.mode local, an outer step every 16, or sync.mode auto to let the measured link decide) or send low-rank gradients (comm.compression powersgd). Both are approximate: compare the held-out accuracy with this run&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The network takes most of each step: %1. Let each machine take steps on its own (sync.mode local, or sync.mode auto to let the measured link decide) or send low-rank gradients (comm.compression powersgd). Both are approximate: compare the held-out accuracy with this run&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>local steps every %Ln step(s) are predicted %1× faster on the measured link</source>
        <translation>
            <numerusform>local steps every %Ln step are predicted %1× faster on the measured link</numerusform>
            <numerusform>local steps every %Ln steps are predicted %1× faster on the measured link</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 alone would take %2 s a step; this group takes at least %3 s on its measured link (%4/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train on %1 alone (take the other machines out of the group), or give the machines a faster link.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkerProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exited with code %1</source>
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
    <message>
        <source>  (lab admin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab admin %1.</source>
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
        <source>hamgamctl: unknown command &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validate a run config and run pre-flight checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start a run (--follow to watch it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list runs (--json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show one run (--json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abort a run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>follow a run again, filling the history&apos;s gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export a run as CSV (--csv DIR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>install the agent on machines over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgrade the agent on machines over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove the agent from machines over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restart the agent on machines over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent&apos;s state on machines, over SSH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show or set your user name in the lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every device: free, leased or reserved, by whom, utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the runs waiting for devices, with estimated starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take a run out of the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait until a run ends; its exit code says how</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>book devices for a time window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the bookings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancel a booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device-hours per user and week (--csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lab&apos;s rules; the admin changes them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 failure (or the run failed), 2 bad usage, 3 not found, 4 refused, 5 the run was stopped, aborted or taken out of the queue, 6 still going (wait --timeout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop a run (after a checkpoint, if it has a checkpoint directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compare 2 to 100 runs (--json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bring a run&apos;s trained model into a folder (TorchScript)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every device as a table, refreshed each second</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
