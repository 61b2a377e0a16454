#include "workerdevice.h"

namespace WorkerDevice {

QStringList environment(bool gpu, int physicalIndex)
{
    if (!gpu)
        return {QStringLiteral("CUDA_VISIBLE_DEVICES=")};
    return {QStringLiteral("CUDA_DEVICE_ORDER=PCI_BUS_ID"),
            QStringLiteral("CUDA_VISIBLE_DEVICES=%1").arg(physicalIndex)};
}

QStringList arguments(bool gpu)
{
    return {QStringLiteral("--device"), gpu ? QStringLiteral("cuda") : QStringLiteral("cpu")};
}

} // namespace WorkerDevice
