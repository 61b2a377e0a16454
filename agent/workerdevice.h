#pragma once

#include <QStringList>

/// How the agent tells one worker which device to train on. CUDA numbers GPUs
/// fastest-first by default while NVML (and so the agent's telemetry, and the
/// config's devices lists) number them in PCI order: the worker sees only its
/// own GPU, in PCI order, as cuda:0, so the node's index is applied once.
/// A CPU run hides every GPU, so a CUDA build never quietly takes GPU 0.
namespace WorkerDevice {

/// KEY=VALUE entries for the worker's environment.
QStringList environment(bool gpu, int physicalIndex);

/// The worker's --device argument and its value.
QStringList arguments(bool gpu);

} // namespace WorkerDevice
