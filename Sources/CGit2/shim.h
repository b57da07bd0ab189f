#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

/* msx's reader of loose objects (Sources/MsxGit/GitVerifyingLooseBackend.swift): a git_odb_backend that reads
   and checks loose objects itself, and leaves writing to libgit2's own loose backend. */
typedef struct {
    git_odb_backend parent;
    /* libgit2's loose backend for the same folder: writes, existence checks and listing go to it. */
    git_odb_backend *loose;
    /* The objects folder, allocated with strdup. */
    char *objects;
} msx_loose_backend;

static inline int msx_git_enable_fsync(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-argument wrapper per option msx sets. */
static inline int msx_git_set_search_path(git_config_level_t level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

/* libgit2 re-hashes every object it reads unless told not to; git itself does not on ordinary reads. Loose objects
   are still checked by msx's own reader, and packs by their checksums when fetched or repacked. */
static inline int msx_git_verify_object_hashes(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int msx_git_set_cache_object_limit(git_object_t type, size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, size);
}

static inline int msx_git_set_ssl_cert_file(const char *file) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, NULL);
}

/* mbedTLS's own mbedtls_x509_crt_parse_file, reached under this name where msx links libgit2's static archive with
   --wrap=mbedtls_x509_crt_parse_file (scripts/swift-static.sh): libgit2's calls go to msx's __wrap_ function instead. Used only
   in such builds (MSX_DEFERS_CA_BUNDLE). */
int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path);
