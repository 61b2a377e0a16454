#include "idxfile.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <zlib.h>

namespace hamgam::engine {

namespace {
struct GzCloser
{
    void operator()(gzFile f) const { gzclose(f); }
};
using GzHandle = std::unique_ptr<std::remove_pointer_t<gzFile>, GzCloser>;

Result<IdxFile> dataError(const std::string &path, const std::string &what)
{
    return Result<IdxFile>::failure(ErrorKind::Data, "IDX file " + path + ": " + what);
}

// Reads exactly `size` bytes or says why not (end of data, or a gzip error).
std::string readExactly(gzFile f, void *out, std::size_t size, std::size_t &got)
{
    got = 0;
    auto *p = static_cast<unsigned char *>(out);
    while (got < size) {
        const auto chunk = static_cast<unsigned>(std::min<std::size_t>(size - got, 1u << 30));
        const int n = gzread(f, p + got, chunk);
        if (n < 0) {
            int code = 0;
            const char *message = gzerror(f, &code);
            return std::string("truncated or corrupt compressed data (") +
                   (message ? message : "gzip error") + ")";
        }
        if (n == 0) {
            int code = 0;
            const char *message = gzerror(f, &code);
            if (code != Z_OK && code != Z_STREAM_END)
                return std::string("truncated or corrupt compressed data (") +
                       (message ? message : "gzip error") + ")";
            return "truncated";
        }
        got += static_cast<std::size_t>(n);
    }
    return {};
}
} // namespace

std::int64_t IdxFile::itemSize() const
{
    std::int64_t size = 1;
    for (size_t i = 1; i < m_dims.size(); ++i)
        size *= m_dims[i];
    return size;
}

Result<IdxFile> IdxFile::read(const std::string &path)
{
    GzHandle f(gzopen(path.c_str(), "rb"));
    if (!f)
        return dataError(path, std::string("cannot open: ") + std::strerror(errno ? errno : ENOENT));
    unsigned char magic[4];
    std::size_t got = 0;
    if (auto e = readExactly(f.get(), magic, 4, got); !e.empty())
        return dataError(path, e == "truncated" ? "truncated: no IDX header" : e);
    if (magic[0] != 0 || magic[1] != 0)
        return dataError(path, "not an IDX file (bad magic number)");
    if (magic[2] != 0x08)
        return dataError(path, "element type 0x" + std::to_string(magic[2]) +
                                   " is not supported (only unsigned bytes)");
    const int ndims = magic[3];
    if (ndims < 1 || ndims > 4)
        return dataError(path, "has " + std::to_string(ndims) + " dimensions; 1 to 4 are supported");
    IdxFile idx;
    std::int64_t total = 1;
    for (int i = 0; i < ndims; ++i) {
        unsigned char b[4];
        if (auto e = readExactly(f.get(), b, 4, got); !e.empty())
            return dataError(path, e == "truncated" ? "truncated inside the header" : e);
        const std::int64_t d =
            (std::int64_t(b[0]) << 24) | (std::int64_t(b[1]) << 16) | (std::int64_t(b[2]) << 8) | b[3];
        if (d < 1 || d > (1 << 28))
            return dataError(path, "dimension " + std::to_string(i) + " is " + std::to_string(d) +
                                       ", which is implausible");
        idx.m_dims.push_back(d);
        total *= d;
        if (total > (std::int64_t(1) << 34))
            return dataError(path, "declares more than 16 GiB of data");
    }
    // Grow the buffer as data actually arrives: a header that declares gigabytes
    // in a file of a few bytes must not allocate them first (found by fuzz_idx).
    constexpr std::int64_t kChunk = std::int64_t(16) << 20;
    std::int64_t have = 0;
    while (have < total) {
        const std::int64_t chunk = std::min(total - have, kChunk);
        idx.m_data.resize(static_cast<std::size_t>(have + chunk));
        if (auto e = readExactly(f.get(), idx.m_data.data() + have, static_cast<std::size_t>(chunk), got);
            !e.empty()) {
            if (e == "truncated")
                return dataError(path, "truncated: the header declares " + std::to_string(total) +
                                           " bytes of data, the file has " +
                                           std::to_string(have + std::int64_t(got)));
            return dataError(path, e);
        }
        have += chunk;
    }
    unsigned char extra;
    if (gzread(f.get(), &extra, 1) > 0)
        return dataError(path, "longer than its header declares (corrupt or not IDX)");
    int code = 0;
    gzerror(f.get(), &code);
    if (code != Z_OK && code != Z_STREAM_END)
        return dataError(path, "truncated or corrupt compressed data at the end");
    return idx;
}

} // namespace hamgam::engine
