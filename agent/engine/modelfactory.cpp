#include "modelfactory.h"

#include "convstemunit.h"
#include "linearunit.h"
#include "lmheadunit.h"
#include "poolheadunit.h"
#include "residualblockunit.h"
#include "tokenembeddingunit.h"
#include "torchscriptunit.h"
#include "transformerblockunit.h"

namespace hamgam::engine {

Result<std::unique_ptr<Model>> ModelFactory::build(const ModelConfig &c, const DatasetInfo &data)
{
    using R = Result<std::unique_ptr<Model>>;
    std::vector<std::unique_ptr<Unit>> units;
    const auto task = data.tokens ? Model::Task::LanguageModel : Model::Task::Classification;
    std::string description;

    if (c.kind == "mlp") {
        if (data.tokens)
            return R::failure(ErrorKind::Config, "the mlp model needs image data");
        std::int64_t in = 1;
        for (auto d : data.sampleShape)
            in *= d;
        const auto act = c.activation == "gelu"   ? LinearUnit::Activation::Gelu
                         : c.activation == "tanh" ? LinearUnit::Activation::Tanh
                                                  : LinearUnit::Activation::Relu;
        description = "mlp " + std::to_string(in);
        for (size_t i = 0; i < c.hidden.size(); ++i) {
            units.push_back(
                std::make_unique<LinearUnit>("fc" + std::to_string(i), in, c.hidden[i], act, i == 0));
            in = c.hidden[i];
            description += "-" + std::to_string(in);
        }
        units.push_back(std::make_unique<LinearUnit>("out", in, data.classes, LinearUnit::Activation::None,
                                                     c.hidden.empty()));
        description += "-" + std::to_string(data.classes);
    } else if (c.kind == "cnn") {
        if (data.tokens || data.sampleShape.size() != 3)
            return R::failure(ErrorKind::Config, "the cnn model needs images [channels, height, width]");
        const auto in = data.sampleShape[0], h = data.sampleShape[1], w = data.sampleShape[2];
        units.push_back(std::make_unique<ConvStemUnit>(in, c.channels, c.groups, h, w));
        const auto oh = ConvStemUnit::outputSize(h), ow = ConvStemUnit::outputSize(w);
        for (std::int64_t b = 0; b < c.blocks; ++b)
            units.push_back(std::make_unique<ResidualBlockUnit>("block" + std::to_string(b), c.channels,
                                                                c.groups, oh, ow));
        units.push_back(std::make_unique<PoolHeadUnit>(c.channels, data.classes));
        description = "cnn " + std::to_string(c.channels) + "ch " + std::to_string(c.blocks) + " blocks";
    } else if (c.kind == "gpt") {
        if (!data.tokens)
            return R::failure(ErrorKind::Config, "the gpt model needs text data");
        units.push_back(std::make_unique<TokenEmbeddingUnit>(data.classes, c.width, c.context));
        for (std::int64_t l = 0; l < c.layers; ++l)
            units.push_back(std::make_unique<TransformerBlockUnit>("block" + std::to_string(l), c.width,
                                                                   c.heads, c.context, c.layers));
        units.push_back(std::make_unique<LmHeadUnit>(c.width, data.classes, c.context));
        description = "gpt " + std::to_string(c.layers) + "x" + std::to_string(c.width) + " h" +
                      std::to_string(c.heads) + " ctx" + std::to_string(c.context);
    } else if (c.kind == "torchscript") {
        auto unit = TorchScriptUnit::load(c.path);
        if (!unit)
            return unit.error();
        units.push_back(std::move(*unit));
        description = "torchscript " + c.path;
    } else {
        return R::failure(ErrorKind::Config, "unknown model kind " + c.kind);
    }
    return std::make_unique<Model>(std::move(units), task, description);
}

} // namespace hamgam::engine
