#include "tls_random_on_demand.h"

#ifdef MSX_SEEDS_TLS_RANDOM_ON_DEMAND
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <pthread.h>
#include <string.h>

typedef int (*entropy_source)(void *, unsigned char *, size_t);

void __real_mbedtls_entropy_init(mbedtls_entropy_context *context);
int __real_mbedtls_ctr_drbg_seed(mbedtls_ctr_drbg_context *generator, entropy_source source, void *source_context,
                                 const unsigned char *custom, size_t custom_length);
int __real_mbedtls_ctr_drbg_random(void *generator, unsigned char *output, size_t length);

/* What libgit2 asked for while it started: the entropy context it set up, and the seeding of its generator. */
static struct {
    mbedtls_entropy_context *entropy;
    mbedtls_ctr_drbg_context *generator;
    entropy_source source;
    void *source_context;
    const unsigned char *custom;
    size_t custom_length;
} pending;
static pthread_once_t seeded_once = PTHREAD_ONCE_INIT;
static int seeding_result;
static volatile int seeding_done;

/* Leaves the context zeroed, as mbedtls_entropy_free leaves one (so freeing it before it is used is harmless), and
   notes it: it is set up when random bytes are first asked for. */
__attribute__((visibility("hidden"))) void __wrap_mbedtls_entropy_init(mbedtls_entropy_context *context) {
    memset(context, 0, sizeof *context);
    pending.entropy = context;
}

/* Notes a seeding from the noted entropy context instead of making it; any other is made at once. */
__attribute__((visibility("hidden"))) int __wrap_mbedtls_ctr_drbg_seed(mbedtls_ctr_drbg_context *generator,
                                                                       entropy_source source, void *source_context,
                                                                       const unsigned char *custom,
                                                                       size_t custom_length) {
    if (pending.entropy == NULL || source_context != pending.entropy || pending.generator != NULL)
        return __real_mbedtls_ctr_drbg_seed(generator, source, source_context, custom, custom_length);
    pending.generator = generator;
    pending.source = source;
    pending.source_context = source_context;
    pending.custom = custom;
    pending.custom_length = custom_length;
    return 0;
}

static void seed(void) {
    __real_mbedtls_entropy_init(pending.entropy);
    seeding_result = __real_mbedtls_ctr_drbg_seed(pending.generator, pending.source, pending.source_context,
                                                  pending.custom, pending.custom_length);
    seeding_done = 1;
}

/* The noted generator is seeded by its first call (once, whichever thread makes it); then mbedTLS answers. */
__attribute__((visibility("hidden"))) int __wrap_mbedtls_ctr_drbg_random(void *generator, unsigned char *output,
                                                                         size_t length) {
    if (pending.generator != NULL && generator == pending.generator) {
        pthread_once(&seeded_once, seed);
        if (seeding_result != 0) return seeding_result;
    }
    return __real_mbedtls_ctr_drbg_random(generator, output, length);
}

enum msx_tls_random_state msx_tls_random_state(void) {
    if (pending.generator == NULL) return MSX_TLS_RANDOM_NOT_DEFERRED;
    if (!seeding_done) return MSX_TLS_RANDOM_WAITING;
    return seeding_result == 0 ? MSX_TLS_RANDOM_SEEDED : MSX_TLS_RANDOM_FAILED;
}
#else
enum msx_tls_random_state msx_tls_random_state(void) { return MSX_TLS_RANDOM_NOT_DEFERRED; }
#endif
