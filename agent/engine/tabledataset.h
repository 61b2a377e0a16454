#pragma once

#include "dataset.h"
#include "result.h"

#include <memory>
#include <string>

namespace hamgam::engine {

/// A CSV table (hamgam::CsvTable): numeric feature columns, standardized, and
/// a label column; each row one flat sample for an mlp or a TorchScript model.
class TableDataset final : public Dataset
{
public:
    /// A CSV file (every tenth row held out) or a directory of train.csv and
    /// test.csv; a fault names the file, the line and the column.
    static Result<std::unique_ptr<TableDataset>> load(const std::string &path,
                                                      const std::string &labelColumn);

    DatasetInfo info() const override;
    std::int64_t trainSize() const override { return m_trainLabels.size(0); }
    std::int64_t evalSize() const override { return m_evalLabels.size(0); }
    void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch, at::Tensor &input,
                    at::Tensor &target) const override;
    void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                   at::Tensor &target) const override;

private:
    TableDataset(at::Tensor trainRows, at::Tensor trainLabels, at::Tensor evalRows, at::Tensor evalLabels,
                 DatasetInfo info);

    at::Tensor m_trainRows; // float [N, F]
    at::Tensor m_trainLabels;
    at::Tensor m_evalRows;
    at::Tensor m_evalLabels;
    DatasetInfo m_info;
};

} // namespace hamgam::engine
