#include "modelestimate.h"

namespace {

bool sharded(const QString &strategy)
{
    return strategy == QLatin1String("lsdp") || strategy == QLatin1String("lshdp") ||
           strategy == QLatin1String("fsdp");
}

} // namespace

ModelEstimate::Estimate::Sample ModelEstimate::sampleOf(const RunConfig &c)
{
    const QString &kind = c.dataset.kind;
    // Text, or synthetic tokens for a gpt: windows of the model's context over 256 byte values.
    if (kind == QLatin1String("text") ||
        (kind == QLatin1String("synthetic") && c.model.kind == QLatin1String("gpt")))
        return {{c.model.context}, 256, true};
    if (kind == QLatin1String("fashion-mnist"))
        return {{1, 28, 28}, 10, false};
    if (kind == QLatin1String("cifar-10") || kind == QLatin1String("cifar-100"))
        return {{3, 32, 32}, kind == QLatin1String("cifar-10") ? 10 : 100, false};
    if (kind == QLatin1String("csv"))
        return {{1}, c.dataset.classes, false};
    Estimate::Sample s; // images and synthetic: the config's shape
    for (int d : c.dataset.shape)
        s.dims.push_back(d);
    s.classes = c.dataset.classes;
    return s;
}

ModelEstimate::ModelEstimate(const RunConfig &config, const std::optional<Estimate::Sample> &sample)
    : m_config(config)
{
    Estimate::Sample s = sampleOf(config);
    if (sample) {
        if (!sample->dims.empty())
            s.dims = sample->dims;
        if (sample->classes > 0)
            s.classes = sample->classes;
    }
    Estimate::ModelSpec m;
    m.kind = config.model.kind.toStdString();
    for (int h : config.model.hidden)
        m.hidden.push_back(h);
    m.channels = config.model.channels;
    m.blocks = config.model.blocks;
    m.layers = config.model.layers;
    m.width = config.model.width;
    m.heads = config.model.heads;
    m.context = config.model.context;
    m_units = Estimate::units(m, s);
}

ModelEstimate::Estimate ModelEstimate::forDevice(int shards) const
{
    const RunConfig &c = m_config;
    Estimate::Residency r;
    r.parameters = parameters();
    r.sharded = sharded(c.strategy);
    r.shards = r.sharded ? qMax(1, shards) : 1;
    // lsdp and lshdp keep the optimizer's state with the fp32 master copy in host memory.
    r.optimizerOnHost = c.strategy == QLatin1String("lsdp") || c.strategy == QLatin1String("lshdp");
    r.stateSlots =
        Estimate::optimizerStateSlots(c.optimizer.kind == QLatin1String("adamw"), c.optimizer.momentum) +
        (c.keepsOuterState() ? Estimate::kOuterStateSlots : 0);
    // Units are gathered in turn only when the parameters are cut (or streamed from host memory).
    const bool freesAfterUse = (r.sharded && r.shards > 1) || c.streamParams;
    return Estimate::of(Estimate::residentBytes(r), freesAfterUse, Estimate::largestUnitParameters(m_units),
                        Estimate::activationElementsPerSample(m_units, c.recompute),
                        c.precision == QLatin1String("fp32") ? Estimate::Precision::Fp32
                                                             : Estimate::Precision::Half);
}
