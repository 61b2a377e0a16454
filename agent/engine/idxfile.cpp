#include "idxfile.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>
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

// Whether every gzip member of the file ends properly, by inflating it again
// member by member (a file of several members, as cat or pigz make them).
bool gzipMembersComplete(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return false;
    std::vector<unsigned char> input(1 << 16), output(1 << 16);
    bool ended = false; // the last member seen ended with its trailer
    int rc = Z_OK;
    while (rc == Z_OK || rc == Z_STREAM_END) {
        if (z.avail_in == 0) {
            in.read(reinterpret_cast<char *>(input.data()), static_cast<std::streamsize>(input.size()));
            z.avail_in = static_cast<uInt>(in.gcount());
            z.next_in = input.data();
            if (z.avail_in == 0)
                break;
        }
        if (rc == Z_STREAM_END) { // another member follows
            inflateReset(&z);
            ended = false;
        }
        z.avail_out = static_cast<uInt>(output.size());
        z.next_out = output.data();
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END)
            ended = true;
    }
    inflateEnd(&z);
    return ended && (rc == Z_OK || rc == Z_STREAM_END);
}

// Whether a gzip file that ran out of data really ended. zlib up to 1.3.1
// reports a stream cut short (Z_BUF_ERROR, "unexpected end of file"); 1.3.2
// (Debian unstable) ends it quietly, as if the data were complete. The last
// four bytes hold the uncompressed size (mod 2^32) of a one-member file, the
// usual case; anything else is inflated again, member by member.
bool gzipEndsWhole(const std::string &path, gzFile f)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in || in.tellg() < 18) // a gzip header (10) and trailer (8) at the least
        return false;
    in.seekg(-4, std::ios::end);
    unsigned char isize[4] = {};
    if (!in.read(reinterpret_cast<char *>(isize), 4))
        return false;
    const std::uint32_t declared = std::uint32_t(isize[0]) | (std::uint32_t(isize[1]) << 8) |
                                   (std::uint32_t(isize[2]) << 16) | (std::uint32_t(isize[3]) << 24);
    return declared == static_cast<std::uint32_t>(gztell(f)) || gzipMembersComplete(path);
}

// Reads exactly `size` bytes or says why not (end of data, or a gzip error).
std::string readExactly(const std::string &path, gzFile f, void *out, std::size_t size, std::size_t &got)
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
            if (!gzdirect(f) && !gzipEndsWhole(path, f))
                return "truncated or corrupt compressed data (unexpected end of file)";
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
    if (auto e = readExactly(path, f.get(), magic, 4, got); !e.empty())
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
        if (auto e = readExactly(path, f.get(), b, 4, got); !e.empty())
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
        if (auto e =
                readExactly(path, f.get(), idx.m_data.data() + have, static_cast<std::size_t>(chunk), got);
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
    if ((code != Z_OK && code != Z_STREAM_END) || (!gzdirect(f.get()) && !gzipEndsWhole(path, f.get())))
        return dataError(path, "truncated or corrupt compressed data at the end");
    return idx;
}

} // namespace hamgam::engine
