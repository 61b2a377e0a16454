#pragma once

#include <cstdint>

namespace hamgam {

/// What one of the engine's units holds and keeps for its backward: its
/// parameter count, the elements one sample's forward keeps for the backward,
/// and the elements of its input alone (what recomputation keeps instead).
/// The one declaration of these figures: the engine's units return them
/// (agent/engine/*unit.cpp), and pre-flight sizes a run with them before any
/// worker starts (MemoryEstimate), so the two cannot drift apart.
struct UnitFootprint
{
    std::int64_t parameters = 0;
    std::int64_t activationElements = 0; ///< per sample, kept from forward to backward
    std::int64_t inputElements = 0;      ///< per sample, the unit's input alone

    /// A fully connected layer; `activated`: a nonlinearity follows (its output is kept too).
    static UnitFootprint linear(std::int64_t in, std::int64_t out, bool activated);
    /// 3×3 convolution at stride 2, GroupNorm, ReLU.
    static UnitFootprint convStem(std::int64_t inChannels, std::int64_t channels, std::int64_t height,
                                  std::int64_t width);
    /// Two 3×3 convolutions with GroupNorm and a skip connection, at `pixels` per channel.
    static UnitFootprint residualBlock(std::int64_t channels, std::int64_t pixels);
    /// Global average pooling and a linear classifier.
    static UnitFootprint poolHead(std::int64_t channels, std::int64_t classes, std::int64_t pixels);
    static UnitFootprint tokenEmbedding(std::int64_t vocab, std::int64_t width, std::int64_t context);
    /// Pre-norm attention and a 4× MLP.
    static UnitFootprint transformerBlock(std::int64_t width, std::int64_t heads, std::int64_t context);
    static UnitFootprint lmHead(std::int64_t width, std::int64_t vocab, std::int64_t context);
    /// The convolution stem's output side: stride 2, padding 1.
    static std::int64_t strideTwo(std::int64_t size) { return (size + 1) / 2; }
};

} // namespace hamgam
