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

/* Set by msx_tls_random_deferring around git_libgit2_init: only calls made then are deferred. */
static int deferring;
/* What libgit2 asked for while it started: the entropy context it set up, and the seeding of its generator (from
   that context, with no personalisation string). */
static struct {
    mbedtls_entropy_context *entropy;
    mbedtls_ctr_drbg_context *generator;
    entropy_source source;
} pending;
static pthread_once_t seeded_once = PTHREAD_ONCE_INIT;
static int seeding_result;
static int seeding_done;

void msx_tls_random_deferring(int on) {
    deferring = on;
}

/* While libgit2 starts: notes the context and leaves it zeroed (freeing a zeroed context is harmless: its mutex is
   marked not valid and it has no sources); it is set up when random bytes are first asked for. */
__attribute__((visibility("hidden"))) void __wrap_mbedtls_entropy_init(mbedtls_entropy_context *context) {
    if (!deferring || pending.entropy != NULL) {
        __real_mbedtls_entropy_init(context);
        return;
    }
    memset(context, 0, sizeof *context);
    pending.entropy = context;
}

static void seed(void) {
    __real_mbedtls_entropy_init(pending.entropy);
    int result = __real_mbedtls_ctr_drbg_seed(pending.generator, pending.source, pending.entropy, NULL, 0);
    __atomic_store_n(&seeding_result, result, __ATOMIC_RELEASE);
    __atomic_store_n(&seeding_done, 1, __ATOMIC_RELEASE);
}

/* While libgit2 starts: notes the seeding of its generator from the noted context instead of making it. Any other
   seeding is made at once (after the deferred one, when it draws on the same context). */
__attribute__((visibility("hidden"))) int __wrap_mbedtls_ctr_drbg_seed(mbedtls_ctr_drbg_context *generator,
                                                                       entropy_source source, void *source_context,
                                                                       const unsigned char *custom,
                                                                       size_t custom_length) {
    int noted_context = pending.entropy != NULL && source_context == pending.entropy;
    if (deferring && noted_context && pending.generator == NULL && custom == NULL && custom_length == 0) {
        pending.generator = generator;
        pending.source = source;
        return 0;
    }
    if (noted_context && pending.generator != NULL) pthread_once(&seeded_once, seed);
    return __real_mbedtls_ctr_drbg_seed(generator, source, source_context, custom, custom_length);
}

/* The noted generator is seeded by its first call (once, whichever thread makes it); then mbedTLS answers. A
   seeding that failed fails every call, as an unseeded generator's would. */
__attribute__((visibility("hidden"))) int __wrap_mbedtls_ctr_drbg_random(void *generator, unsigned char *output,
                                                                         size_t length) {
    if (pending.generator != NULL && generator == pending.generator) {
        pthread_once(&seeded_once, seed);
        int result = __atomic_load_n(&seeding_result, __ATOMIC_ACQUIRE);
        if (result != 0) return result;
    }
    return __real_mbedtls_ctr_drbg_random(generator, output, length);
}

enum msx_tls_random_state msx_tls_random_state(void) {
    if (pending.generator == NULL) return MSX_TLS_RANDOM_NOT_DEFERRED;
    if (!__atomic_load_n(&seeding_done, __ATOMIC_ACQUIRE)) return MSX_TLS_RANDOM_WAITING;
    return __atomic_load_n(&seeding_result, __ATOMIC_ACQUIRE) == 0 ? MSX_TLS_RANDOM_SEEDED : MSX_TLS_RANDOM_FAILED;
}
#else
void msx_tls_random_deferring(int on) {
    (void)on;
}

enum msx_tls_random_state msx_tls_random_state(void) {
    return MSX_TLS_RANDOM_NOT_DEFERRED;
}
#endif
