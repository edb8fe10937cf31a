#ifndef MOODTUI_CINFLATE_SHIM_H
#define MOODTUI_CINFLATE_SHIM_H
/* zlib, for reading a zip member with every length checked (MoodExchange's ZipMember). */
#include <zlib.h>

/* inflateInit2 is a macro. Raw deflate, as a zip holds it. */
static inline int moodtui_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
#endif
