#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam {

/// One JPEG or PNG file, decoded with Debian's libjpeg-turbo and libpng (the
/// file's first bytes say which), as the image-folder dataset reads it.
class ImageFile
{
public:
    /// Decoded pixels, rows of interleaved channels (1 grey, 3 RGB).
    struct Pixels
    {
        int width = 0;
        int height = 0;
        int channels = 0;
        std::vector<std::uint8_t> data;
    };

    /// Larger images are refused: 8192 × 8192 pixels at most, so that one damaged
    /// or hostile header cannot ask for gigabytes.
    static constexpr std::int64_t kMaxPixels = 8192LL * 8192LL;

    /// Reads only the header: the size, or why the file is not a usable image.
    static bool probe(const std::string &path, int *width, int *height, std::string *error);
    /// Decodes the whole file to RGB (a grey file stays grey), or says why it cannot.
    /// With a size wanted, a JPEG may come out smaller: at 1/2, 1/4 or 1/8 scale
    /// (libjpeg's DCT scaling, far cheaper than decoding whole), never below it.
    static std::optional<Pixels> decode(const std::string &path, std::string *error, int wantWidth = 0,
                                        int wantHeight = 0);
    /// `pixels` as `channels` × `height` × `width` bytes (channel planes, as
    /// models take them): grey and RGB converted as needed, resized bilinearly
    /// (pixel centres aligned, as PIL's and torchvision's bilinear resize).
    static std::vector<std::uint8_t> planes(const Pixels &pixels, int channels, int height, int width);
};

} // namespace hamgam
