#include "imagefile.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#ifdef HAMGAM_WITH_IMAGE_CODECS
// jpeglib.h wants FILE and size_t declared first.
#include <jpeglib.h>
#include <png.h>
#endif

namespace hamgam {

namespace {

enum class Format
{
    Unknown,
    Jpeg,
    Png
};

struct FileCloser
{
    void operator()(std::FILE *f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

/// The format from the first bytes, not from the name: a .jpg that is a PNG still reads.
Format sniff(std::FILE *f)
{
    unsigned char head[8] = {};
    const size_t n = std::fread(head, 1, sizeof head, f);
    std::rewind(f);
    if (n >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF)
        return Format::Jpeg;
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (n == 8 && std::memcmp(head, png, 8) == 0)
        return Format::Png;
    return Format::Unknown;
}

#ifdef HAMGAM_WITH_IMAGE_CODECS
/// libjpeg reports errors by calling error_exit, which must not return: back to the caller by longjmp.
struct JpegError
{
    jpeg_error_mgr manager;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

void jpegErrorExit(j_common_ptr info)
{
    auto *e = reinterpret_cast<JpegError *>(info->err);
    (*info->err->format_message)(info, e->message);
    std::longjmp(e->jump, 1);
}

void jpegQuiet(j_common_ptr, int) {} // warnings (a few bad bytes libjpeg can skip) are not failures

/// Header (and, with `pixels`, the whole image) of a JPEG. No C++ object with a
/// destructor lives across the setjmp: the vector is sized after the header.
bool readJpeg(std::FILE *f, int *width, int *height, ImageFile::Pixels *pixels, int wantWidth, int wantHeight,
              std::string *error)
{
    jpeg_decompress_struct info;
    JpegError err;
    info.err = jpeg_std_error(&err.manager);
    err.manager.error_exit = jpegErrorExit;
    err.manager.emit_message = jpegQuiet;
    if (setjmp(err.jump)) {
        *error = err.message;
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, f);
    jpeg_read_header(&info, TRUE);
    *width = static_cast<int>(info.image_width);
    *height = static_cast<int>(info.image_height);
    if (static_cast<std::int64_t>(*width) * *height > ImageFile::kMaxPixels) {
        std::snprintf(err.message, sizeof err.message, "%d x %d pixels is larger than the %lld allowed",
                      *width, *height, static_cast<long long>(ImageFile::kMaxPixels));
        *error = err.message;
        jpeg_destroy_decompress(&info);
        return false;
    }
    if (!pixels) {
        jpeg_destroy_decompress(&info);
        return true;
    }
    const bool grey = info.jpeg_color_space == JCS_GRAYSCALE;
    info.out_color_space = grey ? JCS_GRAYSCALE : JCS_RGB; // CMYK and YCCK: libjpeg refuses, reported
    for (const unsigned denom : {8u, 4u, 2u}) {
        if (wantWidth > 0 && (info.image_width + denom - 1) / denom >= static_cast<unsigned>(wantWidth) &&
            (info.image_height + denom - 1) / denom >= static_cast<unsigned>(wantHeight)) {
            info.scale_num = 1;
            info.scale_denom = denom;
            break;
        }
    }
    jpeg_start_decompress(&info);
    pixels->width = static_cast<int>(info.output_width);
    pixels->height = static_cast<int>(info.output_height);
    pixels->channels = static_cast<int>(info.output_components);
    pixels->data.resize(static_cast<size_t>(pixels->width) * pixels->height * pixels->channels);
    const size_t stride = static_cast<size_t>(pixels->width) * pixels->channels;
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels->data.data() + info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return true;
}

/// libpng's simplified API: no setjmp here, errors come back in image.message.
bool readPng(std::FILE *f, int *width, int *height, ImageFile::Pixels *pixels, std::string *error)
{
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_stdio(&image, f)) {
        *error = image.message;
        png_image_free(&image);
        return false;
    }
    *width = static_cast<int>(image.width);
    *height = static_cast<int>(image.height);
    if (static_cast<std::int64_t>(*width) * *height > ImageFile::kMaxPixels) {
        *error = std::to_string(*width) + " x " + std::to_string(*height) + " pixels is larger than the " +
                 std::to_string(ImageFile::kMaxPixels) + " allowed";
        png_image_free(&image);
        return false;
    }
    if (!pixels) {
        png_image_free(&image);
        return true;
    }
    // Transparency is composed onto black; 16-bit samples are scaled to 8.
    const bool grey = (image.format & PNG_FORMAT_FLAG_COLOR) == 0;
    image.format = grey ? PNG_FORMAT_GRAY : PNG_FORMAT_RGB;
    pixels->width = *width;
    pixels->height = *height;
    pixels->channels = grey ? 1 : 3;
    pixels->data.resize(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, pixels->data.data(), 0, nullptr)) {
        *error = image.message;
        png_image_free(&image);
        return false;
    }
    return true;
}

#endif

bool read(const std::string &path, int *width, int *height, ImageFile::Pixels *pixels, int wantWidth,
          int wantHeight, std::string *error)
{
#ifndef HAMGAM_WITH_IMAGE_CODECS
    // scripts/gpu-check's engine-only build on a machine without libjpeg-dev and libpng-dev.
    (void)path, (void)width, (void)height, (void)pixels, (void)wantWidth, (void)wantHeight;
    *error = "this hamgam-worker was built without libjpeg and libpng";
    return false;
#else
    File f(std::fopen(path.c_str(), "rb"));
    if (!f) {
        *error = std::string("cannot read it: ") + std::strerror(errno);
        return false;
    }
    std::string why;
    bool ok = false;
    switch (sniff(f.get())) {
    case Format::Jpeg:
        ok = readJpeg(f.get(), width, height, pixels, wantWidth, wantHeight, &why);
        break;
    case Format::Png:
        ok = readPng(f.get(), width, height, pixels, &why);
        break;
    case Format::Unknown:
        *error = "not a JPEG or PNG image";
        return false;
    }
    if (!ok)
        *error = "damaged: " + why;
    return ok;
#endif
}

} // namespace

bool ImageFile::probe(const std::string &path, int *width, int *height, std::string *error)
{
    return read(path, width, height, nullptr, 0, 0, error);
}

std::optional<ImageFile::Pixels> ImageFile::decode(const std::string &path, std::string *error, int wantWidth,
                                                   int wantHeight)
{
    Pixels pixels;
    int width = 0, height = 0;
    if (!read(path, &width, &height, &pixels, wantWidth, wantHeight, error))
        return std::nullopt;
    return pixels;
}

std::vector<std::uint8_t> ImageFile::planes(const Pixels &p, int channels, int height, int width)
{
    // The source in the wanted channels first (RGB to grey by ITU-R 601 luma, grey copied to RGB),
    // so that the resize below reads bytes directly.
    std::vector<std::uint8_t> converted;
    const std::uint8_t *src = p.data.data();
    if (channels != p.channels) {
        const size_t pixels = static_cast<size_t>(p.width) * p.height;
        converted.resize(pixels * channels);
        for (size_t i = 0; i < pixels; ++i) {
            if (channels == 1) {
                const std::uint8_t *rgb = src + i * 3;
                converted[i] =
                    static_cast<std::uint8_t>((299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2] + 500) / 1000);
            } else {
                converted[i * 3] = converted[i * 3 + 1] = converted[i * 3 + 2] = src[i];
            }
        }
        src = converted.data();
    }
    // Bilinear, pixel centres aligned: each output row and column has two source
    // neighbours and a weight, computed once (separable, as PIL's resize).
    struct Tap
    {
        int a, b;
        float w;
    };
    auto taps = [](int out, int in) {
        std::vector<Tap> t(static_cast<size_t>(out));
        const double scale = static_cast<double>(in) / out;
        for (int i = 0; i < out; ++i) {
            const double f = std::clamp((i + 0.5) * scale - 0.5, 0.0, static_cast<double>(in - 1));
            const int a = static_cast<int>(f);
            t[static_cast<size_t>(i)] = {a, std::min(a + 1, in - 1), static_cast<float>(f - a)};
        }
        return t;
    };
    const std::vector<Tap> rows = taps(height, p.height), cols = taps(width, p.width);
    std::vector<std::uint8_t> out(static_cast<size_t>(channels) * height * width);
    const size_t stride = static_cast<size_t>(p.width) * channels;
    for (int y = 0; y < height; ++y) {
        const Tap &ty = rows[static_cast<size_t>(y)];
        const std::uint8_t *top = src + ty.a * stride, *bottom = src + ty.b * stride;
        for (int x = 0; x < width; ++x) {
            const Tap &tx = cols[static_cast<size_t>(x)];
            for (int c = 0; c < channels; ++c) {
                const float t =
                    top[tx.a * channels + c] + (top[tx.b * channels + c] - top[tx.a * channels + c]) * tx.w;
                const float b = bottom[tx.a * channels + c] +
                                (bottom[tx.b * channels + c] - bottom[tx.a * channels + c]) * tx.w;
                out[(static_cast<size_t>(c) * height + y) * width + x] =
                    static_cast<std::uint8_t>(t + (b - t) * ty.w + 0.5f);
            }
        }
    }
    return out;
}

} // namespace hamgam
