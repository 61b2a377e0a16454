// libFuzzer target: a worker's stdout as the agent parses it (one line, and a
// stream in two reads), and the events as the controller's live data takes them in.
#include "liverundata.h"
#include "workerprocess.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static LiveRunData live;
    static bool ready = false;
    if (!ready) {
        RunConfig config;
        config.nodes = {{QStringLiteral("a"), QStringLiteral("a"), {0, 1}, {}, {}, 1.0}};
        live.reset(config, {{QStringLiteral("a"), QStringLiteral("a"), 0, {0, 1}}});
        ready = true;
    }
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The whole input as one line, and as a stream that arrives in two reads.
    QList<QJsonObject> events{WorkerProcess::parseEventLine(bytes, 1)};
    WorkerProcess::LineBuffer buffer;
    events += WorkerProcess::takeEvents(buffer, bytes.left(bytes.size() / 2), 1);
    events += WorkerProcess::takeEvents(buffer, bytes.mid(bytes.size() / 2), 1);
    if (buffer.pending.size() > WorkerProcess::kMaxLine)
        __builtin_trap();
    for (const QJsonObject &event : std::as_const(events)) {
        RunEvent e;
        e.source = QStringLiteral("a");
        e.seq = 1;
        e.kind = event.value(QStringLiteral("event")).toString();
        e.rank = event.value(QStringLiteral("rank")).toInt(-1);
        e.payload = event;
        live.addEvent(e);
    }
    (void)live.diagnose(0);
    return 0;
}
