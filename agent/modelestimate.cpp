#include "modelestimate.h"

ModelEstimate ModelEstimate::of(const RunConfig &c)
{
    ModelEstimate e;
    qint64 inputs = 1;
    int classes = 10;
    if (c.dataset.kind == QLatin1String("images")) {
        for (int d : c.dataset.shape)
            inputs *= d;
    } else if (c.dataset.kind == QLatin1String("synthetic")) {
        for (int d : c.dataset.shape)
            inputs *= d;
        classes = c.dataset.classes;
    } else {
        inputs = 28 * 28;
    }
    const qint64 f = 4; // fp32
    if (c.model.kind == QLatin1String("mlp")) {
        qint64 in = inputs;
        qint64 act = inputs;
        for (int h : c.model.hidden) {
            e.parameters += in * h + h;
            act += 3LL * h; // output, activation, its gradient
            in = h;
        }
        e.parameters += in * classes + classes;
        act += 2LL * classes;
        e.activationBytesPerSample = act * f;
    } else if (c.model.kind == QLatin1String("cnn")) {
        const qint64 ch = c.model.channels;
        const qint64 pixels = inputs;
        e.parameters =
            9 * ch + ch + qint64(c.model.blocks) * 2 * (9 * ch * ch + 3 * ch) + ch * classes + classes;
        e.activationBytesPerSample = (qint64(c.model.blocks) * 6 + 3) * ch * pixels * f;
    } else if (c.model.kind == QLatin1String("gpt")) {
        const qint64 w = c.model.width;
        const qint64 t = c.model.context;
        const qint64 l = c.model.layers;
        e.parameters = 256 * w + t * w + l * (12 * w * w + 13 * w) + 2 * w + w * 256 + 256;
        e.activationBytesPerSample = l * t * (18 * w + 2 * qint64(c.model.heads) * t) * f + t * 256 * 2 * f;
    } else {
        // A TorchScript module's size is known only once loaded: assume a mid-size model.
        e.parameters = 10'000'000;
        e.activationBytesPerSample = 4 * 1024 * 1024;
    }
    return e;
}

qint64 ModelEstimate::deviceBytes(const RunConfig &c, qint64 localBatch, int shards) const
{
    const qint64 f = 4;
    const qint64 optimizerState =
        c.optimizer.kind == QLatin1String("adamw") ? 2 : (c.optimizer.momentum > 0 ? 1 : 0);
    qint64 persistent = parameters * f * (2 + optimizerState); // weights, gradients, state
    const bool sharded = c.strategy == QLatin1String("lsdp") || c.strategy == QLatin1String("lshdp") ||
                         c.strategy == QLatin1String("fsdp");
    if (sharded) {
        // Sharded weights, gradients and state, plus one full layer gathered at a time
        // (bounded here by a tenth of the model); lsdp keeps optimizer state in host memory.
        persistent = parameters * f * 2 / qMax(1, shards) + parameters * f / 10;
        if (c.strategy == QLatin1String("fsdp"))
            persistent += parameters * f * optimizerState / qMax(1, shards);
    }
    return persistent + localBatch * activationBytesPerSample;
}
