// libFuzzer target: the frame decoder and the message parser, as an agent
// meets them on a connection from a trusted controller.
#include "framecodec.h"
#include "message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FrameDecoder decoder(64 * 1024);
    // Feed in two chunks: frames split across reads are the hard case.
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    decoder.append(bytes.left(bytes.size() / 2));
    for (int pass = 0; pass < 2; ++pass) {
        for (;;) {
            auto frame = decoder.next();
            if (!frame || !frame->has_value())
                break;
            auto message = Message::decode(**frame);
            if (message)
                (void)Message::decode(message->encode()); // what decodes must re-encode and decode again
        }
        decoder.append(bytes.mid(bytes.size() / 2));
    }
    // And the payload on its own, as one message.
    (void)Message::decode(bytes);
    return 0;
}
