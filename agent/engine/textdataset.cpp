#include "textdataset.h"

#include "seededrandom.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hamgam::engine {

TextDataset::TextDataset(at::Tensor bytes, std::int64_t context, std::int64_t trainWindows,
                         std::int64_t evalWindows)
    : m_bytes(std::move(bytes))
    , m_context(context)
    , m_trainWindows(trainWindows)
    , m_evalWindows(evalWindows)
{}

Result<std::unique_ptr<TextDataset>> TextDataset::loadFile(const std::string &path, std::int64_t context)
{
    using R = Result<std::unique_ptr<TextDataset>>;
    std::FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return R::failure(ErrorKind::Data, "text file " + path + ": cannot open: " + std::strerror(errno));
    std::vector<std::uint8_t> data;
    std::uint8_t buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
        data.insert(data.end(), buffer, buffer + n);
    const bool failed = std::ferror(f);
    std::fclose(f);
    if (failed)
        return R::failure(ErrorKind::Data, "text file " + path + ": read error");
    const std::int64_t windows = data.size() > 0 ? (static_cast<std::int64_t>(data.size()) - 1) / context : 0;
    if (windows < 2)
        return R::failure(ErrorKind::Data, "text file " + path + " has " + std::to_string(data.size()) +
                                               " bytes; at least 2 × context + 1 = " +
                                               std::to_string(2 * context + 1) + " are needed");
    const std::int64_t held = std::max<std::int64_t>(1, windows / 10);
    at::Tensor bytes =
        at::from_blob(data.data(), {static_cast<std::int64_t>(data.size())}, at::kByte).to(at::kLong);
    return std::unique_ptr<TextDataset>(new TextDataset(bytes, context, windows - held, held));
}

std::unique_ptr<TextDataset> TextDataset::synthetic(std::uint64_t seed, std::int64_t samples,
                                                    std::int64_t evalSamples, std::int64_t context)
{
    // Each window follows x_{k+1} = (a·x_k + b) mod 256 with (a, b) from a
    // small set, with 1 % random bytes: next-byte prediction can be learned.
    const std::int64_t windows = samples + evalSamples;
    std::vector<std::int64_t> tokens(static_cast<size_t>(windows * context + 1));
    SeededRandom rng = SeededRandom::derived(seed, 0x54455854 /* TEXT */);
    for (std::int64_t w = 0; w < windows; ++w) {
        const std::int64_t a = 1 + 2 * static_cast<std::int64_t>(rng.below(4));
        const std::int64_t b = static_cast<std::int64_t>(rng.below(16));
        std::int64_t x = static_cast<std::int64_t>(rng.below(256));
        for (std::int64_t k = 0; k < context; ++k) {
            tokens[static_cast<size_t>(w * context + k)] =
                rng.below(100) == 0 ? static_cast<std::int64_t>(rng.below(256)) : x;
            x = (a * x + b) % 256;
        }
    }
    tokens.back() = 0;
    at::Tensor bytes =
        at::from_blob(tokens.data(), {static_cast<std::int64_t>(tokens.size())}, at::kLong).clone();
    return std::unique_ptr<TextDataset>(new TextDataset(bytes, context, samples, evalSamples));
}

DatasetInfo TextDataset::info() const
{
    DatasetInfo i;
    i.sampleShape = {m_context};
    i.classes = 256;
    i.tokens = true;
    return i;
}

void TextDataset::windows(const std::int64_t *starts, std::int64_t count, at::Tensor &input,
                          at::Tensor &target) const
{
    // Plain loops: see ImageDataset::gather (no OpenMP on the prefetch thread).
    input = at::empty({count, m_context}, at::kLong);
    target = at::empty({count, m_context}, at::kLong);
    const auto *bytes = m_bytes.data_ptr<std::int64_t>();
    auto *in = input.data_ptr<std::int64_t>();
    auto *out = target.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t *w = bytes + starts[i] * m_context;
        std::copy(w, w + m_context, in + i * m_context);
        std::copy(w + 1, w + 1 + m_context, out + i * m_context);
    }
}

void TextDataset::trainBatch(const std::vector<std::int64_t> &indices, std::int64_t /*epoch*/,
                             at::Tensor &input, at::Tensor &target) const
{
    windows(indices.data(), static_cast<std::int64_t>(indices.size()), input, target);
}

void TextDataset::evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input, at::Tensor &target) const
{
    std::vector<std::int64_t> starts;
    for (std::int64_t i = begin; i < end; ++i)
        starts.push_back(m_trainWindows + i);
    windows(starts.data(), end - begin, input, target);
}

} // namespace hamgam::engine
