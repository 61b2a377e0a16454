// libFuzzer target: a worker's stdout line as the agent parses it, and the
// event as the controller's live data and history take it in.
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
    const QJsonObject event = WorkerProcess::parseEventLine(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), 1);
    RunEvent e;
    e.source = QStringLiteral("a");
    e.seq = 1;
    e.kind = event.value(QStringLiteral("event")).toString();
    e.rank = event.value(QStringLiteral("rank")).toInt(-1);
    e.payload = event;
    live.addEvent(e);
    (void)live.diagnose(0);
    return 0;
}
