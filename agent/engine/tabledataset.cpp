#include "tabledataset.h"

#include "csvtable.h"

namespace hamgam::engine {

namespace {

at::Tensor rowsTensor(const std::vector<float> &values, std::int64_t rows, std::int64_t width)
{
    return at::from_blob(const_cast<float *>(values.data()), {rows, width}, at::kFloat).clone();
}

at::Tensor labelsTensor(const std::vector<std::int64_t> &labels)
{
    return at::from_blob(const_cast<std::int64_t *>(labels.data()),
                         {static_cast<std::int64_t>(labels.size())}, at::kLong)
        .clone();
}

} // namespace

TableDataset::TableDataset(at::Tensor trainRows, at::Tensor trainLabels, at::Tensor evalRows,
                           at::Tensor evalLabels, DatasetInfo info)
    : m_trainRows(std::move(trainRows))
    , m_trainLabels(std::move(trainLabels))
    , m_evalRows(std::move(evalRows))
    , m_evalLabels(std::move(evalLabels))
    , m_info(std::move(info))
{}

Result<std::unique_ptr<TableDataset>> TableDataset::load(const std::string &path,
                                                         const std::string &labelColumn)
{
    using R = Result<std::unique_ptr<TableDataset>>;
    CsvTable::Fault fault;
    const auto table = CsvTable::read(path, labelColumn, &fault);
    if (!table)
        return R::failure(ErrorKind::Data, fault.english());
    const std::int64_t width = table->featureCount();
    DatasetInfo info;
    info.sampleShape = {width};
    info.classes = table->classes();
    info.classNames = table->labelNames();
    info.featureNames = table->featureNames();
    info.featureMean = table->featureMean();
    info.featureDeviation = table->featureDeviation();
    return std::unique_ptr<TableDataset>(
        new TableDataset(rowsTensor(table->train().features, table->train().rows(), width),
                         labelsTensor(table->train().labels),
                         rowsTensor(table->heldOut().features, table->heldOut().rows(), width),
                         labelsTensor(table->heldOut().labels), std::move(info)));
}

DatasetInfo TableDataset::info() const
{
    return m_info;
}

void TableDataset::trainBatch(const std::vector<std::int64_t> &indices, std::int64_t /*epoch*/,
                              at::Tensor &input, at::Tensor &target) const
{
    // Plain copies, as ImageDataset's: this runs on the prefetch thread.
    const auto count = static_cast<std::int64_t>(indices.size());
    const std::int64_t width = m_trainRows.size(1);
    input = at::empty({count, width}, at::kFloat);
    target = at::empty({count}, at::kLong);
    const float *rows = m_trainRows.data_ptr<float>();
    const std::int64_t *labels = m_trainLabels.data_ptr<std::int64_t>();
    float *to = input.data_ptr<float>();
    std::int64_t *tgt = target.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        std::copy(rows + indices[static_cast<size_t>(i)] * width,
                  rows + (indices[static_cast<size_t>(i)] + 1) * width, to + i * width);
        tgt[i] = labels[indices[static_cast<size_t>(i)]];
    }
}

void TableDataset::evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                             at::Tensor &target) const
{
    input = m_evalRows.narrow(0, begin, end - begin).clone();
    target = m_evalLabels.narrow(0, begin, end - begin).clone();
}

} // namespace hamgam::engine
