#include "ssh_on_demand.h"

#ifdef MSX_SSH_ON_DEMAND
#include <libssh2.h>
#include <pthread.h>

int __real_libssh2_init(int flags);
LIBSSH2_SESSION *__real_libssh2_session_init_ex(LIBSSH2_ALLOC_FUNC((*alloc)), LIBSSH2_FREE_FUNC((*release)),
                                                LIBSSH2_REALLOC_FUNC((*realloc)), void *abstract);

/* Set by msx_ssh_deferring around git_libgit2_init: only calls made then are deferred. */
static int deferring;
/* The calls of libssh2_init deferred (libssh2 counts them: each libssh2_exit undoes one), and their flags. */
static int pending_calls;
static int pending_flags;
static pthread_once_t started_once = PTHREAD_ONCE_INIT;
static int started;

void msx_ssh_deferring(int on) {
    deferring = on;
}

__attribute__((visibility("hidden"))) int __wrap_libssh2_init(int flags) {
    if (!deferring) return __real_libssh2_init(flags);
    pending_calls += 1;
    pending_flags |= flags;
    return 0;
}

static void start(void) {
    for (int call = 0; call < pending_calls; call++) (void)__real_libssh2_init(pending_flags);
    __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
}

/* The first session, whichever thread makes it, starts libssh2 as libgit2 asked, then libssh2 answers. */
__attribute__((visibility("hidden"))) LIBSSH2_SESSION *
__wrap_libssh2_session_init_ex(LIBSSH2_ALLOC_FUNC((*alloc)), LIBSSH2_FREE_FUNC((*release)),
                               LIBSSH2_REALLOC_FUNC((*realloc)), void *abstract) {
    if (pending_calls > 0) pthread_once(&started_once, start);
    return __real_libssh2_session_init_ex(alloc, release, realloc, abstract);
}

enum msx_ssh_state msx_ssh_state(void) {
    if (pending_calls == 0) return MSX_SSH_NOT_DEFERRED;
    return __atomic_load_n(&started, __ATOMIC_ACQUIRE) ? MSX_SSH_STARTED : MSX_SSH_WAITING;
}
#else
void msx_ssh_deferring(int on) {
    (void)on;
}

enum msx_ssh_state msx_ssh_state(void) {
    return MSX_SSH_NOT_DEFERRED;
}
#endif
