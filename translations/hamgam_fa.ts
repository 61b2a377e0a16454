<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fa_IR">
<context>
    <name>AgentClient</name>
    <message>
        <source>the agent did not complete the handshake in time</source>
        <translation>عامل دست‌دهی را به‌موقع کامل نکرد</translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation>اتصال بسته شد</translation>
    </message>
    <message>
        <source>disconnected by the controller</source>
        <translation>کنترل‌گر اتصال را قطع کرد</translation>
    </message>
    <message>
        <source>not connected to the agent</source>
        <translation>به عامل متصل نیست</translation>
    </message>
    <message>
        <source>the agent did not answer in time</source>
        <translation>عامل به‌موقع پاسخ نداد</translation>
    </message>
    <message>
        <source>expected hello, got %1</source>
        <translation>انتظار پیام hello می‌رفت، ولی %1 رسید</translation>
    </message>
    <message>
        <source>the agent speaks protocol %1, this program speaks %2</source>
        <translation>پروتکل عامل %1 است و پروتکل این برنامه %2</translation>
    </message>
    <message>
        <source>the peer is not an agent</source>
        <translation>طرف مقابل عامل نیست</translation>
    </message>
    <message>
        <source>agents do not send requests (%1)</source>
        <translation>عامل‌ها درخواست نمی‌فرستند (%1)</translation>
    </message>
    <message>
        <source>the agent&apos;s node id is malformed</source>
        <translation>شناسهٔ گرهٔ عامل نادرست است</translation>
    </message>
</context>
<context>
    <name>AgentCommandLine</name>
    <message>
        <source>Hamgam agent: announces this machine, reports its devices and runs training workers for trusted controllers.</source>
        <translation>عامل هم‌گام: این ماشین را در شبکه اعلان می‌کند، دستگاه‌هایش را گزارش می‌دهد و کارگرهای آموزش را برای کنترل‌گرهای مورد اعتماد اجرا می‌کند.</translation>
    </message>
    <message>
        <source>TLS control port (default %1).</source>
        <translation>درگاه کنترل TLS (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>درگاه</translation>
    </message>
    <message>
        <source>Address to listen on (default: all).</source>
        <translation>نشانی شنود (پیش‌فرض: همهٔ نشانی‌ها).</translation>
    </message>
    <message>
        <source>address</source>
        <translation>نشانی</translation>
    </message>
    <message>
        <source>Directory for the agent&apos;s key, certificate, trust list and journals (default ~/.config/hamgam-agent).</source>
        <translation>پوشهٔ کلید، گواهی، فهرست اعتماد و دفترهای رویداد عامل (پیش‌فرض ⁦~/.config/hamgam-agent⁩).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Add a controller&apos;s certificate fingerprint to the trust list (repeatable).</source>
        <translation>افزودن اثر انگشت گواهی یک کنترل‌گر به فهرست اعتماد (قابل تکرار).</translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation>اثر انگشت</translation>
    </message>
    <message>
        <source>Print the trust list and exit.</source>
        <translation>چاپ فهرست اعتماد و خروج.</translation>
    </message>
    <message>
        <source>Print this agent&apos;s fingerprint and exit.</source>
        <translation>چاپ اثر انگشت این عامل و خروج.</translation>
    </message>
    <message>
        <source>Name shown to controllers (default: host name).</source>
        <translation>نامی که به کنترل‌گرها نشان داده می‌شود (پیش‌فرض: نام میزبان).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation>درگاه UDP برای کشف (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for beacons (default: every interface&apos;s).</source>
        <translation>نشانی‌های پخش همگانی برای اعلان‌ها، جداشده با ویرگول (پیش‌فرض: نشانی همهٔ واسط‌های شبکه).</translation>
    </message>
    <message>
        <source>addresses</source>
        <translation>فهرست</translation>
    </message>
    <message>
        <source>Send no beacons.</source>
        <translation>هیچ اعلانی فرستاده نشود.</translation>
    </message>
    <message>
        <source>Telemetry rate, 0.1 to 10 per second (default 1).</source>
        <translation>آهنگ تله‌متری در ثانیه، 0.1 تا 10 (پیش‌فرض 1).</translation>
    </message>
    <message>
        <source>hz</source>
        <translation>هرتز</translation>
    </message>
    <message>
        <source>Beacon interval in ms (default 2000).</source>
        <translation>فاصلهٔ اعلان‌ها به میلی‌ثانیه (پیش‌فرض 2000).</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>Exit after this many seconds without a controller or a run (default: never).</source>
        <translation>خروج پس از این چند ثانیه بدون کنترل‌گر یا اجرا (پیش‌فرض: هرگز).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>ثانیه</translation>
    </message>
    <message>
        <source>Most controller connections at once (default 64).</source>
        <translation>حداکثر اتصال هم‌زمان کنترل‌گرها (پیش‌فرض 64).</translation>
    </message>
    <message>
        <source>count</source>
        <translation>تعداد</translation>
    </message>
    <message>
        <source>Path of hamgam-worker (default: next to this program).</source>
        <translation>مسیر hamgam-worker (پیش‌فرض: کنار همین برنامه).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>مسیر</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot; (options start with --; see --help)</source>
        <translation>آرگومان نابه‌جای «%1» (گزینه‌ها با -- آغاز می‌شوند؛ راهنما: ⁦--help⁩)</translation>
    </message>
    <message>
        <source>--port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--bind: &quot;%1&quot; is not an IP address</source>
        <translation>⁦--bind:⁩ «%1» نشانی IP نیست</translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--discovery-port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--discovery-targets: &quot;%1&quot; is not a list of IP addresses</source>
        <translation>⁦--discovery-targets:⁩ «%1» فهرستی از نشانی‌های IP نیست</translation>
    </message>
    <message>
        <source>--telemetry-hz: must be between 0.1 and 10</source>
        <translation>⁦--telemetry-hz:⁩ باید بین 0.1 و 10 باشد</translation>
    </message>
    <message>
        <source>--beacon-interval-ms: must be between 100 and 60000</source>
        <translation>⁦--beacon-interval-ms:⁩ باید بین 100 و 60000 باشد</translation>
    </message>
    <message>
        <source>--idle-exit: &quot;%1&quot; is not a number of seconds</source>
        <translation>⁦--idle-exit:⁩ «%1» تعداد ثانیهٔ معتبری نیست</translation>
    </message>
    <message>
        <source>--max-connections: must be between 1 and 4096</source>
        <translation>⁦--max-connections:⁩ باید بین 1 و 4096 باشد</translation>
    </message>
    <message>
        <source>Let runs read data and write checkpoints in this directory (repeatable; default: /usr/share/datasets, your home, /tmp, /var/tmp).</source>
        <translation>اجازهٔ خواندن داده و نوشتن نقطه‌های وارسی در این پوشه به اجراها (قابل تکرار؛ پیش‌فرض: ⁦/usr/share/datasets⁩، پوشهٔ خانگی شما، ⁦/tmp⁩ و ⁦/var/tmp⁩).</translation>
    </message>
    <message>
        <source>Most runs at once on this agent (default 4).</source>
        <translation>حداکثر اجرای هم‌زمان روی این عامل (پیش‌فرض 4).</translation>
    </message>
    <message>
        <source>--allow-dir: &quot;%1&quot; is not an absolute path of a directory</source>
        <translation>⁦--allow-dir:⁩ «%1» مسیر مطلق یک پوشه نیست</translation>
    </message>
    <message>
        <source>--max-runs: must be between 1 and 64</source>
        <translation>⁦--max-runs:⁩ باید بین 1 و 64 باشد</translation>
    </message>
    <message>
        <source>Network interface for the workers&apos; gradient traffic, which is not encrypted: e.g. a dedicated lab network (default: the interface that reaches the run&apos;s first node).</source>
        <translation>رابط شبکه برای ترافیک گرادیان کارگرها، که رمزنگاری نمی‌شود: مثلاً شبکهٔ جداگانهٔ آزمایشگاه (پیش‌فرض: رابطی که به گرهٔ نخست اجرا می‌رسد).</translation>
    </message>
    <message>
        <source>--worker-interface: this machine has no network interface &quot;%1&quot;</source>
        <translation>⁦--worker-interface:⁩ این ماشین رابط شبکه‌ای به نام «%1» ندارد</translation>
    </message>
    <message>
        <source>Trust a controller as the lab&apos;s admin, who sets the lab&apos;s rules (repeatable; docs/lab.md).</source>
        <translation>اعتماد به یک کنترل‌گر به‌عنوان مدیر آزمایشگاه، که قواعد آزمایشگاه را تعیین می‌کند (قابل تکرار؛ docs/lab.md).</translation>
    </message>
    <message>
        <source>Remove a fingerprint from the trust list (and the admins) and exit.</source>
        <translation>حذف یک اثر انگشت از فهرست اعتماد (و از مدیران) و خروج.</translation>
    </message>
</context>
<context>
    <name>AgentDaemon</name>
    <message>
        <source>cannot create the configuration directory %1</source>
        <translation>ساختن پوشهٔ پیکربندی %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot listen on %1 port %2: %3</source>
        <translation>گوش دادن روی نشانی %1، درگاه %2 ممکن نشد: %3</translation>
    </message>
    <message>
        <source>discovery disabled: cannot bind UDP port %1: %2</source>
        <translation>کشف غیرفعال شد: گرفتن درگاه UDP %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>this agent does not support &quot;%1&quot;</source>
        <translation>این عامل از «%1» پشتیبانی نمی‌کند</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>a coordinator may not send &quot;%1&quot;</source>
        <translation>هماهنگ‌کننده نمی‌تواند «%1» بفرستد</translation>
    </message>
    <message>
        <source>a coordinator may only abort the queued runs it starts</source>
        <translation>هماهنگ‌کننده فقط اجراهای در صفی را می‌تواند لغو کند که خودش آغاز می‌کند</translation>
    </message>
    <message>
        <source>the trained model of run %1 belongs to %2</source>
        <translation>مدلِ آموزش‌دیدهٔ اجرای %1 از آنِ %2 است</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>خواندن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>offset %1 is outside %2 (%3 bytes)</source>
        <translation>جابه‌جایی %1 بیرون از %2 (%3 بایت) است</translation>
    </message>
</context>
<context>
    <name>AgentInstaller</name>
    <message>
        <source>This controller has pinned another fingerprint for %1 (%2); the agent now shows %3. Forget the machine and install again to trust it.</source>
        <translation>این کنترل‌گر اثر انگشت دیگری برای %1 ثبت کرده است (%2)؛ عامل اکنون %3 را نشان می‌دهد. برای اعتماد به آن، ماشین را فراموش کنید و دوباره نصب کنید.</translation>
    </message>
</context>
<context>
    <name>AgentSession</name>
    <message>
        <source>handshake not completed within %1 s</source>
        <translation>دست‌دهی در %1 ثانیه کامل نشد</translation>
    </message>
    <message>
        <source>the controller presented no certificate; this agent accepts only trusted controllers</source>
        <translation>کنترل‌گر گواهی‌ای ارائه نکرد؛ این عامل فقط کنترل‌گرهای مورد اعتماد را می‌پذیرد</translation>
    </message>
    <message>
        <source>this controller (%1) is not in the agent&apos;s trust list; on the agent&apos;s machine run: hamgam-agent --trust %2</source>
        <translation>این کنترل‌گر (%1) در فهرست اعتماد عامل نیست؛ روی ماشین عامل اجرا کنید: hamgam-agent --trust %2</translation>
    </message>
    <message>
        <source>expected hello, got %1</source>
        <translation>انتظار پیام hello می‌رفت، ولی %1 رسید</translation>
    </message>
    <message>
        <source>this agent speaks protocol %1, the controller speaks %2; install the same Hamgam version on both</source>
        <translation>پروتکل این عامل %1 است و پروتکل کنترل‌گر %2؛ نسخهٔ یکسانی از هم‌گام را روی هر دو نصب کنید</translation>
    </message>
    <message>
        <source>only controllers connect to agents</source>
        <translation>فقط کنترل‌گرها به عامل‌ها متصل می‌شوند</translation>
    </message>
    <message>
        <source>hello sent twice</source>
        <translation>پیام hello دو بار فرستاده شد</translation>
    </message>
    <message>
        <source>unknown topic &quot;%1&quot;</source>
        <translation>موضوع ناشناخته: «%1»</translation>
    </message>
    <message>
        <source>controllers send requests only, not %1</source>
        <translation>کنترل‌گرها فقط درخواست می‌فرستند، نه %1</translation>
    </message>
    <message>
        <source>a coordinator acts for no user</source>
        <translation>هماهنگ‌کننده از سوی هیچ کاربری کار نمی‌کند</translation>
    </message>
    <message>
        <source>this certificate may connect only as a run&apos;s coordinator</source>
        <translation>این گواهی فقط به‌عنوان هماهنگ‌کنندهٔ یک اجرا می‌تواند وصل شود</translation>
    </message>
    <message>
        <source>the controller sent no valid user name (1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;); set one with: hamgamctl user NAME</source>
        <translation>کنترل‌گر نام کاربری معتبری نفرستاد (۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-»)؛ با این فرمان یکی تعیین کنید: ⁦hamgamctl user NAME⁩</translation>
    </message>
    <message>
        <source>a coordinator does not subscribe</source>
        <translation>هماهنگ‌کننده مشترک هیچ موضوعی نمی‌شود</translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>cannot create directory %1</source>
        <translation>ساختن پوشهٔ %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>ساختن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>نوشتن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>cannot replace %1: %2</source>
        <translation>جایگزین کردن %1 ممکن نشد: %2</translation>
    </message>
</context>
<context>
    <name>BatchAllocationPlot</name>
    <message>
        <source>step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>samples per step</source>
        <translation>نمونه در هر گام</translation>
    </message>
</context>
<context>
    <name>Beacon</name>
    <message>
        <source>beacon too large</source>
        <translation>اعلان بیش از حد بزرگ است</translation>
    </message>
    <message>
        <source>not a Hamgam beacon</source>
        <translation>اعلان هم‌گام نیست</translation>
    </message>
    <message>
        <source>beacon of protocol version %1, this program speaks %2</source>
        <translation>اعلان با نسخهٔ پروتکل %1 است و این برنامه نسخهٔ %2 را به کار می‌برد</translation>
    </message>
    <message>
        <source>unknown beacon kind</source>
        <translation>نوع اعلان ناشناخته است</translation>
    </message>
    <message>
        <source>beacon lacks node id, port or fingerprint</source>
        <translation>اعلان شناسهٔ گره، درگاه یا اثر انگشت ندارد</translation>
    </message>
    <message>
        <source>beacon with a malformed node id</source>
        <translation>اعلانی با شناسهٔ گرهٔ نادرست</translation>
    </message>
</context>
<context>
    <name>CheckpointOwners</name>
    <message>
        <source>the checkpoint %1 was written by %2&apos;s run: only %2 or the lab admin may resume it</source>
        <translation>نقطهٔ وارسی %1 را اجرای %2 نوشته است: فقط %2 یا مدیر آزمایشگاه می‌تواند اجرا را از آن ادامه دهد</translation>
    </message>
    <message>
        <source>the checkpoint %1 does not record which lab user wrote it (it is older than this version of Hamgam): only the lab admin may resume it</source>
        <translation>نقطهٔ وارسی %1 نمی‌گوید کدام کاربر آن را نوشته است (از نسخه‌ای قدیمی‌تر از این هم‌گام است): فقط مدیر آزمایشگاه می‌تواند اجرا را از آن ادامه دهد</translation>
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
        <translation>خروجی نمودارها…</translation>
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
        <source>Export plots</source>
        <translation>خروجی نمودارها</translation>
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
        <source>Node %1: %2</source>
        <translation>گرهٔ %1: %2</translation>
    </message>
    <message>
        <source>Slowdown %1: %2</source>
        <translation>کندی %1: %2</translation>
    </message>
    <message>
        <source>⚠ %1 (%2) started on busy machines — %3. Its speed says as much about them as about its settings.</source>
        <translation>⚠ اجرای %1 (%2) روی ماشین‌های پرکار آغاز شد — %3. سرعت آن همان‌قدر از آن ماشین‌ها می‌گوید که از تنظیماتش.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>؛ </translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>اجراها</translation>
    </message>
    <message>
        <source>Every run with its settings that differ and its results; click a column to sort</source>
        <translation>همهٔ اجراها با تنظیمات متفاوت و نتایجشان؛ برای مرتب‌سازی روی یک ستون کلیک کنید</translation>
    </message>
    <message>
        <source>Settings and results</source>
        <translation>تنظیمات و نتایج</translation>
    </message>
    <message>
        <source>Parallel coordinates: each run is a line through its settings that differ, its final loss and its accuracy</source>
        <translation>مختصات موازی: هر اجرا خطی است که از تنظیمات متفاوتش، زیان پایانی و دقتش می‌گذرد</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>ساخته‌شده</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>زیان پایانی</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>دقت</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>نمونه/ثانیه</translation>
    </message>
    <message>
        <source>Busy at start</source>
        <translation>پرکار در آغاز</translation>
    </message>
    <message>
        <source>Settings against final loss and accuracy</source>
        <translation>تنظیمات در برابر زیان پایانی و دقت</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %Ln of the runs started on busy machines: their speed says as much about those machines as about their settings.</source>
        <translation>
            <numerusform>⚠ %Ln اجرا روی ماشین‌های مشغول آغاز شد: سرعتشان همان‌قدر از آن ماشین‌ها می‌گوید که از تنظیماتشان.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hide the list</source>
        <translation>پنهان کردن فهرست</translation>
    </message>
    <message>
        <source>Show which</source>
        <translation>نشان بده کدام‌ها</translation>
    </message>
    <message>
        <source>Save the plots you choose as PNG or PDF</source>
        <translation>نمودارهایی را که برمی‌گزینید به صورت PNG یا PDF ذخیره کنید</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>تنظیمات</translation>
    </message>
    <message>
        <source>The settings whose values differ between the runs, or every setting</source>
        <translation>تنظیماتی که مقدارشان میان اجراها فرق دارد، یا همهٔ تنظیمات</translation>
    </message>
    <message>
        <source>Show every setting (those that differ in bold)</source>
        <translation>نمایش همهٔ تنظیمات (آن‌هایی که فرق دارند پررنگ)</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>برچسب‌ها</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Time since the start</source>
        <translation>زمان از آغاز</translation>
    </message>
    <message>
        <source>Cannot make the folder %1.</source>
        <translation>پوشهٔ %1 ساخته نشد.</translation>
    </message>
</context>
<context>
    <name>ControllerProfile</name>
    <message>
        <source>cannot create %1</source>
        <translation>ساختن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit</source>
        <translation>نام کاربری «%1» درست نیست: از ۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-» استفاده کنید، با حرف یا رقم در آغاز</translation>
    </message>
</context>
<context>
    <name>CtlContext</name>
    <message>
        <source>Controller configuration directory (default ~/.config/hamgam).</source>
        <translation>پوشهٔ پیکربندی کنترل‌گر (پیش‌فرض ⁦~/.config/hamgam⁩).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Controller data directory (default ~/.local/share/hamgam).</source>
        <translation>پوشهٔ دادهٔ کنترل‌گر (پیش‌فرض ⁦~/.local/share/hamgam⁩).</translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation>درگاه UDP برای کشف (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>درگاه</translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for discovery queries.</source>
        <translation>نشانی‌های پخش همگانی برای پرس‌وجوی کشف، جداشده با ویرگول.</translation>
    </message>
    <message>
        <source>addresses</source>
        <translation>فهرست</translation>
    </message>
    <message>
        <source>Also contact the agent at host[:port]; repeatable.</source>
        <translation>با عامل روی host[:port] هم تماس گرفته شود؛ قابل تکرار.</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>میزبان:درگاه</translation>
    </message>
    <message>
        <source>How long to look for machines, in ms (default 3000).</source>
        <translation>مدت جست‌وجوی ماشین‌ها به میلی‌ثانیه (پیش‌فرض 3000).</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--discovery-port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--discovery-targets: not a list of IP addresses</source>
        <translation>⁦--discovery-targets:⁩ فهرستی از نشانی‌های IP نیست</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>--wait: &quot;%1&quot; is not a number of milliseconds</source>
        <translation>⁦--wait:⁩ «%1» تعداد میلی‌ثانیهٔ معتبری نیست</translation>
    </message>
    <message>
        <source>cannot listen for agents on UDP port %1: %2</source>
        <translation>گوش دادن به عامل‌ها روی درگاه UDP %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>History database (default ~/.local/share/hamgam/history.sqlite).</source>
        <translation>پایگاه دادهٔ تاریخچه (پیش‌فرض ⁦~/.local/share/hamgam/history.sqlite⁩).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>مسیر</translation>
    </message>
    <message>
        <source>%1: --%2: &quot;%3&quot; is not a whole number from %4 to %5</source>
        <translation>%1: --%2: «%3» عدد صحیحی از %4 تا %5 نیست</translation>
    </message>
    <message>
        <source>no history at %1: no run has been recorded there yet (--history PATH reads another)</source>
        <translation>تاریخچه‌ای در %1 نیست: هنوز هیچ اجرایی آنجا ثبت نشده است (با ⁦--history PATH⁩ تاریخچهٔ دیگری خوانده می‌شود)</translation>
    </message>
    <message>
        <source>hamgamctl: the run history could not be read: %1</source>
        <translation>⁦hamgamctl:⁩ تاریخچهٔ اجراها خوانده نشد: %1</translation>
    </message>
    <message>
        <source>hamgamctl: the run history could not be saved: %1</source>
        <translation>⁦hamgamctl:⁩ تاریخچهٔ اجراها ذخیره نشد: %1</translation>
    </message>
</context>
<context>
    <name>DataSize</name>
    <message>
        <source>%1 B</source>
        <translation>%1 بایت</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 کیلوبایت</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 مگابایت</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 گیگابایت</translation>
    </message>
    <message>
        <source>%1 TB</source>
        <translation>%1 ترابایت</translation>
    </message>
</context>
<context>
    <name>DatasetCheck</name>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is empty or truncated</source>
        <translation>پروندهٔ %1 خالی یا ناقص است</translation>
    </message>
    <message>
        <source>%1 is not an IDX file of unsigned bytes</source>
        <translation>پروندهٔ %1 از نوع IDX با بایت‌های بی‌علامت نیست</translation>
    </message>
    <message>
        <source>%1 is truncated in its header</source>
        <translation>سرآیند %1 ناقص است</translation>
    </message>
    <message>
        <source>the dataset directory %1 does not exist on this machine</source>
        <translation>پوشهٔ مجموعه‌دادهٔ %1 روی این ماشین وجود ندارد</translation>
    </message>
    <message>
        <source>%1 lacks the %2 images or labels (expected %2-images-idx3-ubyte[.gz] and %2-labels-idx1-ubyte[.gz])</source>
        <translation>تصویرها یا برچسب‌های %2 در %1 نیست (انتظار می‌رفت %2-images-idx3-ubyte[.gz] و %2-labels-idx1-ubyte[.gz] باشند)</translation>
    </message>
    <message>
        <source>%1 or %2 has the wrong number of dimensions</source>
        <translation>تعداد ابعاد %1 یا %2 نادرست است</translation>
    </message>
    <message>
        <source>%1 has %2 images but %3 has %4 labels</source>
        <translation>در %1، %2 تصویر هست ولی در %3، %4 برچسب</translation>
    </message>
    <message>
        <source>%1 is truncated: %2 bytes of %3</source>
        <translation>پروندهٔ %1 ناقص است: %2 بایت از %3 بایت</translation>
    </message>
    <message>
        <source>cannot read the text file %1 on this machine</source>
        <translation>خواندن پروندهٔ متنی %1 روی این ماشین ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is too short for a context of %2 bytes</source>
        <translation>پروندهٔ %1 برای زمینه‌ای به طول %2 بایت بیش از حد کوتاه است</translation>
    </message>
    <message>
        <source>cannot read the TorchScript module %1 on this machine</source>
        <translation>خواندن ماژول TorchScript %1 روی این ماشین ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is not a TorchScript archive (torch.jit.save writes a zip file)</source>
        <translation>پروندهٔ %1 بایگانی TorchScript نیست (torch.jit.save پروندهٔ zip می‌نویسد)</translation>
    </message>
    <message>
        <source>%1 holds no data_batch_1.bin: CIFAR-10 is read in its binary version (cifar-10-batches-bin)</source>
        <translation>در %1 فایل data_batch_1.bin نیست: CIFAR-10 از نسخهٔ دودویی‌اش (cifar-10-batches-bin) خوانده می‌شود</translation>
    </message>
    <message>
        <source>%1 holds no train.bin: CIFAR-100 is read in its binary version (cifar-100-binary)</source>
        <translation>در %1 فایل train.bin نیست: CIFAR-100 از نسخهٔ دودویی‌اش (cifar-100-binary) خوانده می‌شود</translation>
    </message>
    <message>
        <source>%1 is damaged or not CIFAR: %2 bytes are not whole records of %3 bytes</source>
        <translation>%1 آسیب دیده یا از CIFAR نیست: %2 بایت به رکوردهای کامل %3 بایتی تقسیم نمی‌شود</translation>
    </message>
    <message>
        <source>cannot read the table %1 on this machine</source>
        <translation>خواندن جدول %1 روی این ماشین ممکن نشد</translation>
    </message>
    <message>
        <source>the table %1 is empty: a header row of column names is needed</source>
        <translation>جدول %1 خالی است: یک سطر سرآیند با نام ستون‌ها لازم است</translation>
    </message>
    <message>
        <source>the table %1 has no column &quot;%2&quot; for the labels; its columns: %3</source>
        <translation>جدول %1 ستونی به نام «%2» برای برچسب‌ها ندارد؛ ستون‌های آن: %3</translation>
    </message>
    <message>
        <source>the table %1 holds only its label column: no features to learn from</source>
        <translation>جدول %1 فقط ستون برچسب دارد: ویژگی‌ای برای یادگیری نیست</translation>
    </message>
    <message>
        <source>the table %1, line %2: %3 cells where the header has %4</source>
        <translation>جدول %1، سطر %2: %3 خانه دارد، حال آنکه سرآیند %4 خانه دارد</translation>
    </message>
    <message>
        <source>the table %1, line %2, column &quot;%3&quot;: &quot;%4&quot; is not a number</source>
        <translation>جدول %1، سطر %2، ستون «%3»: «%4» عدد نیست</translation>
    </message>
    <message>
        <source>the table %1 has %2 rows; at least %3 are needed</source>
        <translation>جدول %1 %2 سطر دارد؛ دست‌کم %3 سطر لازم است</translation>
    </message>
    <message>
        <source>the table %1, line %2: the label &quot;%3&quot; is not among the training rows&apos; labels</source>
        <translation>جدول %1، سطر %2: برچسب «%3» در میان برچسب‌های سطرهای آموزشی نیست</translation>
    </message>
    <message>
        <source>the table %1 has other columns than the training file</source>
        <translation>ستون‌های جدول %1 با ستون‌های پروندهٔ آموزشی یکی نیست</translation>
    </message>
    <message>
        <source>the image folder %1 does not exist on this machine or is not a directory</source>
        <translation>پوشهٔ تصویرهای %1 روی این ماشین نیست یا پوشه نیست</translation>
    </message>
    <message>
        <source>the image folder %1 holds no class folders (one sub-folder of images per class)</source>
        <translation>پوشهٔ تصویرهای %1 هیچ پوشهٔ دسته‌ای ندارد (برای هر دسته یک زیرپوشه از تصویرها)</translation>
    </message>
    <message>
        <source>the class folder %1 holds no JPEG or PNG image</source>
        <translation>پوشهٔ دستهٔ %1 هیچ تصویر JPEG یا PNG ندارد</translation>
    </message>
    <message>
        <source>the image folder %1 has nothing to hold out: give it test/ (or val/) beside train/, or ten images in a class</source>
        <translation>پوشهٔ تصویرهای %1 چیزی برای ارزیابی کنار نمی‌گذارد: کنار ⁦train/⁩ یک ⁦test/⁩ (یا ⁦val/⁩) بگذارید، یا در یک دسته ده تصویر</translation>
    </message>
    <message>
        <source>the held-out folder %1 is not one of the training classes</source>
        <translation>پوشهٔ ارزیابی %1 یکی از دسته‌های آموزشی نیست</translation>
    </message>
    <message>
        <source>the image %1 cannot be used: %2</source>
        <translation>تصویر %1 به کار نمی‌آید: %2</translation>
    </message>
</context>
<context>
    <name>DesktopApp</name>
    <message>
        <source>Hamgam: train deep networks on the lab&apos;s machines.</source>
        <translation>هم‌گام: آموزش شبکه‌های عمیق روی ماشین‌های آزمایشگاه.</translation>
    </message>
    <message>
        <source>Controller configuration directory.</source>
        <translation>پوشهٔ پیکربندی کنترل‌گر.</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Controller data directory.</source>
        <translation>پوشهٔ دادهٔ کنترل‌گر.</translation>
    </message>
    <message>
        <source>UDP discovery port (default %1).</source>
        <translation>درگاه UDP برای کشف (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>درگاه</translation>
    </message>
    <message>
        <source>Comma-separated broadcast addresses for discovery queries.</source>
        <translation>نشانی‌های پخش همگانی برای پرس‌وجوی کشف، جداشده با ویرگول.</translation>
    </message>
    <message>
        <source>addresses</source>
        <translation>فهرست</translation>
    </message>
    <message>
        <source>Control port of the local agent (default %1).</source>
        <translation>درگاه کنترل عامل محلی (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>Do not start an agent on this computer.</source>
        <translation>روی این رایانه عاملی راه‌اندازی نشود.</translation>
    </message>
    <message>
        <source>Seconds the local agent keeps running without a controller (default 300).</source>
        <translation>چند ثانیه عامل محلی بدون کنترل‌گر به کار ادامه دهد (پیش‌فرض 300).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>ثانیه</translation>
    </message>
    <message>
        <source>Also contact the agent at host[:port]; repeatable.</source>
        <translation>با عامل روی host[:port] هم تماس گرفته شود؛ قابل تکرار.</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>میزبان:درگاه</translation>
    </message>
    <message>
        <source>Interface language for this session: en or fa.</source>
        <translation>زبان رابط کاربری برای این نشست: en یا fa.</translation>
    </message>
    <message>
        <source>code</source>
        <translation>کد</translation>
    </message>
    <message>
        <source>--discovery-port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--discovery-port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--agent-port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--agent-port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--discovery-targets: not a list of IP addresses</source>
        <translation>⁦--discovery-targets:⁩ فهرستی از نشانی‌های IP نیست</translation>
    </message>
    <message>
        <source>Hamgam</source>
        <translation>هم‌گام</translation>
    </message>
    <message>
        <source>Discovery is off: cannot listen on UDP port %1: %2</source>
        <translation>کشف خاموش است: گوش دادن روی درگاه UDP %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>Local agent</source>
        <translation>عامل محلی</translation>
    </message>
    <message>
        <source>History database (default ~/.local/share/hamgam/history.sqlite).</source>
        <translation>پایگاه دادهٔ تاریخچه (پیش‌فرض ⁦~/.local/share/hamgam/history.sqlite⁩).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>مسیر</translation>
    </message>
    <message>
        <source>History</source>
        <translation>تاریخچه</translation>
    </message>
    <message>
        <source>The run history cannot be opened, so runs will not be kept:
%1</source>
        <translation>تاریخچهٔ اجراها باز نمی‌شود، پس اجراها نگه‌داری نخواهند شد:
%1</translation>
    </message>
    <message>
        <source>%1 (again)</source>
        <translation>%1 (دوباره)</translation>
    </message>
    <message>
        <source>The run history could not be read: %1</source>
        <translation>تاریخچهٔ اجراها خوانده نشد: %1</translation>
    </message>
    <message>
        <source>The run history could not be saved: %1</source>
        <translation>تاریخچهٔ اجراها ذخیره نشد: %1</translation>
    </message>
</context>
<context>
    <name>DeviceSeriesPlot</name>
    <message>
        <source>time since start</source>
        <translation>زمان از آغاز</translation>
    </message>
    <message>
        <source>utilization %</source>
        <translation>میزان استفاده (٪)</translation>
    </message>
    <message>
        <source>memory used %</source>
        <translation>حافظهٔ مصرفی (٪)</translation>
    </message>
    <message>
        <source>device</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>%1 (%2): %3 busy, %4 after the start</source>
        <translation>دستگاه %1 (%2): %3 مشغول، %4 پس از آغاز</translation>
    </message>
    <message>
        <source>%1 (%2): %3 of %4 in use (%5), %6 after the start</source>
        <translation>دستگاه %1 (%2): %3 از %4 در حال استفاده (%5)، %6 پس از آغاز</translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <source>memory busy %1%</source>
        <translation>فعالیت حافظه %1٪</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>%1 / %2 W</source>
        <translation>%1 / %2 وات</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 وات</translation>
    </message>
    <message>
        <source>SM %1 MHz</source>
        <translation>بسامد SM %1 مگاهرتز</translation>
    </message>
    <message>
        <source>graphics %1 MHz</source>
        <translation>بسامد گرافیک %1 مگاهرتز</translation>
    </message>
    <message>
        <source>memory %1 MHz</source>
        <translation>بسامد حافظه %1 مگاهرتز</translation>
    </message>
    <message>
        <source>PCIe tx %1/s rx %2/s</source>
        <translation>گذرگاه PCIe: ارسال %1 در ثانیه، دریافت %2 در ثانیه</translation>
    </message>
    <message>
        <source>slowed down: %1</source>
        <translation>کاهش بسامد: %1</translation>
    </message>
    <message>
        <source>lost: the GPU stopped answering (fell off the bus, or needs a reset)</source>
        <translation>از دست رفته: GPU دیگر پاسخ نمی‌دهد (از گذرگاه جدا شده است یا باید بازنشانی شود)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>نامعلوم</translation>
    </message>
    <message>
        <source>?</source>
        <translation>؟</translation>
    </message>
    <message>
        <source>(not found)</source>
        <translation>(یافت نشد)</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>فرایند %1</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message numerus="yes">
        <source>+%Ln more</source>
        <translation>
            <numerusform>%Ln مورد دیگر</numerusform>
        </translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
</context>
<context>
    <name>DoctorPanel</name>
    <message>
        <source>Nothing is holding the devices back.</source>
        <translation>چیزی جلوی کار دستگاه‌ها را نگرفته است.</translation>
    </message>
    <message>
        <source>%1, device %2</source>
        <translation>%1، دستگاه %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>← %1</translation>
    </message>
    <message>
        <source>Utilization doctor</source>
        <translation>عیب‌یاب میزان استفاده</translation>
    </message>
    <message>
        <source>Names which of the seven reasons for low GPU utilization is holding each device back, with the evidence and one thing to do.</source>
        <translation>نشان می‌دهد کدام‌یک از هفت علت کم بودن میزان استفاده از GPU جلوی کار هر دستگاه را گرفته است، همراه با شواهد و یک راهکار.</translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more finding(s) of lower or equal severity.</source>
        <translation>
            <numerusform>… و %Ln یافتهٔ دیگر با شدت کمتر یا برابر.</numerusform>
        </translation>
    </message>
    <message>
        <source>Needs attention: this holds a device back noticeably</source>
        <translation>نیازمند توجه: این مورد دستگاه را به‌طور محسوسی عقب نگه می‌دارد</translation>
    </message>
    <message>
        <source>Worth knowing: this holds a device back a little</source>
        <translation>دانستنی: این مورد دستگاه را اندکی عقب نگه می‌دارد</translation>
    </message>
    <message>
        <source>All clear</source>
        <translation>همه‌چیز روبه‌راه است</translation>
    </message>
    <message>
        <source>⚠ needs attention, ℹ worth knowing.</source>
        <translation>⚠ نیازمند توجه، ℹ دانستنی.</translation>
    </message>
    <message numerus="yes">
        <source>Over the last %Ln step(s), as the step split beside it. %1</source>
        <translation>
            <numerusform>در %Ln گام اخیر، همانند تفکیک زمان گام در کنار آن. %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation>، </translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>آماده</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>برنامه</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>Re-plan</source>
        <translation>بازبرنامه‌ریزی</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>ارزیابی</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>نقطهٔ وارسی</translation>
    </message>
    <message>
        <source>Training finished</source>
        <translation>آموزش پایان یافت</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>خطا</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>خروجی</translation>
    </message>
    <message>
        <source>State</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>Worker ended</source>
        <translation>پایان کارگر</translation>
    </message>
    <message>
        <source>Launched</source>
        <translation>راه‌اندازی شد</translation>
    </message>
    <message>
        <source>Elastic recovery</source>
        <translation>بازیابی کشسان</translation>
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
        <source>Warning</source>
        <translation>هشدار</translation>
    </message>
    <message>
        <source>From step %1</source>
        <translation>از گام %1</translation>
    </message>
    <message>
        <source>From step %1 (%2)</source>
        <translation>از گام %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %Ln rank(s), %2</source>
        <comment>strategy, ranks, model</comment>
        <translation>
            <numerusform>%1 روی %Ln رتبه، %2</numerusform>
        </translation>
    </message>
    <message>
        <source>equal shares</source>
        <translation>سهم‌های برابر</translation>
    </message>
    <message>
        <source>as the config sets them</source>
        <translation>چنان‌که پیکربندی تعیین کرده است</translation>
    </message>
    <message>
        <source>before the speeds are measured</source>
        <translation>پیش از سنجش سرعت‌ها</translation>
    </message>
    <message>
        <source>planned from the measured speeds</source>
        <translation>برنامه‌ریزی‌شده از روی سرعت‌های سنجیده</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1, loss %2, %3 samples/s</source>
        <translation>%1، زیان %2، %3 نمونه در ثانیه</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 ← %3</translation>
    </message>
    <message>
        <source>%1 (predicted %2 faster)</source>
        <translation>%1 (پیش‌بینی: %2 سریع‌تر)</translation>
    </message>
    <message>
        <source>accuracy %1 % at step %2</source>
        <translation>دقت %1٪ در گام %2</translation>
    </message>
    <message>
        <source>perplexity %1 at step %2</source>
        <translation>سرگشتگی %1 در گام %2</translation>
    </message>
    <message>
        <source>loss %1 at step %2</source>
        <translation>زیان %1 در گام %2</translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation>در گام %1</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>گام %1</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %Ln step(s)</source>
        <translation>
            <numerusform>پس از %Ln گام متوقف شد</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s)</source>
        <translation>
            <numerusform>%Ln گام</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln دستگاه</numerusform>
        </translation>
    </message>
    <message>
        <source>attempt %1</source>
        <translation>تلاش %1</translation>
    </message>
    <message>
        <source>%1, device %2</source>
        <translation>%1، دستگاه %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>رتبهٔ %1</translation>
    </message>
    <message>
        <source>%1, rank %2</source>
        <translation>%1، رتبهٔ %2</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the findings of a diagnosis</comment>
        <translation>؛ </translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>در حال آغاز</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>در حال توقف</translation>
    </message>
    <message>
        <source>first speed measurements</source>
        <translation>نخستین سنجش‌های سرعت</translation>
    </message>
    <message>
        <source>speeds changed</source>
        <translation>تغییر سرعت‌ها</translation>
    </message>
    <message>
        <source>resumed on other ranks</source>
        <translation>ازسرگیری روی رتبه‌های دیگر</translation>
    </message>
    <message>
        <source>a batch did not fit the device&apos;s memory</source>
        <translation>یک دسته در حافظهٔ دستگاه جا نشد</translation>
    </message>
    <message numerus="yes">
        <source>%1, … (%Ln in all)</source>
        <comment>the first numbers of a long list, then how many it has</comment>
        <translation>
            <numerusform>%1، … (روی‌هم %Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>load %1 on %Ln core(s)</source>
        <translation>
            <numerusform>بار %1 روی %Ln هسته</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 shared with %Ln process(es)</source>
        <translation>
            <numerusform>%1 مشترک با %Ln فرایند</numerusform>
        </translation>
    </message>
    <message>
        <source>Model written</source>
        <translation>مدل نوشته شد</translation>
    </message>
    <message numerus="yes">
        <source>%1, each in %Ln passes</source>
        <comment>a plan&apos;s batches, each taken in passes (gradient accumulation)</comment>
        <translation>
            <numerusform>%1، هر کدام در %Ln گذر</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>node, its batch</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <comment>node, its batch, each device&apos;s share</comment>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>%1 in %2 passes of %3</source>
        <comment>node and batch, passes, samples a pass</comment>
        <translation>%1 در %2 گذر %3تایی</translation>
    </message>
    <message>
        <source>%1 in %2 passes of up to %3</source>
        <comment>node and batch, passes, samples a pass</comment>
        <translation>%1 در %2 گذر تا %3تایی</translation>
    </message>
    <message>
        <source>%1, each share in %2 passes</source>
        <comment>node and its shares, passes</comment>
        <translation>%1، هر سهم در %2 گذر</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the nodes of a plan</comment>
        <translation>، </translation>
    </message>
    <message>
        <source>Link</source>
        <translation>پیوند شبکه</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 ثانیه</translation>
    </message>
    <message>
        <source>%1/s (%2 Mb/s) measured by step %3; exact: %4 of each step on the network</source>
        <translation>%1 بر ثانیه (%2 مگابیت بر ثانیه)، سنجیده تا گام %3؛ دقیق: %4 از هر گام روی شبکه</translation>
    </message>
    <message numerus="yes">
        <source>local steps every %Ln step(s): predicted %1× exact&apos;s speed (%2 a step against %3)</source>
        <translation>
            <numerusform>گام‌های محلی هر %Ln گام: پیش‌بینی %1 برابر سرعت حالت دقیق (%2 در هر گام در برابر %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>auto chose local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>حالت خودکار گام‌های محلی را برگزید، یک گام بیرونی هر %Ln گام</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>taking local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>با گام‌های محلی، یک گام بیرونی هر %Ln گام</numerusform>
        </translation>
    </message>
    <message>
        <source>exact steps are the fastest here</source>
        <translation>اینجا گام‌های دقیق از همه سریع‌ترند</translation>
    </message>
    <message>
        <source>%1 alone would be faster: %2 a step against the group&apos;s best %3; train on it alone</source>
        <translation>%1 به‌تنهایی سریع‌تر است: %2 در هر گام در برابر بهترینِ گروه، %3؛ فقط روی آن آموزش دهید</translation>
    </message>
</context>
<context>
    <name>FingerprintStore</name>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is not a valid fingerprint list: %2</source>
        <translation>پروندهٔ %1 فهرست معتبری از اثر انگشت‌ها نیست: %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a SHA-256 fingerprint (64 hex digits)</source>
        <translation>مقدار «%1» اثر انگشت SHA-256 نیست (۶۴ رقم مبنای ۱۶)</translation>
    </message>
    <message>
        <source>%1 is not in the list</source>
        <translation>اثر انگشت %1 در فهرست نیست</translation>
    </message>
</context>
<context>
    <name>FrameDecoder</name>
    <message>
        <source>empty frame</source>
        <translation>قاب خالی است</translation>
    </message>
    <message>
        <source>frame of %1 bytes exceeds the limit of %2 bytes</source>
        <translation>قاب %1 بایتی از حد %2 بایت بزرگ‌تر است</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Every field of a run config, its default and its limits.</source>
        <translation>همهٔ فیلدهای پیکربندی اجرا، با مقدار پیش‌فرض و محدودهٔ هر یک.</translation>
    </message>
    <message>
        <source>What holds a device back, as the Live tab&apos;s doctor tells it, and what to do.</source>
        <translation>آنچه دستگاه را عقب نگه می‌دارد، آن‌گونه که عیب‌یاب زبانهٔ پایش زنده می‌گوید، و کاری که باید کرد.</translation>
    </message>
    <message>
        <source>Installing Hamgam and its agent: packages, the SSH installer, autostart.</source>
        <translation>نصب هم‌گام و عامل آن: بسته‌ها، نصب‌کنندهٔ SSH، آغاز خودکار.</translation>
    </message>
    <message>
        <source>The training engine: each strategy, the bytes it sends and the memory it needs.</source>
        <translation>موتور آموزش: هر راهبرد، بایت‌هایی که می‌فرستد و حافظه‌ای که لازم دارد.</translation>
    </message>
    <message>
        <source>Trust between the app and the agents, and what a trusted controller can do.</source>
        <translation>اعتماد میان برنامه و عامل‌ها، و کارهایی که یک کنترل‌گر مورد اعتماد می‌تواند بکند.</translation>
    </message>
    <message>
        <source>What happens when a worker, an agent, a link or the app fails during a run.</source>
        <translation>آنچه رخ می‌دهد وقتی کارگر، عامل، پیوند شبکه یا خود برنامه در میانهٔ اجرا از کار بیفتد.</translation>
    </message>
    <message>
        <source>How Hamgam is built: its programs, layers and tests.</source>
        <translation>ساختار هم‌گام: برنامه‌ها، لایه‌ها و آزمون‌هایش.</translation>
    </message>
    <message>
        <source>The wire protocol between controllers and agents.</source>
        <translation>پروتکل ارتباطی میان کنترل‌گرها و عامل‌ها.</translation>
    </message>
    <message>
        <source>The run config as each training worker reads it.</source>
        <translation>پیکربندی اجرا آن‌گونه که هر کارگر آموزش آن را می‌خواند.</translation>
    </message>
    <message>
        <source>The events a training worker reports, line by line.</source>
        <translation>رویدادهایی که کارگر آموزش سطر به سطر گزارش می‌دهد.</translation>
    </message>
    <message>
        <source>Measured figures: strategies, memory, the agent&apos;s overhead, the interface.</source>
        <translation>ارقام اندازه‌گیری‌شده: راهبردها، حافظه، سربار عامل و رابط کاربری.</translation>
    </message>
    <message>
        <source>The Persian terms of the interface.</source>
        <translation>واژه‌های فارسی رابط کاربری.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Open Hamgam.&lt;/b&gt; &lt;code&gt;scripts/run&lt;/code&gt; builds it and opens it; &lt;i&gt;This computer&lt;/i&gt; appears under &lt;i&gt;Machines&lt;/i&gt; with its devices and live utilization, so you can train with no other machine around.</source>
        <translation>&lt;b&gt;هم‌گام را باز کنید.&lt;/b&gt; &lt;code&gt;scripts/run&lt;/code&gt; آن را می‌سازد و باز می‌کند؛ &lt;i&gt;این رایانه&lt;/i&gt; با دستگاه‌ها و میزان استفادهٔ زنده‌اش زیر &lt;i&gt;ماشین‌ها&lt;/i&gt; پدیدار می‌شود، پس بی هیچ ماشین دیگری هم می‌توانید آموزش دهید.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Make a training group.&lt;/b&gt; Drag &lt;i&gt;This computer&lt;/i&gt; (or any trusted machine, or one device line of it) from &lt;i&gt;Machines&lt;/i&gt; into &lt;i&gt;Training group&lt;/i&gt;. The first machine in the group hosts the workers&apos; rendezvous.</source>
        <translation>&lt;b&gt;یک گروه آموزش بسازید.&lt;/b&gt; &lt;i&gt;این رایانه&lt;/i&gt; (یا هر ماشین مورد اعتماد، یا یک سطر دستگاه از آن) را از &lt;i&gt;ماشین‌ها&lt;/i&gt; به &lt;i&gt;گروه آموزش&lt;/i&gt; بکشید. نخستین ماشین گروه میزبان هم‌رسی کارگرهاست.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Set up the run.&lt;/b&gt; In &lt;i&gt;Run setup&lt;/i&gt; choose the model, the dataset and the strategy; a line under each choice says what it does. A problem shows next to its field, and nothing starts while one remains.</source>
        <translation>&lt;b&gt;اجرا را برپا کنید.&lt;/b&gt; در &lt;i&gt;برپایی اجرا&lt;/i&gt; مدل، مجموعه‌داده و راهبرد را برگزینید؛ سطری زیر هر گزینه می‌گوید چه می‌کند. هر مشکل کنار فیلد خودش نمایش داده می‌شود و تا مشکلی مانده باشد، چیزی آغاز نمی‌شود.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Check, then start.&lt;/b&gt; &lt;b&gt;Check&lt;/b&gt; runs the pre-flight checks on every machine and starts nothing; &lt;b&gt;Start&lt;/b&gt; starts the run and opens the &lt;i&gt;Live&lt;/i&gt; tab: utilization and memory per device, where each step&apos;s time goes, the batch plan, loss, throughput and the utilization doctor&apos;s advice.</source>
        <translation>&lt;b&gt;نخست بررسی، سپس آغاز.&lt;/b&gt; &lt;b&gt;بررسی&lt;/b&gt; بررسی‌های پیش‌پرواز را روی همهٔ ماشین‌ها انجام می‌دهد و چیزی را آغاز نمی‌کند؛ &lt;b&gt;آغاز&lt;/b&gt; اجرا را آغاز می‌کند و زبانهٔ &lt;i&gt;پایش زنده&lt;/i&gt; را باز می‌کند: میزان استفاده و حافظهٔ هر دستگاه، اینکه زمان هر گام صرف چه می‌شود، برنامهٔ دسته‌ها، زیان، گذردهی و توصیهٔ عیب‌یاب میزان استفاده.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stop or abort.&lt;/b&gt; &lt;b&gt;Stop&lt;/b&gt; lets the workers write a checkpoint first (when the run has a checkpoint directory); &lt;b&gt;Abort&lt;/b&gt; ends them at once. A run goes on if the app closes.</source>
        <translation>&lt;b&gt;توقف یا لغو.&lt;/b&gt; &lt;b&gt;توقف&lt;/b&gt; می‌گذارد کارگرها نخست یک نقطهٔ وارسی بنویسند (اگر اجرا پوشهٔ نقطه‌های وارسی داشته باشد)؛ &lt;b&gt;لغو&lt;/b&gt; آن‌ها را بی‌درنگ پایان می‌دهد. اگر برنامه بسته شود، اجرا ادامه می‌یابد.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compare.&lt;/b&gt; Finished runs are in &lt;i&gt;History&lt;/i&gt;: select two or more and &lt;b&gt;Compare&lt;/b&gt;; &lt;b&gt;New run from this one&lt;/b&gt; opens a run&apos;s settings again. &lt;i&gt;File → Save run config…&lt;/i&gt; keeps the form as JSON.</source>
        <translation>&lt;b&gt;مقایسه کنید.&lt;/b&gt; اجراهای پایان‌یافته در &lt;i&gt;تاریخچه&lt;/i&gt; هستند: دو یا چند اجرا را برگزینید و &lt;b&gt;مقایسه&lt;/b&gt; را بزنید؛ &lt;b&gt;اجرای تازه از روی این&lt;/b&gt; تنظیمات یک اجرا را دوباره باز می‌کند. &lt;i&gt;پرونده ← ذخیرهٔ پیکربندی اجرا…&lt;/i&gt; فرم را به صورت JSON نگه می‌دارد.</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>آغاز سریع</translation>
    </message>
    <message>
        <source>More machines</source>
        <translation>ماشین‌های بیشتر</translation>
    </message>
    <message>
        <source>Start &lt;code&gt;hamgam-agent&lt;/code&gt; on each machine (or use &lt;i&gt;File → Install agent on a machine…&lt;/i&gt;), trust it, and it appears under &lt;i&gt;Machines&lt;/i&gt;. &lt;code&gt;scripts/local-lab&lt;/code&gt; starts three agents on this computer to try it.</source>
        <translation>روی هر ماشین &lt;code&gt;hamgam-agent&lt;/code&gt; را اجرا کنید (یا از &lt;i&gt;پرونده ← نصب عامل روی یک ماشین از راه دور…&lt;/i&gt; استفاده کنید) و به آن اعتماد کنید تا زیر &lt;i&gt;ماشین‌ها&lt;/i&gt; پدیدار شود. برای آزمودن، &lt;code&gt;scripts/local-lab&lt;/code&gt; سه عامل روی همین رایانه اجرا می‌کند.</translation>
    </message>
    <message>
        <source>From a terminal</source>
        <translation>از پایانه</translation>
    </message>
    <message>
        <source>&lt;code&gt;hamgamctl&lt;/code&gt; does the same from scripts:</source>
        <translation>همین کارها را &lt;code&gt;hamgamctl&lt;/code&gt; از درون اسکریپت‌ها انجام می‌دهد:</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>اسناد</translation>
    </message>
    <message>
        <source>The documents are in English. Click one to read it.</source>
        <translation>اسناد به زبان انگلیسی‌اند. برای خواندن هر یک روی آن کلیک کنید.</translation>
    </message>
    <message>
        <source>Hamgam Help</source>
        <translation>راهنمای هم‌گام</translation>
    </message>
    <message>
        <source>&lt;b&gt;Take the model.&lt;/b&gt; &lt;i&gt;History → Export model…&lt;/i&gt; brings the model a run trained into a folder: &lt;code&gt;model.pt&lt;/code&gt; loads in PyTorch with &lt;code&gt;torch.jit.load&lt;/code&gt;, and &lt;code&gt;model.json&lt;/code&gt; says what goes in and what comes out.</source>
        <translation>&lt;b&gt;مدل را بردارید.&lt;/b&gt; &lt;i&gt;تاریخچه ← خروجی مدل…&lt;/i&gt; مدلی را که یک اجرا آموزش داده به یک پوشه می‌آورد: &lt;code&gt;model.pt&lt;/code&gt; در PyTorch با &lt;code&gt;torch.jit.load&lt;/code&gt; بار می‌شود و &lt;code&gt;model.json&lt;/code&gt; می‌گوید چه وارد می‌شود و چه بیرون می‌آید.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Share the lab.&lt;/b&gt; Where several students use the same machines, set your name once in &lt;i&gt;Tools → Settings → Lab&lt;/i&gt;. The &lt;i&gt;Shared lab&lt;/i&gt; tab shows who holds each device and until when, the queue and a week of bookings (&lt;b&gt;Book…&lt;/b&gt; reserves devices ahead); &lt;b&gt;Queue&lt;/b&gt; beside &lt;b&gt;Start&lt;/b&gt; waits for busy devices instead of being refused. The lab admin sets the rules.</source>
        <translation>&lt;b&gt;آزمایشگاه را به اشتراک بگذارید.&lt;/b&gt; جایی که چند دانشجو از همان ماشین‌ها استفاده می‌کنند، نام خود را یک بار در &lt;i&gt;ابزارها ← ویرایش تنظیمات ← آزمایشگاه&lt;/i&gt; بنویسید. زبانهٔ &lt;i&gt;آزمایشگاه مشترک&lt;/i&gt; نشان می‌دهد هر دستگاه در دست کیست و تا کی، صف و رزروهای یک هفته را (&lt;b&gt;رزرو…&lt;/b&gt; دستگاه‌ها را از پیش نگه می‌دارد)؛ &lt;b&gt;افزودن به صف&lt;/b&gt; کنار &lt;b&gt;آغاز&lt;/b&gt; به جای رد شدن، منتظر دستگاه‌های مشغول می‌ماند. مدیر آزمایشگاه قواعد را تعیین می‌کند.</translation>
    </message>
    <message>
        <source>A lab shared by several students: who holds each device, the queue, bookings and the admin&apos;s rules.</source>
        <translation>آزمایشگاهی که چند دانشجو در آن شریک‌اند: هر دستگاه در دست کیست، صف، رزروها و قواعد مدیر.</translation>
    </message>
    <message>
        <source>Checking the engine on a machine with NVIDIA GPUs: one prepared script and what it reports.</source>
        <translation>وارسی موتور روی ماشینی با GPUهای NVIDIA: یک اسکریپت آماده و آنچه گزارش می‌دهد.</translation>
    </message>
</context>
<context>
    <name>HistoryCommands</name>
    <message>
        <source>List past and current runs, newest first.</source>
        <translation>فهرست اجراهای گذشته و جاری، از تازه‌ترین.</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>چاپ JSON.</translation>
    </message>
    <message>
        <source>status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>راهبرد</translation>
    </message>
    <message>
        <source>Only runs whose name contains this.</source>
        <translation>فقط اجراهایی که نامشان این متن را دارد.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>متن</translation>
    </message>
    <message>
        <source>hamgamctl runs takes no arguments</source>
        <translation>⁦hamgamctl runs⁩ آرگومانی نمی‌گیرد</translation>
    </message>
    <message>
        <source>No runs yet. Start one with: hamgamctl run CONFIG</source>
        <translation>هنوز اجرایی نیست. با این فرمان یکی آغاز کنید: hamgamctl run CONFIG</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>شناسه</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>STRATEGY</source>
        <translation>راهبرد</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>CREATED</source>
        <translation>تاریخ ساخت</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>STEPS</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>LOSS</source>
        <translation>زیان</translation>
    </message>
    <message>
        <source>SAMPLES/S</source>
        <translation>نمونه/ثانیه</translation>
    </message>
    <message>
        <source>WAIT %</source>
        <translation>انتظار (٪)</translation>
    </message>
    <message>
        <source>Show one run: its status, summary, nodes, per-rank timing and notable events.</source>
        <translation>نمایش یک اجرا: وضعیت، خلاصه، گره‌ها، زمان‌های هر رتبه و رویدادهای مهم.</translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation>شناسهٔ اجرا (یا نویسه‌های آغازینش) یا نام آن.</translation>
    </message>
    <message>
        <source>hamgamctl show: give one run</source>
        <translation>⁦hamgamctl show:⁩ یک اجرا را مشخص کنید</translation>
    </message>
    <message>
        <source>Run %1 &quot;%2&quot;</source>
        <translation>اجرای %1 «%2»</translation>
    </message>
    <message>
        <source>  status:   %1</source>
        <translation>  وضعیت:   %1</translation>
    </message>
    <message>
        <source>  status:   %1 (%2)</source>
        <translation>  وضعیت:   %1 (%2)</translation>
    </message>
    <message>
        <source>  strategy: %1, model %2, global batch %3</source>
        <translation>  راهبرد: %1، مدل %2، دستهٔ سراسری %3</translation>
    </message>
    <message>
        <source>  duration: %1, steps %2, final loss %3, %4 samples/s, mean wait %5%</source>
        <translation>  مدت: %1، گام‌ها %2، زیان پایانی %3، %4 نمونه در ثانیه، میانگین انتظار %5٪</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>گره</translation>
    </message>
    <message>
        <source>RANKS</source>
        <translation>رتبه</translation>
    </message>
    <message>
        <source>RANK</source>
        <translation>رتبه</translation>
    </message>
    <message>
        <source>BATCH</source>
        <translation>دسته</translation>
    </message>
    <message>
        <source>DATA MS</source>
        <translation>داده (ms)</translation>
    </message>
    <message>
        <source>COMPUTE MS</source>
        <translation>محاسبه (ms)</translation>
    </message>
    <message>
        <source>WAIT MS</source>
        <translation>انتظار (ms)</translation>
    </message>
    <message>
        <source>COMM MS</source>
        <translation>ارتباط (ms)</translation>
    </message>
    <message>
        <source>OPT MS</source>
        <translation>بهینه‌ساز (ms)</translation>
    </message>
    <message>
        <source>Run ids (or their first characters) or names.</source>
        <translation>شناسه‌های اجراها (یا نویسه‌های آغازینشان) یا نام‌هایشان.</translation>
    </message>
    <message>
        <source>METRIC</source>
        <translation>سنجه</translation>
    </message>
    <message>
        <source>name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>final loss</source>
        <translation>زیان پایانی</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>نمونه در ثانیه</translation>
    </message>
    <message>
        <source>mean wait %</source>
        <translation>میانگین انتظار (٪)</translation>
    </message>
    <message>
        <source>max wait %</source>
        <translation>بیشینهٔ انتظار (٪)</translation>
    </message>
    <message>
        <source>The configs are the same (apart from the name).</source>
        <translation>پیکربندی‌ها (به جز نام) یکسان‌اند.</translation>
    </message>
    <message>
        <source>CONFIG FIELD</source>
        <translation>فیلد پیکربندی</translation>
    </message>
    <message>
        <source>Export a run&apos;s data as CSV files (ISO dates, plain digits) into a directory: steps.csv, events.csv, telemetry.csv and run.json.</source>
        <translation>خروجی گرفتن از داده‌های یک اجرا به صورت پرونده‌های CSV (تاریخ‌های ISO، رقم‌های لاتین) در یک پوشه: steps.csv، events.csv، telemetry.csv و run.json.</translation>
    </message>
    <message>
        <source>Directory to write the files into.</source>
        <translation>پوشه‌ای که پرونده‌ها در آن نوشته می‌شوند.</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>hamgamctl export: give one run and --csv DIR</source>
        <translation>⁦hamgamctl export:⁩ یک اجرا و ⁦--csv DIR⁩ بدهید</translation>
    </message>
    <message>
        <source>hamgamctl export: --csv DIR is required</source>
        <translation>⁦hamgamctl export: --csv DIR⁩ لازم است</translation>
    </message>
    <message>
        <source>hamgamctl export: %1</source>
        <translation>hamgamctl export: %1</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>%1 در %2 نوشته شد</translation>
    </message>
    <message>
        <source>%1: no run &quot;%2&quot;</source>
        <translation>%1: اجرای «%2» وجود ندارد</translation>
    </message>
    <message numerus="yes">
        <source>%1: &quot;%2&quot; matches %n run(s); give more of the id:</source>
        <translation>
            <numerusform>%1: «%2» با %n اجرا جور درمی‌آید؛ بخش بخش بیشتری از شناسه را بنویسید:</numerusform>
        </translation>
    </message>
    <message>
        <source>hamgamctl runs: --%1: unknown value &quot;%2&quot;; choose from %3</source>
        <translation>⁦hamgamctl runs: --%1:⁩ مقدار ناشناختهٔ «%2»؛ یکی از این‌ها را برگزینید: %3</translation>
    </message>
    <message>
        <source>Only runs with this status: %1 (repeatable, or separated by commas; any case).</source>
        <translation>فقط اجراهای با این وضعیت: %1 (قابل تکرار، یا جداشده با ویرگول؛ حروف کوچک و بزرگ یکسان).</translation>
    </message>
    <message>
        <source>Only runs of this strategy: %1 (repeatable, or separated by commas; any case).</source>
        <translation>فقط اجراهای این راهبرد: %1 (قابل تکرار، یا جداشده با ویرگول؛ حروف کوچک و بزرگ یکسان).</translation>
    </message>
    <message numerus="yes">
        <source>No run matches these filters (%n run(s) in the history; hamgamctl runs lists them all).</source>
        <translation>
            <numerusform>هیچ اجرایی با این پالایه‌ها جور نیست (%n اجرا در تاریخچه هست؛ hamgamctl runs همه را فهرست می‌کند).</numerusform>
        </translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>FINAL BATCH</source>
        <translation>دستهٔ پایانی</translation>
    </message>
    <message>
        <source>Plan from step %1: %2</source>
        <translation>برنامه از گام %1: %2</translation>
    </message>
    <message>
        <source>Re-plan at step %1: %2</source>
        <translation>بازبرنامه‌ریزی در گام %1: %2</translation>
    </message>
    <message>
        <source>Re-plan at step %1 (%2): %3</source>
        <translation>بازبرنامه‌ریزی در گام %1 (%2): %3</translation>
    </message>
    <message>
        <source>busy at start</source>
        <translation>پرکار در آغاز</translation>
    </message>
    <message>
        <source>no</source>
        <translation>خیر</translation>
    </message>
    <message>
        <source>; </source>
        <translation>؛ </translation>
    </message>
    <message>
        <source>Note: %1 started on busy machines; its speed says as much about them as about its settings.</source>
        <translation>یادداشت: اجرای %1 روی ماشین‌های پرکار آغاز شد؛ سرعت آن همان‌قدر از آن ماشین‌ها می‌گوید که از تنظیماتش.</translation>
    </message>
    <message>
        <source>Only runs whose name, tags or note contain this.</source>
        <translation>فقط اجراهایی که نام، برچسب‌ها یا یادداشتشان این متن را دارد.</translation>
    </message>
    <message>
        <source>Compare 2 to 100 runs: a summary table, and the config fields that differ.</source>
        <translation>مقایسهٔ ۲ تا ۱۰۰ اجرا: جدول خلاصه و فیلدهای متفاوت پیکربندی.</translation>
    </message>
    <message>
        <source>hamgamctl compare: give 2 to 100 runs</source>
        <translation>⁦hamgamctl compare:⁩ ۲ تا ۱۰۰ اجرا بدهید</translation>
    </message>
    <message>
        <source>accuracy %</source>
        <translation>دقت (٪)</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>سرگشتگی</translation>
    </message>
    <message>
        <source>  gradients: %1</source>
        <translation>  گرادیان‌ها: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>HistorySchema</name>
    <message>
        <source>cannot read the history database&apos;s version: %1</source>
        <translation>خواندن نسخهٔ پایگاه دادهٔ تاریخچه ممکن نشد: %1</translation>
    </message>
    <message>
        <source>the history database has version %1, newer than this Hamgam (%2); use a newer Hamgam or another --history file</source>
        <translation>نسخهٔ پایگاه دادهٔ تاریخچه %1 است که از این هم‌گام (%2) جدیدتر است؛ از هم‌گام جدیدتر یا پروندهٔ دیگری با ⁦--history⁩ استفاده کنید</translation>
    </message>
    <message>
        <source>cannot start a transaction: %1</source>
        <translation>آغاز تراکنش ممکن نشد: %1</translation>
    </message>
    <message>
        <source>migrating the history to version %1 failed: %2</source>
        <translation>ارتقای تاریخچه به نسخهٔ %1 ناموفق بود: %2</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>cannot open the history %1: %2</source>
        <translation>باز کردن تاریخچهٔ %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>the history %1 is damaged (%2); move it away to start a new one</source>
        <translation>تاریخچهٔ %1 آسیب دیده است (%2)؛ برای آغاز تاریخچهٔ تازه، آن را جابه‌جا کنید</translation>
    </message>
    <message>
        <source>no run %1</source>
        <translation>اجرای %1 وجود ندارد</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>ساختن %1 ممکن نشد</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
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
        <source>Compare</source>
        <translation>مقایسه</translation>
    </message>
    <message>
        <source>Compare %1 to %2 selected runs: curves, throughput, waiting, utilization and the settings that differ</source>
        <translation>مقایسهٔ %1 تا %2 اجرای برگزیده: منحنی‌ها، گذردهی، انتظار، میزان استفاده و تنظیمات متفاوت</translation>
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
        <source>Export runs to</source>
        <translation>خروجی اجراها در</translation>
    </message>
    <message>
        <source>Either way the values stay machine-readable: ISO dates and ASCII digits.</source>
        <translation>در هر دو حالت مقدارها ماشین‌خوان می‌مانند: تاریخ‌های ISO و رقم‌های لاتین.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) written to %1</source>
        <translation>
            <numerusform>%Ln پرونده در %1 نوشته شد</numerusform>
        </translation>
    </message>
    <message>
        <source>History</source>
        <translation>تاریخچه</translation>
    </message>
    <message>
        <source>Filter by name, tag or note</source>
        <translation>پالایش بر پایهٔ نام، برچسب یا یادداشت</translation>
    </message>
    <message>
        <source>Show only runs whose name, tags or note contain this text</source>
        <translation>فقط اجراهایی که نام، برچسب‌ها یا یادداشتشان این متن را دارد</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>خروجی…</translation>
    </message>
    <message>
        <source>Write the selected runs&apos; data, machines, differing settings and charts into a folder</source>
        <translation>نوشتن داده‌ها، ماشین‌ها، تنظیمات متفاوت و نمودارهای اجراهای برگزیده در یک پوشه</translation>
    </message>
    <message>
        <source>Export runs</source>
        <translation>خروجی اجراها</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>برگزینید…</translation>
    </message>
    <message>
        <source>Data of each run: steps, events and telemetry as CSV, the run as JSON</source>
        <translation>داده‌های هر اجرا: گام‌ها، رویدادها و تله‌متری به صورت CSV و خود اجرا به صورت JSON</translation>
    </message>
    <message>
        <source>Machines of each run: devices, ranks and final plan (nodes.csv)</source>
        <translation>ماشین‌های هر اجرا: دستگاه‌ها، رتبه‌ها و برنامهٔ پایانی (nodes.csv)</translation>
    </message>
    <message>
        <source>The settings that differ between the runs (settings.csv)</source>
        <translation>تنظیماتی که میان اجراها متفاوت است (settings.csv)</translation>
    </message>
    <message>
        <source>The run&apos;s settings (settings.csv)</source>
        <translation>تنظیمات اجرا (settings.csv)</translation>
    </message>
    <message>
        <source>Charts: loss, evaluation, throughput and waiting as PNG and PDF</source>
        <translation>نمودارها: زیان، ارزیابی، گذردهی و انتظار به صورت PNG و PDF</translation>
    </message>
    <message>
        <source>Column names in English</source>
        <translation>نام ستون‌ها به انگلیسی</translation>
    </message>
    <message>
        <source>Column names in %1</source>
        <translation>نام ستون‌ها به %1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>خروجی</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>محتوا</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>سرستون‌ها</translation>
    </message>
    <message>
        <source>Export model…</source>
        <translation>خروجی مدل…</translation>
    </message>
    <message>
        <source>Bring the model this run trained (step %1) into a folder, as TorchScript for PyTorch and LibTorch</source>
        <translation>مدلی را که این اجرا آموزش داده (گام %1) به‌صورت TorchScript برای PyTorch و LibTorch در یک پوشه بیاورید</translation>
    </message>
    <message>
        <source>Select one run to bring the model it trained</source>
        <translation>یک اجرا را برگزینید تا مدلِ آموزش‌دیده‌اش آورده شود</translation>
    </message>
    <message>
        <source>Bringing the trained model…</source>
        <translation>در حال آوردن مدلِ آموزش‌دیده…</translation>
    </message>
    <message>
        <source>Bringing the trained model: %1 of %2</source>
        <translation>در حال آوردن مدلِ آموزش‌دیده: %1 از %2</translation>
    </message>
    <message>
        <source>The trained model is in %1 (model.pt, model.json)</source>
        <translation>مدلِ آموزش‌دیده در %1 است (model.pt و model.json)</translation>
    </message>
    <message>
        <source>The model could not be brought: %1</source>
        <translation>آوردن مدل ممکن نشد: %1</translation>
    </message>
    <message>
        <source>Export the trained model to a folder</source>
        <translation>برون‌بردن مدل آموزش‌دیده به یک پوشه</translation>
    </message>
    <message>
        <source>Replace the model?</source>
        <translation>مدل جایگزین شود؟</translation>
    </message>
    <message>
        <source>%1 already holds a trained model. Replace it with this run&apos;s?</source>
        <translation>در %1 از پیش یک مدل آموزش‌دیده هست. با مدل این اجرا جایگزین شود؟</translation>
    </message>
</context>
<context>
    <name>HostPort</name>
    <message>
        <source>&quot;%1&quot; is not a host name or address with an optional :port</source>
        <translation>مقدار «%1» نام میزبان یا نشانی (با درگاه اختیاری پس از «:») نیست</translation>
    </message>
</context>
<context>
    <name>Identity</name>
    <message>
        <source>%1 is missing; delete %2 to create a new identity</source>
        <translation>پروندهٔ %1 وجود ندارد؛ برای ساختن هویت تازه، %2 را پاک کنید</translation>
    </message>
    <message>
        <source>the key file %1 can be read by other users; run: chmod 600 %1</source>
        <translation>پروندهٔ کلید %1 را کاربران دیگر هم می‌توانند بخوانند؛ اجرا کنید: chmod 600 %1</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1 does not hold a valid EC private key</source>
        <translation>پروندهٔ %1 کلید خصوصی EC معتبری ندارد</translation>
    </message>
    <message>
        <source>%1 does not hold a valid certificate</source>
        <translation>پروندهٔ %1 گواهی معتبری ندارد</translation>
    </message>
    <message>
        <source>cannot generate a key</source>
        <translation>ساختن کلید ممکن نشد</translation>
    </message>
    <message>
        <source>cannot sign the certificate</source>
        <translation>امضای گواهی ممکن نشد</translation>
    </message>
    <message>
        <source>cannot encode the key</source>
        <translation>کدگذاری کلید ممکن نشد</translation>
    </message>
</context>
<context>
    <name>InstallCommand</name>
    <message>
        <source>Install hamgam-agent on machines over SSH and start it, trusting this controller and pinned here, so it appears trusted in `hamgamctl nodes` and the app. Per-user mode (the default) puts the programs in ~/.local/bin and starts them from a systemd user unit (or a crontab @reboot entry where systemctl --user is missing); it needs the runtime libraries to be there already and names the packages that are not. Package mode (--mode deb) uploads the hamgam-agent .deb and installs it with sudo apt-get.</source>
        <translation>نصب hamgam-agent روی ماشین‌ها از راه SSH و راه‌اندازی آن، به‌گونه‌ای که به این کنترل‌گر اعتماد کند و اینجا هم ثبت شود، تا در ⁦`hamgamctl nodes`⁩ و در برنامه مورد اعتماد دیده شود. در حالت کاربری (پیش‌فرض) برنامه‌ها در ⁦~/.local/bin⁩ قرار می‌گیرند و از یک واحد کاربری systemd (یا، جایی که systemctl --user نیست، از یک مدخل crontab @reboot) راه‌اندازی می‌شوند؛ در این حالت کتابخانه‌های زمان اجرا باید از پیش روی ماشین باشند و نام بسته‌های ناموجود گفته می‌شود. در حالت بسته (⁦--mode deb⁩) بستهٔ ⁦.deb⁩ برنامهٔ hamgam-agent به ماشین فرستاده و با sudo apt-get نصب می‌شود.</translation>
    </message>
    <message>
        <source>Replace the agent on machines where the SSH installer put it, keeping its identity and trust list, and restart it.</source>
        <translation>جایگزین کردن عامل روی ماشین‌هایی که نصب‌کنندهٔ SSH آن را نصب کرده است، با حفظ هویت و فهرست اعتماد آن، و راه‌اندازی دوباره‌اش.</translation>
    </message>
    <message>
        <source>Stop the agent on machines and remove everything the SSH installer put there (programs, service or crontab entry, key, trust list), and forget it here.</source>
        <translation>توقف عامل روی ماشین‌ها و حذف هر آنچه نصب‌کنندهٔ SSH آنجا گذاشته است (برنامه‌ها، سرویس یا مدخل crontab، کلید، فهرست اعتماد)، و فراموش کردن آن در اینجا.</translation>
    </message>
    <message>
        <source>Restart the agent on machines and wait until it answers.</source>
        <translation>راه‌اندازی دوبارهٔ عامل روی ماشین‌ها و انتظار تا پاسخ دهد.</translation>
    </message>
    <message>
        <source>Say whether the agent is installed on machines, how, which version, whether it runs and whether it answers this controller.</source>
        <translation>گزارش اینکه عامل روی ماشین‌ها نصب است یا نه، به چه روشی و با کدام نسخه، آیا در حال اجراست و آیا به این کنترل‌گر پاسخ می‌دهد.</translation>
    </message>
    <message>
        <source>Exit codes: 0 the agent runs and answers on every machine, 1 a machine could not be checked, 2 bad usage, 3 an agent is missing or does not answer, 4 a host key was refused, 5 cancelled.</source>
        <translation>کدهای خروج: 0 عامل روی همهٔ ماشین‌ها اجرا می‌شود و پاسخ می‌دهد، 1 یک ماشین بررسی نشد، 2 کاربرد نادرست، 3 عاملی نصب نیست یا پاسخ نمی‌دهد، 4 یک کلید میزبان رد شد، 5 لغو شد.</translation>
    </message>
    <message>
        <source>Exit codes: 0 every machine succeeded, 1 a machine failed, 2 bad usage, 4 a host key was refused (unknown without --yes or an answer, or changed), 5 cancelled.</source>
        <translation>کدهای خروج: 0 روی همهٔ ماشین‌ها موفق بود، 1 روی یک ماشین ناموفق بود، 2 کاربرد نادرست، 4 یک کلید میزبان رد شد (ناشناخته و بدون ⁦--yes⁩ یا پاسخ، یا تغییرکرده)، 5 لغو شد.</translation>
    </message>
    <message>
        <source>Machines, as [user@]host[:ssh-port]; several run at once.</source>
        <translation>ماشین‌ها، به شکل [user@]host[:ssh-port]؛ چند ماشین هم‌زمان پردازش می‌شوند.</translation>
    </message>
    <message>
        <source>HOST...</source>
        <translation>میزبان...</translation>
    </message>
    <message>
        <source>SSH user (default: ~/.ssh/config&apos;s, else yours).</source>
        <translation>کاربر SSH (پیش‌فرض: آنچه در ⁦~/.ssh/config⁩ آمده، وگرنه کاربر خودتان).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>SSH port (default: ~/.ssh/config&apos;s, else 22).</source>
        <translation>درگاه SSH (پیش‌فرض: آنچه در ⁦~/.ssh/config⁩ آمده، وگرنه 22).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>درگاه</translation>
    </message>
    <message>
        <source>Private key file (default: ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa).</source>
        <translation>پروندهٔ کلید خصوصی (پیش‌فرض: ssh-agent، سپس ⁦~/.ssh/id_ed25519⁩، id_ecdsa و id_rsa).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>پرونده</translation>
    </message>
    <message>
        <source>Read a secret from the first line of stdin and offer it for the key&apos;s passphrase, the SSH password and sudo.</source>
        <translation>خواندن یک رمز از نخستین سطر stdin و به کار بردن آن برای عبارت عبور کلید، گذرواژهٔ SSH و sudo.</translation>
    </message>
    <message>
        <source>Accept an unknown host key after printing its fingerprint (a changed key is always refused). Without it, an unknown key is asked about on the terminal, and refused when stdin is not a terminal.</source>
        <translation>پذیرفتن کلید میزبان ناشناخته پس از چاپ اثر انگشتش (کلید تغییرکرده همیشه رد می‌شود). بدون این گزینه، دربارهٔ کلید ناشناخته در پایانه پرسیده می‌شود، و اگر stdin پایانه نباشد، کلید رد می‌شود.</translation>
    </message>
    <message>
        <source>known_hosts file (default ~/.ssh/known_hosts).</source>
        <translation>پروندهٔ known_hosts (پیش‌فرض ⁦~/.ssh/known_hosts⁩).</translation>
    </message>
    <message>
        <source>Do not read ~/.ssh/config or /etc/ssh/ssh_config.</source>
        <translation>پرونده‌های ⁦~/.ssh/config⁩ و ⁦/etc/ssh/ssh_config⁩ خوانده نشوند.</translation>
    </message>
    <message>
        <source>The agent&apos;s TLS control port (default %1).</source>
        <translation>درگاه کنترل TLS عامل (پیش‌فرض %1).</translation>
    </message>
    <message>
        <source>Seconds to wait for the agent to answer after starting it (default 30).</source>
        <translation>چند ثانیه پس از راه‌اندازی عامل برای پاسخ آن صبر شود (پیش‌فرض 30).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>ثانیه</translation>
    </message>
    <message>
        <source>Controller configuration directory (default ~/.config/hamgam).</source>
        <translation>پوشهٔ پیکربندی کنترل‌گر (پیش‌فرض ⁦~/.config/hamgam⁩).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Controller data directory (default ~/.local/share/hamgam).</source>
        <translation>پوشهٔ دادهٔ کنترل‌گر (پیش‌فرض ⁦~/.local/share/hamgam⁩).</translation>
    </message>
    <message>
        <source>user: per-user under ~/.local (default; no root needed); deb: the Debian package through sudo apt-get, as a system service.</source>
        <translation>⁦user:⁩ نصب کاربری در ⁦~/.local⁩ (پیش‌فرض؛ بدون نیاز به root)؛ deb: بستهٔ دبیان با sudo apt-get، به‌صورت سرویس سیستمی.</translation>
    </message>
    <message>
        <source>user|deb</source>
        <translation>user|deb</translation>
    </message>
    <message>
        <source>Install only; do not start the agent or wait for it.</source>
        <translation>فقط نصب؛ بدون راه‌اندازی عامل و انتظار برای آن.</translation>
    </message>
    <message>
        <source>More hamgam-agent options for the installed service, e.g. &quot;--name lab-07 --telemetry-hz 2&quot;.</source>
        <translation>گزینه‌های بیشتر hamgam-agent برای سرویس نصب‌شده، مثلاً «⁦--name lab-07 --telemetry-hz 2⁩».</translation>
    </message>
    <message>
        <source>options</source>
        <translation>گزینه</translation>
    </message>
    <message>
        <source>The hamgam-agent to upload (default: the one next to hamgamctl).</source>
        <translation>برنامهٔ hamgam-agent برای ارسال (پیش‌فرض: همانی که کنار hamgamctl است).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>مسیر</translation>
    </message>
    <message>
        <source>The hamgam-worker to upload (default: the one next to hamgamctl).</source>
        <translation>برنامهٔ hamgam-worker برای ارسال (پیش‌فرض: همانی که کنار hamgamctl است).</translation>
    </message>
    <message>
        <source>Upload the agent without hamgam-worker (telemetry only).</source>
        <translation>ارسال عامل بدون hamgam-worker (فقط تله‌متری).</translation>
    </message>
    <message>
        <source>The hamgam-agent .deb for --mode deb (default: the newest in the build directory).</source>
        <translation>بستهٔ ⁦.deb⁩ برنامهٔ hamgam-agent برای ⁦--mode deb⁩ (پیش‌فرض: تازه‌ترین بسته در پوشهٔ ساخت).</translation>
    </message>
    <message>
        <source>Keep the agent&apos;s key, node id and trust list.</source>
        <translation>نگه داشتن کلید، شناسهٔ گره و فهرست اعتماد عامل.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: give at least one host</source>
        <translation>%1: دست‌کم یک میزبان بدهید</translation>
    </message>
    <message>
        <source>--port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--agent-port: &quot;%1&quot; is not a port number</source>
        <translation>⁦--agent-port:⁩ «%1» شمارهٔ درگاه نیست</translation>
    </message>
    <message>
        <source>--timeout: must be between 1 and 3600 seconds</source>
        <translation>⁦--timeout:⁩ باید بین 1 و 3600 ثانیه باشد</translation>
    </message>
    <message>
        <source>--identity: cannot read %1</source>
        <translation>⁦--identity:⁩ خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>--mode: &quot;%1&quot; is neither user nor deb</source>
        <translation>⁦--mode:⁩ «%1» نه user است نه deb</translation>
    </message>
    <message>
        <source>--password-stdin: the first line of stdin is empty</source>
        <translation>⁦--password-stdin:⁩ نخستین سطر stdin خالی است</translation>
    </message>
    <message>
        <source>hamgamctl: %1</source>
        <translation>hamgamctl: %1</translation>
    </message>
    <message>
        <source>[%1] %2 (%3/%4)</source>
        <translation>[%1] %2 (%3/%4)</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>[%1] Accepted (--yes).</source>
        <translation>[%1] پذیرفته شد (⁦--yes⁩).</translation>
    </message>
    <message>
        <source>Accept? [y/N] </source>
        <translation>پذیرفته شود؟ [y/N] </translation>
    </message>
    <message>
        <source>y</source>
        <translation>ب</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>بله</translation>
    </message>
    <message>
        <source>[%1] Refused: stdin is not a terminal. Check the fingerprint, then run again with --yes to accept it.</source>
        <translation>[%1] رد شد: stdin پایانه نیست. اثر انگشت را بررسی کنید، سپس برای پذیرفتن، دوباره با ⁦--yes⁩ اجرا کنید.</translation>
    </message>
    <message>
        <source>[%1] No answer: stdin is not a terminal (use --password-stdin).</source>
        <translation>[%1] بی‌پاسخ: stdin پایانه نیست (از ⁦--password-stdin⁩ استفاده کنید).</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>در حال لغو…</translation>
    </message>
    <message>
        <source>MACHINE</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>INSTALLED</source>
        <translation>نصب</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>حالت</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>نسخه</translation>
    </message>
    <message>
        <source>RUNNING</source>
        <translation>در اجرا</translation>
    </message>
    <message>
        <source>ANSWERS</source>
        <translation>پاسخ</translation>
    </message>
    <message>
        <source>AUTOSTART</source>
        <translation>آغاز خودکار</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>گره</translation>
    </message>
    <message>
        <source>no</source>
        <translation>خیر</translation>
    </message>
    <message>
        <source>yes, %1:%2</source>
        <translation>بله، %1:%2</translation>
    </message>
    <message>
        <source>ACTION</source>
        <translation>کار</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>نتیجه</translation>
    </message>
    <message>
        <source>DETAILS</source>
        <translation>جزئیات</translation>
    </message>
    <message>
        <source>trusted, answering on %1:%2, node %3, fingerprint %4</source>
        <translation>مورد اعتماد، پاسخ‌گو روی %1:%2، گره %3، اثر انگشت %4</translation>
    </message>
    <message>
        <source>installed, not started (--no-start)</source>
        <translation>نصب شد، راه‌اندازی نشد (⁦--no-start⁩)</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>حذف شد</translation>
    </message>
</context>
<context>
    <name>InstallDialog</name>
    <message>
        <source>Install agent over SSH</source>
        <translation>نصب عامل از راه SSH</translation>
    </message>
    <message>
        <source>Installs the Hamgam agent on machines you can reach with SSH, on all of them at once. The agent trusts this computer (fingerprint %1) and is pinned here, so it appears trusted in the Machines list without a prompt. Unknown host keys are shown and asked about; passwords and passphrases are asked for when needed and never stored.</source>
        <translation>عامل هم‌گام را هم‌زمان روی همهٔ ماشین‌هایی نصب می‌کند که از راه SSH به آن‌ها دسترسی دارید. عامل به این رایانه (اثر انگشت %1) اعتماد می‌کند و اثر انگشت خودش اینجا ثبت می‌شود، پس بی‌هیچ پرسشی در فهرست ماشین‌ها مورد اعتماد نشان داده می‌شود. کلیدهای میزبان ناشناخته نمایش داده می‌شوند و دربارهٔ آن‌ها از شما پرسیده می‌شود؛ گذرواژه‌ها و عبارت‌های عبور هر جا لازم باشد پرسیده می‌شوند و هرگز ذخیره نمی‌شوند.</translation>
    </message>
    <message>
        <source>&amp;Machines:</source>
        <translation>ماشین‌های راه د&amp;ور:</translation>
    </message>
    <message>
        <source>host names or addresses, separated by spaces: lab-01 lab-02 user@10.0.0.7:2222</source>
        <translation>نام‌های میزبان یا نشانی‌ها، جداشده با فاصله: ⁦lab-01 lab-02 user@10.0.0.7:2222⁩</translation>
    </message>
    <message>
        <source>SSH &amp;user:</source>
        <translation>کا&amp;ربر SSH:</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else %1</source>
        <translation>از ⁦~/.ssh/config⁩، وگرنه %1</translation>
    </message>
    <message>
        <source>SSH &amp;port:</source>
        <translation>&amp;درگاه SSH:</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else 22</source>
        <translation>از ⁦~/.ssh/config⁩، وگرنه ۲۲</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>پر&amp;وندهٔ کلید:</translation>
    </message>
    <message>
        <source>ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa</source>
        <translation>نخست ⁦ssh-agent⁩، سپس ⁦~/.ssh/id_ed25519⁩، ⁦id_ecdsa⁩ و ⁦id_rsa⁩</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>مرو&amp;ر…</translation>
    </message>
    <message>
        <source>&amp;Action:</source>
        <translation>&amp;اقدام:</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>نصب</translation>
    </message>
    <message>
        <source>Upgrade</source>
        <translation>ارتقا</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>راه‌اندازی دوباره</translation>
    </message>
    <message>
        <source>Check status</source>
        <translation>بررسی وضعیت</translation>
    </message>
    <message>
        <source>Uninstall</source>
        <translation>حذف نصب</translation>
    </message>
    <message>
        <source>&amp;How:</source>
        <translation>طر&amp;ز نصب:</translation>
    </message>
    <message>
        <source>Per user, under ~/.local (no root needed; the libraries must be there)</source>
        <translation>حالت کاربری، در ⁦~/.local⁩ (بدون نیاز به root؛ کتابخانه‌ها باید از پیش آنجا باشند)</translation>
    </message>
    <message>
        <source>Debian package, with sudo apt-get (brings its libraries along)</source>
        <translation>بستهٔ دبیان، با sudo apt-get (کتابخانه‌هایش را هم با خود می‌آورد)</translation>
    </message>
    <message>
        <source>Agent &amp;control port:</source>
        <translation>&amp;درگاه کنترل عامل:</translation>
    </message>
    <message>
        <source>Agent &amp;options:</source>
        <translation>گزینه‌های &amp;اضافی عامل:</translation>
    </message>
    <message>
        <source>more hamgam-agent options, e.g. --name lab-07 --telemetry-hz 2</source>
        <translation>گزینه‌های بیشتر ⁦hamgam-agent⁩، مثلاً ⁦--name lab-07 --telemetry-hz 2⁩</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>&amp;انصراف</translation>
    </message>
    <message>
        <source>Stop the machines still in progress; nothing half-uploaded stays behind</source>
        <translation>توقف کار ماشین‌هایی که هنوز در جریان‌اند؛ هیچ پروندهٔ نیمه‌کاره‌ای بر جا نمی‌ماند</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>آغاز</translation>
    </message>
    <message>
        <source>SSH private key</source>
        <translation>کلید خصوصی SSH</translation>
    </message>
    <message>
        <source>Give at least one machine: a host name or address.</source>
        <translation>دست‌کم یک ماشین را مشخص کنید: نام میزبان یا نشانی.</translation>
    </message>
    <message>
        <source>Cannot read the key file %1.</source>
        <translation>خواندن پروندهٔ کلید %1 ممکن نشد.</translation>
    </message>
    <message>
        <source>No hamgam-agent package was found next to this program. Build it with `cmake --build build --target package`, or install per user.</source>
        <translation>هیچ بستهٔ hamgam-agent کنار این برنامه پیدا نشد. آن را با ⁦`cmake --build build --target package`⁩ بسازید، یا در حالت کاربری نصب کنید.</translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 از %3)</translation>
    </message>
    <message>
        <source>Unknown host key of %1</source>
        <translation>کلید میزبان ناشناختهٔ %1</translation>
    </message>
    <message>
        <source>&amp;Connect and remember</source>
        <translation>&amp;اتصال و به خاطر سپردن</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>&amp;رد کردن</translation>
    </message>
    <message>
        <source>Key passphrase</source>
        <translation>عبارت عبور کلید</translation>
    </message>
    <message>
        <source>Password for sudo</source>
        <translation>گذرواژهٔ sudo</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>گذرواژهٔ SSH</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>Installations are still running. Cancel them and close? Nothing half-uploaded stays behind.</source>
        <translation>نصب‌ها هنوز در جریان‌اند. لغو شوند و پنجره بسته شود؟ هیچ پروندهٔ نیمه‌کاره‌ای بر جا نمی‌ماند.</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else the local user name</source>
        <translation>از ⁦~/.ssh/config⁩، وگرنه نام کاربر محلی</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; is not in your known_hosts yet.&lt;/p&gt;&lt;p&gt;Its %2 host key fingerprint is&lt;br&gt;&lt;/p&gt;&lt;pre&gt;%3&lt;/pre&gt;&lt;p&gt;Compare it with what &lt;code&gt;ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub&lt;/code&gt; prints on that machine. Connect and remember this key?&lt;/p&gt;</source>
        <translation>&lt;p&gt;میزبان &lt;b&gt;%1&lt;/b&gt; هنوز در known_hosts شما نیست.&lt;/p&gt;&lt;p&gt;اثر انگشت کلید میزبان آن (از نوع %2) چنین است:&lt;br&gt;&lt;/p&gt;&lt;pre&gt;%3&lt;/pre&gt;&lt;p&gt;آن را با خروجی &lt;code&gt;ssh-keygen -lf ⁦/etc/ssh/ssh_host_*_key.pub⁩&lt;/code&gt; روی همان ماشین مقایسه کنید. متصل شویم و این کلید به خاطر سپرده شود؟&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>InstallJob</name>
    <message>
        <source>%1: cancelled</source>
        <translation>%1: لغو شد</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the remote command failed with exit status %1</source>
        <translation>فرمان راه دور با وضعیت خروج %1 ناموفق بود</translation>
    </message>
    <message>
        <source>%1 (exit status %2)</source>
        <translation>%1 (وضعیت خروج %2)</translation>
    </message>
    <message>
        <source>Wrong passphrase. Passphrase for the SSH key %1:</source>
        <translation>عبارت عبور نادرست است. عبارت عبور کلید SSH %1:</translation>
    </message>
    <message>
        <source>Passphrase for the SSH key %1:</source>
        <translation>عبارت عبور کلید SSH %1:</translation>
    </message>
    <message>
        <source>The password was not accepted. Password for %1@%2:</source>
        <translation>گذرواژه پذیرفته نشد. گذرواژهٔ %1@%2:</translation>
    </message>
    <message>
        <source>Password for %1@%2:</source>
        <translation>گذرواژهٔ %1@%2:</translation>
    </message>
    <message>
        <source>sudo did not accept the password. Password of %1 for sudo on %2:</source>
        <translation>⁦sudo⁩ گذرواژه را نپذیرفت. گذرواژهٔ %1 برای sudo روی %2:</translation>
    </message>
    <message>
        <source>Password of %1 for sudo on %2:</source>
        <translation>گذرواژهٔ %1 برای sudo روی %2:</translation>
    </message>
    <message>
        <source>no host given</source>
        <translation>میزبانی داده نشده است</translation>
    </message>
    <message>
        <source>WARNING: the host key of %1 has CHANGED. Someone may be intercepting the connection, or the machine was reinstalled. It now offers the %2 key %3. Nothing was sent. If you know why it changed, remove the old key with: ssh-keygen -R &apos;%4&apos; -f %5</source>
        <translation>هشدار: کلید میزبان %1 تغییر کرده است! ممکن است کسی ارتباط را شنود کند، یا ماشین دوباره نصب شده باشد. اکنون کلیدی از نوع %2 با اثر انگشت %3 ارائه می‌دهد. چیزی فرستاده نشد. اگر علت تغییر را می‌دانید، کلید قدیمی را با این فرمان حذف کنید: ssh-keygen -R &apos;%4&apos; -f %5</translation>
    </message>
    <message>
        <source>WARNING: %1 offers a %2 host key (%3), but %4 holds a key of another type for it. Someone may be intercepting the connection. Nothing was sent. If you know why, remove the old key with: ssh-keygen -R &apos;%5&apos; -f %4</source>
        <translation>هشدار: %1 کلید میزبانی از نوع %2 (%3) ارائه می‌دهد، ولی در %4 کلیدی از نوع دیگر برای آن ثبت است. ممکن است کسی ارتباط را شنود کند. چیزی فرستاده نشد. اگر علت را می‌دانید، کلید قدیمی را با این فرمان حذف کنید: ssh-keygen -R &apos;%5&apos; -f %4</translation>
    </message>
    <message>
        <source>%1 is not in %2 yet. Its %3 host key fingerprint is
  %4
Compare it with what `ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub` prints on that machine. Connect and remember this key?</source>
        <translation>%1 هنوز در %2 نیست. اثر انگشت کلید میزبان آن (از نوع %3) چنین است:
  %4
آن را با خروجی ⁦`ssh-keygen -lf⁩ ⁦/etc/ssh/ssh_host_*_key.pub⁩` روی همان ماشین مقایسه کنید. وصل شویم و این کلید به خاطر سپرده شود؟</translation>
    </message>
    <message>
        <source>the host key %1 of %2 was not accepted; nothing was sent</source>
        <translation>کلید میزبان %2 (%1) پذیرفته نشد؛ چیزی فرستاده نشد</translation>
    </message>
    <message>
        <source>Added the %1 host key %2 of %3 to %4.</source>
        <translation>کلید میزبان %3 از نوع %1 (%2) به %4 افزوده شد.</translation>
    </message>
    <message>
        <source>no passphrase was given for %1</source>
        <translation>عبارت عبوری برای %1 داده نشد</translation>
    </message>
    <message>
        <source>the server does not accept the key %1</source>
        <translation>سرور کلید %1 را نمی‌پذیرد</translation>
    </message>
    <message>
        <source>the server refused the password for %1</source>
        <translation>سرور گذرواژهٔ %1 را رد کرد</translation>
    </message>
    <message>
        <source>no key was accepted and no password was given for %1</source>
        <translation>هیچ کلیدی پذیرفته نشد و گذرواژه‌ای برای %1 داده نشد</translation>
    </message>
    <message>
        <source>%1, and no password was given for %2</source>
        <translation>%1، و گذرواژه‌ای برای %2 داده نشد</translation>
    </message>
    <message>
        <source>cannot sign in as %1: the server offers %2%3</source>
        <translation>ورود با کاربر %1 ممکن نشد: روش‌های پیشنهادی سرور: %2%3</translation>
    </message>
    <message>
        <source>the remote HOME is not an absolute path (&quot;%1&quot;)</source>
        <translation>متغیر HOME در ماشین راه دور مسیر مطلق نیست («%1»)</translation>
    </message>
    <message>
        <source>no Hamgam agent is installed on %1; install it first</source>
        <translation>هیچ عامل هم‌گامی روی %1 نصب نیست؛ نخست آن را نصب کنید</translation>
    </message>
    <message>
        <source>hamgam-agent %1 is installed as a Debian package on %2. Upgrade it in package mode, or uninstall it first.</source>
        <translation>⁦hamgam-agent %1⁩ روی %2 به‌صورت بستهٔ دبیان نصب است. آن را در حالت بسته ارتقا دهید، یا نخست نصبش را حذف کنید.</translation>
    </message>
    <message>
        <source>a per-user agent (%1) is installed on %2. Upgrade it in per-user mode, or uninstall it first.</source>
        <translation>یک عامل کاربری (%1) روی %2 نصب است. آن را در حالت کاربری ارتقا دهید، یا نخست نصبش را حذف کنید.</translation>
    </message>
    <message>
        <source>unknown version</source>
        <translation>نسخهٔ نامعلوم</translation>
    </message>
    <message>
        <source>no Hamgam agent is installed on %1</source>
        <translation>هیچ عامل هم‌گامی روی %1 نصب نیست</translation>
    </message>
    <message>
        <source>the agent program to upload was not found: %1</source>
        <translation>برنامهٔ عامل برای ارسال پیدا نشد: %1</translation>
    </message>
    <message>
        <source>%1 is a %2 machine, but the agent to upload is built for %3</source>
        <translation>%1 ماشینی با معماری %2 است، ولی عامل ارسالی برای %3 ساخته شده است</translation>
    </message>
    <message>
        <source>hamgam-worker was not found on this computer, so the agent on %1 is installed without it: it reports its devices but cannot run training.</source>
        <translation>برنامهٔ hamgam-worker روی این رایانه پیدا نشد، پس عامل روی %1 بدون آن نصب می‌شود: دستگاه‌هایش را گزارش می‌دهد ولی نمی‌تواند آموزش اجرا کند.</translation>
    </message>
    <message>
        <source>the package to upload was not found: &quot;%1&quot;. Build it with `cmake --build build --target package`, or give its path.</source>
        <translation>بستهٔ ارسالی پیدا نشد: «%1». آن را با ⁦`cmake --build build --target package`⁩ بسازید، یا مسیرش را بدهید.</translation>
    </message>
    <message>
        <source>%1 has no apt-get: package mode needs Debian or a derivative; use the per-user mode</source>
        <translation>%1 فرمان apt-get ندارد: حالت بسته به دبیان یا توزیعی برگرفته از آن نیاز دارد؛ از حالت کاربری استفاده کنید</translation>
    </message>
    <message>
        <source>%1 is a %2 machine, but the package is for %3</source>
        <translation>%1 ماشینی با معماری %2 است، ولی بسته برای %3 است</translation>
    </message>
    <message>
        <source>only %1 MiB are free in %2 on %3; the agent needs about %4 MiB</source>
        <translation>فقط %1 MiB در %2 روی %3 آزاد است؛ عامل حدود %4 MiB لازم دارد</translation>
    </message>
    <message>
        <source>hamgam-agent %1 is installed on %2; it is replaced by %3.</source>
        <translation>⁦hamgam-agent %1⁩ روی %2 نصب است؛ با %3 جایگزین می‌شود.</translation>
    </message>
    <message>
        <source>(unknown version)</source>
        <translation>(نسخهٔ نامعلوم)</translation>
    </message>
    <message>
        <source>cannot create an upload directory: %1</source>
        <translation>ساختن پوشهٔ ارسال ممکن نشد: %1</translation>
    </message>
    <message>
        <source>ldd is not available on %1, so the shared libraries were not checked.</source>
        <translation>فرمان ldd روی %1 در دسترس نیست، پس کتابخانه‌های اشتراکی بررسی نشدند.</translation>
    </message>
    <message>
        <source>Install them there with: sudo apt-get install %1</source>
        <translation>آن‌ها را آنجا با این فرمان نصب کنید: sudo apt-get install %1</translation>
    </message>
    <message>
        <source>(No package is known for %1.)</source>
        <translation>(برای %1 بسته‌ای شناخته نیست.)</translation>
    </message>
    <message>
        <source>%1 lacks shared libraries the agent needs: %2. %3 Or install in package mode, which brings them along. Nothing was installed.</source>
        <translation>روی %1 کتابخانه‌های اشتراکی موردنیاز عامل نیست: %2. %3 یا در حالت بسته نصب کنید که آن‌ها را همراه می‌آورد. چیزی نصب نشد.</translation>
    </message>
    <message>
        <source>%1 on %2 is not a valid trust list; fix or remove it</source>
        <translation>پروندهٔ %1 روی %2 فهرست اعتماد معتبری نیست؛ آن را درست یا حذف کنید</translation>
    </message>
    <message>
        <source>hamgam-agent --fingerprint failed: %1</source>
        <translation>⁦hamgam-agent --fingerprint⁩ ناموفق بود: %1</translation>
    </message>
    <message>
        <source>/var/lib/hamgam-agent/trusted-controllers.json on %1 is not a valid trust list</source>
        <translation>پروندهٔ ⁦/var/lib/hamgam-agent/trusted-controllers.json⁩ روی %1 فهرست اعتماد معتبری نیست</translation>
    </message>
    <message>
        <source>the agent did not print its fingerprint: %1</source>
        <translation>عامل اثر انگشتش را چاپ نکرد: %1</translation>
    </message>
    <message>
        <source>Lingering could not be enabled on %1 (%2): the agent starts when %3 logs in, not at boot, and stops when the last session ends. An administrator can run there: sudo loginctl enable-linger %3</source>
        <translation>فعال کردن lingering روی %1 ممکن نشد (%2): عامل هنگام ورود %3 آغاز می‌شود، نه هنگام راه‌اندازی سیستم، و با پایان آخرین نشست متوقف می‌شود. مدیر سیستم می‌تواند آنجا اجرا کند: sudo loginctl enable-linger %3</translation>
    </message>
    <message>
        <source>systemctl --user is not available on %1, so the agent starts at boot from a crontab @reboot entry instead of a systemd user unit.</source>
        <translation>فرمان systemctl --user روی %1 در دسترس نیست، پس عامل به جای واحد کاربری systemd، با یک مدخل crontab @reboot هنگام راه‌اندازی سیستم آغاز می‌شود.</translation>
    </message>
    <message>
        <source>Neither systemctl --user nor crontab is available on %1: the agent is started now but will not start again after a reboot.</source>
        <translation>روی %1 نه systemctl --user در دسترس است و نه crontab: عامل اکنون راه‌اندازی شد، ولی پس از راه‌اندازی دوبارهٔ سیستم خودبه‌خود آغاز نمی‌شود.</translation>
    </message>
    <message>
        <source>the agent answering on %1:%2 shows the fingerprint %3, but the one installed has %4; another program may hold that port</source>
        <translation>عاملی که روی %1:%2 پاسخ می‌دهد اثر انگشت %3 را نشان می‌دهد، ولی عامل نصب‌شده اثر انگشت %4 دارد؛ شاید برنامهٔ دیگری آن درگاه را گرفته باشد</translation>
    </message>
    <message>
        <source>The agent on %1 does not trust this controller.</source>
        <translation>عامل روی %1 به این کنترل‌گر اعتماد ندارد.</translation>
    </message>
    <message>
        <source>the agent on %1 does not trust this controller (%2)</source>
        <translation>عامل روی %1 به این کنترل‌گر اعتماد ندارد (%2)</translation>
    </message>
    <message numerus="yes">
        <source>the agent does not answer on %1:%2 after %n second(s): %3. Is a firewall in the way?</source>
        <translation>
            <numerusform>عامل پس از %n ثانیه روی %1:%2 پاسخ نمی‌دهد: %3. آیا دیوارهٔ آتش مانع است؟</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2; lingering stays on.</source>
        <translation>%1 روی %2؛ lingering روشن می‌ماند.</translation>
    </message>
    <message>
        <source>%1 is not root on %2 and sudo is not installed there: sign in as root, or use the per-user mode</source>
        <translation>کاربر %1 روی %2 کاربر root نیست و sudo هم آنجا نصب نیست: با root وارد شوید، یا از حالت کاربری استفاده کنید</translation>
    </message>
    <message>
        <source>no password was given for sudo on %1</source>
        <translation>گذرواژه‌ای برای sudo روی %1 داده نشد</translation>
    </message>
    <message>
        <source>sudo refused the password of %1 on %2: %3</source>
        <translation>⁦sudo⁩ گذرواژهٔ %1 را روی %2 رد کرد: %3</translation>
    </message>
    <message>
        <source>controller on %1 (SSH installer)</source>
        <translation>کنترل‌گر روی %1 (نصب‌کنندهٔ SSH)</translation>
    </message>
</context>
<context>
    <name>InstallJobsModel</name>
    <message>
        <source>Machine</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>پیشرفت</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>نتیجه</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>در انتظار</translation>
    </message>
    <message>
        <source>installed %1 (%2), not started</source>
        <translation>نسخهٔ %1 نصب شد (حالت %2)، راه‌اندازی نشد</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>حذف شد</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>نصب نیست</translation>
    </message>
    <message>
        <source>%1 %2, %3; %4, %5</source>
        <translation>حالت %1، نسخهٔ %2، %3؛ %4، %5</translation>
    </message>
    <message>
        <source>running</source>
        <translation>در حال اجرا</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>در حال اجرا نیست</translation>
    </message>
    <message>
        <source>answering on port %1</source>
        <translation>پاسخ‌گو روی درگاه %1</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>پاسخ نمی‌دهد</translation>
    </message>
    <message>
        <source>Agent fingerprint: %1</source>
        <translation>اثر انگشت عامل: %1</translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 از %3)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1٪</translation>
    </message>
    <message>
        <source>%1 %2, %3: trusted, answering on %4</source>
        <translation>حالت %1، نسخهٔ %2، %3: مورد اعتماد، پاسخ‌گو روی %4</translation>
    </message>
</context>
<context>
    <name>InstallText</name>
    <message>
        <source>install</source>
        <translation>نصب</translation>
    </message>
    <message>
        <source>upgrade</source>
        <translation>ارتقا</translation>
    </message>
    <message>
        <source>uninstall</source>
        <translation>حذف نصب</translation>
    </message>
    <message>
        <source>restart</source>
        <translation>راه‌اندازی دوباره</translation>
    </message>
    <message>
        <source>status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>اتصال</translation>
    </message>
    <message>
        <source>Host key</source>
        <translation>کلید میزبان</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>ورود</translation>
    </message>
    <message>
        <source>Inspect the machine</source>
        <translation>بررسی ماشین</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>ارسال پرونده‌ها</translation>
    </message>
    <message>
        <source>Check libraries</source>
        <translation>بررسی کتابخانه‌ها</translation>
    </message>
    <message>
        <source>Install files</source>
        <translation>نصب پرونده‌ها</translation>
    </message>
    <message>
        <source>Install package</source>
        <translation>نصب بسته</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>اعتماد</translation>
    </message>
    <message>
        <source>Autostart</source>
        <translation>آغاز خودکار</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>آغاز</translation>
    </message>
    <message>
        <source>Wait for the agent</source>
        <translation>انتظار برای عامل</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>توقف</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>done</source>
        <translation>انجام شد</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>ناموفق!</translation>
    </message>
    <message>
        <source>REFUSED</source>
        <translation>رد شد!</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>لغو شد</translation>
    </message>
    <message>
        <source>per-user</source>
        <translation>کاربری</translation>
    </message>
    <message>
        <source>package</source>
        <translation>بسته</translation>
    </message>
    <message>
        <source>systemd user unit</source>
        <translation>واحد کاربری systemd</translation>
    </message>
    <message>
        <source>crontab @reboot</source>
        <translation>crontab @reboot</translation>
    </message>
    <message>
        <source>system service</source>
        <translation>سرویس سیستمی</translation>
    </message>
    <message>
        <source>no autostart</source>
        <translation>بدون آغاز خودکار</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not [user@]host[:port]</source>
        <translation>«%1» به شکل [user@]host[:port] نیست</translation>
    </message>
</context>
<context>
    <name>JournalFollower</name>
    <message>
        <source>run %1 on this machine is another user&apos;s: only its summary can be read</source>
        <translation>اجرای %1 روی این ماشین از آنِ کاربر دیگری است: فقط خلاصهٔ آن را می‌توان خواند</translation>
    </message>
</context>
<context>
    <name>LabBookingDialog</name>
    <message>
        <source>Book devices</source>
        <translation>رزرو دستگاه‌ها</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>دستگاه %1</translation>
    </message>
    <message>
        <source>device %1: %2</source>
        <translation>دستگاه %1: %2</translation>
    </message>
    <message>
        <source>what it is for, e.g. thesis runs</source>
        <translation>برای چه کاری، مثلاً اجراهای پایان‌نامه</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;از:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>تا:</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>یا&amp;دداشت:</translation>
    </message>
    <message>
        <source>Choose the devices. A booking on several machines is made on all of them or on none; one that overlaps another is refused.</source>
        <translation>دستگاه‌ها را برگزینید. رزرو روی چند ماشین یا روی همهٔ آن‌ها انجام می‌شود یا روی هیچ‌کدام؛ رزروی که با رزرو دیگری هم‌پوشانی داشته باشد پذیرفته نمی‌شود.</translation>
    </message>
    <message>
        <source>Book</source>
        <translation>رزرو</translation>
    </message>
    <message>
        <source>Choose at least one device.</source>
        <translation>دست‌کم یک دستگاه برگزینید.</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>پایان باید پس از آغاز باشد.</translation>
    </message>
</context>
<context>
    <name>LabBookingsPage</name>
    <message>
        <source>All machines</source>
        <translation>همهٔ ماشین‌ها</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Previous week</source>
        <translation>هفتهٔ پیش</translation>
    </message>
    <message>
        <source>Next week</source>
        <translation>هفتهٔ بعد</translation>
    </message>
    <message>
        <source>This week</source>
        <translation>این هفته</translation>
    </message>
    <message>
        <source>Book…</source>
        <translation>رزرو…</translation>
    </message>
    <message>
        <source>Book devices for the time selected on the calendar</source>
        <translation>رزرو دستگاه‌ها برای زمانی که در تقویم برگزیده‌اید</translation>
    </message>
    <message>
        <source>Show one machine&apos;s bookings only</source>
        <translation>نمایش رزروهای فقط یک ماشین</translation>
    </message>
    <message>
        <source>Drag over a day to select the hours, then press Book… Your own bookings have a dark outline; their context menu cancels them.</source>
        <translation>برای برگزیدن ساعت‌ها روی یک روز بکشید، سپس «رزرو…» را بزنید. رزروهای خودتان حاشیهٔ تیره دارند؛ منوی زمینهٔ هر کدام آن را لغو می‌کند.</translation>
    </message>
</context>
<context>
    <name>LabCommands</name>
    <message>
        <source>warning: %1</source>
        <translation>هشدار: %1</translation>
    </message>
    <message>
        <source>free</source>
        <translation>آزاد</translation>
    </message>
    <message>
        <source>leased</source>
        <translation>اجاره‌شده</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>در حال آغاز</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>رزروشده</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1٪</translation>
    </message>
    <message>
        <source>Show or set your user name in the lab: agents record it with every run, lease and booking.</source>
        <translation>نمایش یا تعیین نام کاربری شما در آزمایشگاه: عامل‌ها آن را با هر اجرا، اجاره و رزرو ثبت می‌کنند.</translation>
    </message>
    <message>
        <source>The new user name (optional).</source>
        <translation>نام کاربری تازه (اختیاری).</translation>
    </message>
    <message>
        <source>[NAME]</source>
        <translation>[NAME]</translation>
    </message>
    <message>
        <source>usage: hamgamctl user [NAME]</source>
        <translation>کاربرد: hamgamctl user [NAME]</translation>
    </message>
    <message>
        <source>hamgamctl user: &quot;%1&quot; is not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit</source>
        <translation>⁦hamgamctl user:⁩ نام کاربری «%1» درست نیست: از ۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-» استفاده کنید، با حرف یا رقم در آغاز</translation>
    </message>
    <message>
        <source>You are %1 in the lab from now on.</source>
        <translation>از این پس نام شما در آزمایشگاه %1 است.</translation>
    </message>
    <message>
        <source>Every device of the lab: free, leased or reserved, by whom, since and until when, and its utilization over the last 24 hours and 7 days.</source>
        <translation>همهٔ دستگاه‌های آزمایشگاه: آزاد، اجاره‌شده یا رزروشده، در اختیار چه کسی، از کی و تا کی، و میزان استفاده‌اش در ۲۴ ساعت و ۷ روز گذشته.</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>چاپ JSON.</translation>
    </message>
    <message>
        <source>usage: hamgamctl lab [options]</source>
        <translation>کاربرد: hamgamctl lab [options]</translation>
    </message>
    <message>
        <source>MACHINE</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>کاربر</translation>
    </message>
    <message>
        <source>RUN</source>
        <translation>اجرا</translation>
    </message>
    <message>
        <source>SINCE</source>
        <translation>از</translation>
    </message>
    <message>
        <source>UNTIL</source>
        <translation>تا</translation>
    </message>
    <message>
        <source>NOW</source>
        <translation>اکنون</translation>
    </message>
    <message>
        <source>24H</source>
        <translation>۲۴ ساعت</translation>
    </message>
    <message>
        <source>7D</source>
        <translation>۷ روز</translation>
    </message>
    <message>
        <source>NEXT BOOKING</source>
        <translation>رزرو بعدی</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 از %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>No machine answered: is an agent running and trusted? (hamgamctl nodes)</source>
        <translation>هیچ ماشینی پاسخ نداد: آیا عاملی در حال اجراست و به آن اعتماد شده است؟ (hamgamctl nodes)</translation>
    </message>
    <message>
        <source>The runs waiting for their devices, in the order they will start, with the estimated start.</source>
        <translation>اجراهای منتظر دستگاه‌هایشان، به ترتیبی که آغاز خواهند شد، با آغاز تخمینی.</translation>
    </message>
    <message>
        <source>usage: hamgamctl queue [options]</source>
        <translation>کاربرد: hamgamctl queue [options]</translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation>صف خالی است.</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>ESTIMATED START</source>
        <translation>آغاز تخمینی</translation>
    </message>
    <message>
        <source>WAITING FOR</source>
        <translation>در انتظار</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 و %Ln ماشین دیگر</numerusform>
        </translation>
    </message>
    <message>
        <source>never, as asked</source>
        <translation>هرگز، به شکلی که خواسته شده</translation>
    </message>
    <message>
        <source>Take a queued run out of the queue (a run that already started is aborted).</source>
        <translation>بیرون بردن یک اجرای در صف از صف (اجرایی که آغاز شده باشد لغو می‌شود).</translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation>شناسهٔ اجرا (یا نویسه‌های آغازینش) یا نام آن.</translation>
    </message>
    <message>
        <source>usage: hamgamctl cancel [options] RUN</source>
        <translation>کاربرد: hamgamctl cancel [options] RUN</translation>
    </message>
    <message>
        <source>hamgamctl cancel: %1</source>
        <translation>hamgamctl cancel: %1</translation>
    </message>
    <message>
        <source>run %1: taken out of the queue</source>
        <translation>اجرای %1: از صف بیرون برده شد</translation>
    </message>
    <message>
        <source>run %1 has ended already: %2</source>
        <translation>اجرای %1 پیش‌تر پایان یافته است: %2</translation>
    </message>
    <message>
        <source>run %1: %2%3</source>
        <translation>اجرای %1: %2%3</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>، %1</translation>
    </message>
    <message>
        <source>the run did not leave the queue in time</source>
        <translation>اجرا به‌موقع از صف بیرون نیامد</translation>
    </message>
    <message>
        <source>Wait until a run ends (a queued run: until it has started and ended). Exit code: 0 finished, 1 failed, 3 no such run, 5 stopped, aborted or taken out of the queue, 6 still going at --timeout.</source>
        <translation>انتظار تا پایان یک اجرا (اجرای در صف: تا آغاز و پایانش). کد خروج: 0 پایان‌یافته، 1 ناموفق، 3 چنین اجرایی نیست، 5 متوقف، لغو یا از صف بیرون برده شد، 6 در زمان ⁦--timeout⁩ هنوز ادامه دارد.</translation>
    </message>
    <message>
        <source>Give up after this long (&quot;90m&quot;, &quot;2h&quot;; default: never).</source>
        <translation>دست کشیدن پس از این مدت («90m»، «2h»؛ پیش‌فرض: هرگز).</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>usage: hamgamctl wait [options] RUN</source>
        <translation>کاربرد: hamgamctl wait [options] RUN</translation>
    </message>
    <message>
        <source>hamgamctl wait: --timeout: &quot;%1&quot; is not a duration</source>
        <translation>⁦hamgamctl wait: --timeout:⁩ «%1» مدت زمان نیست</translation>
    </message>
    <message>
        <source>hamgamctl wait: no run &quot;%1&quot;</source>
        <translation>⁦hamgamctl wait:⁩ اجرای «%1» وجود ندارد</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>اجرای %1: %2</translation>
    </message>
    <message>
        <source>run %1 is still going</source>
        <translation>اجرای %1 هنوز ادامه دارد</translation>
    </message>
    <message>
        <source>Book devices for a time window (a thesis deadline): other users&apos; runs and queued runs keep off them. On several machines, all or none are booked.</source>
        <translation>رزرو دستگاه‌ها برای یک بازهٔ زمانی (مهلت پایان‌نامه): اجراهای کاربران دیگر و اجراهای در صف سراغ این دستگاه‌ها نمی‌روند. روی چند ماشین، یا همه رزرو می‌شوند یا هیچ‌کدام.</translation>
    </message>
    <message>
        <source>A machine, with the devices to book after a colon (&quot;gpu-box:0,1&quot;); all its devices without. Repeatable.</source>
        <translation>یک ماشین، با دستگاه‌های رزروی پس از دونقطه («gpu-box:0,1»)؛ بدون آن، همهٔ دستگاه‌هایش. قابل تکرار.</translation>
    </message>
    <message>
        <source>machine[:devices]</source>
        <translation>ماشین[:دستگاه]</translation>
    </message>
    <message>
        <source>Start: &quot;2026-12-07 09:00&quot;, &quot;now&quot; or &quot;+2h&quot;.</source>
        <translation>آغاز: «2026-12-07 09:00»، «now» یا «+2h».</translation>
    </message>
    <message>
        <source>time</source>
        <translation>زمان</translation>
    </message>
    <message>
        <source>End, as --from, or a length after it (&quot;+3d&quot;).</source>
        <translation>پایان، مانند ⁦--from⁩، یا مدتی پس از آن («+3d»).</translation>
    </message>
    <message>
        <source>What it is for.</source>
        <translation>برای چه کاری است.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>متن</translation>
    </message>
    <message>
        <source>usage: hamgamctl reserve --node MACHINE[:DEVICES] --from TIME --to TIME</source>
        <translation>کاربرد: hamgamctl reserve --node MACHINE[:DEVICES] --from TIME --to TIME</translation>
    </message>
    <message>
        <source>hamgamctl reserve: give --node, and --from and --to as &quot;2026-12-07 09:00&quot;, &quot;now&quot; or &quot;+2h&quot;</source>
        <translation>⁦hamgamctl reserve: --node⁩ را بدهید، و ⁦--from⁩ و ⁦--to⁩ را به شکل «2026-12-07 09:00»، «now» یا «+2h»</translation>
    </message>
    <message>
        <source>hamgamctl reserve: no trusted machine &quot;%1&quot;</source>
        <translation>⁦hamgamctl reserve:⁩ ماشین مورد اعتمادی با نام «%1» نیست</translation>
    </message>
    <message>
        <source>hamgamctl reserve: &quot;%1&quot; matches several machines; use the node id</source>
        <translation>⁦hamgamctl reserve:⁩ «%1» با چند ماشین جور درمی‌آید؛ شناسهٔ گره را به کار ببرید</translation>
    </message>
    <message>
        <source>hamgamctl reserve: &quot;%1&quot; is not a device number</source>
        <translation>⁦hamgamctl reserve:⁩ «%1» شمارهٔ دستگاه نیست</translation>
    </message>
    <message>
        <source>hamgamctl reserve: %1 reported no devices yet; name them (&quot;%1:0&quot;)</source>
        <translation>⁦hamgamctl reserve:⁩ ماشین %1 هنوز دستگاهی گزارش نکرده است؛ دستگاه‌ها را نام ببرید («%1:0»)</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>پاسخی نیامد</translation>
    </message>
    <message>
        <source>hamgamctl reserve: nothing was booked:
%1</source>
        <translation>⁦hamgamctl reserve:⁩ چیزی رزرو نشد:
%1</translation>
    </message>
    <message>
        <source>booked %1 devices %2 from %3 to %4 (id %5)</source>
        <translation>رزرو شد: ماشین %1، دستگاه‌های %2، از %3 تا %4 (شناسه %5)</translation>
    </message>
    <message>
        <source>The lab&apos;s bookings, from the last week on.</source>
        <translation>رزروهای آزمایشگاه، از هفتهٔ گذشته به بعد.</translation>
    </message>
    <message>
        <source>usage: hamgamctl reservations [options]</source>
        <translation>کاربرد: hamgamctl reservations [options]</translation>
    </message>
    <message>
        <source>No bookings.</source>
        <translation>رزروی نیست.</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>شناسه</translation>
    </message>
    <message>
        <source>FROM</source>
        <translation>از</translation>
    </message>
    <message>
        <source>TO</source>
        <translation>تا</translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation>یادداشت</translation>
    </message>
    <message>
        <source>Cancel a booking (yours; the lab admin may cancel any).</source>
        <translation>لغو یک رزرو (رزرو خودتان؛ مدیر آزمایشگاه هر رزروی را می‌تواند لغو کند).</translation>
    </message>
    <message>
        <source>The booking&apos;s id (hamgamctl reservations).</source>
        <translation>شناسهٔ رزرو (hamgamctl reservations).</translation>
    </message>
    <message>
        <source>usage: hamgamctl unreserve [options] ID</source>
        <translation>کاربرد: hamgamctl unreserve [options] ID</translation>
    </message>
    <message>
        <source>hamgamctl unreserve: %1</source>
        <translation>hamgamctl unreserve: %1</translation>
    </message>
    <message>
        <source>booking %1 cancelled</source>
        <translation>رزرو %1 لغو شد</translation>
    </message>
    <message>
        <source>hamgamctl unreserve: no booking &quot;%1&quot;</source>
        <translation>⁦hamgamctl unreserve:⁩ رزرو «%1» وجود ندارد</translation>
    </message>
    <message>
        <source>Device-hours per user and week, over every machine.</source>
        <translation>دستگاه‌ساعت هر کاربر در هر هفته، روی همهٔ ماشین‌ها.</translation>
    </message>
    <message>
        <source>How many weeks, this one included (default 4).</source>
        <translation>چند هفته، با همین هفته (پیش‌فرض 4).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>تعداد</translation>
    </message>
    <message>
        <source>Write CSV to this file (&quot;-&quot;: standard output).</source>
        <translation>نوشتن CSV در این پرونده («-»: خروجی استاندارد).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>پرونده</translation>
    </message>
    <message>
        <source>usage: hamgamctl usage [options]</source>
        <translation>کاربرد: hamgamctl usage [options]</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1</source>
        <translation>
            <numerusform>%Ln سطر در %1 نوشته شد</numerusform>
        </translation>
    </message>
    <message>
        <source>No usage recorded in these weeks.</source>
        <translation>در این هفته‌ها مصرفی ثبت نشده است.</translation>
    </message>
    <message>
        <source>WEEK OF</source>
        <translation>هفته</translation>
    </message>
    <message>
        <source>DEVICE-HOURS</source>
        <translation>دستگاه‌ساعت</translation>
    </message>
    <message>
        <source>SHARE</source>
        <translation>سهم</translation>
    </message>
    <message>
        <source>[action]</source>
        <translation>[action]</translation>
    </message>
    <message>
        <source>Most devices one user may hold on each machine (0: no limit).</source>
        <translation>بیشترین تعداد دستگاهی که یک کاربر روی هر ماشین می‌تواند در اختیار داشته باشد (0: بدون سقف).</translation>
    </message>
    <message>
        <source>Longest run (&quot;12h&quot;; 0: no limit).</source>
        <translation>طولانی‌ترین اجرا («12h»؛ 0: بدون سقف).</translation>
    </message>
    <message>
        <source>Users who may end or preempt other users&apos; runs (comma-separated).</source>
        <translation>کاربرانی که می‌توانند اجرای کاربران دیگر را پایان دهند یا کنار بزنند (جداشده با ویرگول).</translation>
    </message>
    <message>
        <source>users</source>
        <translation>کاربران</translation>
    </message>
    <message>
        <source>Idle reclaim: utilization below this percent...</source>
        <translation>بازپس‌گیری دستگاه بیکار: میزان استفادهٔ کمتر از این درصد...</translation>
    </message>
    <message>
        <source>percent</source>
        <translation>درصد</translation>
    </message>
    <message>
        <source>...for this many minutes releases the devices (0: off).</source>
        <translation>...به مدت این‌قدر دقیقه، دستگاه‌ها را آزاد می‌کند (0: خاموش).</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>دقیقه</translation>
    </message>
    <message>
        <source>hamgamctl policy: no machine answered</source>
        <translation>⁦hamgamctl policy:⁩ هیچ ماشینی پاسخ نداد</translation>
    </message>
    <message>
        <source>MAX DEVICES/USER</source>
        <translation>سقف دستگاه/کاربر</translation>
    </message>
    <message>
        <source>LONGEST RUN</source>
        <translation>طولانی‌ترین اجرا</translation>
    </message>
    <message>
        <source>MAY END OTHERS&apos; RUNS</source>
        <translation>پایان دادن اجرای دیگران</translation>
    </message>
    <message>
        <source>IDLE RECLAIM</source>
        <translation>بازپس‌گیری بیکار</translation>
    </message>
    <message>
        <source>YOU</source>
        <translation>شما</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>بدون سقف</translation>
    </message>
    <message>
        <source>the admin only</source>
        <translation>فقط مدیر</translation>
    </message>
    <message>
        <source>under %1% for %2 min</source>
        <translation>زیر %1٪ به مدت %2 دقیقه</translation>
    </message>
    <message>
        <source>off</source>
        <translation>خاموش</translation>
    </message>
    <message>
        <source>%1 (admin)</source>
        <translation>%1 (مدیر)</translation>
    </message>
    <message>
        <source>hamgamctl policy: --%1: &quot;%2&quot; is not a number from 0 to %3</source>
        <translation>⁦hamgamctl policy: --%1:⁩ «%2» عددی از 0 تا %3 نیست</translation>
    </message>
    <message>
        <source>hamgamctl policy: --max-run: &quot;%1&quot; is not a duration</source>
        <translation>⁦hamgamctl policy: --max-run:⁩ «%1» مدت زمان نیست</translation>
    </message>
    <message>
        <source>hamgamctl policy: --may-end: &quot;%1&quot; is not a user name</source>
        <translation>⁦hamgamctl policy: --may-end:⁩ «%1» نام کاربری نیست</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>رد شد: %1</translation>
    </message>
    <message>
        <source>show, set, bind, move or unbind.</source>
        <translation>⁦show⁩، set، bind، move یا unbind.</translation>
    </message>
    <message>
        <source>A booking stops another user&apos;s run only this many minutes after it was made (0: when it begins; users who may end others&apos; runs need none).</source>
        <translation>رزرو فقط این چند دقیقه پس از ثبتش اجرای کاربر دیگری را متوقف می‌کند (۰: از همان آغازش؛ کسانی که اجازهٔ پایان‌دادن به اجرای دیگران را دارند نیازی به آن ندارند).</translation>
    </message>
    <message>
        <source>usage: hamgamctl policy [show | set OPTIONS | bind USER FINGERPRINT | move USER FINGERPRINT | unbind USER]</source>
        <translation>کاربرد: hamgamctl policy [show | set OPTIONS | bind USER FINGERPRINT | move USER FINGERPRINT | unbind USER]</translation>
    </message>
    <message>
        <source>%1 (not bound: no rights until the admin binds it)</source>
        <translation>%1 (بسته نشده: تا مدیر آن را نبندد اختیاری ندارد)</translation>
    </message>
    <message>
        <source>%1 is not bound on every machine: no rights until the admin binds it (hamgamctl policy bind %1 FINGERPRINT)</source>
        <translation>%1 روی همهٔ ماشین‌ها بسته نشده است: تا مدیر آن را نبندد اختیاری ندارد (hamgamctl policy bind %1 FINGERPRINT)</translation>
    </message>
    <message numerus="yes">
        <source>The lab&apos;s rules are set on %Ln machine(s): %1</source>
        <translation>
            <numerusform>قواعد آزمایشگاه روی %Ln ماشین تعیین شد: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over %Ln machine(s): %1</source>
        <translation>
            <numerusform>روی %Ln ماشین: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Most bookings one user may have ahead on each machine (1 to 200).</source>
        <translation>بیشترین رزروهای پیش‌روی یک کاربر روی هر ماشین (۱ تا ۲۰۰).</translation>
    </message>
    <message>
        <source>Most runs one user may have waiting in each machine&apos;s queue (1 to 200).</source>
        <translation>بیشترین اجراهای منتظر یک کاربر در صف هر ماشین (۱ تا ۲۰۰).</translation>
    </message>
    <message>
        <source>BOOKINGS/QUEUED PER USER</source>
        <translation>رزرو/صف هر کاربر</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Show the lab&apos;s rules, or (the lab admin) change them on every connected machine:
  hamgamctl policy [show]
  hamgamctl policy set [--max-devices N] [--max-run DURATION] [--may-end USER,...] [--idle-util P --idle-minutes M]
                      [--booking-notice MINUTES] [--names admin|first-use]
  hamgamctl policy bind USER FINGERPRINT   (a student&apos;s second computer, a name with rights)
  hamgamctl policy move USER FINGERPRINT   (the name becomes this certificate&apos;s alone)
  hamgamctl policy unbind USER</source>
        <translation>قواعد آزمایشگاه را نشان می‌دهد، یا (مدیر آزمایشگاه) آن‌ها را روی همهٔ ماشین‌های وصل تغییر می‌دهد:
  hamgamctl policy [show]
  hamgamctl policy set [--max-devices N] [--max-run DURATION] [--may-end USER,⁦...] [--idle-util P --idle-minutes M]⁩
                      [--booking-notice MINUTES] [--names admin|first-use]
  hamgamctl policy bind USER FINGERPRINT   (رایانهٔ دوم یک دانشجو، نامی با اختیارات)
  hamgamctl policy move USER FINGERPRINT   (نام فقط از آنِ این گواهی می‌شود)
  hamgamctl policy unbind USER</translation>
    </message>
    <message>
        <source>Who gives user names: &quot;admin&quot; (only hamgamctl policy bind) or &quot;first-use&quot; (a free name is bound on each machine by its first use).</source>
        <translation>چه کسی نام کاربری می‌دهد: &quot;admin&quot; (فقط hamgamctl policy bind) یا &quot;first-use&quot; (نام آزاد روی هر ماشین با نخستین استفاده‌اش بسته می‌شود).</translation>
    </message>
    <message>
        <source>who</source>
        <translation>چه کسی</translation>
    </message>
    <message>
        <source>NAMES FROM</source>
        <translation>نام‌ها از</translation>
    </message>
    <message>
        <source>the admin</source>
        <translation>مدیر</translation>
    </message>
    <message>
        <source>first use</source>
        <translation>نخستین استفاده</translation>
    </message>
    <message>
        <source>hamgamctl policy: --names: &quot;%1&quot; is neither &quot;admin&quot; nor &quot;first-use&quot;</source>
        <translation>⁦hamgamctl policy: --names: &quot;%1&quot;⁩ نه &quot;admin&quot; است و نه &quot;first-use&quot;</translation>
    </message>
    <message>
        <source>Print this computer&apos;s certificate fingerprint instead: what an agent&apos;s --trust, --trust-admin and the admin&apos;s &quot;policy bind&quot; take.</source>
        <translation>به جای آن، اثر انگشت گواهی این رایانه را چاپ می‌کند: آنچه گزینه‌های ⁦--trust⁩ و ⁦--trust-admin⁩ عامل و فرمان «policy bind» مدیر می‌گیرند.</translation>
    </message>
</context>
<context>
    <name>LabDevicesModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1، %2</translation>
    </message>
    <message>
        <source>%1, device %2 (%3)</source>
        <translation>%1، دستگاه %2 (%3)</translation>
    </message>
    <message>
        <source>No run holds this device and no booking covers it now</source>
        <translation>اکنون هیچ اجرایی این دستگاه را در اختیار ندارد و هیچ رزروی آن را نمی‌پوشاند</translation>
    </message>
    <message>
        <source>Held by a run of %1</source>
        <translation>در اختیار اجرایی از %1</translation>
    </message>
    <message>
        <source>A run of %1 is taking it: its other machines are being asked</source>
        <translation>اجرایی از %1 در حال گرفتن آن است: از ماشین‌های دیگرش پرسیده می‌شود</translation>
    </message>
    <message>
        <source>Booked by %1: only their runs may use it now</source>
        <translation>رزروشده برای %1: اکنون فقط اجراهای او می‌توانند از آن استفاده کنند</translation>
    </message>
    <message>
        <source>Expected end of the run</source>
        <translation>پایان مورد انتظار اجرا</translation>
    </message>
    <message>
        <source>The run&apos;s end is not known</source>
        <translation>پایان اجرا معلوم نیست</translation>
    </message>
    <message>
        <source>End of the booking</source>
        <translation>پایان رزرو</translation>
    </message>
    <message numerus="yes">
        <source>Held but idle: a run holds it, yet it has stayed below %1 for %Ln minute(s)</source>
        <translation>
            <numerusform>اجاره‌شده ولی بیکار: اجرایی آن را در اختیار دارد، اما %Ln دقیقه است که زیر %1 مانده است</numerusform>
        </translation>
    </message>
    <message>
        <source>No samples in the last 24 hours</source>
        <translation>در ۲۴ ساعت گذشته نمونه‌ای نیست</translation>
    </message>
    <message>
        <source>Last 24 hours: %1 on average</source>
        <translation>میانگین ۲۴ ساعت گذشته: %1</translation>
    </message>
    <message>
        <source>Mean utilization over the last 7 days</source>
        <translation>میانگین استفاده در ۷ روز گذشته</translation>
    </message>
    <message>
        <source>No booking ahead</source>
        <translation>رزروی در پیش نیست</translation>
    </message>
    <message>
        <source>Booked by %1 from %2 to %3%4</source>
        <translation>رزروشده برای %1 از %2 تا %3%4</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>: %1</translation>
    </message>
    <message>
        <source>Utilization over the last 24 hours, one value a minute</source>
        <translation>میزان استفاده در ۲۴ ساعت گذشته، یک مقدار در هر دقیقه</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>State</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>User</source>
        <translation>کاربر</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>اجرا</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>از</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>تا</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>اکنون</translation>
    </message>
    <message>
        <source>Last 24 h</source>
        <translation>۲۴ ساعت گذشته</translation>
    </message>
    <message>
        <source>7-day mean</source>
        <translation>میانگین ۷ روز</translation>
    </message>
    <message>
        <source>Next booking</source>
        <translation>رزرو بعدی</translation>
    </message>
    <message>
        <source>Highest: %1 at %2</source>
        <translation>بیشترین: %1 در %2</translation>
    </message>
    <message>
        <source>%1–%2: %3</source>
        <translation>%1–%2: %3</translation>
    </message>
    <message>
        <source>%1–%2: no samples</source>
        <translation>%1–%2: بدون نمونه</translation>
    </message>
</context>
<context>
    <name>LabFile</name>
    <message>
        <source>cannot read it: %1</source>
        <translation>خواندنش ممکن نشد: %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation>متن JSON معتبر نیست: %1 در جایگاه %2</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>شیء JSON نیست</translation>
    </message>
    <message>
        <source>no valid &quot;version&quot;</source>
        <translation>مقدار معتبری برای «version» ندارد</translation>
    </message>
    <message>
        <source>written by a newer version (format %1, this agent reads up to %2)</source>
        <translation>با نسخهٔ تازه‌تری نوشته شده است (قالب %1؛ این عامل تا قالب %2 را می‌خواند)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a list</source>
        <translation>مقدار «%1» فهرست نیست</translation>
    </message>
    <message>
        <source>cannot keep %1 as %2: %3</source>
        <translation>نگه‌داشتن %1 با نام %2 ممکن نشد: %3</translation>
    </message>
    <message>
        <source>%1 is damaged (%2): it was kept as %3 and nothing in it is used</source>
        <translation>پروندهٔ %1 آسیب دیده است (%2): با نام %3 نگه داشته شد و هیچ بخشی از آن به کار نمی‌رود</translation>
    </message>
    <message numerus="yes">
        <source>%n entries of %1 are not valid (the first is number %2): the file was kept as %3 and its other entries are used</source>
        <translation>
            <numerusform>%Ln مدخل از %1 معتبر نیست (نخستینشان شمارهٔ %2 است): پرونده با نام %3 نگه داشته شد و مدخل‌های دیگرش به کار می‌روند</numerusform>
        </translation>
    </message>
    <message>
        <source>not saving %1: its damaged content could not be kept aside (%2)</source>
        <translation>پروندهٔ %1 ذخیره نمی‌شود: محتوای آسیب‌دیده‌اش را نمی‌شد کنار گذاشت (%2)</translation>
    </message>
</context>
<context>
    <name>LabFormat</name>
    <message>
        <source>free</source>
        <translation>آزاد</translation>
    </message>
    <message>
        <source>leased</source>
        <translation>اجاره‌شده</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>در حال آغاز</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>رزروشده</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>، </translation>
    </message>
</context>
<context>
    <name>LabNotifier</name>
    <message>
        <source>Hamgam</source>
        <translation>هم‌گام</translation>
    </message>
    <message>
        <source>Your run has started</source>
        <translation>اجرای شما آغاز شد</translation>
    </message>
    <message>
        <source>Run %1 left the queue and is training.</source>
        <translation>اجرای %1 از صف بیرون آمد و در حال آموزش است.</translation>
    </message>
    <message>
        <source>Your run has finished</source>
        <translation>اجرای شما پایان یافت</translation>
    </message>
    <message>
        <source>Run %1 finished.</source>
        <translation>اجرای %1 پایان یافت.</translation>
    </message>
    <message>
        <source>Your run failed</source>
        <translation>اجرای شما ناموفق بود</translation>
    </message>
    <message>
        <source>Run %1 failed.</source>
        <translation>اجرای %1 ناموفق بود.</translation>
    </message>
    <message>
        <source>Run %1 failed: %2</source>
        <translation>اجرای %1 ناموفق بود: %2</translation>
    </message>
    <message>
        <source>Your run was stopped by the lab&apos;s rules</source>
        <translation>اجرای شما با قواعد آزمایشگاه متوقف شد</translation>
    </message>
    <message>
        <source>Run %1 was stopped: %2</source>
        <translation>اجرای %1 متوقف شد: %2</translation>
    </message>
    <message>
        <source>Your run&apos;s devices were reclaimed</source>
        <translation>دستگاه‌های اجرای شما بازپس گرفته شد</translation>
    </message>
    <message>
        <source>Run %1 was stopped because its devices stayed idle.</source>
        <translation>اجرای %1 متوقف شد، چون دستگاه‌هایش بیکار ماندند.</translation>
    </message>
    <message>
        <source>Your run was ended by someone else</source>
        <translation>اجرای شما را کس دیگری پایان داد</translation>
    </message>
    <message>
        <source>Run %1 was ended by another user.</source>
        <translation>اجرای %1 را کاربر دیگری پایان داد.</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>اجرای %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>LabPolicy</name>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>مقدار %1 باید عدد صحیحی از %2 تا %3 باشد</translation>
    </message>
    <message>
        <source>updated_ms must be a time in milliseconds</source>
        <translation>مقدار updated_ms باید زمانی بر حسب میلی‌ثانیه باشد</translation>
    </message>
    <message>
        <source>may_end_others must be a list of user names</source>
        <translation>مقدار may_end_others باید فهرستی از نام‌های کاربری باشد</translation>
    </message>
    <message>
        <source>may_end_others: &quot;%1&quot; is not a user name (1 to 32 of A-Z, a-z, 0-9, &apos;.&apos;, &apos;_&apos;, &apos;-&apos;)</source>
        <translation>مقدار may_end_others: «%1» نام کاربری نیست (۱ تا ۳۲ نویسه از A-Z، a-z، 0-9، «.»، «_»، «-»)</translation>
    </message>
    <message>
        <source>idle reclaim needs idle_util_percent above 0 when idle_minutes is set</source>
        <translation>بازپس‌گیری دستگاه بیکار وقتی idle_minutes تعیین شده باشد به idle_util_percent بزرگ‌تر از ۰ نیاز دارد</translation>
    </message>
    <message>
        <source>%1 is damaged (%2): it was kept as %3, and the last rules saved whole are in force again</source>
        <translation>%1 آسیب دیده است (%2): با نام %3 نگه داشته شد و آخرین قواعدی که سالم ذخیره شده بودند دوباره برقرارند</translation>
    </message>
    <message>
        <source>No earlier rules were kept: the defaults are in force until the lab admin sets the rules again.</source>
        <translation>قواعد پیشینی نگه داشته نشده بود: تا مدیر آزمایشگاه دوباره قواعد را تعیین کند، پیش‌فرض‌ها برقرارند.</translation>
    </message>
    <message>
        <source>names_by_admin must be true or false</source>
        <translation>⁦names_by_admin⁩ باید true یا false باشد</translation>
    </message>
</context>
<context>
    <name>LabPolicyDialog</name>
    <message>
        <source>The lab&apos;s rules</source>
        <translation>قواعد آزمایشگاه</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>بدون سقف</translation>
    </message>
    <message>
        <source>user names, e.g. prof, ta</source>
        <translation>نام‌های کاربری، مثلاً prof, ta</translation>
    </message>
    <message>
        <source>%</source>
        <translation>٪</translation>
    </message>
    <message>
        <source>off</source>
        <translation>خاموش</translation>
    </message>
    <message>
        <source> min</source>
        <translation> دقیقه</translation>
    </message>
    <message>
        <source>Every connected machine enforces these rules on its own devices. Zero means no limit.</source>
        <translation>هر ماشین متصل این قواعد را روی دستگاه‌های خودش اجرا می‌کند. صفر یعنی بدون سقف.</translation>
    </message>
    <message>
        <source>Most &amp;devices one user may hold on a machine:</source>
        <translation>بیشترین تعداد &amp;دستگاهی که یک کاربر روی یک ماشین می‌تواند در اختیار داشته باشد:</translation>
    </message>
    <message>
        <source>&amp;Longest run:</source>
        <translation>طولانی‌ترین &amp;اجرا:</translation>
    </message>
    <message>
        <source>&amp;Who else may end others&apos; runs:</source>
        <translation>کاربران &amp;دیگری که می‌توانند اجرای دیگران را پایان دهند:</translation>
    </message>
    <message>
        <source>Idle reclaim &amp;below:</source>
        <translation>بازپس‌گیری دستگاه بیکار &amp;زیر:</translation>
    </message>
    <message>
        <source>Idle reclaim &amp;after:</source>
        <translation>بازپس‌گیری دستگاه بیکار پس &amp;از:</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name: 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;.</source>
        <translation>نام کاربری «%1» درست نیست: ۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-».</translation>
    </message>
    <message>
        <source>Idle reclaim needs both a utilization and minutes (or neither).</source>
        <translation>بازپس‌گیری دستگاه بیکار هم آستانهٔ استفاده می‌خواهد و هم دقیقه (یا هیچ‌کدام).</translation>
    </message>
    <message>
        <source>none: a booking stops runs when it begins</source>
        <translation>هیچ: رزرو از همان آغازش اجراها را متوقف می‌کند</translation>
    </message>
    <message>
        <source>A booking gives &amp;notice of:</source>
        <translation>&amp;مهلت رزرو پیش از توقف اجراها:</translation>
    </message>
    <message>
        <source>A run whose devices all stay below the utilization for the minutes given is stopped and its devices go back to the lab; its user is told why. A booking stops another user&apos;s run on its devices only once that much notice has passed since it was made, unless its user may end others&apos; runs. The lab admin may always end any run.</source>
        <translation>اجرایی که بهره‌وری همهٔ دستگاه‌هایش در دقیقه‌های داده‌شده زیر این مقدار بماند متوقف می‌شود و دستگاه‌هایش به آزمایشگاه برمی‌گردند؛ دلیلش به کاربرش گفته می‌شود. رزرو فقط وقتی اجرای کاربر دیگری را روی دستگاه‌هایش متوقف می‌کند که این مهلت از ثبتش گذشته باشد، مگر آنکه کاربرش اجازهٔ پایان‌دادن به اجرای دیگران را داشته باشد. مدیر آزمایشگاه همیشه می‌تواند هر اجرایی را پایان دهد.</translation>
    </message>
    <message>
        <source>Most &amp;bookings ahead per user on a machine:</source>
        <translation>بیشترین &amp;رزروهای پیش‌روی هر کاربر روی یک ماشین:</translation>
    </message>
    <message>
        <source>Most runs &amp;queued per user on a machine:</source>
        <translation>بیشترین اجراهای &amp;در صف هر کاربر روی یک ماشین:</translation>
    </message>
    <message>
        <source>Only the lab admin gives &amp;user names</source>
        <translation>فقط مدیر آزمایشگاه &amp;نام کاربری می‌دهد</translation>
    </message>
    <message>
        <source>Off, a free name is bound on each machine to the computer that uses it first. On, only the admin&apos;s binding (hamgamctl policy bind NAME FINGERPRINT) gives a name, so no student can take a classmate&apos;s name on a machine the classmate has not used yet.</source>
        <translation>خاموش: نام آزاد روی هر ماشین به رایانه‌ای بسته می‌شود که نخست آن را به کار ببرد. روشن: فقط بستنِ مدیر (hamgamctl policy bind NAME FINGERPRINT) نام می‌دهد، پس هیچ دانشجویی نمی‌تواند نام هم‌کلاسی‌اش را روی ماشینی بگیرد که او هنوز به کار نبرده است.</translation>
    </message>
</context>
<context>
    <name>LabQueueModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 و %Ln ماشین دیگر</numerusform>
        </translation>
    </message>
    <message>
        <source>not yet known</source>
        <translation>هنوز معلوم نیست</translation>
    </message>
    <message>
        <source>now</source>
        <translation>اکنون</translation>
    </message>
    <message>
        <source>Predicted length: %1</source>
        <translation>مدت پیش‌بینی‌شده: %1</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>جایگاه</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>اجرا</translation>
    </message>
    <message>
        <source>User</source>
        <translation>کاربر</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>ماشین‌ها</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>Estimated start</source>
        <translation>آغاز تخمینی</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>در انتظار</translation>
    </message>
</context>
<context>
    <name>LabRequests</name>
    <message>
        <source>too much to show at once, left out of this view: bookings %1, queued runs %2; the lab admin can lower the per-user caps</source>
        <translation>بیش از آن است که یک‌جا نشان داده شود؛ از این نما کنار گذاشته شد: رزروها %1، اجراهای در صف %2؛ مدیر آزمایشگاه می‌تواند سقف‌های هر کاربر را پایین بیاورد</translation>
    </message>
    <message>
        <source>a week begins on day 1 to 7, in a time zone within 14 hours of UTC</source>
        <translation>هفته از روز ۱ تا ۷ آغاز می‌شود، در منطقهٔ زمانی‌ای که بیش از ۱۴ ساعت با UTC فاصله ندارد</translation>
    </message>
    <message>
        <source>this agent does not support &quot;%1&quot;</source>
        <translation>این عامل از «%1» پشتیبانی نمی‌کند</translation>
    </message>
    <message>
        <source>invalid run id</source>
        <translation>شناسهٔ اجرا نامعتبر است</translation>
    </message>
    <message>
        <source>run %1 is not queued here for this coordinator</source>
        <translation>اجرای %1 اینجا برای این هماهنگ‌کننده در صف نیست</translation>
    </message>
    <message>
        <source>&quot;devices&quot; is not a list of device numbers</source>
        <translation>مقدار «devices» فهرستی از شماره‌های دستگاه نیست</translation>
    </message>
    <message>
        <source>no lease %1 of yours here</source>
        <translation>اجارهٔ %1 از شما اینجا نیست</translation>
    </message>
    <message>
        <source>run %1 is using this lease; stop the run instead</source>
        <translation>اجرای %1 از این اجاره استفاده می‌کند؛ به جای آن اجرا را متوقف کنید</translation>
    </message>
    <message>
        <source>only a controller queues runs</source>
        <translation>فقط کنترل‌گر اجرا را در صف می‌گذارد</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the queued run&apos;s plan does not match its nodes</source>
        <translation>برنامهٔ اجرای در صف با گره‌هایش جور نیست</translation>
    </message>
    <message>
        <source>node %1 of this run is %2, not this machine</source>
        <translation>گرهٔ %1 این اجرا %2 است، نه این ماشین</translation>
    </message>
    <message>
        <source>the queued run&apos;s plan names node %1 without its address or certificate</source>
        <translation>برنامهٔ اجرای در صف گرهٔ %1 را بدون نشانی یا گواهی‌اش نام می‌برد</translation>
    </message>
    <message>
        <source>the queued run&apos;s plan names no address for this machine, where its workers meet</source>
        <translation>طرح اجرای در صف هیچ نشانی‌ای برای این ماشین، جایی که کارگرهایش به هم می‌رسند، ندارد</translation>
    </message>
    <message>
        <source>run %1 is already waiting in this machine&apos;s queue; take it out of the queue to change it</source>
        <translation>اجرای %1 همین حالا در صف این ماشین منتظر است؛ برای تغییرش آن را از صف بیرون بیاورید</translation>
    </message>
    <message>
        <source>no run %1 on this agent</source>
        <translation>اجرای %1 روی این عامل نیست</translation>
    </message>
    <message>
        <source>run %1 is %2&apos;s; only its user, the lab admin and the users the admin names may take it out of the queue</source>
        <translation>اجرای %1 متعلق به %2 است؛ فقط کاربرش، مدیر آزمایشگاه و کاربرانی که مدیر نام می‌برد می‌توانند آن را از صف بیرون ببرند</translation>
    </message>
    <message>
        <source>a booking must lie within the next two years, from a clock less than a year off this machine&apos;s</source>
        <translation>رزرو باید در دو سال آینده باشد و از ساعتی بیاید که کمتر از یک سال با ساعت این ماشین فاصله دارد</translation>
    </message>
    <message>
        <source>only the lab admin may change the lab&apos;s rules (on each machine: hamgam-agent --trust-admin FINGERPRINT)</source>
        <translation>فقط مدیر آزمایشگاه می‌تواند قواعد آزمایشگاه را تغییر دهد (روی هر ماشین: ⁦hamgam-agent --trust-admin FINGERPRINT⁩)</translation>
    </message>
</context>
<context>
    <name>LabService</name>
    <message>
        <source>cannot create %1</source>
        <translation>ساختن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>no lease %1 for run %2 here (it may have expired); start the run again</source>
        <translation>اجارهٔ %1 برای اجرای %2 اینجا نیست (شاید منقضی شده باشد)؛ اجرا را دوباره آغاز کنید</translation>
    </message>
    <message>
        <source>lease %1 holds other devices than the run names</source>
        <translation>اجارهٔ %1 دستگاه‌هایی جز آنچه اجرا نام می‌برد در اختیار دارد</translation>
    </message>
    <message>
        <source>run %1 is not queued here under a lease of this coordinator</source>
        <translation>اجرای %1 اینجا با اجاره‌ای از این هماهنگ‌کننده در صف نیست</translation>
    </message>
    <message>
        <source>run %1&apos;s entry here is damaged</source>
        <translation>مدخل اجرای %1 در اینجا آسیب دیده است</translation>
    </message>
    <message>
        <source>run %1 belongs to %2; the lab&apos;s rules let only its user, the lab admin and the users the admin names end it</source>
        <translation>اجرای %1 متعلق به %2 است؛ قواعد آزمایشگاه فقط به کاربرش، مدیر آزمایشگاه و کاربرانی که مدیر نام می‌برد اجازه می‌دهند آن را پایان دهند</translation>
    </message>
</context>
<context>
    <name>LabText</name>
    <message>
        <source>taken out of the queue by its user</source>
        <translation>کاربرش آن را از صف بیرون برد</translation>
    </message>
    <message>
        <source>taken out of the queue by %1</source>
        <translation>کاربر %1 آن را از صف بیرون برد</translation>
    </message>
    <message numerus="yes">
        <source>device %1 is held by %2 (run %3) for about %n more minute(s)</source>
        <translation>
            <numerusform>دستگاه %1 تا حدود %Ln دقیقهٔ دیگر در اختیار %2 است (اجرای %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is held by %2 (run %3) for about %n more hour(s)</source>
        <translation>
            <numerusform>دستگاه %1 تا حدود %Ln ساعت دیگر در اختیار %2 است (اجرای %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>device %1 is held by %2 (run %3), with no expected end</source>
        <translation>دستگاه %1 در اختیار %2 است (اجرای %3)، بی‌آنکه پایانش معلوم باشد</translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 for %n more minute(s)</source>
        <translation>
            <numerusform>دستگاه %1 تا %Ln دقیقهٔ دیگر رزرو %2 است</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 for %n more hour(s)</source>
        <translation>
            <numerusform>دستگاه %1 تا %Ln ساعت دیگر رزرو %2 است</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 from %n minute(s) from now</source>
        <translation>
            <numerusform>دستگاه %1 از %Ln دقیقهٔ دیگر رزرو %2 است</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>device %1 is booked by %2 from %n hour(s) from now</source>
        <translation>
            <numerusform>دستگاه %1 از %Ln ساعت دیگر رزرو %2 است</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the run is expected to take %n minute(s), longer than the lab&apos;s longest run (%1)</source>
        <translation>
            <numerusform>انتظار می‌رود اجرا %Ln دقیقه طول بکشد، بیش از طولانی‌ترین اجرای مجاز آزمایشگاه (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the run is expected to take %n hour(s), longer than the lab&apos;s longest run (%1)</source>
        <translation>
            <numerusform>انتظار می‌رود اجرا %Ln ساعت طول بکشد، بیش از طولانی‌ترین اجرای مجاز آزمایشگاه (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user hold at most %n device(s) on this machine; %1 would hold %2</source>
        <translation>
            <numerusform>قواعد آزمایشگاه به هر کاربر اجازه می‌دهند روی این ماشین دست‌بالا %Ln دستگاه در اختیار داشته باشد؛ %1 در این صورت %2 دستگاه در اختیار می‌داشت</numerusform>
        </translation>
    </message>
    <message>
        <source>this machine does not have that many devices</source>
        <translation>این ماشین این‌همه دستگاه ندارد</translation>
    </message>
    <message>
        <source>this machine has no device %1</source>
        <translation>این ماشین دستگاه %1 ندارد</translation>
    </message>
    <message>
        <source>run %1 already holds other devices here</source>
        <translation>اجرای %1 همین حالا دستگاه‌های دیگری را اینجا در اختیار دارد</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) ahead of it in the queue need its devices</source>
        <translation>
            <numerusform>%Ln اجرای جلوتر در صف به دستگاه‌هایش نیاز دارند</numerusform>
        </translation>
    </message>
    <message>
        <source>the booking&apos;s window is already over</source>
        <translation>بازهٔ زمانی رزرو گذشته است</translation>
    </message>
    <message numerus="yes">
        <source>a booking may last at most %n day(s)</source>
        <translation>
            <numerusform>هر رزرو دست‌بالا %Ln روز می‌تواند طول بکشد</numerusform>
        </translation>
    </message>
    <message>
        <source>the booking names no device</source>
        <translation>رزرو هیچ دستگاهی را نام نمی‌برد</translation>
    </message>
    <message>
        <source>the booking&apos;s end is not after its start</source>
        <translation>پایان رزرو پس از آغازش نیست</translation>
    </message>
    <message numerus="yes">
        <source>stopped by the lab&apos;s idle rule: its devices stayed under %1 % for %n minute(s), so they went back to the lab</source>
        <translation>
            <numerusform>با قاعدهٔ بیکاری آزمایشگاه متوقف شد: دستگاه‌هایش %Ln دقیقه زیر %1٪ ماندند، پس به آزمایشگاه برگشتند</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped by the lab&apos;s rules: it reached the longest run allowed (%1)</source>
        <translation>با قواعد آزمایشگاه متوقف شد: به طولانی‌ترین اجرای مجاز (%1) رسید</translation>
    </message>
    <message>
        <source>stopped for a booking: %1 booked device %2 from now</source>
        <translation>برای یک رزرو متوقف شد: %1 دستگاه %2 را از همین حالا رزرو کرده است</translation>
    </message>
    <message>
        <source>stopped by %1 after a checkpoint</source>
        <translation>کاربر %1 آن را پس از یک نقطهٔ وارسی متوقف کرد</translation>
    </message>
    <message>
        <source>aborted by %1</source>
        <translation>کاربر %1 آن را لغو کرد</translation>
    </message>
    <message>
        <source>could not be started from the queue: %1</source>
        <translation>آغاز آن از صف ممکن نشد: %1</translation>
    </message>
    <message numerus="yes">
        <source>its last attempt to start failed; it tries again in %n minute(s), and lets the runs behind it use the devices meanwhile</source>
        <translation>
            <numerusform>آخرین تلاشش برای شروع ناکام ماند؛ %Ln دقیقهٔ دیگر دوباره تلاش می‌کند و تا آن زمان اجراهای پشت سرش از دستگاه‌ها استفاده می‌کنند</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its last attempt to start failed; it tries again in %n hour(s), and lets the runs behind it use the devices meanwhile</source>
        <translation>
            <numerusform>آخرین تلاشش برای شروع ناکام ماند؛ %Ln ساعت دیگر دوباره تلاش می‌کند و تا آن زمان اجراهای پشت سرش از دستگاه‌ها استفاده می‌کنند</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user have at most %n booking(s) ahead on this machine, and %1 has that many; remove one first</source>
        <translation>
            <numerusform>قواعد آزمایشگاه به هر کاربر روی این ماشین حداکثر %n رزرو پیش‌رو می‌دهند و %1 همین تعداد دارد؛ نخست یکی را بردارید</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the lab&apos;s rules let one user have at most %n run(s) waiting in this machine&apos;s queue, and %1 has that many</source>
        <translation>
            <numerusform>قواعد آزمایشگاه به هر کاربر حداکثر %n اجرای منتظر در صف این ماشین می‌دهند و %1 همین تعداد دارد</numerusform>
        </translation>
    </message>
    <message>
        <source>so a run started now is refused; queued, it waits its turn</source>
        <translation>پس اجرایی که اکنون آغاز شود رد می‌شود؛ اگر در صف قرار گیرد، منتظر نوبتش می‌ماند</translation>
    </message>
</context>
<context>
    <name>LabUsage</name>
    <message numerus="yes">
        <source>%Ln min</source>
        <translation>
            <numerusform>%Ln دقیقه</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabUsageModel</name>
    <message>
        <source>Device-hours in the week from %1</source>
        <translation>دستگاه‌ساعت در هفتهٔ آغازشده از %1</translation>
    </message>
    <message>
        <source>User</source>
        <translation>کاربر</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>جمع</translation>
    </message>
</context>
<context>
    <name>LabUsagePage</name>
    <message>
        <source>Some machines could not be asked, so these hours leave them out:
%1</source>
        <translation>از برخی ماشین‌ها نمی‌شد پرسید، پس این ساعت‌ها آن‌ها را در بر ندارند:
%1</translation>
    </message>
    <message>
        <source>Export usage</source>
        <translation>خروجی مصرف</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>پرونده‌های CSV (*⁦.csv⁩);;همهٔ پرونده‌ها (*)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>نوشتن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>در %1 ذخیره شد</translation>
    </message>
    <message>
        <source>&amp;Weeks:</source>
        <translation>هفته‌ها:</translation>
    </message>
    <message>
        <source>How many weeks back, this one included</source>
        <translation>چند هفتهٔ گذشته، با همین هفته</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>خروجی CSV…</translation>
    </message>
    <message>
        <source>Save device-hours per user and week as CSV (ISO dates, one row per user and week)</source>
        <translation>ذخیرهٔ دستگاه‌ساعت هر کاربر در هر هفته به‌صورت CSV (تاریخ‌های ISO، یک سطر برای هر کاربر و هفته)</translation>
    </message>
    <message numerus="yes">
        <source>Over %Ln machine(s): %1</source>
        <translation>
            <numerusform>روی %Ln ماشین: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabUsagePlot</name>
    <message>
        <source>week</source>
        <translation>هفته</translation>
    </message>
    <message>
        <source>device-hours</source>
        <translation>دستگاه‌ساعت</translation>
    </message>
</context>
<context>
    <name>LabWeekCalendar</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Booked by %1
%2, devices %3
from %4
to %5</source>
        <translation>رزروشده برای %1
ماشین %2، دستگاه‌های %3
از %4
تا %5</translation>
    </message>
    <message>
        <source>Yours: its context menu cancels it.</source>
        <translation>رزرو خودتان: منوی زمینه‌اش آن را لغو می‌کند.</translation>
    </message>
    <message>
        <source>Cancel booking</source>
        <translation>لغو رزرو</translation>
    </message>
    <message>
        <source>Only %1 can cancel this booking</source>
        <translation>فقط %1 می‌تواند این رزرو را لغو کند</translation>
    </message>
    <message>
        <source>Book…</source>
        <translation>رزرو…</translation>
    </message>
</context>
<context>
    <name>LeaseBook</name>
    <message>
        <source>a lease needs a run id and a user</source>
        <translation>اجاره به شناسهٔ اجرا و کاربر نیاز دارد</translation>
    </message>
    <message>
        <source>no lease %1 on this machine</source>
        <translation>اجارهٔ %1 روی این ماشین نیست</translation>
    </message>
    <message>
        <source>lease %1 expired before its run started: ask for the devices again</source>
        <translation>اجارهٔ %1 پیش از آغاز اجرایش منقضی شد: دستگاه‌ها را دوباره درخواست کنید</translation>
    </message>
    <message>
        <source>run %1 holds no lease on this machine</source>
        <translation>اجرای %1 روی این ماشین اجاره‌ای ندارد</translation>
    </message>
</context>
<context>
    <name>LivePlot</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3 %4)</source>
        <translation>%1: %2 (%3 %4)</translation>
    </message>
</context>
<context>
    <name>LiveRunData</name>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <source>Memory per device</source>
        <translation>حافظهٔ هر دستگاه</translation>
    </message>
    <message>
        <source>Where each node&apos;s step goes</source>
        <translation>تفکیک زمان گام در هر گره</translation>
    </message>
    <message>
        <source>Batch allocation per node</source>
        <translation>تخصیص دسته به هر گره</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>زیان</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>گذردهی</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>رویدادها</translation>
    </message>
    <message>
        <source>by step</source>
        <translation>بر حسب گام</translation>
    </message>
    <message>
        <source>by wall time</source>
        <translation>بر حسب زمان واقعی</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>هنوز اجرایی نیست</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>گام %1 از %2</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>گام %1</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>%1 مانده</translation>
    </message>
    <message>
        <source>Utilization per device</source>
        <translation>میزان استفادهٔ هر دستگاه</translation>
    </message>
    <message>
        <source>Starting the workers on every machine…</source>
        <translation>در حال راه‌اندازی کارگرها روی همهٔ ماشین‌ها…</translation>
    </message>
    <message>
        <source>Loading the data and building the model: %1 of %2 workers ready</source>
        <translation>بارگذاری داده و ساختن مدل: %1 از %2 کارگر آماده‌اند</translation>
    </message>
    <message>
        <source>Every worker is ready; the first step is under way…</source>
        <translation>همهٔ کارگرها آماده‌اند؛ نخستین گام در جریان است…</translation>
    </message>
    <message>
        <source>%1 — measuring each device&apos;s speed to plan the batches</source>
        <translation>%1 — سنجش سرعت هر دستگاه برای برنامه‌ریزی دسته‌ها</translation>
    </message>
    <message numerus="yes">
        <source>Where each node&apos;s step goes (mean of its last %Ln step(s))</source>
        <translation>
            <numerusform>تفکیک زمان گام در هر گره (میانگین %Ln گام اخیر)</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting in the queue for %1. It starts by itself when its devices are free; its charts and the doctor&apos;s advice begin with its first step.</source>
        <translation>در صف منتظر است، از %1 پیش. وقتی دستگاه‌هایش آزاد شوند خودبه‌خود آغاز می‌شود؛ نمودارها و توصیه‌های پزشک با نخستین گامش آغاز می‌شوند.</translation>
    </message>
    <message>
        <source>It left the queue before it started: nothing ran, so there is nothing to show.</source>
        <translation>پیش از آغاز از صف بیرون رفت: چیزی اجرا نشد، پس چیزی برای نمایش نیست.</translation>
    </message>
    <message>
        <source>Loss (%1)</source>
        <translation>زیان (%1)</translation>
    </message>
</context>
<context>
    <name>LocalAgentLauncher</name>
    <message>
        <source>Cannot start the local agent %1.</source>
        <translation>راه‌اندازی عامل محلی %1 ممکن نشد.</translation>
    </message>
    <message>
        <source>The local agent did not start within 15 seconds. Run %1 by hand to see why.</source>
        <translation>عامل محلی در ۱۵ ثانیه راه‌اندازی نشد. برای دیدن علت، %1 را دستی اجرا کنید.</translation>
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
        <translation>زیان آموزش</translation>
    </message>
    <message>
        <source>eval accuracy</source>
        <translation>دقت ارزیابی</translation>
    </message>
    <message>
        <source>eval perplexity</source>
        <translation>سرگشتگی ارزیابی</translation>
    </message>
    <message>
        <source>time since start</source>
        <translation>زمان از آغاز</translation>
    </message>
    <message>
        <source>step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>زیان</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>سرگشتگی</translation>
    </message>
    <message>
        <source>eval loss</source>
        <translation>زیان ارزیابی</translation>
    </message>
    <message>
        <source>held-out loss</source>
        <translation>زیان ارزیابی</translation>
    </message>
    <message>
        <source>accuracy (%)</source>
        <translation>دقت (٪)</translation>
    </message>
</context>
<context>
    <name>MachineActions</name>
    <message>
        <source>Add machine</source>
        <translation>افزودن ماشین</translation>
    </message>
    <message>
        <source>Host name or address of the agent, with :port if it is not %1:</source>
        <translation>نام میزبان یا نشانی عامل (اگر درگاه آن %1 نیست، درگاه را پس از «:» بنویسید):</translation>
    </message>
    <message>
        <source>Add to the training group</source>
        <translation>افزودن به گروه آموزش</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>جزئیات</translation>
    </message>
    <message>
        <source>Trust…</source>
        <translation>اعتماد…</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>فراموش کردن</translation>
    </message>
    <message>
        <source>Install agent over SSH…</source>
        <translation>نصب عامل از راه SSH…</translation>
    </message>
    <message>
        <source>Forget machine</source>
        <translation>فراموش کردن ماشین</translation>
    </message>
    <message>
        <source>Forget %1? Its pinned certificate is removed; you will be asked again when it is seen.</source>
        <translation>ماشین %1 فراموش شود؟ گواهی ثبت‌شده‌اش حذف می‌شود و دفعهٔ بعد که دیده شود، دوباره از شما پرسیده می‌شود.</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>نشانی</translation>
    </message>
    <message>
        <source>Node id</source>
        <translation>شناسهٔ گره</translation>
    </message>
    <message>
        <source>Agent version</source>
        <translation>نسخهٔ عامل</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>اثر انگشت</translation>
    </message>
    <message>
        <source>Host name</source>
        <translation>نام میزبان</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>سیستم‌عامل</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>پردازنده</translation>
    </message>
    <message numerus="yes">
        <source>%1, %Ln core(s)</source>
        <translation>
            <numerusform>%1، %Ln هسته</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>حافظه</translation>
    </message>
    <message>
        <source>%1 available of %2</source>
        <translation>%1 آزاد از %2</translation>
    </message>
    <message>
        <source>%1% busy, %2 of %3 memory</source>
        <translation>%1٪ مشغول، %2 از %3 حافظه</translation>
    </message>
    <message>
        <source>Machine details</source>
        <translation>جزئیات ماشین</translation>
    </message>
</context>
<context>
    <name>MachineDelegate</name>
    <message>
        <source>%1%</source>
        <translation>%1٪</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>No device information yet</source>
        <translation>هنوز اطلاعاتی از دستگاه‌ها نرسیده است</translation>
    </message>
    <message>
        <source>GPU lost</source>
        <translation>از دست رفته</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <comment>used and total memory in a narrow bar</comment>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>MachinesModel</name>
    <message>
        <source>Certificate changed: refused</source>
        <translation>گواهی تغییر کرده است: رد شد</translation>
    </message>
    <message>
        <source>Agent does not trust this computer</source>
        <translation>عامل به این رایانه اعتماد ندارد</translation>
    </message>
    <message>
        <source>Not trusted yet</source>
        <translation>هنوز مورد اعتماد نیست</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>برون‌خط</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>برخط</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>در حال اتصال…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>متصل</translation>
    </message>
    <message>
        <source>This computer (%1)</source>
        <translation>این رایانه (%1)</translation>
    </message>
    <message>
        <source>%1
Address: %2
Status: %3%4</source>
        <translation>%1
نشانی: %2
وضعیت: %3%4</translation>
    </message>
    <message>
        <source>Utilization %1%, memory %2 of %3</source>
        <translation>میزان استفاده %1٪، حافظه %2 از %3</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message numerus="yes">
        <source>%Ln process(es):</source>
        <translation>
            <numerusform>%Ln فرایند:</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2 · %3 (pid %4)</source>
        <translation>%1 · %2 · %3 (فرایند %4)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Hamgam</source>
        <translation>هم‌گام</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>ماشین‌ها</translation>
    </message>
    <message>
        <source>Filter machines</source>
        <translation>پالایش ماشین‌ها</translation>
    </message>
    <message>
        <source>Add machine…</source>
        <translation>افزودن ماشین…</translation>
    </message>
    <message>
        <source>Add an agent on another subnet by host name or address</source>
        <translation>افزودن عاملی از زیرشبکهٔ دیگر با نام میزبان یا نشانی</translation>
    </message>
    <message>
        <source>Abort run</source>
        <translation>لغو اجرا</translation>
    </message>
    <message>
        <source>Stop the workers now, without a checkpoint?</source>
        <translation>کارگرها همین حالا و بدون نقطهٔ وارسی متوقف شوند؟</translation>
    </message>
    <message>
        <source>About Hamgam</source>
        <translation>دربارهٔ هم‌گام</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hamgam %1&lt;/h3&gt;&lt;p&gt;Train deep networks on the mixed, slowly networked machines a lab already has: batches that follow each machine&apos;s speed, and sharding that keeps parameters inside each machine.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;هم‌گام %1&lt;/h3&gt;&lt;p&gt;آموزش شبکه‌های عمیق روی همان ماشین‌های ناهمگن آزمایشگاه که شبکهٔ کندی دارند: دسته‌هایی متناسب با سرعت هر ماشین، و قطعه‌بندی‌ای که پارامترها را درون هر ماشین نگه می‌دارد.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Training group</source>
        <translation>گروه آموزش</translation>
    </message>
    <message>
        <source>Run setup</source>
        <translation>برپایی اجرا</translation>
    </message>
    <message>
        <source>Drag a machine, or one device line of it, into the training group</source>
        <translation>یک ماشین، یا یکی از سطرهای دستگاهش را، به گروه آموزش بکشید</translation>
    </message>
    <message>
        <source>Lab</source>
        <translation>آزمایشگاه</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>پایش زنده</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>پر&amp;ونده</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;ابزارها</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;راهنما</translation>
    </message>
    <message>
        <source>&amp;Load run config…</source>
        <translation>با&amp;رگذاری پیکربندی اجرا…</translation>
    </message>
    <message>
        <source>&amp;Save run config…</source>
        <translation>&amp;ذخیرهٔ پیکربندی اجرا…</translation>
    </message>
    <message>
        <source>&amp;Add machine…</source>
        <translation>&amp;افزودن ماشین…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>خر&amp;وج</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;ویرایش تنظیمات…</translation>
    </message>
    <message>
        <source>&amp;About Hamgam</source>
        <translation>&amp;دربارهٔ هم‌گام</translation>
    </message>
    <message numerus="yes">
        <source>%Ln machine(s), %1 in all; the first one hosts the rendezvous.</source>
        <translation>
            <numerusform>%Ln ماشین، روی هم %1؛ نخستین ماشین میزبان هم‌رسی است.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln دستگاه</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 started.</source>
        <translation>اجرای %1 آغاز شد.</translation>
    </message>
    <message>
        <source>Run %1: %2.</source>
        <translation>اجرای %1: %2.</translation>
    </message>
    <message>
        <source>Run %1: %2 — %3</source>
        <translation>اجرای %1: %2 — %3</translation>
    </message>
    <message>
        <source>Checking every node…</source>
        <translation>در حال بررسی همهٔ گره‌ها…</translation>
    </message>
    <message>
        <source>A run is already going; stop it first.</source>
        <translation>یک اجرا در جریان است؛ نخست آن را متوقف کنید.</translation>
    </message>
    <message>
        <source>Pre-flight on every node…</source>
        <translation>بررسی پیش‌پرواز روی همهٔ گره‌ها…</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>هنوز اجرایی نیست</translation>
    </message>
    <message>
        <source>Start one from the Lab tab.</source>
        <translation>از زبانهٔ «آزمایشگاه» یک اجرا آغاز کنید.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>&amp;Install agent on a machine…</source>
        <translation>نصب عامل روی یک ماشین ا&amp;ز راه دور…</translation>
    </message>
    <message>
        <source>Shared lab</source>
        <translation>آزمایشگاه مشترک</translation>
    </message>
    <message numerus="yes">
        <source>user %1  ·  %Ln machine(s) online  ·  this controller %2…</source>
        <translation>
            <numerusform>کاربر %1  ·  %Ln ماشین برخط  ·  این کنترل‌گر %2…</numerusform>
        </translation>
    </message>
    <message>
        <source>You are %1 in the shared lab (Settings, Lab)</source>
        <translation>نام شما در آزمایشگاه مشترک %1 است (تنظیمات، آزمایشگاه)</translation>
    </message>
    <message>
        <source>Run %1 is queued: position %2, estimated start %3.</source>
        <translation>اجرای %1 در صف است: جایگاه %2، آغاز تخمینی %3.</translation>
    </message>
    <message>
        <source>Run %1 is queued: position %2.</source>
        <translation>اجرای %1 در صف است: جایگاه %2.</translation>
    </message>
    <message>
        <source>Pre-flight on every node, then into the queue…</source>
        <translation>پیش‌پرواز روی همهٔ گره‌ها، سپس ورود به صف…</translation>
    </message>
    <message>
        <source>%1: position %2 in the queue, estimated start %3</source>
        <translation>%1: جایگاه %2 در صف، آغاز تخمینی %3</translation>
    </message>
    <message>
        <source>%1: position %2 in the queue</source>
        <translation>%1: جایگاه %2 در صف</translation>
    </message>
    <message>
        <source>Pre-flight found problems; nothing was started:</source>
        <translation>پیش‌پرواز مشکلاتی یافت؛ هیچ چیز آغاز نشد:</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;آغاز سریع</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>&amp;اسناد</translation>
    </message>
</context>
<context>
    <name>Message</name>
    <message>
        <source>malformed CBOR: %1</source>
        <translation>دادهٔ CBOR نادرست است: %1</translation>
    </message>
    <message>
        <source>message is not a CBOR map</source>
        <translation>پیام یک نگاشت CBOR نیست</translation>
    </message>
    <message>
        <source>message has no type</source>
        <translation>پیام نوع ندارد</translation>
    </message>
    <message>
        <source>unknown message type &quot;%1&quot;</source>
        <translation>نوع پیام ناشناخته: «%1»</translation>
    </message>
    <message>
        <source>request id of &quot;%1&quot; is not an integer</source>
        <translation>شناسهٔ درخواست «%1» عدد صحیح نیست</translation>
    </message>
    <message>
        <source>reply id of &quot;%1&quot; is not an integer</source>
        <translation>شناسهٔ پاسخ «%1» عدد صحیح نیست</translation>
    </message>
    <message>
        <source>body of &quot;%1&quot; is not a map</source>
        <translation>بدنهٔ «%1» نگاشت نیست</translation>
    </message>
    <message>
        <source>request &quot;%1&quot; has no request id</source>
        <translation>درخواست «%1» شناسهٔ درخواست ندارد</translation>
    </message>
    <message>
        <source>&quot;%1&quot; lacks the field &quot;%2&quot;</source>
        <translation>فیلد «%2» در «%1» نیست</translation>
    </message>
    <message>
        <source>field &quot;%2&quot; of &quot;%1&quot; has the wrong type</source>
        <translation>نوع فیلد «%2» در «%1» نادرست است</translation>
    </message>
</context>
<context>
    <name>ModelCommand</name>
    <message>
        <source>Bring a run&apos;s trained model into a folder: model.pt, a TorchScript file that PyTorch (torch.jit.load) and LibTorch load, and model.json, what goes in and what comes out. The run writes it at each checkpoint and at its end, on the machine of its rank 0.</source>
        <translation>مدلِ آموزش‌دیدهٔ یک اجرا را به یک پوشه بیاورید: model.pt، پرونده‌ای TorchScript که PyTorch (torch.jit.load) و LibTorch بارش می‌کنند، و model.json که می‌گوید چه وارد می‌شود و چه بیرون می‌آید. اجرا آن را در هر نقطهٔ وارسی و در پایان، روی ماشینِ رتبهٔ ۰ خود می‌نویسد.</translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation>شناسهٔ اجرا (یا نویسه‌های آغازینش) یا نام آن.</translation>
    </message>
    <message>
        <source>The folder to write into (created when missing).</source>
        <translation>پوشه‌ای که در آن نوشته می‌شود (اگر نباشد ساخته می‌شود).</translation>
    </message>
    <message>
        <source>hamgamctl export-model: give a run and a folder</source>
        <translation>⁦hamgamctl export-model:⁩ یک اجرا و یک پوشه بدهید</translation>
    </message>
    <message>
        <source>hamgamctl export-model: %1</source>
        <translation>hamgamctl export-model: %1</translation>
    </message>
    <message>
        <source>wrote %1 (%2, the model at step %3) and model.json</source>
        <translation>%1 (%2، مدل در گام %3) و model.json نوشته شد</translation>
    </message>
    <message>
        <source>Replace a model the folder already holds (without it, such a folder is refused, exit 4).</source>
        <translation>مدلی را که در پوشه هست جایگزین کن (بدون این گزینه، چنین پوشه‌ای پذیرفته نمی‌شود، کد خروج ۴).</translation>
    </message>
    <message>
        <source>hamgamctl export-model: %1 (--replace)</source>
        <translation>hamgamctl export-model: %1 (--replace)</translation>
    </message>
</context>
<context>
    <name>ModelFetcher</name>
    <message>
        <source>run %1 has written no trained model (a run writes one at each checkpoint and at its end)</source>
        <translation>اجرای %1 هیچ مدلِ آموزش‌دیده‌ای ننوشته است (هر اجرا در هر نقطهٔ وارسی و در پایانش یکی می‌نویسد)</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>ساختن پوشهٔ %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>نوشتن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>the machine that holds the model (%1) is not connected</source>
        <translation>ماشینی که مدل را نگه می‌دارد (%1) وصل نیست</translation>
    </message>
    <message>
        <source>the agent sent a piece of %1 that does not fit</source>
        <translation>عامل تکه‌ای از %1 فرستاد که جور درنمی‌آید</translation>
    </message>
    <message numerus="yes">
        <source>the model changed on its machine while it was fetched, %n time(s); try again when the run has ended</source>
        <translation>
            <numerusform>مدل هنگام آوردن، %n بار روی ماشینش عوض شد؛ پس از پایان اجرا دوباره بکوشید</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 already holds a trained model; choose another folder, or replace it</source>
        <translation>در %1 از پیش یک مدل آموزش‌دیده هست؛ پوشهٔ دیگری برگزینید یا آن را جایگزین کنید</translation>
    </message>
</context>
<context>
    <name>NodeRegistry</name>
    <message>
        <source>this computer</source>
        <translation>این رایانه</translation>
    </message>
    <message>
        <source>The agent&apos;s certificate has changed. It may be reinstalled, or another machine may pretend to be it. Pinned: %1. Now: %2. Forget the machine to trust the new certificate.</source>
        <translation>گواهی عامل تغییر کرده است. شاید عامل دوباره نصب شده باشد، یا ماشین دیگری خود را به جای آن جا می‌زند. ثبت‌شده: %1. کنونی: %2. برای اعتماد به گواهی تازه، ماشین را فراموش کنید.</translation>
    </message>
    <message>
        <source>This agent does not trust this computer. On the agent&apos;s machine, run: hamgam-agent --trust %1</source>
        <translation>این عامل به این رایانه اعتماد ندارد. روی ماشین عامل اجرا کنید: hamgam-agent --trust %1</translation>
    </message>
    <message numerus="yes">
        <source>Warning: a machine at %1 also claims to be %2 (%n claim(s) in all); it was not proven by TLS and is ignored.</source>
        <translation>
            <numerusform>هشدار: ماشینی در %1 نیز ادعا می‌کند %2 است (روی‌هم %n ادعا)؛ TLS آن را اثبات نکرده و نادیده گرفته می‌شود.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Warning: a machine at %1 claims to be %2 with another certificate (%3; %n claim(s) in all). It is ignored. If %2 was reinstalled, forget it and trust it again; otherwise someone may be impersonating it.</source>
        <translation>
            <numerusform>هشدار: ماشینی در %1 با گواهی دیگری (%3؛ روی‌هم %n ادعا) ادعا می‌کند %2 است. نادیده گرفته می‌شود. اگر %2 دوباره نصب شده است، آن را فراموش کنید و دوباره به آن اعتماد کنید؛ وگرنه ممکن است کسی خود را به جای آن جا بزند.</numerusform>
        </translation>
    </message>
    <message>
        <source>The agent at %1 is another machine now (it says it is %2).</source>
        <translation>عامل در %1 اکنون ماشین دیگری است (می‌گوید %2 است).</translation>
    </message>
    <message>
        <source>The agent here claims to be %1, which is reached at another address with another certificate; it is ignored.</source>
        <translation>عامل این‌جا ادعا می‌کند %1 است، که در نشانی دیگری و با گواهی دیگری در دسترس است؛ نادیده گرفته می‌شود.</translation>
    </message>
    <message>
        <source>The certificate changed while you were asked; nothing was pinned.</source>
        <translation>گواهی در همان زمانی که از شما پرسیده شد عوض شد؛ چیزی ثبت نشد.</translation>
    </message>
</context>
<context>
    <name>NodesCommand</name>
    <message>
        <source>List the machines this controller sees: discovered agents and machines added by hand.</source>
        <translation>فهرست ماشین‌هایی که این کنترل‌گر می‌بیند: عامل‌های کشف‌شده و ماشین‌هایی که دستی افزوده شده‌اند.</translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation>چاپ JSON به جای جدول.</translation>
    </message>
    <message>
        <source>No machines found. Start hamgam-agent on a machine, or add one with: hamgamctl add HOST[:PORT]</source>
        <translation>هیچ ماشینی پیدا نشد⁦. hamgam-agent⁩ را روی یک ماشین اجرا کنید، یا ماشینی بیفزایید: hamgamctl add HOST[:PORT]</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>شناسه</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation>نشانی</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <source>TRUST</source>
        <translation>اعتماد</translation>
    </message>
    <message>
        <source>DEVICES</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>Pin a machine&apos;s certificate fingerprint so this controller talks to it.</source>
        <translation>ثبت اثر انگشت گواهی یک ماشین تا این کنترل‌گر با آن گفت‌وگو کند.</translation>
    </message>
    <message>
        <source>Node id (or its first characters), name or address.</source>
        <translation>شناسهٔ گره (یا نویسه‌های آغازینش)، نام یا نشانی.</translation>
    </message>
    <message>
        <source>Expected fingerprint; refuse if the agent shows another.</source>
        <translation>اثر انگشت مورد انتظار؛ اگر عامل اثر انگشت دیگری نشان دهد، رد می‌شود.</translation>
    </message>
    <message>
        <source>hex</source>
        <translation>هگز</translation>
    </message>
    <message>
        <source>hamgamctl trust: give exactly one node</source>
        <translation>⁦hamgamctl trust:⁩ دقیقاً یک گره بدهید</translation>
    </message>
    <message>
        <source>hamgamctl trust: %1 shows fingerprint %2, not the one given; nothing was pinned</source>
        <translation>⁦hamgamctl trust:⁩ اثر انگشت %1 برابر %2 است، نه آنچه داده شد؛ چیزی ثبت نشد</translation>
    </message>
    <message>
        <source>Pinned %1 (%2).</source>
        <translation>%1 ثبت شد (%2).</translation>
    </message>
    <message>
        <source>Add a machine by address, for agents on other subnets.</source>
        <translation>افزودن ماشین با نشانی، برای عامل‌هایی در زیرشبکه‌های دیگر.</translation>
    </message>
    <message>
        <source>host[:port]</source>
        <translation>میزبان[:درگاه]</translation>
    </message>
    <message>
        <source>hamgamctl add: give exactly one host[:port]</source>
        <translation>⁦hamgamctl add:⁩ دقیقاً یک میزبان[:درگاه] بدهید</translation>
    </message>
    <message>
        <source>hamgamctl add: %1</source>
        <translation>hamgamctl add: %1</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 افزوده شد.</translation>
    </message>
    <message>
        <source>Forget a machine: its pinned fingerprint and, if added by hand, its address.</source>
        <translation>فراموش کردن یک ماشین: اثر انگشت ثبت‌شده‌اش و، اگر دستی افزوده شده، نشانی‌اش.</translation>
    </message>
    <message>
        <source>Node id, name or address.</source>
        <translation>شناسهٔ گره، نام یا نشانی.</translation>
    </message>
    <message>
        <source>hamgamctl forget: give exactly one node</source>
        <translation>⁦hamgamctl forget:⁩ دقیقاً یک گره بدهید</translation>
    </message>
    <message>
        <source>Forgot %1.</source>
        <translation>%1 فراموش شد.</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>برون‌خط</translation>
    </message>
    <message>
        <source>online</source>
        <translation>برخط</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>در حال اتصال</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>متصل</translation>
    </message>
    <message>
        <source>not trusted yet</source>
        <translation>هنوز مورد اعتماد نیست</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>مورد اعتماد</translation>
    </message>
    <message>
        <source>CERTIFICATE CHANGED</source>
        <translation>گواهی تغییر کرده!</translation>
    </message>
    <message>
        <source>agent does not trust us</source>
        <translation>عامل به ما اعتماد ندارد</translation>
    </message>
    <message>
        <source>%1 %2% %3/%4</source>
        <translation>%1 %2٪ %3/%4</translation>
    </message>
    <message>
        <source>hamgamctl: %1</source>
        <translation>hamgamctl: %1</translation>
    </message>
    <message>
        <source>Only this machine (id, name or address).</source>
        <translation>فقط این ماشین (شناسه، نام یا نشانی).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>تعداد</translation>
    </message>
    <message>
        <source>hamgamctl watch: no trusted machine is connected</source>
        <translation>⁦hamgamctl watch:⁩ هیچ ماشین مورد اعتمادی متصل نیست</translation>
    </message>
    <message>
        <source>hamgamctl %1: &quot;%2&quot; was only announced, never reached over TLS, so its certificate is unproven; nothing was pinned</source>
        <translation>⁦hamgamctl %1:⁩ «%2» فقط اعلام شده و هرگز از راه TLS به آن نرسیده‌ایم، پس گواهی‌اش اثبات نشده است؛ چیزی ثبت نشد</translation>
    </message>
    <message>
        <source>hamgamctl %1: no machine &quot;%2&quot; found</source>
        <translation>⁦hamgamctl %1:⁩ ماشینی به نام «%2» پیدا نشد</translation>
    </message>
    <message>
        <source>hamgamctl %1: &quot;%2&quot; matches several machines; give the whole id:</source>
        <translation>⁦hamgamctl %1:⁩ «%2» با چند ماشین جور است؛ شناسهٔ کامل را بدهید:</translation>
    </message>
    <message>
        <source>%1 is not trusted yet. Its fingerprint is %2; if that is right, run: hamgamctl trust %3 --fingerprint %4</source>
        <translation>%1 هنوز مورد اعتماد نیست. اثر انگشتش %2 است؛ اگر درست است، اجرا کنید: hamgamctl trust %3 --fingerprint %4</translation>
    </message>
    <message>
        <source>%1 is not trusted yet and was not reached over TLS, so its certificate is unproven.</source>
        <translation>%1 هنوز مورد اعتماد نیست و از راه TLS به آن نرسیده‌ایم، پس گواهی‌اش اثبات نشده است.</translation>
    </message>
    <message>
        <source>hamgamctl trust: &quot;%1&quot; is not a SHA-256 fingerprint (64 hex digits)</source>
        <translation>⁦hamgamctl trust:⁩ «%1» اثر انگشت SHA-256 نیست (۶۴ رقم شانزده‌شانزدهی)</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>گره</translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation>دستگاه</translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation>استفاده</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>حافظه</translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation>دما</translation>
    </message>
    <message>
        <source>POWER</source>
        <translation>توان</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>کاربر</translation>
    </message>
    <message>
        <source>PROCESS</source>
        <translation>فرایند</translation>
    </message>
    <message>
        <source>NOTE</source>
        <translation>یادداشت</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>pid, command line</comment>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%Ln more)</source>
        <translation>
            <numerusform>%1 (+%Ln فرایند دیگر)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Watch the devices of trusted machines as a table that refreshes every second, as nvtop does: one row per device with its utilization, memory used / total, temperature, power, its users and its largest process. Into a pipe each refresh is printed in turn.</source>
        <translation>پایش دستگاه‌های ماشین‌های مورد اعتماد در جدولی که هر ثانیه تازه می‌شود، مانند nvtop: یک سطر برای هر دستگاه با میزان استفاده، حافظهٔ مصرفی / کل، دما، توان، کاربرانش و بزرگ‌ترین فرایندش. در یک لوله هر تازه‌سازی به‌ترتیب چاپ می‌شود.</translation>
    </message>
    <message>
        <source>Print the table once, when every machine has reported, and exit.</source>
        <translation>چاپ یک‌بارهٔ جدول، پس از گزارش همهٔ ماشین‌ها، و خروج.</translation>
    </message>
    <message>
        <source>Stop after this many refreshes (default: run until interrupted).</source>
        <translation>توقف پس از این تعداد تازه‌سازی (پیش‌فرض: تا وقتی که قطع شود).</translation>
    </message>
    <message numerus="yes">
        <source>hamgamctl watch  %1  %Ln device(s)</source>
        <translation>
            <numerusform>⁦hamgamctl watch⁩  %1  %Ln دستگاه</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelCoordinates</name>
    <message>
        <source>lowest value at the bottom, highest at the top</source>
        <translation>کمترین مقدار در پایین، بیشترین در بالا</translation>
    </message>
</context>
<context>
    <name>PathPolicy</name>
    <message>
        <source>the dataset path %1 is relative; give an absolute path</source>
        <translation>مسیر مجموعه‌داده «%1» نسبی است؛ یک مسیر مطلق بدهید</translation>
    </message>
    <message>
        <source>the model path %1 is relative; give an absolute path</source>
        <translation>مسیر مدل «%1» نسبی است؛ یک مسیر مطلق بدهید</translation>
    </message>
    <message>
        <source>the checkpoint path %1 is relative; give an absolute path</source>
        <translation>مسیر نقطه‌های وارسی «%1» نسبی است؛ یک مسیر مطلق بدهید</translation>
    </message>
    <message>
        <source>the dataset path %1 contains &quot;..&quot;; give the path without it</source>
        <translation>مسیر مجموعه‌داده «%1» «..» دارد؛ آن را بدون «..» بدهید</translation>
    </message>
    <message>
        <source>the model path %1 contains &quot;..&quot;; give the path without it</source>
        <translation>مسیر مدل «%1» «..» دارد؛ آن را بدون «..» بدهید</translation>
    </message>
    <message>
        <source>the checkpoint path %1 contains &quot;..&quot;; give the path without it</source>
        <translation>مسیر نقطه‌های وارسی «%1» «..» دارد؛ آن را بدون «..» بدهید</translation>
    </message>
    <message>
        <source>the dataset path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation>مسیر مجموعه‌داده «%1» بیرون از پوشه‌هایی است که این عامل اجازه می‌دهد (%2)؛ مالک عامل می‌تواند با hamgam-agent --allow-dir پوشه‌های دیگری را هم مجاز کند</translation>
    </message>
    <message>
        <source>the model path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation>مسیر مدل «%1» بیرون از پوشه‌هایی است که این عامل اجازه می‌دهد (%2)؛ مالک عامل می‌تواند با hamgam-agent --allow-dir پوشه‌های دیگری را هم مجاز کند</translation>
    </message>
    <message>
        <source>the checkpoint path %1 is outside the directories this agent allows (%2); its owner can allow more with hamgam-agent --allow-dir</source>
        <translation>مسیر نقطه‌های وارسی «%1» بیرون از پوشه‌هایی است که این عامل اجازه می‌دهد (%2)؛ مالک عامل می‌تواند با hamgam-agent --allow-dir پوشه‌های دیگری را هم مجاز کند</translation>
    </message>
</context>
<context>
    <name>PeerConnection</name>
    <message numerus="yes">
        <source>connection closed in the middle of a frame (%Ln byte(s) of a truncated frame)</source>
        <translation>
            <numerusform>اتصال در میانهٔ یک قاب بسته شد (%Ln بایت از قابی ناقص)</numerusform>
        </translation>
    </message>
    <message>
        <source>connection closed by the peer</source>
        <translation>طرف مقابل اتصال را بست</translation>
    </message>
</context>
<context>
    <name>PlotExportDialog</name>
    <message>
        <source>Export plots</source>
        <translation>خروجی نمودارها</translation>
    </message>
    <message>
        <source>PNG (pictures for slides and chat)</source>
        <translation>⁦PNG⁩ (تصویر برای اسلاید و گفت‌وگو)</translation>
    </message>
    <message>
        <source>PDF (sharp at any size, for papers)</source>
        <translation>⁦PDF⁩ (در هر اندازه واضح، برای مقاله)</translation>
    </message>
    <message>
        <source>A folder that does not exist yet is made</source>
        <translation>پوشه‌ای که هنوز نیست ساخته می‌شود</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>انتخاب…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>ذخیره</translation>
    </message>
    <message>
        <source>Plots</source>
        <translation>نمودارها</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>قالب‌ها</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>پوشه</translation>
    </message>
    <message>
        <source>Save plots to</source>
        <translation>ذخیرهٔ نمودارها در</translation>
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
</context>
<context>
    <name>Preflight</name>
    <message>
        <source>the training worker %1 is not installed on this machine</source>
        <translation>کارگر آموزش %1 روی این ماشین نصب نیست</translation>
    </message>
    <message>
        <source>the training worker %1 does not run: %2</source>
        <translation>کارگر آموزش %1 اجرا نمی‌شود: %2</translation>
    </message>
    <message>
        <source>this machine is not in the run&apos;s node list</source>
        <translation>این ماشین در فهرست گره‌های اجرا نیست</translation>
    </message>
    <message>
        <source>the training worker is version %1 but the agent is %2; install one Hamgam version</source>
        <translation>نسخهٔ کارگر آموزش %1 است ولی نسخهٔ عامل %2؛ یک نسخهٔ واحد از هم‌گام نصب کنید</translation>
    </message>
    <message numerus="yes">
        <source>device %1 does not exist here (this machine has %Ln GPU(s))</source>
        <translation>
            <numerusform>دستگاه %1 اینجا وجود ندارد (این ماشین %Ln GPU دارد)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already used by %2: the run will share it and run slower</source>
        <translation>دستگاه %1 هم‌اکنون در اختیار %2 است: اجرا آن را به اشتراک می‌گذارد و کندتر پیش می‌رود</translation>
    </message>
    <message>
        <source>this machine has %1 of memory available but the run needs about %2 here</source>
        <translation>این ماشین %1 حافظهٔ آزاد دارد ولی اجرا در اینجا حدود %2 لازم دارد</translation>
    </message>
    <message numerus="yes">
        <source>the CPU is already busy (load %1 on %Ln core(s)): the run will share it</source>
        <translation>
            <numerusform>هم‌اکنون CPU مشغول است (بار %1 روی %Ln هسته): اجرا آن را به اشتراک می‌گذارد</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot create the checkpoint directory %1</source>
        <translation>ساختن پوشهٔ نقطه‌های وارسی %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot write in the checkpoint directory %1</source>
        <translation>نوشتن در پوشهٔ نقطه‌های وارسی %1 ممکن نشد</translation>
    </message>
    <message>
        <source>the checkpoint directory %1 belongs to another user; use a directory of your own, or a shared one with the sticky bit (like /tmp)</source>
        <translation>پوشهٔ نقطه‌های وارسی %1 از آنِ کاربر دیگری است؛ پوشه‌ای از خودتان بدهید، یا پوشه‌ای مشترک با بیت چسبنده (مانند ⁦/tmp⁩)</translation>
    </message>
    <message>
        <source>other users can write into the checkpoint directory %1 and it has no sticky bit; run chmod go-w on it, or chmod +t to share it like /tmp</source>
        <translation>کاربران دیگر هم می‌توانند در پوشهٔ نقطه‌های وارسی %1 بنویسند و این پوشه بیت چسبنده ندارد؛ روی آن ⁦chmod go-w⁩ را اجرا کنید، یا با ⁦chmod +t⁩ آن را مانند ⁦/tmp⁩ مشترک کنید</translation>
    </message>
    <message>
        <source>no free TCP port for the workers&apos; rendezvous</source>
        <translation>هیچ درگاه TCP آزادی برای هم‌رسی کارگرها نیست</translation>
    </message>
    <message>
        <source>precision fp16 needs a GPU here: this machine trains on its CPU, and its worker&apos;s LibTorch %1 runs only bf16 there (choose bf16 or fp32)</source>
        <translation>دقت fp16 در اینجا GPU لازم دارد: این ماشین روی CPU خود آموزش می‌دهد و LibTorch %1 کارگرش در آنجا فقط bf16 را اجرا می‌کند (bf16 یا fp32 را برگزینید)</translation>
    </message>
    <message>
        <source>%1 has %2 to use but the model alone needs about %3 there (its weights, gradients and optimizer state, and one sample); use lsdp, more devices or a smaller model</source>
        <translation>%1 فقط %2 حافظهٔ قابل استفاده دارد ولی خود مدل آنجا حدود %3 لازم دارد (وزن‌ها، گرادیان‌ها و حالت بهینه‌ساز، و یک نمونه)؛ از lsdp، دستگاه‌های بیشتر یا مدلی کوچک‌تر استفاده کنید</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %2 to use: the planned batch of %3 trains in %Ln pass(es) of up to %4 samples, about %5 each</source>
        <translation>
            <numerusform>%1 حافظهٔ قابل استفادهٔ %2 دارد: دستهٔ برنامه‌ریزی‌شدهٔ %3 در %Ln گذر از حداکثر %4 نمونه آموزش می‌بیند، هر کدام حدود %5</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 will be nearly full (about %2 of %3 to use)</source>
        <translation>%1 تقریباً پر خواهد شد (حدود %2 از %3 قابل استفاده)</translation>
    </message>
    <message>
        <source>memory_budget_mb does not hold the model and one sample (about %1 on each device)</source>
        <translation>⁦memory_budget_mb⁩ گنجایش مدل و یک نمونه را ندارد (حدود %1 روی هر دستگاه)</translation>
    </message>
    <message numerus="yes">
        <source>within memory_budget_mb the planned batch of %1 trains in %Ln pass(es) of up to %2 samples</source>
        <translation>
            <numerusform>در محدودهٔ memory_budget_mb دستهٔ برنامه‌ریزی‌شدهٔ %1 در %Ln گذر از حداکثر %2 نمونه آموزش می‌بیند</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>راهنمای گزینه‌های خط فرمان را نشان می‌دهد.</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>راهنما را همراه با گزینه‌های ویژهٔ Qt نشان می‌دهد.</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>اطلاعات نسخه را نشان می‌دهد.</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>کاربرد: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>گزینه‌ها:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>آرگومان‌ها:</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[گزینه‌ها]</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>گزینهٔ ناشناخته: %1</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>گزینه‌های ناشناخته: %1</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>پس از %1 مقداری نیامده است.</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>پس از %1 مقداری نابه‌جا آمده است.</translation>
    </message>
</context>
<context>
    <name>QGuiApplication</name>
    <message>
        <source>QT_LAYOUT_DIRECTION</source>
        <translation>RTL</translation>
    </message>
</context>
<context>
    <name>QueueCoordinator</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 showed another certificate than the one its controller pinned</source>
        <translation>ماشین %1 گواهی دیگری جز آنچه کنترل‌گرش ثبت کرده بود نشان داد</translation>
    </message>
    <message>
        <source>no free TCP port for the workers&apos; rendezvous</source>
        <translation>هیچ درگاه TCP آزادی برای هم‌رسی کارگرها نیست</translation>
    </message>
    <message>
        <source>this agent has no journal of the run</source>
        <translation>این عامل هیچ دفترچه‌ای از این اجرا ندارد</translation>
    </message>
    <message>
        <source>its journal here says %1, not queued</source>
        <translation>دفترچه‌اش در اینجا %1 می‌گوید، نه «در صف»</translation>
    </message>
    <message>
        <source>its plan does not match its nodes</source>
        <translation>طرحش با گره‌هایش جور نیست</translation>
    </message>
    <message>
        <source>its plan names no address for this machine, where its workers meet</source>
        <translation>طرحش هیچ نشانی‌ای برای این ماشین، جایی که کارگرهایش به هم می‌رسند، ندارد</translation>
    </message>
</context>
<context>
    <name>QueueSubmitter</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>متصل نیست</translation>
    </message>
</context>
<context>
    <name>ReservationBook</name>
    <message>
        <source>no reservation %1 on this machine</source>
        <translation>رزرو %1 روی این ماشین نیست</translation>
    </message>
    <message>
        <source>reservation %1 is %2&apos;s: only they or a lab admin may remove it</source>
        <translation>رزرو %1 متعلق به %2 است: فقط خود او یا مدیر آزمایشگاه می‌تواند آن را بردارد</translation>
    </message>
</context>
<context>
    <name>RunCommands</name>
    <message>
        <source>hamgamctl: %1</source>
        <translation>hamgamctl: %1</translation>
    </message>
    <message>
        <source>re-planned at step %1: %2</source>
        <translation>بازبرنامه‌ریزی در گام %1: %2</translation>
    </message>
    <message>
        <source>error on rank %1: %2</source>
        <translation>خطا در رتبهٔ %1: %2</translation>
    </message>
    <message>
        <source>step %1/%2  loss %3  %4 samples/s  ETA %5  wait: %6</source>
        <translation>گام %1/%2  زیان %3  %4 نمونه/ثانیه  مانده %5  انتظار: %6</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Validate a run config and run the pre-flight checks on every node; starts nothing.</source>
        <translation>اعتبارسنجی پیکربندی اجرا و انجام بررسی‌های پیش‌پرواز روی همهٔ گره‌ها؛ چیزی آغاز نمی‌شود.</translation>
    </message>
    <message>
        <source>Run config (JSON).</source>
        <translation>پیکربندی اجرا (JSON).</translation>
    </message>
    <message>
        <source>hamgamctl check: give one config file</source>
        <translation>⁦hamgamctl check:⁩ یک پروندهٔ پیکربندی بدهید</translation>
    </message>
    <message>
        <source>%1: ok</source>
        <translation>%1: بدون مشکل</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln problem(s)</source>
        <translation>
            <numerusform>%1: %Ln مشکل</numerusform>
        </translation>
    </message>
    <message>
        <source>  error: %1</source>
        <translation>  خطا: %1</translation>
    </message>
    <message>
        <source>  warning: %1</source>
        <translation>  هشدار: %1</translation>
    </message>
    <message>
        <source>Ready to start.</source>
        <translation>آمادهٔ آغاز.</translation>
    </message>
    <message>
        <source>Not ready: fix the errors above.</source>
        <translation>آماده نیست: خطاهای بالا را برطرف کنید.</translation>
    </message>
    <message>
        <source>Start a run from a config. The run goes on if hamgamctl exits; follow it again with hamgamctl attach.</source>
        <translation>آغاز یک اجرا از روی پیکربندی. اگر hamgamctl بسته شود، اجرا ادامه می‌یابد؛ با hamgamctl attach دوباره دنبالش کنید.</translation>
    </message>
    <message>
        <source>Stay and print progress until the run ends.</source>
        <translation>ماندن و چاپ پیشرفت تا پایان اجرا.</translation>
    </message>
    <message>
        <source>With --follow, print only the final status.</source>
        <translation>همراه با ⁦--follow⁩، فقط وضعیت پایانی چاپ شود.</translation>
    </message>
    <message>
        <source>hamgamctl run: give one config file</source>
        <translation>⁦hamgamctl run:⁩ یک پروندهٔ پیکربندی بدهید</translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation>هشدار: %1: %2</translation>
    </message>
    <message>
        <source>run %1 started</source>
        <translation>اجرای %1 آغاز شد</translation>
    </message>
    <message>
        <source>Follow a run again: fill the history with everything the agents journaled while no controller listened, then print progress until it ends.</source>
        <translation>دنبال کردن دوبارهٔ یک اجرا: تاریخچه با هر آنچه عامل‌ها در نبود کنترل‌گر ثبت کرده‌اند پر می‌شود، سپس پیشرفت تا پایان اجرا چاپ می‌شود.</translation>
    </message>
    <message>
        <source>Run id (or its first characters) or name.</source>
        <translation>شناسهٔ اجرا (یا نویسه‌های آغازینش) یا نام آن.</translation>
    </message>
    <message>
        <source>Only catch up the history, then exit.</source>
        <translation>فقط به‌روزرسانی تاریخچه و سپس خروج.</translation>
    </message>
    <message>
        <source>hamgamctl attach: give one run</source>
        <translation>⁦hamgamctl attach:⁩ یک اجرا را مشخص کنید</translation>
    </message>
    <message>
        <source>run %1: history caught up</source>
        <translation>اجرای %1: تاریخچه به‌روز شد</translation>
    </message>
    <message>
        <source>attached to run %1</source>
        <translation>به اجرای %1 متصل شد</translation>
    </message>
    <message>
        <source>Abort a run: kill its workers now.</source>
        <translation>لغو یک اجرا: کارگرهایش همین حالا به‌اجبار بسته می‌شوند.</translation>
    </message>
    <message>
        <source>Seconds to wait for the run to end (default 120).</source>
        <translation>چند ثانیه برای پایان اجرا صبر شود (پیش‌فرض 120).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>ثانیه</translation>
    </message>
    <message>
        <source>give one run</source>
        <translation>یک اجرا را مشخص کنید</translation>
    </message>
    <message>
        <source>the run did not end in time</source>
        <translation>اجرا به‌موقع پایان نیافت</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>اجرای %1: %2</translation>
    </message>
    <message>
        <source>run %1: %2, %3</source>
        <translation>اجرای %1: %2، %3</translation>
    </message>
    <message>
        <source>Wait in the lab&apos;s queue until the devices are free, instead of refusing when they are held (docs/lab.md); closing hamgamctl loses nothing.</source>
        <translation>انتظار در صف آزمایشگاه تا آزاد شدن دستگاه‌ها، به جای رد شدن وقتی در اختیار دیگری‌اند (docs/lab.md)؛ بستن hamgamctl چیزی را از دست نمی‌دهد.</translation>
    </message>
    <message>
        <source>How long the run will take (&quot;90m&quot;, &quot;2h&quot;), for the queue&apos;s backfill; default: as the last run of the same shape took.</source>
        <translation>مدتی که اجرا طول می‌کشد («90m»، «2h»)، برای پرکردن شکاف در صف؛ پیش‌فرض: به اندازهٔ آخرین اجرای هم‌شکل.</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>مدت</translation>
    </message>
    <message>
        <source>With --queue: any free devices of each machine, as many as the config lists there.</source>
        <translation>با ⁦--queue:⁩ هر دستگاه آزادی از هر ماشین، به تعدادی که پیکربندی برای آن ماشین فهرست کرده است.</translation>
    </message>
    <message>
        <source>hamgamctl run: --time: &quot;%1&quot; is not a duration</source>
        <translation>⁦hamgamctl run: --time:⁩ «%1» مدت زمان نیست</translation>
    </message>
    <message>
        <source>run %1 queued: position %2, estimated start %3</source>
        <translation>اجرای %1 در صف قرار گرفت: جایگاه %2، آغاز تخمینی %3</translation>
    </message>
    <message>
        <source>run %1 queued: position %2</source>
        <translation>اجرای %1 در صف قرار گرفت: جایگاه %2</translation>
    </message>
    <message>
        <source>Refuse a config with a field this version does not know (a typo, or a newer version&apos;s field); without it such fields are ignored with a warning.</source>
        <translation>رد پیکربندی‌ای که فیلدی ناشناخته برای این نسخه دارد (غلط تایپی، یا فیلدی از نسخه‌ای تازه‌تر)؛ بدون این گزینه چنین فیلدهایی با هشدار نادیده گرفته می‌شوند.</translation>
    </message>
    <message numerus="yes">
        <source>Ready to start, but %n field(s) of the config will be ignored: see the warnings above.</source>
        <translation>
            <numerusform>آمادهٔ آغاز است، اما %n فیلد پیکربندی نادیده گرفته می‌شود: هشدارهای بالا را ببینید.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop a run: its workers write a checkpoint first when the run has a checkpoint directory, then exit.</source>
        <translation>توقف یک اجرا: اگر اجرا پوشهٔ نقطه‌های وارسی داشته باشد، کارگرهایش نخست یک نقطهٔ وارسی می‌نویسند و سپس خارج می‌شوند.</translation>
    </message>
    <message>
        <source>evaluation: %1</source>
        <translation>ارزیابی: %1</translation>
    </message>
    <message>
        <source>%1: no run &quot;%2&quot; in this computer&apos;s history or on the lab&apos;s machines</source>
        <translation>%1: اجرای «%2» نه در تاریخچهٔ این رایانه هست و نه روی ماشین‌های آزمایشگاه</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; matches %3; give more of the id</source>
        <translation>%1: «%2» با %3 جور است؛ بخش بیشتری از شناسه را بنویسید</translation>
    </message>
    <message>
        <source>run %1 of %2: aborting</source>
        <translation>اجرای %1 از %2: در حال قطع</translation>
    </message>
    <message>
        <source>run %1 of %2: stopping</source>
        <translation>اجرای %1 از %2: در حال توقف</translation>
    </message>
    <message>
        <source>run %1 of %2: ended; its devices are free</source>
        <translation>اجرای %1 از %2: پایان یافت؛ دستگاه‌هایش آزادند</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not in this computer&apos;s history, and not every machine of the lab answered to look for it there; try again</source>
        <translation>%1: «%2» در تاریخچهٔ این رایانه نیست و همهٔ ماشین‌های آزمایشگاه پاسخ ندادند تا آنجا جست‌وجو شود؛ دوباره امتحان کنید</translation>
    </message>
    <message>
        <source>no machine answered in time</source>
        <translation>هیچ ماشینی به‌موقع پاسخ نداد</translation>
    </message>
    <message>
        <source>Link: not measured yet on these machines with this model; the run measures it in its first steps (and with sync.mode auto, chooses from it).</source>
        <translation>پیوند شبکه: هنوز روی این ماشین‌ها با این مدل سنجیده نشده است؛ اجرا آن را در نخستین گام‌هایش می‌سنجد (و با ⁦sync.mode auto⁩ از روی آن انتخاب می‌کند).</translation>
    </message>
    <message>
        <source>Link, as run %1 &quot;%2&quot; measured it:</source>
        <translation>پیوند شبکه، آن‌گونه که اجرای %1 «%2» سنجید:</translation>
    </message>
</context>
<context>
    <name>RunConfig</name>
    <message>
        <source>must be text</source>
        <translation>باید متن باشد</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>باید عدد صحیح باشد</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>باید عدد باشد</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>باید true یا false باشد</translation>
    </message>
    <message>
        <source>must be a list of whole numbers</source>
        <translation>باید فهرستی از اعداد صحیح باشد</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>باید یک شیء باشد</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>باید یک فهرست باشد</translation>
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
        <translation>قطعه‌بندی محلی: پارامترها و وضعیت بهینه‌ساز درون هر گره و در حافظهٔ CPU آن قطعه‌بندی می‌شوند؛ فقط گرادیان‌ها از شبکه می‌گذرند.</translation>
    </message>
    <message>
        <source>LSHDP: locally sharded, with batches that follow each device&apos;s speed. Best on mixed, slow-networked labs.</source>
        <translation>قطعه‌بندی محلی همراه با دسته‌هایی متناسب با سرعت هر دستگاه (LSHDP). بهترین گزینه برای آزمایشگاه‌های ناهمگن با شبکهٔ کند.</translation>
    </message>
    <message>
        <source>Fully sharded across all nodes: least memory, but parameters cross the network at every layer.</source>
        <translation>قطعه‌بندی کامل میان همهٔ گره‌ها: کمترین حافظه، ولی پارامترها در هر لایه از شبکه می‌گذرند.</translation>
    </message>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation>متن JSON در موقعیت %1 نامعتبر است: %2</translation>
    </message>
    <message>
        <source>a run config is a JSON object</source>
        <translation>پیکربندی اجرا باید یک شیء JSON باشد</translation>
    </message>
    <message>
        <source>must be two numbers</source>
        <translation>باید دو عدد باشد</translation>
    </message>
    <message>
        <source>version %1 is not supported; this Hamgam reads version %2</source>
        <translation>نسخهٔ %1 پشتیبانی نمی‌شود؛ این هم‌گام نسخهٔ %2 را می‌خواند</translation>
    </message>
    <message>
        <source>give the run a name</source>
        <translation>برای اجرا نامی بگذارید</translation>
    </message>
    <message>
        <source>a name has at most 120 characters</source>
        <translation>نام حداکثر ۱۲۰ نویسه دارد</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot;; choose one of %2</source>
        <translation>راهبرد ناشناخته «%1»؛ یکی از این‌ها را برگزینید: %2</translation>
    </message>
    <message>
        <source>unknown model &quot;%1&quot;; choose one of %2</source>
        <translation>مدل ناشناخته «%1»؛ یکی از این‌ها را برگزینید: %2</translation>
    </message>
    <message>
        <source>an MLP has 1 to 16 hidden layers</source>
        <translation>شبکهٔ MLP باید ۱ تا ۱۶ لایهٔ پنهان داشته باشد</translation>
    </message>
    <message>
        <source>GroupNorm groups must divide the channel count</source>
        <translation>تعداد کانال‌ها باید بر تعداد گروه‌های GroupNorm بخش‌پذیر باشد</translation>
    </message>
    <message>
        <source>the number of heads must divide the width</source>
        <translation>پهنا باید بر تعداد سرهای توجه بخش‌پذیر باشد</translation>
    </message>
    <message>
        <source>give the path of the TorchScript module</source>
        <translation>مسیر ماژول TorchScript را بدهید</translation>
    </message>
    <message>
        <source>unknown dataset &quot;%1&quot;; choose one of %2</source>
        <translation>مجموعه‌دادهٔ ناشناخته «%1»؛ یکی از این‌ها را برگزینید: %2</translation>
    </message>
    <message>
        <source>the sample shape needs positive sizes</source>
        <translation>ابعاد شکل نمونه باید مثبت باشند</translation>
    </message>
    <message>
        <source>the dataset path is missing</source>
        <translation>مسیر مجموعه‌داده داده نشده است</translation>
    </message>
    <message>
        <source>the gpt model trains on text: use a text dataset</source>
        <translation>مدل gpt روی متن آموزش می‌بیند: یک مجموعه‌دادهٔ متنی برگزینید</translation>
    </message>
    <message>
        <source>text datasets need the gpt model</source>
        <translation>مجموعه‌داده‌های متنی به مدل gpt نیاز دارند</translation>
    </message>
    <message>
        <source>the global batch (%1) is smaller than the number of devices (%2): every device needs at least one sample</source>
        <translation>دستهٔ سراسری (%1) از تعداد دستگاه‌ها (%2) کوچک‌تر است: هر دستگاه دست‌کم به یک نمونه نیاز دارد</translation>
    </message>
    <message>
        <source>give either a number of steps or a number of epochs</source>
        <translation>یا تعداد گام‌ها را بدهید یا تعداد دوره‌ها را</translation>
    </message>
    <message>
        <source>unknown optimizer &quot;%1&quot;; choose sgd or adamw</source>
        <translation>بهینه‌ساز ناشناخته «%1»؛ sgd یا adamw را برگزینید</translation>
    </message>
    <message>
        <source>unknown schedule &quot;%1&quot;; choose cosine or constant</source>
        <translation>زمان‌بندی ناشناخته «%1»؛ cosine یا constant را برگزینید</translation>
    </message>
    <message>
        <source>give a checkpoint directory</source>
        <translation>پوشهٔ نقطه‌های وارسی را بدهید</translation>
    </message>
    <message>
        <source>add at least one machine to the training group</source>
        <translation>دست‌کم یک ماشین به گروه آموزش بیفزایید</translation>
    </message>
    <message>
        <source>which machine? the agent id is missing</source>
        <translation>کدام ماشین؟ شناسهٔ عامل داده نشده است</translation>
    </message>
    <message>
        <source>%1 is listed twice</source>
        <translation>ماشین %1 دو بار آمده است</translation>
    </message>
    <message>
        <source>choose at least one device</source>
        <translation>دست‌کم یک دستگاه برگزینید</translation>
    </message>
    <message>
        <source>a node&apos;s batch must give each of its devices at least one sample</source>
        <translation>دستهٔ هر گره باید دست‌کم یک نمونه به هر یک از دستگاه‌هایش برساند</translation>
    </message>
    <message>
        <source>a manual batch split needs a batch for every node</source>
        <translation>در تقسیم دستی دسته، هر گره باید دسته‌ای داشته باشد</translation>
    </message>
    <message>
        <source>the manual batches add up to %1, not to the global batch %2</source>
        <translation>جمع دسته‌های دستی %1 است، نه برابر با دستهٔ سراسری %2</translation>
    </message>
    <message>
        <source>1D tensor parallel (Megatron) inside each node, any number of GPUs: every layer split across the node&apos;s GPUs over its fast links; nodes share only gradients, with batches that follow their speed.</source>
        <translation>موازی‌سازی تانسوری یک‌بعدی (Megatron) درون هر گره، با هر تعداد GPU: هر لایه از راه پیوندهای سریع گره میان GPUهای آن تقسیم می‌شود؛ گره‌ها فقط گرادیان‌ها را با هم مبادله می‌کنند، با دسته‌هایی متناسب با سرعتشان.</translation>
    </message>
    <message>
        <source>2D tensor parallel (SUMMA) inside each node of 4, 9, 16… GPUs: less traffic and memory per GPU than 1D; nodes share only gradients, with batches that follow their speed.</source>
        <translation>موازی‌سازی تانسوری دوبعدی (SUMMA) درون هر گره با ۴، ۹، ۱۶… GPU: ترافیک و حافظهٔ کمتری برای هر GPU نسبت به یک‌بعدی؛ گره‌ها فقط گرادیان‌ها را با هم مبادله می‌کنند، با دسته‌هایی متناسب با سرعتشان.</translation>
    </message>
    <message>
        <source>3D tensor parallel inside each node of 8, 27… GPUs: the least traffic and memory per GPU; nodes share only gradients, with batches that follow their speed.</source>
        <translation>موازی‌سازی تانسوری سه‌بعدی درون هر گره با ۸، ۲۷… GPU: کمترین ترافیک و حافظه برای هر GPU؛ گره‌ها فقط گرادیان‌ها را با هم مبادله می‌کنند، با دسته‌هایی متناسب با سرعتشان.</translation>
    </message>
    <message>
        <source>unknown activation &quot;%1&quot;; choose relu, gelu or tanh</source>
        <translation>تابع فعال‌سازی ناشناخته «%1»؛ relu، gelu یا tanh را برگزینید</translation>
    </message>
    <message>
        <source>strategy %1 splits the linear layers of the mlp and gpt models, not %2</source>
        <translation>راهبرد %1 لایه‌های خطی مدل‌های mlp و gpt را تقسیم می‌کند، نه %2</translation>
    </message>
    <message>
        <source>strategy tp2d arranges each node&apos;s devices in a q×q grid: %1 has %2 devices, which is not a square (1, 4, 9, 16, …)</source>
        <translation>راهبرد tp2d دستگاه‌های هر گره را در یک آرایهٔ q×q می‌چیند: ماشین %1 دارای %2 دستگاه است و این عدد مربع کامل نیست (۱، ۴، ۹، ۱۶، …)</translation>
    </message>
    <message>
        <source>strategy tp3d arranges each node&apos;s devices in a q×q×q cube: %1 has %2 devices, which is not a cube (1, 8, 27, 64, …)</source>
        <translation>راهبرد tp3d دستگاه‌های هر گره را در یک مکعب q×q×q می‌چیند: ماشین %1 دارای %2 دستگاه است و این عدد مکعب کامل نیست (۱، ۸، ۲۷، ۶۴، …)</translation>
    </message>
    <message>
        <source>strategy %1 needs the same number of devices on every node (%2 has %3, %4 has %5)</source>
        <translation>راهبرد %1 به تعداد دستگاه یکسان روی همهٔ گره‌ها نیاز دارد (%2: %3 دستگاه، %4: %5 دستگاه)</translation>
    </message>
    <message>
        <source>strategy %1 cuts every layer into %2 blocks per dimension, so this must be at least %2</source>
        <translation>راهبرد %1 هر لایه را در هر بُعد به %2 بلوک تقسیم می‌کند، پس این مقدار باید دست‌کم %2 باشد</translation>
    </message>
    <message>
        <source>comm.fp16 asks for fp16 gradients and comm.dtype for bf16: give one</source>
        <translation>گزینهٔ comm.fp16 گرادیان‌های fp16 می‌خواهد و comm.dtype گرادیان‌های bf16: فقط یکی را بدهید</translation>
    </message>
    <message>
        <source>gradients travel as fp32, fp16 or bf16, not &quot;%1&quot;</source>
        <translation>گرادیان‌ها با fp32، fp16 یا bf16 فرستاده می‌شوند، نه «%1»</translation>
    </message>
    <message>
        <source>give an absolute path, such as /home/me/model.pt: every machine opens the file on its own disk</source>
        <translation>یک مسیر مطلق بدهید (که با / آغاز شود)؛ هر ماشین این پرونده را از دیسک خودش باز می‌کند</translation>
    </message>
    <message>
        <source>the cnn model needs images: give the shape as [channels, height, width]</source>
        <translation>مدل cnn تصویر لازم دارد: شکل را به صورت [کانال‌ها، ارتفاع، عرض] بدهید</translation>
    </message>
    <message>
        <source>give an absolute path: every machine reads the dataset from its own disk</source>
        <translation>یک مسیر مطلق بدهید؛ هر ماشین مجموعه‌داده را از دیسک خودش می‌خواند</translation>
    </message>
    <message>
        <source>give an absolute path: every machine writes its checkpoints on its own disk</source>
        <translation>یک مسیر مطلق بدهید؛ هر ماشین نقطه‌های وارسی را روی دیسک خودش می‌نویسد</translation>
    </message>
    <message>
        <source>a node&apos;s memory cap must give each of its devices at least one sample</source>
        <translation>سقف حافظهٔ هر ماشین باید به هر یک از دستگاه‌هایش دست‌کم یک نمونه برسد</translation>
    </message>
    <message>
        <source>strategy %1 cuts the input layer into %2 blocks: a sample needs at least %2 values</source>
        <translation>راهبرد %1 لایهٔ ورودی را به %2 بلوک می‌برد: هر نمونه دست‌کم %2 مقدار لازم دارد</translation>
    </message>
    <message>
        <source>strategy %1 cuts the output layer into %2 blocks: it needs at least %2 classes</source>
        <translation>راهبرد %1 لایهٔ خروجی را به %2 بلوک می‌برد: دست‌کم %2 کلاس لازم است</translation>
    </message>
    <message>
        <source>unknown field, ignored: did you mean &quot;%1&quot;?</source>
        <translation>فیلد ناشناخته، نادیده گرفته شد: منظورتان «%1» بود؟</translation>
    </message>
    <message>
        <source>unknown field, ignored: this Hamgam reads run config version %1 (is the field from a newer version?)</source>
        <translation>فیلد ناشناخته، نادیده گرفته شد: این هم‌گام پیکربندی اجرا با نسخهٔ %1 را می‌خواند (آیا این فیلد از نسخه‌ای تازه‌تر است؟)</translation>
    </message>
    <message>
        <source>must be &quot;%1&quot; or a whole number</source>
        <translation>باید «%1» یا یک عدد صحیح باشد</translation>
    </message>
    <message>
        <source>name the table&apos;s label column</source>
        <translation>نام ستون برچسب جدول را بدهید</translation>
    </message>
    <message>
        <source>a table&apos;s rows are flat: train them with the mlp model (or a TorchScript model)</source>
        <translation>سطرهای جدول تخت‌اند: آن‌ها را با مدل mlp (یا یک مدل TorchScript) آموزش دهید</translation>
    </message>
    <message>
        <source>give the images&apos; size as [channels, height, width]: 1 (grey) or 3 (colour) channels, each side 1 to 4096 pixels</source>
        <translation>اندازهٔ تصویرها را به شکل [کانال، ارتفاع، پهنا] بدهید: ۱ (خاکستری) یا ۳ (رنگی) کانال، هر ضلع از ۱ تا ۴۰۹۶ پیکسل</translation>
    </message>
    <message>
        <source>recomputation is not available with the tensor-parallel strategies, which already split each layer&apos;s activations over the node&apos;s devices</source>
        <translation>بازمحاسبه با راهبردهای موازی‌سازی تانسوری در دسترس نیست؛ آن‌ها خود فعال‌سازی‌های هر لایه را میان دستگاه‌های گره پخش می‌کنند</translation>
    </message>
    <message>
        <source>recomputation is not available with a TorchScript model, whose forward would run twice in training mode (batch norm statistics, dropout masks)</source>
        <translation>بازمحاسبه با مدل TorchScript در دسترس نیست، چون گذر پیش‌روی آن دو بار در حالت آموزش اجرا می‌شد (آمار نرمال‌سازی دسته‌ای، ماسک‌های dropout)</translation>
    </message>
    <message>
        <source>the precision is fp32, bf16 or fp16, not &quot;%1&quot;</source>
        <translation>دقت fp32، bf16 یا fp16 است، نه «%1»</translation>
    </message>
    <message>
        <source>%1 is not available yet with the tensor-parallel strategies; use fp32 or a data-parallel strategy</source>
        <translation>%1 هنوز با راهبردهای موازی‌سازی تانسوری در دسترس نیست؛ از fp32 یا یک راهبرد موازی‌سازی داده استفاده کنید</translation>
    </message>
    <message>
        <source>device indices must be distinct</source>
        <translation>شمارهٔ دستگاه‌ها باید متفاوت باشند</translation>
    </message>
    <message numerus="yes">
        <source>rank %1 is not in the run, which has %Ln rank(s)</source>
        <translation>
            <numerusform>رتبهٔ %1 در این اجرا نیست؛ اجرا %Ln رتبه دارد</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3</source>
        <translation>%1 باید بین %2 و %3 باشد</translation>
    </message>
    <message>
        <source>%1 must be above %2 and at most %3</source>
        <translation>%1 باید بیشتر از %2 و حداکثر %3 باشد</translation>
    </message>
    <message>
        <source>%1 must be at least %2 and below %3</source>
        <translation>%1 باید دست‌کم %2 و کمتر از %3 باشد</translation>
    </message>
    <message>
        <source>%1 must be above %2 and below %3</source>
        <translation>%1 باید بیشتر از %2 و کمتر از %3 باشد</translation>
    </message>
    <message>
        <source>%1 must be above %2</source>
        <translation>%1 باید بیشتر از %2 باشد</translation>
    </message>
    <message>
        <source>%1 must be at least %2</source>
        <translation>%1 باید دست‌کم %2 باشد</translation>
    </message>
    <message>
        <source>%1 must be below %2</source>
        <translation>%1 باید کمتر از %2 باشد</translation>
    </message>
    <message>
        <source>%1 must be at most %2</source>
        <translation>%1 باید حداکثر %2 باشد</translation>
    </message>
    <message>
        <source>%1 is one of %2</source>
        <translation>%1 یکی از این‌هاست: %2</translation>
    </message>
    <message>
        <source>powersgd compresses the replicas&apos; all-reduce, which fsdp does not have; choose lshdp or dp</source>
        <translation>⁦powersgd⁩ جمع همگانی رونوشت‌ها را فشرده می‌کند، که ⁦fsdp⁩ ندارد؛ ⁦lshdp⁩ یا ⁦dp⁩ را برگزینید</translation>
    </message>
    <message>
        <source>local steps need a strategy whose nodes each hold the whole model: lshdp, lsdp, hdp or dp</source>
        <translation>گام‌های محلی راهبردی می‌خواهند که هر ماشین همهٔ مدل را نگه دارد: ⁦lshdp⁩، ⁦lsdp⁩، ⁦hdp⁩ یا ⁦dp⁩</translation>
    </message>
    <message numerus="yes">
        <source>local steps already send the gradient once every %n steps; leave comm.compression at none</source>
        <translation>
            <numerusform>گام‌های محلی گرادیان را هر %n گام یک بار می‌فرستند؛ ⁦comm.compression⁩ را ⁦none⁩ بگذارید</numerusform>
        </translation>
    </message>
    <message>
        <source>local steps with fp16 would scale each node&apos;s loss apart; use bf16 precision</source>
        <translation>گام‌های محلی با ⁦fp16⁩ مقیاس زیان هر ماشین را جدا از دیگران تغییر می‌دهند؛ دقت ⁦bf16⁩ را به کار ببرید</translation>
    </message>
    <message numerus="yes">
        <source>approximate: local steps, an outer step every %Ln step(s)</source>
        <translation>
            <numerusform>تقریبی: گام‌های محلی، یک گام بیرونی هر %Ln گام</numerusform>
        </translation>
    </message>
    <message>
        <source>approximate: PowerSGD gradients of rank %1</source>
        <translation>تقریبی: گرادیان‌های ⁦PowerSGD⁩ با رتبهٔ %1</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>دقیق</translation>
    </message>
    <message>
        <source>local steps need at least two machines in the group</source>
        <translation>گام‌های محلی دست‌کم دو ماشین در گروه لازم دارند</translation>
    </message>
    <message>
        <source>local steps with %1 would leave a machine&apos;s devices apart; with several devices on a machine choose lshdp or lsdp</source>
        <translation>گام‌های محلی با %1 دستگاه‌های یک ماشین را از هم جدا می‌کنند؛ برای ماشینی با چند دستگاه ⁦lshdp⁩ یا ⁦lsdp⁩ را برگزینید</translation>
    </message>
    <message numerus="yes">
        <source>auto: exact until the link is measured, then local steps (an outer step every %Ln step(s) at most) if they are predicted faster</source>
        <translation>
            <numerusform>خودکار: دقیق تا وقتی پیوند شبکه سنجیده شود، سپس گام‌های محلی (یک گام بیرونی حداکثر هر %Ln گام) اگر سریع‌تر پیش‌بینی شوند</numerusform>
        </translation>
    </message>
    <message>
        <source>nodes synchronize exact, local or auto, not &quot;%1&quot;</source>
        <translation>گره‌ها به‌صورت ⁦exact⁩، ⁦local⁩ یا ⁦auto⁩ هم‌گام می‌شوند، نه «%1»</translation>
    </message>
</context>
<context>
    <name>RunConfigField</name>
    <message>
        <source>format version</source>
        <translation>نسخهٔ قالب</translation>
    </message>
    <message>
        <source>name</source>
        <translation>نام</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>راهبرد</translation>
    </message>
    <message>
        <source>model</source>
        <translation>مدل</translation>
    </message>
    <message>
        <source>hidden layers</source>
        <translation>لایه‌های پنهان</translation>
    </message>
    <message>
        <source>activation</source>
        <translation>تابع فعال‌سازی</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>کانال‌ها</translation>
    </message>
    <message>
        <source>residual blocks</source>
        <translation>بلوک‌های باقی‌مانده</translation>
    </message>
    <message>
        <source>GroupNorm groups</source>
        <translation>گروه‌های GroupNorm</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>لایه‌ها</translation>
    </message>
    <message>
        <source>width</source>
        <translation>پهنا</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>سرهای توجه</translation>
    </message>
    <message>
        <source>context</source>
        <translation>طول زمینه</translation>
    </message>
    <message>
        <source>TorchScript file</source>
        <translation>پروندهٔ TorchScript</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>مجموعه‌داده</translation>
    </message>
    <message>
        <source>dataset path</source>
        <translation>مسیر مجموعه‌داده</translation>
    </message>
    <message>
        <source>label column</source>
        <translation>ستون برچسب</translation>
    </message>
    <message>
        <source>synthetic samples</source>
        <translation>نمونه‌های مصنوعی</translation>
    </message>
    <message>
        <source>classes</source>
        <translation>کلاس‌ها</translation>
    </message>
    <message>
        <source>sample shape</source>
        <translation>شکل نمونه</translation>
    </message>
    <message>
        <source>augmentation</source>
        <translation>داده‌افزایی</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>دستهٔ سراسری</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>گام‌ها</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>دوره‌ها</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>بهینه‌ساز</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>نرخ یادگیری</translation>
    </message>
    <message>
        <source>momentum</source>
        <translation>تکانه</translation>
    </message>
    <message>
        <source>Nesterov momentum</source>
        <translation>تکانهٔ نستروف</translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation>کاهش وزن</translation>
    </message>
    <message>
        <source>betas</source>
        <translation>بتاها</translation>
    </message>
    <message>
        <source>epsilon</source>
        <translation>اپسیلون</translation>
    </message>
    <message>
        <source>learning-rate schedule</source>
        <translation>زمان‌بندی نرخ یادگیری</translation>
    </message>
    <message>
        <source>warm-up steps</source>
        <translation>گام‌های گرم‌کردن</translation>
    </message>
    <message>
        <source>final learning-rate ratio</source>
        <translation>نسبت نهایی نرخ یادگیری</translation>
    </message>
    <message>
        <source>gradient clipping</source>
        <translation>برش گرادیان</translation>
    </message>
    <message>
        <source>label smoothing</source>
        <translation>هموارسازی برچسب</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>بذر تصادفی</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>ریسه‌ها</translation>
    </message>
    <message>
        <source>profiling steps</source>
        <translation>گام‌های سنجش سرعت</translation>
    </message>
    <message>
        <source>re-plan interval</source>
        <translation>فاصلهٔ بازبرنامه‌ریزی</translation>
    </message>
    <message>
        <source>re-plan margin</source>
        <translation>آستانهٔ بازبرنامه‌ریزی</translation>
    </message>
    <message>
        <source>EWMA weight</source>
        <translation>وزن میانگین متحرک (EWMA)</translation>
    </message>
    <message>
        <source>bucket size (MB)</source>
        <translation>اندازهٔ سطل (مگابایت)</translation>
    </message>
    <message>
        <source>gradients on the wire</source>
        <translation>قالب گرادیان‌ها در شبکه</translation>
    </message>
    <message>
        <source>fp16 gradients</source>
        <translation>گرادیان‌های fp16</translation>
    </message>
    <message>
        <source>communication timeout (s)</source>
        <translation>مهلت ارتباط (ثانیه)</translation>
    </message>
    <message>
        <source>watchdog grace (s)</source>
        <translation>مهلت اضافهٔ نگهبان (ثانیه)</translation>
    </message>
    <message>
        <source>evaluation interval</source>
        <translation>فاصلهٔ ارزیابی</translation>
    </message>
    <message>
        <source>evaluation samples</source>
        <translation>نمونه‌های ارزیابی</translation>
    </message>
    <message>
        <source>checkpoint directory</source>
        <translation>پوشهٔ نقطه‌های وارسی</translation>
    </message>
    <message>
        <source>checkpoint interval</source>
        <translation>فاصلهٔ نقطه‌های وارسی</translation>
    </message>
    <message>
        <source>checkpoints kept</source>
        <translation>نقطه‌های وارسی نگه‌داشته</translation>
    </message>
    <message>
        <source>parameter streaming</source>
        <translation>بارگیری جریانی پارامترها</translation>
    </message>
    <message>
        <source>compute precision</source>
        <translation>دقت محاسبه</translation>
    </message>
    <message>
        <source>memory budget (MB)</source>
        <translation>بودجهٔ حافظه (مگابایت)</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>بازمحاسبه</translation>
    </message>
    <message>
        <source>elastic recovery</source>
        <translation>بازیابی کشسان</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>رتبه</translation>
    </message>
    <message>
        <source>from step</source>
        <translation>از گام</translation>
    </message>
    <message>
        <source>slowdown factor</source>
        <translation>ضریب کندی</translation>
    </message>
    <message>
        <source>machine</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>machine name</source>
        <translation>نام ماشین</translation>
    </message>
    <message>
        <source>devices</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>manual batch</source>
        <translation>دستهٔ دستی</translation>
    </message>
    <message>
        <source>batch cap</source>
        <translation>سقف دسته</translation>
    </message>
    <message>
        <source>emulated slowdown</source>
        <translation>کندی شبیه‌سازی‌شده</translation>
    </message>
    <message>
        <source>gradient compression</source>
        <translation>فشرده‌سازی گرادیان</translation>
    </message>
    <message>
        <source>PowerSGD rank</source>
        <translation>رتبهٔ ⁦PowerSGD⁩</translation>
    </message>
    <message>
        <source>PowerSGD warm-up steps</source>
        <translation>گام‌های گرم‌کردن ⁦PowerSGD⁩</translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation>هم‌گام‌سازی</translation>
    </message>
    <message>
        <source>steps between outer steps</source>
        <translation>گام‌ها میان دو گام بیرونی</translation>
    </message>
    <message>
        <source>outer learning rate</source>
        <translation>نرخ یادگیری بیرونی</translation>
    </message>
    <message>
        <source>outer momentum</source>
        <translation>تکانهٔ بیرونی</translation>
    </message>
    <message>
        <source>outer Nesterov momentum</source>
        <translation>تکانهٔ نستروف بیرونی</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <source>no machine &quot;%1&quot; is known; is its agent running and trusted?</source>
        <translation>ماشینی به نام «%1» شناخته نیست؛ آیا عاملش در حال اجرا و مورد اعتماد است؟</translation>
    </message>
    <message>
        <source>&quot;%1&quot; matches several machines; use the node id</source>
        <translation>نام «%1» با چند ماشین جور درمی‌آید؛ از شناسهٔ گره استفاده کنید</translation>
    </message>
    <message>
        <source>%1 is not trusted yet</source>
        <translation>ماشین %1 هنوز مورد اعتماد نیست</translation>
    </message>
    <message>
        <source>%1 is not connected (%2)</source>
        <translation>ماشین %1 متصل نیست (%2)</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>پیکربندی</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 listens on loopback only, so other machines cannot reach it; run the first node&apos;s agent with --bind on its network address, or list another machine first</source>
        <translation>ماشین %1 فقط روی loopback گوش می‌دهد، پس ماشین‌های دیگر به آن دسترسی ندارند؛ عامل نخستین گره را با ⁦--bind⁩ روی نشانی شبکه‌اش اجرا کنید، یا ماشین دیگری را نخست بگذارید</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>متصل نیست</translation>
    </message>
    <message>
        <source>pre-flight found problems, nothing was started:
%1</source>
        <translation>بررسی پیش‌پرواز مشکلاتی یافت؛ چیزی آغاز نشد:
%1</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>آغاز ممکن نشد: %1</translation>
    </message>
    <message>
        <source>no run %1 in the history</source>
        <translation>اجرای %1 در تاریخچه نیست</translation>
    </message>
    <message numerus="yes">
        <source>lost %1; resuming from the checkpoint of step %2 on %Ln node(s)</source>
        <translation>
            <numerusform>از دست رفتن %1؛ ازسرگیری از نقطهٔ وارسی گام %2 روی %Ln گره</numerusform>
        </translation>
    </message>
    <message>
        <source>elastic recovery failed its pre-flight: %1</source>
        <translation>بررسی پیش‌پرواز بازیابی کشسان ناموفق بود: %1</translation>
    </message>
    <message>
        <source>could not queue: %1</source>
        <translation>قرار دادن در صف ممکن نشد: %1</translation>
    </message>
    <message>
        <source>nothing was started: %1</source>
        <translation>چیزی آغاز نشد: %1</translation>
    </message>
    <message>
        <source>%1 stopped answering: the machine went down or its network failed</source>
        <translation>ماشین %1 دیگر پاسخ نمی‌دهد: ماشین از کار افتاد یا شبکه‌اش قطع شد</translation>
    </message>
    <message>
        <source>%1&apos;s agent stopped: the machine went down or the agent was killed</source>
        <translation>عامل %1 متوقف شد: ماشین از کار افتاد یا عامل کشته شد</translation>
    </message>
</context>
<context>
    <name>RunDetailsPanel</name>
    <message>
        <source>, </source>
        <comment>between the numbers of a list</comment>
        <translation>، </translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>برچسب‌ها</translation>
    </message>
    <message>
        <source>e.g. baseline, thesis chapter 3</source>
        <translation>مثلاً پایه، فصل ۳ پایان‌نامه</translation>
    </message>
    <message>
        <source>Labels of your own, separated by commas; the filter above finds them</source>
        <translation>برچسب‌های دلخواه شما، جداشده با ویرگول؛ پالایهٔ بالا آن‌ها را پیدا می‌کند</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>یادداشت</translation>
    </message>
    <message>
        <source>What this run was for, what you learned from it</source>
        <translation>این اجرا برای چه بود و از آن چه آموختید</translation>
    </message>
    <message>
        <source>Save tags and note</source>
        <translation>ذخیرهٔ برچسب‌ها و یادداشت</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>خلاصه</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>گره‌ها</translation>
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
        <source>Controller</source>
        <translation>کنترل‌گر</translation>
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
        <source>Devices (numbered on the machine)</source>
        <translation>دستگاه‌ها (شماره روی ماشین)</translation>
    </message>
    <message>
        <source>Ranks (one per device)</source>
        <translation>رتبه‌ها (یکی برای هر دستگاه)</translation>
    </message>
    <message>
        <source>Final plan (samples per device)</source>
        <translation>برنامهٔ پایانی (نمونه برای هر دستگاه)</translation>
    </message>
    <message>
        <source>The devices of the machine the run used, numbered as the Machines list numbers them</source>
        <translation>دستگاه‌هایی از ماشین که اجرا به کار برد، با همان شماره‌هایی که فهرست ماشین‌ها نشان می‌دهد</translation>
    </message>
    <message>
        <source>The ranks of the run&apos;s workers on this machine: one worker, and one rank, per device</source>
        <translation>رتبهٔ کارگرهای اجرا روی این ماشین: برای هر دستگاه یک کارگر و یک رتبه</translation>
    </message>
    <message>
        <source>How many samples of each step every device of the machine took at the end, in device order</source>
        <translation>شمار نمونه‌هایی که هر دستگاه این ماشین در پایان از هر گام برداشت، به ترتیب دستگاه‌ها</translation>
    </message>
    <message>
        <source>Select a run to see its details. Select two to %1 runs to compare them.</source>
        <translation>برای دیدن جزئیات یک اجرا آن را برگزینید. برای مقایسه، دو تا %1 اجرا را برگزینید.</translation>
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
        <source>%1 on average, %2 on the device that waited most</source>
        <translation>%1 به طور میانگین، %2 در دستگاهی که بیشتر از همه منتظر ماند</translation>
    </message>
    <message>
        <source>Run id</source>
        <translation>شناسهٔ اجرا</translation>
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
        <translation>داده (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>Compute ms</source>
        <translation>محاسبه (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>Wait ms</source>
        <translation>انتظار (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>Communication ms</source>
        <translation>ارتباط (میلی‌ثانیه)</translation>
    </message>
    <message>
        <source>Optimizer ms</source>
        <translation>بهینه‌ساز (میلی‌ثانیه)</translation>
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
        <source>Run</source>
        <translation>اجرا</translation>
    </message>
    <message numerus="yes">
        <source>Tags of the %Ln selected run(s)</source>
        <translation>
            <numerusform>برچسب‌های %Ln اجرای برگزیده</numerusform>
        </translation>
    </message>
    <message>
        <source>The tags every selected run has. A tag you add goes to each of them, a tag you remove leaves each of them; their other tags stay.</source>
        <translation>برچسب‌هایی که همهٔ اجراهای برگزیده دارند. برچسبی که بیفزایید به هر یک از آن‌ها افزوده می‌شود و برچسبی که بردارید از هر یک برداشته می‌شود؛ برچسب‌های دیگرشان می‌مانند.</translation>
    </message>
    <message numerus="yes">
        <source>Save the tags of %Ln run(s)</source>
        <translation>
            <numerusform>ذخیرهٔ برچسب‌های %Ln اجرا</numerusform>
        </translation>
    </message>
    <message>
        <source>Gradients across nodes</source>
        <translation>گرادیان‌ها میان ماشین‌ها</translation>
    </message>
</context>
<context>
    <name>RunExporter</name>
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
        <source>cannot write %1: %2</source>
        <translation>نوشتن %1 ممکن نشد: %2</translation>
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
        <source>node</source>
        <translation>گره</translation>
    </message>
</context>
<context>
    <name>RunFailureText</name>
    <message>
        <source>the configuration was refused</source>
        <translation>پیکربندی پذیرفته نشد</translation>
    </message>
    <message>
        <source>the training worker was started with a bad command line</source>
        <translation>کارگر آموزش با خط فرمان نادرستی راه‌اندازی شد</translation>
    </message>
    <message>
        <source>a peer stopped answering or could not be reached</source>
        <translation>کارگر دیگری دیگر پاسخ نداد یا در دسترس نبود</translation>
    </message>
    <message>
        <source>a dataset is missing, truncated or corrupt</source>
        <translation>مجموعه‌داده‌ای پیدا نشد، ناقص است یا خراب است</translation>
    </message>
    <message>
        <source>the checkpoint disk is full</source>
        <translation>دیسک نقطه‌های وارسی پر است</translation>
    </message>
    <message>
        <source>a checkpoint could not be written or read</source>
        <translation>نقطهٔ وارسی نوشته یا خوانده نشد</translation>
    </message>
    <message>
        <source>the training worker failed unexpectedly</source>
        <translation>کارگر آموزش به‌طور غیرمنتظره از کار افتاد</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>با سیگنال %1 (%2) کشته شد</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>با کد %1 خارج شد</translation>
    </message>
</context>
<context>
    <name>RunJournal</name>
    <message>
        <source>run %1 already exists on this agent</source>
        <translation>اجرای %1 از پیش روی این عامل وجود دارد</translation>
    </message>
    <message>
        <source>cannot create the run directory %1</source>
        <translation>ساختن پوشهٔ اجرا (%1) ممکن نشد</translation>
    </message>
    <message>
        <source>cannot create the journal in %1: %2</source>
        <translation>ساختن دفتر رویداد در %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>%1 has no config.json</source>
        <translation>پوشهٔ %1 پروندهٔ config.json ندارد</translation>
    </message>
    <message>
        <source>cannot open the journal in %1: %2</source>
        <translation>باز کردن دفتر رویداد در %1 ممکن نشد: %2</translation>
    </message>
</context>
<context>
    <name>RunOutcome</name>
    <message>
        <source>aborted</source>
        <translation>لغو شد</translation>
    </message>
    <message>
        <source>%1, rank %2: %3</source>
        <translation>%1، رتبهٔ %2: %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (%2: %3)</source>
        <translation>%1 (%2: %3)</translation>
    </message>
    <message>
        <source>stopped; no checkpoint was written (the run has no checkpoint directory)</source>
        <translation>متوقف شد؛ هیچ نقطهٔ وارسی نوشته نشد (اجرا پوشهٔ نقطه‌های وارسی ندارد)</translation>
    </message>
    <message>
        <source>stopped; no checkpoint was written</source>
        <translation>متوقف شد؛ هیچ نقطهٔ وارسی نوشته نشد</translation>
    </message>
    <message>
        <source>stopped after a checkpoint of step %1</source>
        <translation>پس از نقطهٔ وارسی گام %1 متوقف شد</translation>
    </message>
</context>
<context>
    <name>RunQueue</name>
    <message>
        <source>it holds run %1, not %2</source>
        <translation>این مدخل اجرای %1 را دارد، نه %2</translation>
    </message>
    <message>
        <source>not a valid queue entry</source>
        <translation>مدخل معتبری از صف نیست</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid run id</source>
        <translation>شناسهٔ اجرای «%1» معتبر نیست</translation>
    </message>
    <message>
        <source>run %1 is not a valid queue entry: it needs a user and its devices</source>
        <translation>اجرای %1 مدخل معتبری از صف نیست: کاربر و دستگاه‌هایش را لازم دارد</translation>
    </message>
    <message>
        <source>run %1 is already queued here by %2</source>
        <translation>اجرای %1 را %2 پیش‌تر اینجا در صف گذاشته است</translation>
    </message>
    <message>
        <source>run %1 is not queued here</source>
        <translation>اجرای %1 اینجا در صف نیست</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>حذف %1 ممکن نشد: %2</translation>
    </message>
</context>
<context>
    <name>RunSetupWidget</name>
    <message>
        <source>my run</source>
        <translation>اجرای من</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>نام &amp;اجرا</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>معما&amp;ری مدل</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>لایه‌های پنهان</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>کانال‌ها</translation>
    </message>
    <message>
        <source>Residual blocks</source>
        <translation>بلوک‌های باقی‌مانده</translation>
    </message>
    <message>
        <source>GroupNorm groups</source>
        <translation>گروه‌های GroupNorm</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>لایه‌ها</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>پهنا</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>سرهای توجه</translation>
    </message>
    <message>
        <source>Context (bytes)</source>
        <translation>طول زمینه (بایت)</translation>
    </message>
    <message>
        <source>TorchScript file</source>
        <translation>پروندهٔ TorchScript</translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation>مجموعه‌&amp;داده</translation>
    </message>
    <message>
        <source>Dataset path</source>
        <translation>مسیر مجموعه‌داده</translation>
    </message>
    <message>
        <source>Synthetic samples</source>
        <translation>نمونه‌های مصنوعی</translation>
    </message>
    <message>
        <source>&amp;Strategy</source>
        <translation>&amp;راهبرد</translation>
    </message>
    <message>
        <source>&amp;Global batch</source>
        <translation>دستهٔ سر&amp;اسری</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>طول آموزش</translation>
    </message>
    <message>
        <source>&amp;Optimizer</source>
        <translation>بهینه‌سا&amp;ز</translation>
    </message>
    <message>
        <source>&amp;Learning rate</source>
        <translation>نرخ یا&amp;دگیری</translation>
    </message>
    <message>
        <source>Checkpoint directory</source>
        <translation>پوشهٔ نقطه‌های وارسی</translation>
    </message>
    <message>
        <source>Checkpoint every (steps)</source>
        <translation>نقطهٔ وارسی هر چند گام</translation>
    </message>
    <message>
        <source>Momentum (SGD)</source>
        <translation>تکانه (SGD)</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>کاهش وزن</translation>
    </message>
    <message>
        <source>Learning-rate schedule</source>
        <translation>زمان‌بندی نرخ یادگیری</translation>
    </message>
    <message>
        <source>Warm-up steps</source>
        <translation>گام‌های گرم‌کردن</translation>
    </message>
    <message>
        <source>Gradient clipping (0: off)</source>
        <translation>برش گرادیان (۰: خاموش)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>بذر تصادفی</translation>
    </message>
    <message>
        <source>Threads per worker (0: automatic)</source>
        <translation>ریسه‌های هر کارگر (۰: خودکار)</translation>
    </message>
    <message>
        <source>Profiling steps</source>
        <translation>گام‌های سنجش سرعت</translation>
    </message>
    <message>
        <source>Re-plan every (steps)</source>
        <translation>بازبرنامه‌ریزی هر چند گام</translation>
    </message>
    <message>
        <source>Gradient bucket (MB)</source>
        <translation>سطل گرادیان (مگابایت)</translation>
    </message>
    <message>
        <source>Communication timeout (s)</source>
        <translation>مهلت ارتباط (ثانیه)</translation>
    </message>
    <message>
        <source>Evaluate every (steps, 0: off)</source>
        <translation>ارزیابی هر چند گام (۰: خاموش)</translation>
    </message>
    <message>
        <source>Stream parameters from host memory (lsdp)</source>
        <translation>بارگیری جریانی پارامترها از حافظهٔ میزبان (lsdp)</translation>
    </message>
    <message>
        <source>Elastic recovery</source>
        <translation>بازیابی کشسان</translation>
    </message>
    <message>
        <source>Manual batch per node</source>
        <translation>دستهٔ دستی هر گره</translation>
    </message>
    <message>
        <source>Emulated slowdown per node (demo)</source>
        <translation>کندی شبیه‌سازی‌شدهٔ هر گره (نمایشی)</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>دوره</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>پیشرفته</translation>
    </message>
    <message>
        <source>warm-up, then cosine</source>
        <translation>گرم‌کردن، سپس کسینوسی</translation>
    </message>
    <message>
        <source>warm-up, then constant</source>
        <translation>گرم‌کردن، سپس ثابت</translation>
    </message>
    <message>
        <source>units per layer, e.g. 256, 256</source>
        <translation>واحدهای هر لایه، مثلاً 256, 256</translation>
    </message>
    <message>
        <source>on each machine; empty: no checkpoints</source>
        <translation>روی هر ماشین؛ خالی: بدون نقطهٔ وارسی</translation>
    </message>
    <message>
        <source>empty: the planner decides; or one number per node, in group order</source>
        <translation>خالی: برنامه‌ریز تصمیم می‌گیرد؛ یا یک عدد برای هر گره، به ترتیب گروه</translation>
    </message>
    <message>
        <source>e.g. 1, 2.5: node 2 pretends to be 2.5 times slower</source>
        <translation>مثلاً ۱، ۲٫۵: گرهٔ ۲ وانمود می‌کند ۲٫۵ برابر کندتر است</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>بررسی</translation>
    </message>
    <message>
        <source>Validate and run the pre-flight checks on every node, without starting</source>
        <translation>اعتبارسنجی و انجام بررسی‌های پیش‌پرواز روی همهٔ گره‌ها، بدون آغاز اجرا</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>آغاز</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>توقف</translation>
    </message>
    <message>
        <source>Write a checkpoint, then stop</source>
        <translation>نوشتن نقطهٔ وارسی و سپس توقف</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>لغو</translation>
    </message>
    <message>
        <source>Stop at once, without a checkpoint</source>
        <translation>توقف فوری، بدون نقطهٔ وارسی</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>ذخیره…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>بارگذاری…</translation>
    </message>
    <message>
        <source>write whole numbers separated by commas</source>
        <translation>اعداد صحیح را با ویرگول لاتین (,) از هم جدا کنید</translation>
    </message>
    <message numerus="yes">
        <source>give one whole number per machine of the group (%Ln machine(s)), or leave it empty</source>
        <translation>
            <numerusform>برای هر ماشین گروه یک عدد صحیح بنویسید (%Ln ماشین)، یا خالی بگذارید</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: ready</source>
        <translation>%1: آماده</translation>
    </message>
    <message>
        <source>%1: ready, with warnings</source>
        <translation>%1: آماده، با هشدار</translation>
    </message>
    <message>
        <source>Pre-flight passed on every node.</source>
        <translation>بررسی پیش‌پرواز روی همهٔ گره‌ها موفق بود.</translation>
    </message>
    <message>
        <source>Pre-flight found problems; nothing was started.</source>
        <translation>بررسی پیش‌پرواز مشکلاتی یافت؛ چیزی آغاز نشد.</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Save run config</source>
        <translation>ذخیرهٔ پیکربندی اجرا</translation>
    </message>
    <message>
        <source>Run configs (*.json)</source>
        <translation>پیکربندی‌های اجرا (*⁦.json⁩)</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>در %1 ذخیره شد</translation>
    </message>
    <message>
        <source>Load run config</source>
        <translation>بارگذاری پیکربندی اجرا</translation>
    </message>
    <message>
        <source>Cannot load %1:
%2</source>
        <translation>بارگذاری %1 ممکن نشد:
%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln problem(s)</source>
        <translation>
            <numerusform>%1: %Ln مشکل</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-plan only if a step gets faster by</source>
        <translation>کمینهٔ بهبود گام برای بازبرنامه‌ریزی</translation>
    </message>
    <message>
        <source>MLP: fully connected layers on the flattened image; small and quick, a good first run.</source>
        <translation>شبکهٔ MLP: لایه‌های تمام‌متصل روی تصویر تخت‌شده؛ کوچک و سریع، مناسب برای نخستین اجرا.</translation>
    </message>
    <message>
        <source>CNN: a small residual convolutional network with GroupNorm for 28×28 images; more computation per sample than the MLP.</source>
        <translation>شبکهٔ CNN: یک شبکهٔ پیچشی کوچک با بلوک‌های باقی‌مانده و GroupNorm برای تصویرهای ۲۸×۲۸؛ محاسبهٔ هر نمونه در آن بیش از MLP است.</translation>
    </message>
    <message>
        <source>GPT: a small byte-level transformer that learns to predict the next byte of a text dataset.</source>
        <translation>مدل GPT: یک ترنسفورمر کوچک در سطح بایت که پیش‌بینی بایت بعدی یک مجموعه‌دادهٔ متنی را یاد می‌گیرد.</translation>
    </message>
    <message>
        <source>Your own network, saved as a TorchScript file whose forward(input) returns logits; the file must be on every machine.</source>
        <translation>شبکهٔ خودتان، ذخیره‌شده در یک پروندهٔ TorchScript که تابع forward(input) آن logits برمی‌گرداند؛ این پرونده باید روی همهٔ ماشین‌ها باشد.</translation>
    </message>
    <message>
        <source>Fashion-MNIST: 28×28 grey images of clothing in 10 classes, read from an MNIST-format directory on every machine.</source>
        <translation>مجموعه‌دادهٔ Fashion-MNIST: تصویرهای خاکستری ۲۸×۲۸ از پوشاک در ۱۰ کلاس، خوانده از یک پوشه با قالب MNIST روی هر ماشین.</translation>
    </message>
    <message>
        <source>Text: any UTF-8 text file on every machine, read byte by byte; for the gpt model.</source>
        <translation>متن: هر پروندهٔ متنی UTF-8 روی هر ماشین، که بایت به بایت خوانده می‌شود؛ برای مدل gpt.</translation>
    </message>
    <message>
        <source>Synthetic: seeded random samples made on every machine; no files needed, good for measuring speed.</source>
        <translation>داده‌های مصنوعی: نمونه‌های تصادفی با بذر تصادفی معین که روی هر ماشین ساخته می‌شوند؛ پرونده‌ای لازم نیست و برای سنجش سرعت مناسب است.</translation>
    </message>
    <message>
        <source>fp32 (exact)</source>
        <translation>⁦fp32⁩ (دقیق)</translation>
    </message>
    <message>
        <source>Gradients on the wire</source>
        <translation>ارسال گرادیان‌ها</translation>
    </message>
    <message>
        <source>E&amp;xpected time</source>
        <translation>&amp;زمان مورد انتظار</translation>
    </message>
    <message>
        <source>Start now; refused when another run holds one of the devices</source>
        <translation>آغاز همین حالا؛ اگر اجرای دیگری یکی از دستگاه‌ها را در اختیار داشته باشد پذیرفته نمی‌شود</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>افزودن به صف</translation>
    </message>
    <message>
        <source>Wait in the lab&apos;s queue until every device is free; the machines start it by themselves, even with this app closed</source>
        <translation>انتظار در صف آزمایشگاه تا آزاد شدن همهٔ دستگاه‌ها؛ ماشین‌ها خودشان آن را آغاز می‌کنند، حتی اگر این برنامه بسته باشد</translation>
    </message>
    <message>
        <source> h</source>
        <translation> ساعت</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>داده نشده</translation>
    </message>
    <message>
        <source>How long the run takes, for the lab&apos;s queue and leases. Not given: predicted from the last finished run of the same shape, or the lab&apos;s longest run.</source>
        <translation>مدتی که اجرا طول می‌کشد، برای صف و اجاره‌های آزمایشگاه. اگر داده نشود، از آخرین اجرای پایان‌یافته با همین شکل پیش‌بینی می‌شود، یا طولانی‌ترین اجرای مجاز آزمایشگاه فرض می‌شود.</translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1, but %n field(s) in it are not known and were ignored:</source>
        <translation>
            <numerusform>پروندهٔ %1 بارگذاری شد، اما %n فیلد آن ناشناخته است و نادیده گرفته شد:</numerusform>
        </translation>
    </message>
    <message>
        <source>CIFAR-10: 32×32 colour photos in 10 classes, from the binary version (cifar-10-batches-bin: data_batch_1.bin … and test_batch.bin) on every machine.</source>
        <translation>⁦CIFAR-10:⁩ عکس‌های رنگی ۳۲×۳۲ در ۱۰ دسته، از نسخهٔ دودویی (cifar-10-batches-bin: data_batch_1.bin … و test_batch.bin) روی هر ماشین.</translation>
    </message>
    <message>
        <source>CIFAR-100: 32×32 colour photos in 100 classes, from the binary version (cifar-100-binary: train.bin and test.bin) on every machine.</source>
        <translation>⁦CIFAR-100:⁩ عکس‌های رنگی ۳۲×۳۲ در ۱۰۰ دسته، از نسخهٔ دودویی (cifar-100-binary: train.bin و test.bin) روی هر ماشین.</translation>
    </message>
    <message>
        <source>Label column</source>
        <translation>ستون برچسب</translation>
    </message>
    <message>
        <source>Compute precision</source>
        <translation>دقت محاسبه</translation>
    </message>
    <message>
        <source>bf16 (master weights in fp32)</source>
        <translation>⁦bf16⁩ (وزن‌های اصلی در fp32)</translation>
    </message>
    <message>
        <source>bf16 computes matrix products and convolutions in bf16, as GPUs and recent CPUs do fastest; parameters and optimizer state stay fp32</source>
        <translation>⁦bf16⁩ ضرب‌های ماتریسی و پیچش‌ها را در bf16 حساب می‌کند، که GPUها و CPUهای تازه سریع‌تر انجامش می‌دهند؛ پارامترها و وضعیت بهینه‌ساز در fp32 می‌مانند</translation>
    </message>
    <message>
        <source>a directory of MNIST-format or CIFAR binary files, a CSV table or a text file</source>
        <translation>پوشه‌ای از پرونده‌های قالب MNIST یا دودویی CIFAR، یک جدول CSV یا یک پروندهٔ متنی</translation>
    </message>
    <message>
        <source>epoch&apos;s end</source>
        <translation>پایان هر دوره</translation>
    </message>
    <message>
        <source>The held-out split is evaluated at each epoch&apos;s end and at the run&apos;s end, or every so many steps; 0 turns it off</source>
        <translation>بخش کنارگذاشته در پایان هر دوره و در پایان اجرا ارزیابی می‌شود، یا هر چند گام یک بار؛ ۰ آن را خاموش می‌کند</translation>
    </message>
    <message>
        <source>CSV table: numeric columns and a label column (whole numbers or names), one sample per row, for the mlp model; a file (every tenth row held out) or a directory of train.csv and test.csv on every machine.</source>
        <translation>جدول CSV: ستون‌های عددی و یک ستون برچسب (عدد صحیح یا نام)، هر سطر یک نمونه، برای مدل mlp؛ یک پرونده (هر دهمین سطر برای ارزیابی کنار گذاشته می‌شود) یا پوشه‌ای با train.csv و test.csv روی هر ماشین.</translation>
    </message>
    <message>
        <source>Image shape</source>
        <translation>شکل تصویر</translation>
    </message>
    <message>
        <source>Augment (random crop and flip)</source>
        <translation>داده‌افزایی (برش و وارونه‌سازی تصادفی)</translation>
    </message>
    <message>
        <source>channels (1 or 3), height, width; e.g. 3, 32, 32</source>
        <translation>کانال (۱ یا ۳)، ارتفاع، پهنا؛ مثلاً 3, 32, 32</translation>
    </message>
    <message>
        <source>Image folder: one sub-folder of JPEG or PNG images per class (train/ and test/ inside, or every tenth image held out), on every machine; each image is resized to the shape below.</source>
        <translation>پوشهٔ تصویرها: برای هر دسته یک زیرپوشه از تصویرهای JPEG یا PNG (با ⁦train/⁩ و ⁦test/⁩ درون آن، یا با کنار گذاشتن هر دهمین تصویر برای ارزیابی)، روی هر ماشین؛ هر تصویر به شکل زیر تغییر اندازه می‌دهد.</translation>
    </message>
    <message>
        <source>Recompute activations (less memory, more compute)</source>
        <translation>بازمحاسبهٔ فعال‌سازی‌ها (حافظهٔ کمتر، محاسبهٔ بیشتر)</translation>
    </message>
    <message>
        <source>fp16 (loss scaling; GPUs)</source>
        <translation>⁦fp16⁩ (مقیاس‌دهی زیان؛ پردازنده‌های گرافیکی)</translation>
    </message>
    <message>
        <source>Label smoothing (0: off)</source>
        <translation>هموارسازی برچسب (۰: خاموش)</translation>
    </message>
    <message>
        <source>none (exact)</source>
        <translation>هیچ (دقیق)</translation>
    </message>
    <message>
        <source>PowerSGD (approximate)</source>
        <translation>⁦PowerSGD⁩ (تقریبی)</translation>
    </message>
    <message>
        <source>Gradient compression</source>
        <translation>فشرده‌سازی گرادیان</translation>
    </message>
    <message>
        <source>every step (exact)</source>
        <translation>در هر گام (دقیق)</translation>
    </message>
    <message>
        <source>local steps (approximate)</source>
        <translation>گام‌های محلی (تقریبی)</translation>
    </message>
    <message>
        <source>Machines meet</source>
        <translation>هم‌گام‌سازی ماشین‌ها</translation>
    </message>
    <message>
        <source>Outer step every (steps)</source>
        <translation>گام بیرونی هر (گام)</translation>
    </message>
    <message>
        <source>auto: as the measured link decides</source>
        <translation>خودکار: به حکم پیوند سنجیده‌شده</translation>
    </message>
    <message>
        <source>Network link, as run %1 measured it</source>
        <translation>پیوند شبکه، آن‌گونه که اجرای %1 سنجید</translation>
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
    <message>
        <source>Queued</source>
        <translation>در صف</translation>
    </message>
</context>
<context>
    <name>RunSupervisor</name>
    <message>
        <source>the agent on this machine stopped while the run was active</source>
        <translation>عامل این ماشین در میانهٔ اجرا متوقف شد</translation>
    </message>
    <message>
        <source>invalid run id</source>
        <translation>شناسهٔ اجرا نامعتبر است</translation>
    </message>
    <message>
        <source>run %1 is already known on this agent</source>
        <translation>اجرای %1 از پیش برای این عامل شناخته است</translation>
    </message>
    <message numerus="yes">
        <source>this agent already runs %Ln training(s), its limit</source>
        <translation>
            <numerusform>این عامل هم‌اکنون %Ln آموزش اجرا می‌کند که سقف آن است</numerusform>
        </translation>
    </message>
    <message>
        <source>the start request lacks the node index, ranks or master address</source>
        <translation>درخواست آغاز، شمارهٔ گره، رتبه‌ها یا نشانی گرهٔ اصلی را ندارد</translation>
    </message>
    <message>
        <source>the start request&apos;s ranks do not fit its world size</source>
        <translation>رتبه‌های درخواست آغاز با تعداد کل رتبه‌های آن جور نیست</translation>
    </message>
    <message>
        <source>the start request lacks a well-formed rendezvous secret (64 hexadecimal digits): is the controller older than this agent?</source>
        <translation>درخواست آغاز رمز دیدار (rendezvous) درستی ندارد (۶۴ رقم در مبنای شانزده): آیا کنترل‌گر از این عامل قدیمی‌تر است؟</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>نوشتن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>نوشتن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>no run %1 on this agent</source>
        <translation>اجرای %1 روی این عامل نیست</translation>
    </message>
    <message>
        <source>aborted by the controller</source>
        <translation>کنترل‌گر آن را لغو کرد</translation>
    </message>
    <message>
        <source>stopped by the controller after a checkpoint</source>
        <translation>کنترل‌گر آن را پس از نقطهٔ وارسی متوقف کرد</translation>
    </message>
    <message>
        <source>the agent on this machine was stopped while the run was active</source>
        <translation>عامل این ماشین در میانهٔ اجرا متوقف شد</translation>
    </message>
    <message>
        <source>device %1 (rank %2) killed by signal %3 (%4)</source>
        <translation>دستگاه %1 (رتبهٔ %2) با سیگنال %3 (%4) کشته شد</translation>
    </message>
    <message>
        <source>device %1 (rank %2) killed by signal %3 (%4): %5</source>
        <translation>دستگاه %1 (رتبهٔ %2) با سیگنال %3 (%4) کشته شد: %5</translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited with code %3</source>
        <translation>دستگاه %1 (رتبهٔ %2) با کد %3 خارج شد</translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited with code %3: %4</source>
        <translation>دستگاه %1 (رتبهٔ %2) با کد %3 خارج شد: %4</translation>
    </message>
    <message>
        <source>device %1 (rank %2) could not be started: %3</source>
        <translation>دستگاه %1 (رتبهٔ %2) اجرا نشد: %3</translation>
    </message>
    <message>
        <source>device %1 (rank %2) stopped although the controller did not ask it to (a SIGTERM from outside the agent?)</source>
        <translation>دستگاه %1 (رتبهٔ %2) متوقف شد، هرچند کنترل‌گر چنین نخواسته بود (SIGTERM از بیرون عامل؟)</translation>
    </message>
    <message>
        <source>device %1 (rank %2) exited before its run completed</source>
        <translation>دستگاه %1 (رتبهٔ %2) پیش از کامل شدن اجرایش بیرون رفت</translation>
    </message>
    <message>
        <source>run %1 is not waiting in the queue here</source>
        <translation>اجرای %1 اینجا در صف منتظر نیست</translation>
    </message>
    <message>
        <source>taken out of the queue before it started</source>
        <translation>پیش از آغاز، از صف بیرون برده شد</translation>
    </message>
    <message>
        <source>stopped by the controller; no checkpoint was written (the run has no checkpoint directory)</source>
        <translation>کنترل‌گر آن را متوقف کرد؛ هیچ نقطهٔ وارسی نوشته نشد (اجرا پوشهٔ نقطه‌های وارسی ندارد)</translation>
    </message>
    <message>
        <source>a trained model has no file &quot;%1&quot;</source>
        <translation>مدلِ آموزش‌دیده پرونده‌ای به نام «%1» ندارد</translation>
    </message>
    <message>
        <source>run %1 has not written its trained model on this node</source>
        <translation>اجرای %1 مدلِ آموزش‌دیده‌اش را روی این گره ننوشته است</translation>
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
    <message>
        <source>%1 (%2)</source>
        <comment>a run&apos;s name, and its short id when another run has the name</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Run %1
%2</source>
        <translation>اجرای %1
%2</translation>
    </message>
    <message>
        <source>%1
Gradients: %2</source>
        <translation>%1
گرادیان‌ها: %2</translation>
    </message>
    <message>
        <source>%1 (approximate)</source>
        <translation>%1 (تقریبی)</translation>
    </message>
    <message>
        <source>%1 (auto)</source>
        <translation>%1 (خودکار)</translation>
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
        <translation>عامل این رایانه هر چند وقت یک بار میزان استفاده و حافظه را گزارش دهد. تغییر آن از راه‌اندازی بعدی همان عامل اثر می‌کند.</translation>
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
        <translation>هم‌گام فقط با عامل‌هایی گفت‌وگو می‌کند که اثر انگشت گواهی‌شان اینجا ثبت شده است. اگر اعتماد به عاملی را لغو کنید، بار بعد که دیده شود دوباره از شما پرسیده می‌شود؛ اثر انگشت را با آنچه ماشینش نشان می‌دهد (⁦hamgam-agent --fingerprint⁩) مقایسه کنید.</translation>
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
        <translation>پایگاه‌های دادهٔ SQLite (*⁦.sqlite *.db⁩);;همهٔ پرونده‌ها (*)</translation>
    </message>
    <message>
        <source>Takes effect the next time Hamgam starts. The file is opened if it exists and created if not.</source>
        <translation>از اجرای بعدی هم‌گام اثر می‌کند. اگر پرونده وجود داشته باشد باز می‌شود و اگر نباشد ساخته می‌شود.</translation>
    </message>
    <message>
        <source>Lab</source>
        <translation>آزمایشگاه</translation>
    </message>
    <message>
        <source>&amp;User name:</source>
        <translation>نام کا&amp;ربری:</translation>
    </message>
    <message>
        <source>Your name in the shared lab: the agents record it with every run, lease and booking</source>
        <translation>نام شما در آزمایشگاه مشترک: عامل‌ها آن را با هر اجرا، اجاره و رزرو ثبت می‌کنند</translation>
    </message>
    <message>
        <source>1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;. The first computer that uses a name on an agent owns it there; the lab admin can bind it to a second computer. Connections are made again with the new name when you apply.</source>
        <translation>از ۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-». نخستین رایانه‌ای که نامی را روی یک عامل به کار ببرد، آنجا صاحب آن نام است؛ مدیر آزمایشگاه می‌تواند آن را به رایانهٔ دومی هم پیوند دهد. با اعمال تغییر، اتصال‌ها با نام تازه دوباره برقرار می‌شوند.</translation>
    </message>
    <message>
        <source>A user name is needed.</source>
        <translation>نام کاربری لازم است.</translation>
    </message>
    <message>
        <source>Not a user name: use 1 to 32 letters, digits, &quot;.&quot;, &quot;_&quot; or &quot;-&quot;, starting with a letter or digit.</source>
        <translation>این نام کاربری درستی نیست: از ۱ تا ۳۲ حرف لاتین، رقم، «.»، «_» یا «-» استفاده کنید، با حرف یا رقم در آغاز.</translation>
    </message>
</context>
<context>
    <name>SharedLabView</name>
    <message numerus="yes">
        <source>%Ln machine(s)</source>
        <translation>
            <numerusform>%Ln ماشین</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s): %1 free, %2 leased, %3 starting, %4 reserved</source>
        <translation>
            <numerusform>%Ln دستگاه: %1 آزاد، %2 اجاره‌شده، %3 در حال آغاز، %4 رزروشده</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln held but idle</source>
        <translation>
            <numerusform>%Ln اجاره‌شدهٔ بیکار</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln queued</source>
        <translation>
            <numerusform>%Ln در صف</numerusform>
        </translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>به‌روزشده در %1</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Some machines could not be asked:
%1</source>
        <translation>از برخی ماشین‌ها نمی‌شد پرسید:
%1</translation>
    </message>
    <message>
        <source>Booking…</source>
        <translation>در حال رزرو…</translation>
    </message>
    <message>
        <source>The booking was refused; nothing was booked:
%1</source>
        <translation>رزرو پذیرفته نشد؛ چیزی رزرو نشد:
%1</translation>
    </message>
    <message numerus="yes">
        <source>Booked on %Ln machine(s).</source>
        <translation>
            <numerusform>روی %Ln ماشین رزرو شد.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel booking</source>
        <translation>لغو رزرو</translation>
    </message>
    <message>
        <source>Cancel your booking on %1 from %2 to %3?</source>
        <translation>رزرو شما روی %1 از %2 تا %3 لغو شود؟</translation>
    </message>
    <message>
        <source>The booking could not be cancelled: %1</source>
        <translation>لغو رزرو ممکن نشد: %1</translation>
    </message>
    <message>
        <source>Booking cancelled.</source>
        <translation>رزرو لغو شد.</translation>
    </message>
    <message>
        <source>Cancel queued run</source>
        <translation>لغو اجرای در صف</translation>
    </message>
    <message>
        <source>Take run %1 out of the queue?</source>
        <translation>اجرای %1 از صف بیرون برده شود؟</translation>
    </message>
    <message>
        <source>Run %1 could not be taken out of the queue: %2</source>
        <translation>بیرون بردن اجرای %1 از صف ممکن نشد: %2</translation>
    </message>
    <message>
        <source>Run %1 was taken out of the queue.</source>
        <translation>اجرای %1 از صف بیرون برده شد.</translation>
    </message>
    <message>
        <source>Some machines did not take the rules:
%1</source>
        <translation>برخی ماشین‌ها قواعد را نپذیرفتند:
%1</translation>
    </message>
    <message>
        <source>Every connected machine now enforces these rules.</source>
        <translation>اکنون همهٔ ماشین‌های متصل این قواعد را اجرا می‌کنند.</translation>
    </message>
    <message>
        <source>Shared lab</source>
        <translation>آزمایشگاه مشترک</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>تازه‌سازی</translation>
    </message>
    <message>
        <source>Ask every machine again now (this tab does so every 10 seconds while shown)</source>
        <translation>پرسش دوباره از همهٔ ماشین‌ها همین حالا (این زبانه تا وقتی نمایش داده می‌شود هر ۱۰ ثانیه این کار را می‌کند)</translation>
    </message>
    <message>
        <source>Rules…</source>
        <translation>قواعد…</translation>
    </message>
    <message>
        <source>The lab&apos;s rules, which every machine enforces (you are the lab admin)</source>
        <translation>قواعد آزمایشگاه، که هر ماشین اجرا می‌کند (شما مدیر آزمایشگاه هستید)</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>دستگاه‌ها</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>صف</translation>
    </message>
    <message>
        <source>Bookings</source>
        <translation>رزروها</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>مصرف</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>لغو اجرا</translation>
    </message>
    <message>
        <source>Take the selected run out of the queue (your own runs only)</source>
        <translation>بیرون بردن اجرای برگزیده از صف (فقط اجراهای خودتان)</translation>
    </message>
    <message>
        <source>Runs start in this order: fewer device-hours over the last 7 days first (fair share); a short run may start early in a gap (backfill). Times are estimates.</source>
        <translation>اجراها به این ترتیب آغاز می‌شوند: نخست کاربری که در ۷ روز گذشته دستگاه‌ساعت کمتری داشته است (سهم منصفانه)؛ اجرای کوتاه ممکن است زودتر در یک شکاف آغاز شود (پرکردن شکاف). زمان‌ها تخمینی‌اند.</translation>
    </message>
    <message>
        <source>Some machines found damaged files when they started:
%1</source>
        <translation>برخی ماشین‌ها هنگام شروع پرونده‌های آسیب‌دیده یافتند:
%1</translation>
    </message>
</context>
<context>
    <name>SshSession</name>
    <message>
        <source>no such file or directory</source>
        <translation>چنین پرونده یا پوشه‌ای نیست</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>اجازهٔ دسترسی نیست</translation>
    </message>
    <message>
        <source>the server reported a failure (a full disk, or a directory in the way)</source>
        <translation>سرور شکستی گزارش کرد (دیسک پر است، یا پوشه‌ای سر راه است)</translation>
    </message>
    <message>
        <source>the connection was lost</source>
        <translation>اتصال از دست رفت</translation>
    </message>
    <message>
        <source>the server does not support this operation</source>
        <translation>سرور از این عمل پشتیبانی نمی‌کند</translation>
    </message>
    <message>
        <source>the file already exists</source>
        <translation>پرونده از پیش وجود دارد</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>سیستم پرونده فقط‌خواندنی است</translation>
    </message>
    <message>
        <source>no medium</source>
        <translation>رسانه‌ای نیست</translation>
    </message>
    <message>
        <source>unknown SSH error</source>
        <translation>خطای ناشناختهٔ SSH</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>libssh could not create a session</source>
        <translation>ساختن نشست libssh ممکن نشد</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>اتصال به %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>the server sent no host key: %1</source>
        <translation>سرور کلید میزبان نفرستاد: %1</translation>
    </message>
    <message>
        <source>cannot check the host key against known_hosts: %1</source>
        <translation>مقایسهٔ کلید میزبان با known_hosts ممکن نشد: %1</translation>
    </message>
    <message>
        <source>cannot add the host key to known_hosts: %1</source>
        <translation>افزودن کلید میزبان به known_hosts ممکن نشد: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>هیچ</translation>
    </message>
    <message>
        <source>cannot read the key file %1</source>
        <translation>خواندن پروندهٔ کلید %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is not a private key libssh can read</source>
        <translation>پروندهٔ %1 کلید خصوصی‌ای نیست که libssh بتواند بخواند</translation>
    </message>
    <message>
        <source>wrong passphrase for %1 (three tries)</source>
        <translation>عبارت عبور %1 نادرست است (سه بار تلاش)</translation>
    </message>
    <message>
        <source>cannot open a session channel: %1</source>
        <translation>باز کردن کانال نشست ممکن نشد: %1</translation>
    </message>
    <message>
        <source>the server refused to run a command: %1</source>
        <translation>سرور از اجرای فرمان خودداری کرد: %1</translation>
    </message>
    <message>
        <source>cannot send input to the command: %1</source>
        <translation>فرستادن ورودی به فرمان ممکن نشد: %1</translation>
    </message>
    <message>
        <source>the connection failed while the command ran: %1</source>
        <translation>اتصال در میانهٔ اجرای فرمان قطع شد: %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>لغو شد</translation>
    </message>
    <message numerus="yes">
        <source>the command did not finish within %n second(s)</source>
        <translation>
            <numerusform>فرمان در %n ثانیه تمام نشد</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot open an SFTP session: %1</source>
        <translation>باز کردن نشست SFTP ممکن نشد: %1</translation>
    </message>
    <message>
        <source>the server&apos;s SFTP subsystem did not start</source>
        <translation>زیرسامانهٔ SFTP سرور آغاز نشد</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>خواندن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>ساختن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>نوشتن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot finish writing %1</source>
        <translation>پایان دادن به نوشتن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot set the mode of %1</source>
        <translation>تنظیم مجوزهای %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>باز کردن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>خواندن %1 ممکن نشد</translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation>%1 بیش از حد بزرگ است</translation>
    </message>
    <message>
        <source>cannot remove %1</source>
        <translation>حذف %1 ممکن نشد</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation>تغییر نام %1 به %2 ممکن نشد: %3</translation>
    </message>
</context>
<context>
    <name>StepSplitPlot</name>
    <message>
        <source>data</source>
        <translation>داده</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>محاسبه</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>انتظار</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>ارتباط</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>بهینه‌ساز</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>میلی‌ثانیه در هر گام</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 ms per step, the mean of its last %Ln step(s)</source>
        <translation>
            <numerusform>گره %1: %2 میلی‌ثانیه در هر گام، میانگین %Ln گام اخیر</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 ms (%3)</source>
        <translation>%1: %2 میلی‌ثانیه (%3)</translation>
    </message>
</context>
<context>
    <name>Telemetry</name>
    <message>
        <source>device sample without name or kind</source>
        <translation>نمونهٔ دستگاه بدون نام یا نوع</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %Ln core(s))</source>
        <translation>
            <numerusform>%1 (%2 از %Ln هسته)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln core(s))</source>
        <translation>
            <numerusform>%1 (%Ln هسته)</numerusform>
        </translation>
    </message>
    <message>
        <source>power cap</source>
        <translation>سقف توان</translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation>کندسازی سخت‌افزاری</translation>
    </message>
    <message>
        <source>too hot (software)</source>
        <translation>دمای زیاد (نرم‌افزاری)</translation>
    </message>
    <message>
        <source>too hot (hardware)</source>
        <translation>دمای زیاد (سخت‌افزاری)</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>ترمز توان</translation>
    </message>
    <message>
        <source>sync boost group</source>
        <translation>گروه Sync Boost</translation>
    </message>
</context>
<context>
    <name>ThroughputPlot</name>
    <message>
        <source>step</source>
        <translation>گام</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>نمونه در ثانیه</translation>
    </message>
</context>
<context>
    <name>TrainingGroupDelegate</name>
    <message>
        <source>%1 · %2 samples/s</source>
        <translation>%1 · %2 نمونه در ثانیه</translation>
    </message>
    <message>
        <source>%1 · speed not measured yet</source>
        <translation>%1 · سرعت هنوز سنجیده نشده</translation>
    </message>
    <message>
        <source>%1 % of the global batch (%2 samples)</source>
        <translation>%1٪ از دستهٔ سراسری (%2 نمونه)</translation>
    </message>
    <message>
        <source>Share of the batch: set by the planner when the run starts</source>
        <translation>سهم دسته: با آغاز اجرا تعیین می‌شود</translation>
    </message>
</context>
<context>
    <name>TrainingGroupModel</name>
    <message>
        <source>Device %1</source>
        <translation>دستگاه %1</translation>
    </message>
    <message>
        <source>This computer (%1)</source>
        <translation>این رایانه (%1)</translation>
    </message>
    <message>
        <source>Drag to reorder; the first machine hosts the rendezvous. Press Delete or drag out to remove.</source>
        <translation>برای تغییر ترتیب بکشید؛ نخستین ماشین میزبان هم‌رسی است. برای حذف، کلید Delete را بزنید یا آن را بیرون بکشید.</translation>
    </message>
    <message numerus="yes">
        <source>all %Ln device(s)</source>
        <translation>
            <numerusform>همهٔ %Ln دستگاه</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of its devices</source>
        <translation>
            <numerusform>%Ln تا از دستگاه‌هایش</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (device %2)</source>
        <translation>%1 (دستگاه %2)</translation>
    </message>
    <message>
        <source>Measured speed: %1 samples/s</source>
        <translation>سرعت اندازه‌گیری‌شده: %1 نمونه در ثانیه</translation>
    </message>
    <message>
        <source>Speed: not measured yet</source>
        <translation>سرعت: هنوز اندازه‌گیری نشده</translation>
    </message>
    <message>
        <source>Batch share: %1 of the global batch, %2 samples per step</source>
        <translation>سهم دسته: %1 از دستهٔ سراسری، %2 نمونه در هر گام</translation>
    </message>
</context>
<context>
    <name>TrainingGroupView</name>
    <message>
        <source>Drag machines here from the Machines list, or a single device from a machine&apos;s card. The first machine hosts the workers&apos; rendezvous.</source>
        <translation>ماشین‌ها را از فهرست «ماشین‌ها»، یا تک‌دستگاهی را از کارت یک ماشین، به اینجا بکشید. نخستین ماشین میزبان هم‌رسی کارگرهاست.</translation>
    </message>
</context>
<context>
    <name>TrustMachinesDialog</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>New machines</source>
        <translation>ماشین‌های تازه</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>ماشین</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>نشانی</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>اثر انگشت</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>اکنون نه</translation>
    </message>
    <message numerus="yes">
        <source>Trust %Ln machine(s)</source>
        <translation>
            <numerusform>اعتماد به %Ln ماشین</numerusform>
        </translation>
    </message>
    <message>
        <source>Hamgam agents were found on these machines. Check a machine only if its fingerprint matches the one its agent prints there (hamgam-agent --fingerprint). An unchecked machine can be trusted later from its menu in the Machines list (Trust…).</source>
        <translation>عامل هم‌گام روی این ماشین‌ها پیدا شد. ماشینی را تیک بزنید که اثر انگشتش با آنچه عاملش همان‌جا چاپ می‌کند (hamgam-agent --fingerprint) یکی باشد. به ماشینی که تیک نخورده بعداً می‌توان از منوی آن در فهرست ماشین‌ها (اعتماد…) اعتماد کرد.</translation>
    </message>
</context>
<context>
    <name>UserBindings</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>خواندن %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation>پروندهٔ %1 آسیب دیده است: %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation>نام کاربری «%1» معتبر نیست</translation>
    </message>
    <message>
        <source>the user name &quot;%1&quot; belongs to another controller on this machine; the lab admin can let this controller use it too: hamgamctl policy bind %1 %2</source>
        <translation>نام کاربری «%1» روی این ماشین متعلق به کنترل‌گر دیگری است؛ مدیر آزمایشگاه می‌تواند به این کنترل‌گر هم اجازهٔ استفاده از آن را بدهد: ⁦hamgamctl policy bind %1 %2⁩</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a certificate fingerprint</source>
        <translation>مقدار «%1» اثر انگشت گواهی نیست</translation>
    </message>
    <message>
        <source>no controller is bound to the user name &quot;%1&quot; here</source>
        <translation>اینجا هیچ کنترل‌گری به نام کاربری «%1» پیوند نخورده است</translation>
    </message>
    <message>
        <source>the user name &quot;%1&quot; has rights in the lab&apos;s rules, so only the lab admin can give it: hamgamctl policy bind %1 %2</source>
        <translation>نام کاربری «%1» در قواعد آزمایشگاه اختیاراتی دارد، پس فقط مدیر آزمایشگاه می‌تواند آن را بدهد: hamgamctl policy bind %1 %2</translation>
    </message>
    <message>
        <source>this controller already speaks as &quot;%1&quot; on this machine and may not take another name; the lab admin can give it one: hamgamctl policy bind %2 %3</source>
        <translation>این کنترل‌گر روی این ماشین از پیش با نام «%1» سخن می‌گوید و نمی‌تواند نام دیگری بگیرد؛ مدیر آزمایشگاه می‌تواند نامی به آن بدهد: hamgamctl policy bind %2 %3</translation>
    </message>
    <message>
        <source>on this lab only the lab admin gives user names, and &quot;%1&quot; is not bound to this controller; ask the admin to run: hamgamctl policy bind %1 %2</source>
        <translation>در این آزمایشگاه فقط مدیر آزمایشگاه نام کاربری می‌دهد و &quot;%1&quot; به این کنترل‌گر بسته نشده است؛ از مدیر بخواهید این را اجرا کند: hamgamctl policy bind %1 %2</translation>
    </message>
</context>
<context>
    <name>UtilizationDoctor</name>
    <message>
        <source>Waiting for slower nodes</source>
        <translation>انتظار برای گره‌های کندتر</translation>
    </message>
    <message>
        <source>Communication-bound</source>
        <translation>ارتباط گلوگاه است</translation>
    </message>
    <message>
        <source>Data loading is the bottleneck</source>
        <translation>بارگذاری داده گلوگاه است</translation>
    </message>
    <message>
        <source>Too little work per step</source>
        <translation>کار هر گام بیش از حد کم است</translation>
    </message>
    <message>
        <source>Memory nearly full</source>
        <translation>حافظه تقریباً پر است</translation>
    </message>
    <message>
        <source>Device shared with another process</source>
        <translation>دستگاه با فرایند دیگری مشترک است</translation>
    </message>
    <message>
        <source>Agent stopped reporting</source>
        <translation>عامل دیگر گزارش نمی‌دهد</translation>
    </message>
    <message>
        <source>waits %1 ms of each %2 ms step (%3 %) for slower nodes</source>
        <translation>از هر گام %2 میلی‌ثانیه‌ای، %1 میلی‌ثانیه (%3٪) منتظر گره‌های کندتر می‌ماند</translation>
    </message>
    <message>
        <source>The planner is re-balancing; if the wait stays, shorten the re-plan interval or check the slow node for throttling or other users.</source>
        <translation>برنامه‌ریز در حال توازن دوباره است؛ اگر انتظار ادامه یافت، فاصلهٔ بازبرنامه‌ریزی را کوتاه‌تر کنید، یا گرهٔ کند را از نظر افت سرعت بر اثر گرما یا کاربران دیگر بررسی کنید.</translation>
    </message>
    <message>
        <source>Switch to %1: batches that follow each node&apos;s speed are predicted to make steps %2 % faster.</source>
        <translation>به %1 بروید: پیش‌بینی می‌شود دسته‌های متناسب با سرعت هر گره، گام‌ها را %2٪ سریع‌تر کنند.</translation>
    </message>
    <message>
        <source>Switch to hdp or lshdp so that each node&apos;s batch follows its speed.</source>
        <translation>به hdp یا lshdp بروید تا دستهٔ هر گره متناسب با سرعتش باشد.</translation>
    </message>
    <message>
        <source>spends %1 ms of each %2 ms step (%3 %) exchanging gradients</source>
        <translation>از هر گام %2 میلی‌ثانیه‌ای، %1 میلی‌ثانیه (%3٪) را صرف تبادل گرادیان‌ها می‌کند</translation>
    </message>
    <message>
        <source>FSDP sends parameters over the network at every layer: lsdp or lshdp keep them inside each node.</source>
        <translation>در FSDP پارامترها در هر لایه از راه شبکه فرستاده می‌شوند: lsdp یا lshdp آن‌ها را درون هر گره نگه می‌دارند.</translation>
    </message>
    <message>
        <source>Use a larger global batch (fewer exchanges per sample) or turn on fp16 gradients to halve the bytes.</source>
        <translation>دستهٔ سراسری بزرگ‌تری به کار ببرید (تبادل کمتر به ازای هر نمونه)، یا گرادیان‌های fp16 را روشن کنید تا حجم داده نصف شود.</translation>
    </message>
    <message>
        <source>Use a larger global batch: fewer gradient exchanges per sample.</source>
        <translation>دستهٔ سراسری بزرگ‌تری به کار ببرید: تبادل گرادیان کمتر به ازای هر نمونه.</translation>
    </message>
    <message>
        <source>waits %1 ms of each %2 ms step (%3 %) for its next batch</source>
        <translation>از هر گام %2 میلی‌ثانیه‌ای، %1 میلی‌ثانیه (%3٪) منتظر دستهٔ بعدی‌اش می‌ماند</translation>
    </message>
    <message>
        <source>Put the dataset on a local disk or in memory on this node, or use fewer workers per CPU.</source>
        <translation>مجموعه‌داده را روی دیسک محلی یا در حافظهٔ همین گره بگذارید، یا کارگرهای کمتری به ازای هر CPU به کار ببرید.</translation>
    </message>
    <message>
        <source>no report for %1 s</source>
        <translation>%1 ثانیه است که گزارشی نرسیده</translation>
    </message>
    <message>
        <source>Check that the machine is up and its network cable is in; the run fails if its workers stop too.</source>
        <translation>بررسی کنید که ماشین روشن باشد و کابل شبکه‌اش وصل باشد؛ اگر کارگرهایش هم متوقف شوند، اجرا شکست می‌خورد.</translation>
    </message>
    <message>
        <source>%1 of %2 memory in use (%3 %)</source>
        <translation>%1 از %2 حافظه در حال استفاده است (%3٪)</translation>
    </message>
    <message>
        <source>Lower this node&apos;s batch cap (max_batch) or stream parameters from host memory.</source>
        <translation>سقف دستهٔ این گره (max_batch) را پایین بیاورید، یا پارامترها را به‌صورت جریانی از حافظهٔ میزبان بارگیری کنید.</translation>
    </message>
    <message>
        <source>Use lsdp or lshdp: parameters and optimizer state are sharded inside the node and into CPU memory.</source>
        <translation>از lsdp یا lshdp استفاده کنید: پارامترها و وضعیت بهینه‌ساز درون گره و در حافظهٔ CPU قطعه‌بندی می‌شوند.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln other process(es) use this device</source>
        <translation>
            <numerusform>%Ln فرایند دیگر از این دستگاه استفاده می‌کنند</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask its other users, or leave this device out of the group; the planner gives it less work meanwhile.</source>
        <translation>با دیگر کاربرانش هماهنگ کنید، یا این دستگاه را از گروه کنار بگذارید؛ در این میان برنامه‌ریز کار کمتری به آن می‌دهد.</translation>
    </message>
    <message>
        <source>a batch of %1 samples keeps the device only %2 % busy</source>
        <translation>دسته‌ای با %1 نمونه، دستگاه را فقط %2٪ مشغول نگه می‌دارد</translation>
    </message>
    <message>
        <source>Raise the global batch (now %1) so each device gets more samples per step; scale the learning rate with it.</source>
        <translation>دستهٔ سراسری (اکنون %1) را بزرگ‌تر کنید تا هر دستگاه در هر گام نمونه‌های بیشتری بگیرد؛ نرخ یادگیری را هم به همان نسبت تغییر دهید.</translation>
    </message>
    <message>
        <source>Meet less often: raise sync.every above %1 (more steps between outer steps, fewer exchanges per sample).</source>
        <translation>کمتر هم‌گام کنید: ⁦sync.every⁩ را از %1 بالاتر ببرید (گام‌های بیشتر میان دو گام بیرونی، تبادل کمتر به ازای هر نمونه).</translation>
    </message>
    <message>
        <source>Slower than one machine alone</source>
        <translation>کندتر از یک ماشین به‌تنهایی</translation>
    </message>
    <message>
        <source>The network takes most of each step: let each machine take steps on its own (sync.mode local, an outer step every 16, or sync.mode auto to let the measured link decide) or send low-rank gradients (comm.compression powersgd). Both are approximate: compare the held-out accuracy with this run&apos;s.</source>
        <translation>بیشتر هر گام صرف شبکه می‌شود: بگذارید هر ماشین خودش گام بردارد (⁦sync.mode local⁩، یک گام بیرونی هر 16 گام، یا ⁦sync.mode auto⁩ تا پیوند سنجیده‌شده تصمیم بگیرد)، یا گرادیان‌های کم‌رتبه بفرستید (⁦comm.compression powersgd⁩). هر دو تقریبی‌اند: دقت داده‌های کنارگذاشته را با این اجرا مقایسه کنید.</translation>
    </message>
    <message>
        <source>The network takes most of each step: %1. Let each machine take steps on its own (sync.mode local, or sync.mode auto to let the measured link decide) or send low-rank gradients (comm.compression powersgd). Both are approximate: compare the held-out accuracy with this run&apos;s.</source>
        <translation>بیشتر هر گام صرف شبکه می‌شود: %1. بگذارید هر ماشین خودش گام بردارد (⁦sync.mode local⁩، یا ⁦sync.mode auto⁩ تا پیوند سنجیده‌شده تصمیم بگیرد)، یا گرادیان‌های کم‌رتبه بفرستید (⁦comm.compression powersgd⁩). هر دو تقریبی‌اند: دقت داده‌های کنارگذاشته را با این اجرا مقایسه کنید.</translation>
    </message>
    <message numerus="yes">
        <source>local steps every %Ln step(s) are predicted %1× faster on the measured link</source>
        <translation>
            <numerusform>گام‌های محلی هر %Ln گام روی پیوند سنجیده‌شده %1 برابر سریع‌تر پیش‌بینی می‌شوند</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 alone would take %2 s a step; this group takes at least %3 s on its measured link (%4/s)</source>
        <translation>%1 به‌تنهایی هر گام را در %2 ثانیه برمی‌دارد؛ این گروه روی پیوند سنجیده‌شده‌اش (%4 بر ثانیه) دست‌کم %3 ثانیه زمان می‌برد</translation>
    </message>
    <message>
        <source>Train on %1 alone (take the other machines out of the group), or give the machines a faster link.</source>
        <translation>فقط روی %1 آموزش دهید (ماشین‌های دیگر را از گروه بیرون ببرید)، یا پیوند سریع‌تری میان ماشین‌ها فراهم کنید.</translation>
    </message>
</context>
<context>
    <name>WorkerProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>آغاز %1 ممکن نشد: %2</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>با سیگنال %1 (%2) کشته شد</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>با کد %1 خارج شد</translation>
    </message>
</context>
<context>
    <name>hamgam-agent</name>
    <message>
        <source>hamgam-agent: %1</source>
        <translation>hamgam-agent: %1</translation>
    </message>
    <message>
        <source>Removed %1 from the trust list.</source>
        <translation>%1 از فهرست اعتماد حذف شد.</translation>
    </message>
    <message>
        <source>added on the command line</source>
        <translation>افزوده‌شده از خط فرمان</translation>
    </message>
    <message>
        <source>Trusted controller %1.</source>
        <translation>کنترل‌گر %1 مورد اعتماد قرار گرفت.</translation>
    </message>
    <message>
        <source>The trust list is updated. No second agent was started: %1</source>
        <translation>فهرست اعتماد به‌روز شد. عامل دومی راه‌اندازی نشد: %1</translation>
    </message>
    <message>
        <source>hamgam-agent %1 listening on %2:%3, node %4, fingerprint %5</source>
        <translation>⁦hamgam-agent %1⁩ روی %2:%3 گوش می‌دهد، گره %4، اثر انگشت %5</translation>
    </message>
    <message>
        <source>  (lab admin)</source>
        <translation>  (مدیر آزمایشگاه)</translation>
    </message>
    <message>
        <source>Lab admin %1.</source>
        <translation>مدیر آزمایشگاه: %1.</translation>
    </message>
</context>
<context>
    <name>hamgamctl</name>
    <message>
        <source>list machines (--json)</source>
        <translation>فهرست ماشین‌ها (⁦--json⁩)</translation>
    </message>
    <message>
        <source>pin a machine&apos;s certificate fingerprint</source>
        <translation>ثبت اثر انگشت گواهی یک ماشین</translation>
    </message>
    <message>
        <source>add a machine by address</source>
        <translation>افزودن ماشین با نشانی</translation>
    </message>
    <message>
        <source>forget a machine</source>
        <translation>فراموش کردن یک ماشین</translation>
    </message>
    <message>
        <source>Usage: hamgamctl COMMAND [options]   (hamgamctl COMMAND --help for its options)</source>
        <translation>کاربرد: hamgamctl COMMAND [options]   (گزینه‌های هر فرمان: hamgamctl COMMAND --help)</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>فرمان‌ها:</translation>
    </message>
    <message>
        <source>hamgamctl: unknown command &quot;%1&quot;</source>
        <translation>⁦hamgamctl:⁩ فرمان ناشناخته «%1»</translation>
    </message>
    <message>
        <source>validate a run config and run pre-flight checks</source>
        <translation>اعتبارسنجی پیکربندی اجرا و بررسی پیش‌پرواز</translation>
    </message>
    <message>
        <source>start a run (--follow to watch it)</source>
        <translation>آغاز یک اجرا (⁦--follow⁩ برای دنبال کردن آن)</translation>
    </message>
    <message>
        <source>list runs (--json)</source>
        <translation>فهرست اجراها (⁦--json⁩)</translation>
    </message>
    <message>
        <source>show one run (--json)</source>
        <translation>نمایش یک اجرا (⁦--json⁩)</translation>
    </message>
    <message>
        <source>abort a run now</source>
        <translation>لغو فوری یک اجرا</translation>
    </message>
    <message>
        <source>follow a run again, filling the history&apos;s gaps</source>
        <translation>دنبال کردن دوبارهٔ یک اجرا و پر کردن جاهای خالی تاریخچه</translation>
    </message>
    <message>
        <source>export a run as CSV (--csv DIR)</source>
        <translation>خروجی CSV از یک اجرا (⁦--csv DIR⁩)</translation>
    </message>
    <message>
        <source>install the agent on machines over SSH</source>
        <translation>نصب عامل روی ماشین‌ها از راه SSH</translation>
    </message>
    <message>
        <source>upgrade the agent on machines over SSH</source>
        <translation>ارتقای عامل روی ماشین‌ها از راه SSH</translation>
    </message>
    <message>
        <source>remove the agent from machines over SSH</source>
        <translation>حذف عامل از ماشین‌ها از راه SSH</translation>
    </message>
    <message>
        <source>restart the agent on machines over SSH</source>
        <translation>راه‌اندازی دوبارهٔ عامل روی ماشین‌ها از راه SSH</translation>
    </message>
    <message>
        <source>the agent&apos;s state on machines, over SSH</source>
        <translation>وضعیت عامل روی ماشین‌ها، از راه SSH</translation>
    </message>
    <message>
        <source>show or set your user name in the lab</source>
        <translation>نمایش یا تعیین نام کاربری شما در آزمایشگاه</translation>
    </message>
    <message>
        <source>every device: free, leased or reserved, by whom, utilization</source>
        <translation>همهٔ دستگاه‌ها: آزاد، اجاره‌شده یا رزروشده، در اختیار چه کسی، میزان استفاده</translation>
    </message>
    <message>
        <source>the runs waiting for devices, with estimated starts</source>
        <translation>اجراهای منتظر دستگاه، با آغاز تخمینی</translation>
    </message>
    <message>
        <source>take a run out of the queue</source>
        <translation>بیرون بردن یک اجرا از صف</translation>
    </message>
    <message>
        <source>wait until a run ends; its exit code says how</source>
        <translation>انتظار تا پایان یک اجرا؛ کد خروج چگونگی پایان را می‌گوید</translation>
    </message>
    <message>
        <source>book devices for a time window</source>
        <translation>رزرو دستگاه‌ها برای یک بازهٔ زمانی</translation>
    </message>
    <message>
        <source>list the bookings</source>
        <translation>فهرست رزروها</translation>
    </message>
    <message>
        <source>cancel a booking</source>
        <translation>لغو یک رزرو</translation>
    </message>
    <message>
        <source>device-hours per user and week (--csv)</source>
        <translation>دستگاه‌ساعت هر کاربر در هر هفته (⁦--csv⁩)</translation>
    </message>
    <message>
        <source>the lab&apos;s rules; the admin changes them</source>
        <translation>قواعد آزمایشگاه؛ مدیر آن‌ها را تغییر می‌دهد</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 failure (or the run failed), 2 bad usage, 3 not found, 4 refused, 5 the run was stopped, aborted or taken out of the queue, 6 still going (wait --timeout).</source>
        <translation>کدهای خروج: 0 موفق، 1 ناموفق (یا اجرا ناموفق بود)، 2 کاربرد نادرست، 3 پیدا نشد، 4 رد شد، 5 اجرا متوقف، لغو یا از صف بیرون برده شد، 6 هنوز ادامه دارد (wait --timeout).</translation>
    </message>
    <message>
        <source>stop a run (after a checkpoint, if it has a checkpoint directory)</source>
        <translation>توقف یک اجرا (پس از یک نقطهٔ وارسی، اگر پوشهٔ آن را داشته باشد)</translation>
    </message>
    <message>
        <source>compare 2 to 100 runs (--json)</source>
        <translation>مقایسهٔ ۲ تا ۱۰۰ اجرا (⁦--json⁩)</translation>
    </message>
    <message>
        <source>bring a run&apos;s trained model into a folder (TorchScript)</source>
        <translation>آوردن مدلِ آموزش‌دیدهٔ یک اجرا به یک پوشه (TorchScript)</translation>
    </message>
    <message>
        <source>every device as a table, refreshed each second</source>
        <translation>همهٔ دستگاه‌ها در جدولی که هر ثانیه تازه می‌شود</translation>
    </message>
</context>
</TS>
