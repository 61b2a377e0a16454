#pragma once

#include "dataset.h"
#include "result.h"

#include <memory>
#include <string>

namespace hamgam::engine {

/// Byte-level language-model data: sample k is the window of context+1 bytes
/// at k·context (input: the first context bytes, target: the next byte at
/// every position). The last tenth of the windows is held out.
class TextDataset final : public Dataset
{
public:
    static Result<std::unique_ptr<TextDataset>> loadFile(const std::string &path, std::int64_t context);
    /// Seeded synthetic byte sequences with a learnable structure.
    static std::unique_ptr<TextDataset> synthetic(std::uint64_t seed, std::int64_t samples,
                                                  std::int64_t evalSamples, std::int64_t context);

    DatasetInfo info() const override;
    std::int64_t trainSize() const override { return m_trainWindows; }
    std::int64_t evalSize() const override { return m_evalWindows; }
    void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t epoch, at::Tensor &input,
                    at::Tensor &target) const override;
    void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input,
                   at::Tensor &target) const override;

private:
    TextDataset(at::Tensor bytes, std::int64_t context, std::int64_t trainWindows, std::int64_t evalWindows);
    void windows(const std::int64_t *starts, std::int64_t count, at::Tensor &input, at::Tensor &target) const;

    at::Tensor m_bytes; // int64 tokens, one per byte
    std::int64_t m_context;
    std::int64_t m_trainWindows;
    std::int64_t m_evalWindows;
};

} // namespace hamgam::engine
