// libFuzzer target: the engine's IDX reader (raw or gzip), on whatever bytes a
// dataset directory may hold.
#include "idxfile.h"

#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const std::string path = "/tmp/hamgam-fuzz-idx-" + std::to_string(::getpid());
    std::FILE *f = std::fopen(path.c_str(), "wb");
    if (!f)
        return 0;
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    auto idx = hamgam::engine::IdxFile::read(path);
    if (idx) {
        // A file that reads must be self-consistent.
        std::int64_t total = 1;
        for (auto d : idx->dims())
            total *= d;
        if (static_cast<std::int64_t>(idx->data().size()) != total)
            __builtin_trap();
    }
    return 0;
}
