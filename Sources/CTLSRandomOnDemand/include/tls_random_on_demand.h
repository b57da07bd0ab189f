#ifndef MSX_TLS_RANDOM_ON_DEMAND_H
#define MSX_TLS_RANDOM_ON_DEMAND_H

/* libgit2 over mbedTLS seeds its random generator for TLS inside git_libgit2_init: mbedTLS's entropy sources include
   HAVEGE, which fills its pool at once, about a million instructions that every command paid although only https
   transfers use the generator. Where msx links libgit2's static archive (Package.swift, StaticLinking:
   MSX_SEEDS_TLS_RANDOM_ON_DEMAND), calls of mbedtls_entropy_init, mbedtls_ctr_drbg_seed and
   mbedtls_ctr_drbg_random reach msx's (`--wrap`). While libgit2 starts (between msx_tls_random_deferring(1) and
   (0)), the first two note what libgit2 asked for; the first call for random bytes from that generator (an https
   handshake) makes them, once, before mbedTLS's own. Every other call is passed to mbedTLS as it is. A seeding
   that fails fails the handshake, as mbedTLS would. */

/* Defers the seeding asked for while `on` is 1: set around git_libgit2_init. (Does nothing in other builds.) */
void msx_tls_random_deferring(int on);

/* Where the deferred seeding stands (for tests). */
enum msx_tls_random_state {
    MSX_TLS_RANDOM_NOT_DEFERRED = 0, /* not deferred: another build, or libgit2 has not started */
    MSX_TLS_RANDOM_WAITING = 1,      /* libgit2 has started; nothing has asked for random bytes yet */
    MSX_TLS_RANDOM_SEEDED = 2,       /* seeded when random bytes were first asked for */
    MSX_TLS_RANDOM_FAILED = 3        /* seeding failed, and so did the call that asked */
};

enum msx_tls_random_state msx_tls_random_state(void);

#endif
