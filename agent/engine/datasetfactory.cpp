#include "datasetfactory.h"

#include "imagedataset.h"
#include "imagefolderdataset.h"
#include "tabledataset.h"
#include "textdataset.h"

namespace hamgam::engine {

Result<std::unique_ptr<Dataset>> DatasetFactory::create(const WorkerConfig &config)
{
    using R = Result<std::unique_ptr<Dataset>>;
    const auto &d = config.dataset;
    const std::int64_t heldOut =
        config.eval.interval != 0 ? std::max<std::int64_t>(1, config.eval.samples) : 1;
    const bool wantsTokens = config.model.kind == "gpt";
    if (d.kind == "fashion-mnist") {
        auto ds = ImageDataset::loadIdxDirectory(d.path);
        if (!ds)
            return ds.error();
        return R(std::unique_ptr<Dataset>(std::move(*ds)));
    }
    if (d.kind == "cifar-10" || d.kind == "cifar-100") {
        auto ds = ImageDataset::loadCifarDirectory(d.path, d.kind == "cifar-10" ? 10 : 100);
        if (!ds)
            return ds.error();
        return R(std::unique_ptr<Dataset>(std::move(*ds)));
    }
    if (d.kind == "images") {
        auto ds = ImageFolderDataset::open(d.path, d.shape, d.augment, config.seed);
        if (!ds)
            return ds.error();
        return R(std::unique_ptr<Dataset>(std::move(*ds)));
    }
    if (d.kind == "csv") {
        auto ds = TableDataset::load(d.path, d.label);
        if (!ds)
            return ds.error();
        return R(std::unique_ptr<Dataset>(std::move(*ds)));
    }
    if (d.kind == "text") {
        auto ds = TextDataset::loadFile(d.path, config.model.context);
        if (!ds)
            return ds.error();
        return R(std::unique_ptr<Dataset>(std::move(*ds)));
    }
    if (wantsTokens)
        return R(std::unique_ptr<Dataset>(
            TextDataset::synthetic(config.seed, d.samples, heldOut, config.model.context)));
    return R(std::unique_ptr<Dataset>(
        ImageDataset::synthetic(config.seed, d.samples, heldOut, d.classes, d.shape)));
}

} // namespace hamgam::engine
