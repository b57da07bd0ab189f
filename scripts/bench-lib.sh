# Shared set-up of the benchmark scripts (sourced by bench.sh, bench-history.sh and bench-diff.sh; not run).
#
# bench_init NAME: goes to the package root and sets SWIFT, repo (the package root), MSX (absolute path of the
# release msx, or of $MSX) and bench_name (for messages).
# try_install PKG: installs a Debian package when allowed (root, apt-get present, BENCH_NO_INSTALL not 1).
# bench_require TOOL...: see below.

bench_init() {
    bench_name=$1
    SWIFT=${SWIFT:-swift}
    cd "$(dirname "${BASH_SOURCE[1]}")/.."
    repo=$(pwd)
    MSX=${MSX:-$("$SWIFT" build -c release --show-bin-path)/msx}
    if [ ! -x "$MSX" ]; then
        echo "$bench_name: no msx binary at $MSX (run: make release, or set MSX=/path/to/msx)" >&2
        exit 1
    fi
    MSX=$(cd "$(dirname "$MSX")" && pwd)/$(basename "$MSX")
}

try_install() {
    local pkg=$1
    if [ "${BENCH_NO_INSTALL:-0}" = 1 ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    echo "$bench_name: installing $pkg with apt-get..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$pkg" >/dev/null 2>&1 \
        || { apt-get -o DPkg::Lock::Timeout=300 update >/dev/null 2>&1 && apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$pkg" >/dev/null 2>&1; }
}

# bench_require TOOL...: each tool on the PATH, hyperfine and pandoc installed when allowed; else names the
# missing one and stops.
bench_require() {
    local tool
    for tool in "$@"; do
        case $tool in hyperfine|pandoc) command -v "$tool" >/dev/null 2>&1 || try_install "$tool" || true ;; esac
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$bench_name: needs $tool (apt-get install $tool)" >&2
            exit 1
        fi
    done
}

# bench_workdir PREFIX: a new temporary folder in $work, removed on exit unless BENCH_KEEP=1.
bench_workdir() {
    work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    trap 'if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "$bench_name: files kept in $work" >&2; else rm -rf "$work"; fi' EXIT
}

# q WORD: the word single-quoted, for command lines that hyperfine -N splits as sh would.
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
