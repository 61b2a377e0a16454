#include "modelfactory.h"

#include "convstemunit.h"
#include "linearunit.h"
#include "lmheadunit.h"
#include "poolheadunit.h"
#include "residualblockunit.h"
#include "tensorparallel.h"
#include "tokenembeddingunit.h"
#include "torchscriptunit.h"
#include "tpembeddingunit.h"
#include "tplinearunit.h"
#include "tplmheadunit.h"
#include "tptransformerblockunit.h"
#include "transformerblockunit.h"

namespace hamgam::engine {

Result<std::unique_ptr<Model>> ModelFactory::build(const ModelConfig &c, const DatasetInfo &data,
                                                   TensorParallel *tp, at::Device device)
{
    using R = Result<std::unique_ptr<Model>>;
    if (tp)
        return buildTensorParallel(c, data, *tp);
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
        units.push_back(std::make_unique<PoolHeadUnit>(c.channels, data.classes, oh * ow));
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
        auto unit = TorchScriptUnit::load(c.path, device);
        if (!unit)
            return unit.error();
        units.push_back(std::move(*unit));
        description = "torchscript " + c.path;
    } else {
        return R::failure(ErrorKind::Config, "unknown model kind " + c.kind);
    }
    return std::make_unique<Model>(std::move(units), task, description);
}

Result<std::unique_ptr<Model>> ModelFactory::buildTensorParallel(const ModelConfig &c,
                                                                 const DatasetInfo &data, TensorParallel &tp)
{
    using R = Result<std::unique_ptr<Model>>;
    using Kind = TensorParallelLayout::Kind;
    const auto kind = tp.layout().kind();
    const std::string strategy = TensorParallelLayout::strategyName(kind);
    const int q = tp.side();
    // 2D and 3D cut both dimensions of every layer into q blocks: none may be empty.
    auto tooSmall = [&](const std::string &what, std::int64_t value) -> std::optional<Error> {
        if (kind == Kind::OneD || value >= q)
            return std::nullopt;
        return Error{ErrorKind::Config, "run config: strategy " + strategy +
                                            " cuts every layer into q = " + std::to_string(q) +
                                            " blocks per dimension: " + what + " (" + std::to_string(value) +
                                            ") must be at least " + std::to_string(q)};
    };
    std::vector<std::unique_ptr<Unit>> units;
    std::string description;
    if (c.kind == "mlp") {
        if (data.tokens)
            return R::failure(ErrorKind::Config, "the mlp model needs image data");
        std::int64_t in = 1;
        for (auto d : data.sampleShape)
            in *= d;
        if (auto e = tooSmall("the input size", in))
            return *e;
        if (auto e = tooSmall("the number of classes", data.classes))
            return *e;
        for (auto h : c.hidden)
            if (auto e = tooSmall("every model.hidden size", h))
                return *e;
        const auto act = c.activation == "gelu"   ? LinearUnit::Activation::Gelu
                         : c.activation == "tanh" ? LinearUnit::Activation::Tanh
                                                  : LinearUnit::Activation::Relu;
        const int count = static_cast<int>(c.hidden.size()) + 1;
        description = "mlp " + std::to_string(in);
        for (int k = 0; k < count; ++k) {
            // 1D ends on a row-split layer (whole logits, no gather) and
            // alternates backwards; 3D alternates from the input.
            TpLinear::Role role = TpLinear::Role::Grid;
            if (kind == Kind::OneD)
                role = (count - 1 - k) % 2 == 0 ? TpLinear::Role::Row : TpLinear::Role::Column;
            else if (kind == Kind::ThreeD)
                role = k % 2 == 0 ? TpLinear::Role::AToB : TpLinear::Role::BToA;
            const bool last = k == count - 1;
            const std::int64_t out = last ? data.classes : c.hidden[static_cast<size_t>(k)];
            units.push_back(std::make_unique<TpLinearUnit>(tp, last ? "out" : "fc" + std::to_string(k), in,
                                                           out, last ? LinearUnit::Activation::None : act,
                                                           k == 0, role, k == 0, last));
            in = out;
            description += "-" + std::to_string(out);
        }
        const auto &head = static_cast<const TpLinearUnit &>(*units.back()).linear();
        tp.setOutputRows(head.outputRowPart(), head.reportsLoss());
    } else if (c.kind == "gpt") {
        if (!data.tokens)
            return R::failure(ErrorKind::Config, "the gpt model needs text data");
        if (auto e = tooSmall("model.width", c.width))
            return *e;
        if (auto e = tooSmall("model.heads", c.heads))
            return *e;
        units.push_back(std::make_unique<TpEmbeddingUnit>(tp, data.classes, c.width, c.context));
        for (std::int64_t l = 0; l < c.layers; ++l)
            units.push_back(std::make_unique<TpTransformerBlockUnit>(tp, "block" + std::to_string(l), c.width,
                                                                     c.heads, c.context, c.layers));
        auto head = std::make_unique<TpLmHeadUnit>(tp, c.width, data.classes, c.context);
        tp.setOutputRows(head->linear().outputRowPart(), head->linear().reportsLoss());
        units.push_back(std::move(head));
        description = "gpt " + std::to_string(c.layers) + "x" + std::to_string(c.width) + " h" +
                      std::to_string(c.heads) + " ctx" + std::to_string(c.context);
    } else {
        return R::failure(ErrorKind::Config, "run config: strategy " + strategy +
                                                 " splits the linear layers of the mlp and gpt models, not " +
                                                 c.kind);
    }
    description += " (" + strategy + " over " + std::to_string(tp.layout().size()) + ")";
    const auto task = data.tokens ? Model::Task::LanguageModel : Model::Task::Classification;
    return std::make_unique<Model>(std::move(units), task, description);
}

} // namespace hamgam::engine
