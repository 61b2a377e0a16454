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
    <message>
        <source>%1: %2</source>
        <translation type="unfinished">%1: %2</translation>
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
    <name>BatchAllocationPlot</name>
    <message>
        <source>step</source>
        <translation type="unfinished">گام</translation>
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
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>yes</source>
        <translation>بله</translation>
    </message>
    <message>
        <source>no</source>
        <translation>خیر</translation>
    </message>
    <message>
        <source>Export plots…</source>
        <translation>ذخیرهٔ نمودارها…</translation>
    </message>
    <message>
        <source>Save every plot as PNG and PDF</source>
        <translation>ذخیرهٔ همهٔ نمودارها به صورت PNG و PDF</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>زیان</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>ارزیابی</translation>
    </message>
    <message>
        <source>Throughput and waiting</source>
        <translation>گذردهی و انتظار</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>میزان استفاده</translation>
    </message>
    <message>
        <source>Settings that differ</source>
        <translation>تنظیمات متفاوت</translation>
    </message>
    <message>
        <source>Only the settings whose values differ between the runs</source>
        <translation>فقط تنظیماتی که مقدارشان در اجراها متفاوت است</translation>
    </message>
    <message>
        <source>Training loss by step</source>
        <translation>زیان آموزش بر حسب گام</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>Training loss over time</source>
        <translation>زیان آموزش در طول زمان</translation>
    </message>
    <message>
        <source>Time since the start (h:min)</source>
        <translation>زمان از آغاز (ساعت:دقیقه)</translation>
    </message>
    <message>
        <source>Time since the start (min:s)</source>
        <translation>زمان از آغاز (دقیقه:ثانیه)</translation>
    </message>
    <message>
        <source>Evaluation accuracy</source>
        <translation>دقت ارزیابی</translation>
    </message>
    <message>
        <source>Evaluation perplexity</source>
        <translation>سرگشتگی ارزیابی</translation>
    </message>
    <message>
        <source>Accuracy (%)</source>
        <translation>دقت (٪)</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>سرگشتگی</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>گذردهی</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>نمونه در ثانیه</translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation>میانگین انتظار</translation>
    </message>
    <message>
        <source>Share of each step spent waiting (%)</source>
        <translation>سهم انتظار از هر گام (٪)</translation>
    </message>
    <message>
        <source>These runs have no evaluations</source>
        <translation>این اجراها ارزیابی ندارند</translation>
    </message>
    <message>
        <source>No steps recorded</source>
        <translation>هیچ گامی ثبت نشده است</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>اجرا</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>گره</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation>میانگین استفاده</translation>
    </message>
    <message>
        <source>Peak utilization</source>
        <translation>بیشینهٔ استفاده</translation>
    </message>
    <message>
        <source>Mean memory used</source>
        <translation>میانگین حافظهٔ مصرفی</translation>
    </message>
    <message>
        <source>no telemetry</source>
        <translation>بدون تله‌متری</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>تنظیم</translation>
    </message>
    <message>
        <source>These runs have the same settings.</source>
        <translation>تنظیمات این اجراها یکسان است.</translation>
    </message>
    <message>
        <source>Save plots to</source>
        <translation>ذخیرهٔ نمودارها در</translation>
    </message>
    <message>
        <source>Export plots</source>
        <translation>ذخیرهٔ نمودارها</translation>
    </message>
    <message numerus="yes">
        <source>Comparing %Ln run(s)</source>
        <translation>
            <numerusform>مقایسهٔ %Ln اجرا</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) written to %1.</source>
        <translation>
            <numerusform>%Ln پرونده در %1 نوشته شد.</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation>، </translation>
    </message>
    <message>
        <source>Config version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished">نام</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished">راهبرد</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished">دستهٔ سراسری</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished">گام‌ها</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elastic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
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
        <source>Blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalization groups</source>
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
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam betas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam epsilon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final learning rate ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-plan margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient bucket (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half-precision gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication timeout (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoints kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent</source>
        <translation type="unfinished">عامل</translation>
    </message>
    <message>
        <source>devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank</source>
        <translation type="unfinished">رتبه</translation>
    </message>
    <message>
        <source>from step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowdown %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControllerProfile</name>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished">ساختن %1 ممکن نشد</translation>
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
    <message>
        <source>History database (default ~/.local/share/hamgam/history.sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
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
</context>
<context>
    <name>DeviceSeriesPlot</name>
    <message>
        <source>time since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation type="unfinished">میزان استفاده (٪)</translation>
    </message>
    <message>
        <source>memory used %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished">دستگاه</translation>
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
        <translation type="unfinished">%1 — %2</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished">%1
%2</translation>
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
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>%1  %2</source>
        <translation type="unfinished">%1: %2 {1 ?}</translation>
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
        <translation type="unfinished">ساختن %1 ممکن نشد</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>time</source>
        <translation>زمان</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>رتبه</translation>
    </message>
    <message>
        <source>step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>دوره</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>زیان</translation>
    </message>
    <message>
        <source>local batch</source>
        <translation>دستهٔ محلی</translation>
    </message>
    <message>
        <source>data ms</source>
        <translation>داده (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>compute ms</source>
        <translation>محاسبه (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>wait ms</source>
        <translation>انتظار (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>communication ms</source>
        <translation>ارتباط (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>optimizer ms</source>
        <translation>بهینه‌ساز (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation>نمونه در ثانیه</translation>
    </message>
    <message>
        <source>device memory bytes</source>
        <translation>حافظهٔ دستگاه (بایت)</translation>
    </message>
    <message>
        <source>bytes within the node</source>
        <translation>بایت درون گره</translation>
    </message>
    <message>
        <source>bytes between nodes</source>
        <translation>بایت میان گره‌ها</translation>
    </message>
    <message>
        <source>source</source>
        <translation>منبع</translation>
    </message>
    <message>
        <source>sequence</source>
        <translation>شماره</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>نوع</translation>
    </message>
    <message>
        <source>device</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>محتوا</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>عامل</translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation>میزان استفاده (٪)</translation>
    </message>
    <message>
        <source>memory used bytes</source>
        <translation>حافظهٔ مصرفی (بایت)</translation>
    </message>
    <message>
        <source>memory total bytes</source>
        <translation>کل حافظه (بایت)</translation>
    </message>
    <message>
        <source>temperature °C</source>
        <translation>دما (°C)</translation>
    </message>
    <message>
        <source>power W</source>
        <translation>توان (وات)</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>پالایش بر اساس نام</translation>
    </message>
    <message>
        <source>Show only runs whose name contains this text</source>
        <translation>فقط اجراهایی که نامشان این متن را دارد</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>همهٔ وضعیت‌ها</translation>
    </message>
    <message>
        <source>All strategies</source>
        <translation>همهٔ راهبردها</translation>
    </message>
    <message>
        <source>Show only runs with this status</source>
        <translation>فقط اجراهای با این وضعیت</translation>
    </message>
    <message>
        <source>Show only runs with this strategy</source>
        <translation>فقط اجراهای با این راهبرد</translation>
    </message>
    <message>
        <source>From</source>
        <translation>از</translation>
    </message>
    <message>
        <source>Show only runs created on or after this day</source>
        <translation>فقط اجراهای ساخته‌شده در این روز یا پس از آن</translation>
    </message>
    <message>
        <source>To</source>
        <translation>تا</translation>
    </message>
    <message>
        <source>Show only runs created on or before this day</source>
        <translation>فقط اجراهای ساخته‌شده در این روز یا پیش از آن</translation>
    </message>
    <message>
        <source>Read the history again</source>
        <translation>خواندن دوبارهٔ تاریخچه</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>تازه‌سازی</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>خلاصه</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>رتبه‌ها</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>رویدادها</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>مقایسه</translation>
    </message>
    <message>
        <source>Compare %1 to %2 selected runs: curves, throughput, waiting, utilization and the settings that differ</source>
        <translation>مقایسهٔ %1 تا %2 اجرای برگزیده: منحنی‌ها، گذردهی، انتظار، میزان استفاده و تنظیمات متفاوت</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>خروجی CSV…</translation>
    </message>
    <message>
        <source>Write the steps, events and telemetry of the selected runs as CSV files</source>
        <translation>نوشتن گام‌ها، رویدادها و تله‌متری اجراهای برگزیده در پرونده‌های CSV</translation>
    </message>
    <message>
        <source>New run from this one</source>
        <translation>اجرای تازه از روی این</translation>
    </message>
    <message>
        <source>Open the run setup with this run&apos;s configuration</source>
        <translation>باز کردن برپایی اجرا با پیکربندی این اجرا</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>مقایسهٔ اجراها</translation>
    </message>
    <message>
        <source>The run %1 is no longer in the history.</source>
        <translation>اجرای %1 دیگر در تاریخچه نیست.</translation>
    </message>
    <message>
        <source>Cannot export %1: %2</source>
        <translation>خروجی گرفتن از %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>Export runs to</source>
        <translation>خروجی اجراها در</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>خروجی CSV</translation>
    </message>
    <message>
        <source>Column headers in %1 or in English?</source>
        <translation>سرستون‌ها به %1 باشند یا به انگلیسی؟</translation>
    </message>
    <message>
        <source>Either way the values stay machine-readable: ISO dates and ASCII digits.</source>
        <translation>در هر دو حالت مقدارها ماشین‌خوان می‌مانند: تاریخ‌های ISO و رقم‌های لاتین.</translation>
    </message>
    <message>
        <source>In %1</source>
        <translation>به %1</translation>
    </message>
    <message>
        <source>In English</source>
        <translation>به انگلیسی</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>کنترل‌گر</translation>
    </message>
    <message>
        <source>Select a run to see its details. Select two to eight runs to compare them.</source>
        <translation>یک اجرا را برگزینید تا جزئیاتش را ببینید. برای مقایسه، دو تا هشت اجرا را برگزینید.</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>راهبرد</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Model and data</source>
        <translation>مدل و داده</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 روی %2</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>دستهٔ سراسری</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>ساخته‌شده</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>آغاز</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>پایان</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>گام‌ها</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>زیان پایانی</translation>
    </message>
    <message>
        <source>Evaluation accuracy</source>
        <translation>دقت ارزیابی</translation>
    </message>
    <message>
        <source>Evaluation perplexity</source>
        <translation>سرگشتگی ارزیابی</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>گذردهی</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 نمونه در ثانیه</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>انتظار</translation>
    </message>
    <message>
        <source>Run id</source>
        <translation>شناسهٔ اجرا</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>گره‌ها</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>گره</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>نشانی</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>Final plan (samples per device)</source>
        <translation>برنامهٔ پایانی (نمونه برای هر دستگاه)</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>رتبه</translation>
    </message>
    <message>
        <source>Local batch</source>
        <translation>دستهٔ محلی</translation>
    </message>
    <message>
        <source>Data ms</source>
        <translation>داده (ms)</translation>
    </message>
    <message>
        <source>Compute ms</source>
        <translation>محاسبه (ms)</translation>
    </message>
    <message>
        <source>Wait ms</source>
        <translation>انتظار (ms)</translation>
    </message>
    <message>
        <source>Communication ms</source>
        <translation>ارتباط (ms)</translation>
    </message>
    <message>
        <source>Optimizer ms</source>
        <translation>بهینه‌ساز (ms)</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>انتظار</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>نمونه/ثانیه</translation>
    </message>
    <message>
        <source>Share of the step spent waiting for other devices</source>
        <translation>سهم گام که به انتظار دستگاه‌های دیگر گذشت</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>زمان</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>منبع</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>رویداد</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>جزئیات</translation>
    </message>
    <message>
        <source>State</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>خطا</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>هشدار</translation>
    </message>
    <message>
        <source>Re-plan</source>
        <translation>بازبرنامه‌ریزی</translation>
    </message>
    <message>
        <source>From step %1: %2 → %3</source>
        <translation>از گام %1: %2 ← %3</translation>
    </message>
    <message>
        <source>%1 (predicted %2 faster)</source>
        <translation>%1 (پیش‌بینی: %2 سریع‌تر)</translation>
    </message>
    <message>
        <source>Worker ended</source>
        <translation>پایان کارگر</translation>
    </message>
    <message>
        <source>crashed: %1</source>
        <translation>از کار افتاد: %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>کد خروج %1</translation>
    </message>
    <message>
        <source>Launched</source>
        <translation>راه‌اندازی شد</translation>
    </message>
    <message>
        <source>Stop requested</source>
        <translation>درخواست توقف</translation>
    </message>
    <message>
        <source>Abort requested</source>
        <translation>درخواست لغو</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>پایان یافت</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>تشخیص</translation>
    </message>
    <message>
        <source>%1, rank %2</source>
        <translation>%1، رتبهٔ %2</translation>
    </message>
    <message>
        <source>%1 on average, %2 on the device that waited most</source>
        <translation>%1 به طور میانگین، %2 در دستگاهی که بیشتر از همه منتظر ماند</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation>، </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) written to %1</source>
        <translation>
            <numerusform>%Ln پرونده در %1 نوشته شد</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln دستگاه</numerusform>
        </translation>
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
    <name>LiveRunData</name>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished">%1 %2</translation>
    </message>
    <message>
        <source>Re-planned at step %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation at step %1: accuracy %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation at step %1: perplexity %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rank %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint at step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished">%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rank %2) %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training finished</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <source>GPU utilization per device</source>
        <translation type="unfinished"></translation>
    </message>
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
        <translation type="unfinished">زیان</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished">گذردهی</translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished">رویدادها</translation>
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
        <translation>%1 ثانیه</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 دقیقه و %2 ثانیه</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ساعت و %2 دقیقه</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 روز و %2 ساعت</translation>
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
        <translation type="unfinished">گام</translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished">زیان</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineDelegate</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished">%1%</translation>
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
        <translation type="unfinished">جزئیات</translation>
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
        <source>Status</source>
        <translation type="unfinished">وضعیت</translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished">نشانی</translation>
    </message>
    <message>
        <source>Node id</source>
        <translation type="unfinished">شناسهٔ گره</translation>
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
        <source>%1% busy, %2 of %3 memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n machine(s) online  ·  this controller %1…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
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
    <message>
        <source>Add to the training group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine details</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n machine(s), %1 in all; the first one hosts the rendezvous.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
        <translation type="unfinished">%1: %2</translation>
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
        <translation type="unfinished">%1: %3/%4 {1 %2%?}</translation>
    </message>
    <message>
        <source>hamgamctl: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream live device telemetry of trusted machines, one line per device and sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this machine (id, name or address).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[node]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many samples per machine (default: run until interrupted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl watch: no machine &quot;%1&quot; found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  %2  %3  util %4%  mem %5 / %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl watch: no trusted machine is connected</source>
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
    <name>PlotExporter</name>
    <message>
        <source>cannot create a temporary directory: %1</source>
        <translation>ساختن پوشهٔ موقت ممکن نشد: %1</translation>
    </message>
    <message>
        <source>cannot draw the plot into %1</source>
        <translation>کشیدن نمودار در %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>ساختن %1 ممکن نشد</translation>
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
        <source>device %1 does not exist here (this machine has %n GPU(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 has %2 free but the planned batch of %3 needs about %4; lower the batch or use lsdp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 will be nearly full (about %2 of %3 free)</source>
        <translation type="unfinished"></translation>
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
        <source>the CPU is already busy (load %1 on %n core(s)): the run will share it</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
        <source>no free TCP port for the workers&apos; rendezvous</source>
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
        <source>eval: %1</source>
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
        <source>run %1 %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished">%1: %2</translation>
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
        <source>%1: %n problem(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
        <source>hamgamctl attach: no run &quot;%1&quot; in %2</source>
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
        <source>Stop a run: its workers write a checkpoint, then exit.</source>
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
        <source>no run &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run did not end in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List past and current runs, newest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs with this status (finished, failed, running, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only runs of this strategy.</source>
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
        <source>hamgamctl show: give one run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl show: no run &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  status:   %1%2</source>
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
        <source>FINAL PLAN</source>
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
        <source>Compare 2 to 8 runs: a summary table, and the config fields that differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run ids (or their first characters) or names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUN RUN...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl compare: give 2 to 8 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hamgamctl compare: no run &quot;%1&quot;</source>
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
        <source>hamgamctl export: no run &quot;%1&quot;</source>
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
        <translation>موازی‌سازی داده: دسته‌های برابر روی همهٔ دستگاه‌ها؛ دستگاه‌های سریع منتظر کندترین می‌مانند.</translation>
    </message>
    <message>
        <source>Heterogeneous data parallel: each device&apos;s batch follows its measured speed, so nobody waits.</source>
        <translation>موازی‌سازی دادهٔ ناهمگن: دستهٔ هر دستگاه متناسب با سرعت سنجیده‌اش است، پس کسی منتظر نمی‌ماند.</translation>
    </message>
    <message>
        <source>Locally sharded: parameters and optimizer state split inside each node and into its CPU memory; only gradients cross the network.</source>
        <translation>خردسازی محلی: پارامترها و وضعیت بهینه‌ساز درون هر گره و در حافظهٔ پردازنده‌اش پخش می‌شوند؛ فقط گرادیان‌ها از شبکه می‌گذرند.</translation>
    </message>
    <message>
        <source>LSHDP: locally sharded, with batches that follow each device&apos;s speed. Best on mixed, slow-networked labs.</source>
        <translation>LSHDP: خردسازی محلی با دسته‌هایی متناسب با سرعت هر دستگاه. بهترین گزینه برای آزمایشگاه‌های ناهمگن با شبکهٔ کند.</translation>
    </message>
    <message>
        <source>Fully sharded across all nodes: least memory, but parameters cross the network at every layer.</source>
        <translation>خردسازی کامل میان همهٔ گره‌ها: کمترین حافظه، ولی پارامترها در هر لایه از شبکه می‌گذرند.</translation>
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
        <source>each hidden layer has 1 to 65536 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels must be between 1 and 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocks must be between 1 and 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GroupNorm groups must divide the channel count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers must be between 1 and 256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width must be between 8 and 65536</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of heads must divide the width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context must be between 2 and 65536</source>
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
        <source>samples must be between 1 and 100,000,000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classes must be between 2 and 100,000</source>
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
        <source>the global batch must be between 1 and 10,000,000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the global batch (%1) is smaller than the number of devices (%2): every device needs at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps and epochs cannot be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either a number of steps or a number of epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown optimizer &quot;%1&quot;; choose sgd or adamw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the learning rate must be above 0 and at most 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>momentum must be at least 0 and below 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight decay must be between 0 and 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>betas must be at least 0 and below 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eps must be above 0 and below 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown schedule &quot;%1&quot;; choose cosine or constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm-up steps cannot be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the final learning-rate ratio must be between 0 and 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient clipping cannot be negative (0 turns it off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads must be between 0 (automatic) and 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiling steps must be between 1 and 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the re-plan interval must be at least 1 step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the re-plan margin must be at least 0 and below 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the EWMA weight must be above 0 and at most 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bucket size must be between 0.001 and 4096 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the communication timeout must be between 5 s and one day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the evaluation interval cannot be negative (0 turns it off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluate on at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checkpoint interval cannot be negative (0: only at the end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep at least one checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give a checkpoint directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the memory budget cannot be negative (0: no budget)</source>
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
        <source>device indices must be distinct and between 0 and 1023</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node&apos;s batch must give each of its devices at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the memory cap must be at least one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the emulated slowdown must be between 1 and 100</source>
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
        <source>needs a valid rank, a step of 0 or more and a factor from 1 to 100</source>
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
        <translation type="unfinished">%1: %2</translation>
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
    <message>
        <source>%1, rank %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped after a checkpoint</source>
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
        <source>Re-plan only if faster by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient bucket (MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16 gradients on the wire</source>
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
        <source>a directory of MNIST-format files, or a text file</source>
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
        <source>give one whole number per machine of the group (%n machine(s)), or leave it empty</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
    <message numerus="yes">
        <source>%1: %n problem(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
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
        <translation type="unfinished">%1: %2</translation>
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
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>Preparing</source>
        <translation>در حال آماده‌سازی</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>در حال اجرا</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>پایان‌یافته</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>ناموفق</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>متوقف‌شده</translation>
    </message>
    <message>
        <source>Aborted</source>
        <translation>لغوشده</translation>
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
        <source>this agent already runs %n training(s), its limit</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 on this agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1 (rank %2) %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished">%1: %2</translation>
    </message>
    <message>
        <source>aborted by the controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by the controller after a checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsTableModel</name>
    <message>
        <source>Date</source>
        <translation>تاریخ</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>راهبرد</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>گره‌ها</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>زیان پایانی</translation>
    </message>
    <message>
        <source>Accuracy / perplexity</source>
        <translation>دقت / سرگشتگی</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>نمونه/ثانیه</translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation>میانگین انتظار</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>When the run was created</source>
        <translation>زمان ساختن اجرا</translation>
    </message>
    <message>
        <source>Machines that took part</source>
        <translation>ماشین‌هایی که شرکت داشتند</translation>
    </message>
    <message>
        <source>From the start of training to its end</source>
        <translation>از آغاز تا پایان آموزش</translation>
    </message>
    <message>
        <source>Training loss at the last step, mean over the devices</source>
        <translation>زیان آموزش در آخرین گام، میانگین دستگاه‌ها</translation>
    </message>
    <message>
        <source>The last evaluation: accuracy for classifiers, perplexity for language models</source>
        <translation>آخرین ارزیابی: دقت برای دسته‌بندها، سرگشتگی برای مدل‌های زبانی</translation>
    </message>
    <message>
        <source>Training samples per second over the steady part of the run</source>
        <translation>نمونه‌های آموزشی در ثانیه در بخش پایدار اجرا</translation>
    </message>
    <message>
        <source>Share of each step the devices spent waiting for the slowest one, mean over the devices</source>
        <translation>سهمی از هر گام که دستگاه‌ها به انتظار کندترین گذراندند، میانگین دستگاه‌ها</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>اجرای %1</translation>
    </message>
    <message>
        <source>ppl %1</source>
        <translation>سرگشتگی %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln دستگاه</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>تنظیمات</translation>
    </message>
    <message>
        <source>General</source>
        <translation>عمومی</translation>
    </message>
    <message>
        <source>Trusted agents</source>
        <translation>عامل‌های مورد اعتماد</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;زبان:</translation>
    </message>
    <message>
        <source>The language of the interface; it changes as soon as you apply</source>
        <translation>زبان رابط کاربری؛ با اعمال، بی‌درنگ عوض می‌شود</translation>
    </message>
    <message>
        <source>&amp;Telemetry rate (per second):</source>
        <translation>&amp;آهنگ تله‌متری (در ثانیه):</translation>
    </message>
    <message>
        <source>How often the agent on this computer reports utilization and memory. It takes effect when that agent next starts.</source>
        <translation>عامل این رایانه هر چند وقت یک بار میزان استفاده و حافظه را گزارش کند. از راه‌اندازی بعدی آن عامل اثر می‌کند.</translation>
    </message>
    <message>
        <source>&amp;History database:</source>
        <translation>پایگاه &amp;دادهٔ تاریخچه:</translation>
    </message>
    <message>
        <source>The SQLite file that keeps every run; empty for the default</source>
        <translation>پروندهٔ SQLite که همهٔ اجراها را نگه می‌دارد؛ خالی برای پیش‌فرض</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>مرور…</translation>
    </message>
    <message>
        <source>Hamgam talks only to agents whose certificate fingerprint is pinned here. Revoke an agent and you are asked again the next time it is seen; compare the fingerprint with the one its machine shows (hamgam-agent --fingerprint).</source>
        <translation>همگام فقط با عامل‌هایی گفت‌وگو می‌کند که اثر انگشت گواهی‌شان اینجا ثبت شده است. اگر اعتماد به عاملی را لغو کنید، بار بعد که دیده شود دوباره از شما پرسیده می‌شود؛ اثر انگشت را با آنچه ماشینش نشان می‌دهد (hamgam-agent --fingerprint) مقایسه کنید.</translation>
    </message>
    <message>
        <source>&amp;Revoke</source>
        <translation>لغو &amp;اعتماد</translation>
    </message>
    <message>
        <source>Remove the pinned fingerprint of the selected agents when you apply</source>
        <translation>حذف اثر انگشت ثبت‌شدهٔ عامل‌های برگزیده هنگام اعمال</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>پیش‌فرض سیستم (%1)</translation>
    </message>
    <message>
        <source>Node id</source>
        <translation>شناسهٔ گره</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>Fingerprint (SHA-256)</source>
        <translation>اثر انگشت (SHA-256)</translation>
    </message>
    <message>
        <source>Trusted since</source>
        <translation>مورد اعتماد از</translation>
    </message>
    <message>
        <source>History database</source>
        <translation>پایگاه دادهٔ تاریخچه</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>پایگاه‌های دادهٔ SQLite (*.sqlite *.db);;همهٔ پرونده‌ها (*)</translation>
    </message>
    <message>
        <source>Takes effect the next time Hamgam starts. The file is opened if it exists and created if not.</source>
        <translation>از اجرای بعدی همگام اثر می‌کند. اگر پرونده باشد باز می‌شود و اگر نباشد ساخته می‌شود.</translation>
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
</context>
<context>
    <name>Telemetry</name>
    <message>
        <source>device sample without name or kind</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThroughputPlot</name>
    <message>
        <source>step</source>
        <translation type="unfinished">گام</translation>
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
        <source>all %n device(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (device %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n of its devices</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
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
        <source>%n other process(es) use this device</source>
        <translation type="unfinished">
            <numerusform></numerusform>
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
        <source>stream live device telemetry</source>
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
        <source>stop a run after a checkpoint</source>
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
        <source>compare 2 to 8 runs (--json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export a run as CSV (--csv DIR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 failure (or the run failed), 2 bad usage, 3 not found, 4 refused, 5 the run was stopped or aborted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
