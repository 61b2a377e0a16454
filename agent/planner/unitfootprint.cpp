#include "unitfootprint.h"

namespace hamgam {

UnitFootprint UnitFootprint::linear(std::int64_t in, std::int64_t out, bool activated)
{
    // Input, output, and the activation's output when there is one.
    return {out * in + out, in + (activated ? 2 : 1) * out, in};
}

UnitFootprint UnitFootprint::convStem(std::int64_t inChannels, std::int64_t channels, std::int64_t height,
                                      std::int64_t width)
{
    const std::int64_t input = inChannels * height * width;
    // Convolution, norm and ReLU outputs at half the side.
    return {channels * inChannels * 9 + 2 * channels,
            input + 3 * channels * strideTwo(height) * strideTwo(width), input};
}

UnitFootprint UnitFootprint::residualBlock(std::int64_t channels, std::int64_t pixels)
{
    // Two convolutions, two norms, two ReLUs and the sum.
    return {2 * channels * channels * 9 + 4 * channels, 7 * channels * pixels, channels * pixels};
}

UnitFootprint UnitFootprint::poolHead(std::int64_t channels, std::int64_t classes, std::int64_t pixels)
{
    return {classes * channels + classes, channels + classes, channels * pixels};
}

UnitFootprint UnitFootprint::tokenEmbedding(std::int64_t vocab, std::int64_t width, std::int64_t context)
{
    return {vocab * width + context * width, context * (width + 1), 2 * context};
}

UnitFootprint UnitFootprint::transformerBlock(std::int64_t width, std::int64_t heads, std::int64_t context)
{
    // Two norms, qkv, attention scores and weights per head, projection, the 4× MLP.
    return {12 * width * width + 13 * width, context * width * 16 + 3 * heads * context * context,
            context * width};
}

UnitFootprint UnitFootprint::lmHead(std::int64_t width, std::int64_t vocab, std::int64_t context)
{
    return {2 * width + vocab * width, context * (2 * width + 2 * vocab), context * width};
}

} // namespace hamgam
