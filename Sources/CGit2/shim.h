#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-argument wrapper per option msx sets. */
static inline int msx_git_set_search_path(git_config_level_t level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}
