#ifndef MSX_SSH_ON_DEMAND_H
#define MSX_SSH_ON_DEMAND_H

/* libgit2 starts libssh2 inside git_libgit2_init, and libssh2 starts OpenSSL's libcrypto then: about a million
   instructions that every command paid although only ssh transfers use them. Where msx links libgit2's static
   archive (Package.swift, StaticLinking: MSX_SSH_ON_DEMAND), calls of libssh2_init and libssh2_session_init_ex reach
   msx's (`--wrap`). While libgit2 starts (between msx_ssh_deferring(1) and (0)), libssh2_init is noted, not made; the
   first ssh session (every libssh2 call libgit2 makes but those two is on a session) makes it, once, before the
   session. libssh2_exit needs no such care: before libssh2 has started it does nothing. */

/* Defers the start of libssh2 asked for while `on` is 1: set around git_libgit2_init. (Does nothing in other builds.) */
void msx_ssh_deferring(int on);

/* Where the deferred start stands (for tests). */
enum msx_ssh_state {
    MSX_SSH_NOT_DEFERRED = 0, /* not deferred: another build, or libgit2 has not started */
    MSX_SSH_WAITING = 1,      /* libgit2 has started; no ssh session yet */
    MSX_SSH_STARTED = 2       /* started before the first ssh session */
};

enum msx_ssh_state msx_ssh_state(void);

#endif
