#include <zlib.h>

/* inflateInit is a macro, which Swift cannot call. */
static inline int msx_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
