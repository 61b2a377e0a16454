// libFuzzer target: discovery datagrams, the only unauthenticated input.
#include "beacon.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    auto beacon = Beacon::decode(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (beacon)
        (void)Beacon::decode(beacon->encode());
    return 0;
}
