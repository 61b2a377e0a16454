#include "stepcolumns.h"

const std::vector<StepColumn> &StepColumns::all()
{
    static const std::vector<StepColumn> columns{
        {"epoch", "epoch", true},
        {"loss", "loss", false},
        {"local_batch", "local_batch", true},
        {"data_ms", "data_ms", false},
        {"compute_ms", "compute_ms", false},
        {"wait_ms", "wait_ms", false},
        {"comm_ms", "comm_ms", false},
        {"optimizer_ms", "optimizer_ms", false},
        {"samples_per_s", "samples_per_s", false},
        {"device_bytes", "device_bytes", true},
        // Named before the event's keys were: the column names stay, histories keep them.
        {"bytes_intra", "bytes_within_node", true},
        {"bytes_inter", "bytes_across_nodes", true},
    };
    return columns;
}

QStringList StepColumns::metrics()
{
    QStringList out;
    for (const StepColumn &c : all()) {
        if (QLatin1String(c.column) != QLatin1String("epoch"))
            out << QLatin1String(c.column);
    }
    return out;
}

QString StepColumns::joined()
{
    QStringList out;
    for (const StepColumn &c : all())
        out << QLatin1String(c.column);
    return out.join(QStringLiteral(", "));
}
