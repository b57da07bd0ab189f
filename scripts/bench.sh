#!/usr/bin/env bash
# Benchmarks msx on a generated 1,000-document, ~1,000,000-word project and
# compares it with git status and pandoc on the same files.
#
#   make bench        (release build, then this script)
#
# The project is written straight to disk in msx's format (manuscript.json,
# contents/**/*.md, .attrs.json sidecars): Draft holds 20 part folders x 50
# chapters of ~1,000 words, plus a 100,000-word "Long Chapter". Sidecar
# textHash values are real, but stale sidecars would be legal too.
#
# Timing: hyperfine (5 runs, 1 warm-up) if installed, else a python3 loop
# (1 warm-up + 5 runs, median). Results also go to bench/out/.
#
# Environment: MSX (default: the release build), SWIFT (default: swift),
# BENCH_RUNS (5), BENCH_KEEP=1 keeps the generated project,
# BENCH_NO_INSTALL=1 never installs hyperfine/pandoc with apt.
set -euo pipefail

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
repo=$(pwd)
MSX=${MSX:-$("$SWIFT" build -c release --show-bin-path)/msx}
if [ ! -x "$MSX" ]; then
    echo "bench.sh: no msx binary at $MSX (run: swift build -c release, or set MSX=/path/to/msx)" >&2
    exit 1
fi
MSX=$(cd "$(dirname "$MSX")" && pwd)/$(basename "$MSX")
runs=${BENCH_RUNS:-5}

if ! command -v python3 >/dev/null 2>&1; then
    echo "bench.sh: needs python3 (to generate the project and print results)" >&2
    exit 1
fi
if ! command -v git >/dev/null 2>&1; then
    echo "bench.sh: needs git (reference timings)" >&2
    exit 1
fi

# Install a Debian package when we may (root, apt-get present, not disabled).
try_install() {
    local pkg=$1
    if [ "${BENCH_NO_INSTALL:-0}" = 1 ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    echo "bench.sh: installing $pkg with apt-get..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends "$pkg" >/dev/null 2>&1 \
        || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "$pkg" >/dev/null 2>&1; }
}

command -v hyperfine >/dev/null 2>&1 || try_install hyperfine || true
command -v pandoc >/dev/null 2>&1 || try_install pandoc || true

work=$(mktemp -d "${TMPDIR:-/tmp}/msx-bench.XXXXXX")
project="$work/bench"
cleanup() {
    if [ "${BENCH_KEEP:-0}" = 1 ]; then
        echo "bench.sh: project kept at $project" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# ---------------------------------------------------------------------------
echo "bench.sh: generating project in $project ..."
python3 - "$project" <<'PY'
import json, os, random, sys

root = sys.argv[1]
rng = random.Random(20261122)

VOCAB = """
the a an and but or of to in on at by with from over under into across beyond
sea tide shore cliff rock harbour island lantern lamp light beam tower keeper
storm wind rain fog salt spray wave swell current reef gull boat rope anchor
night morning evening dusk dawn hour minute season winter summer year
she he they we it her his their our its who which that this those
walked climbed waited watched listened counted turned opened closed carried
remembered forgot wrote read spoke whispered called answered slept woke
old new cold warm dark bright grey white black silent loud slow quick
long short deep shallow narrow wide heavy light steady broken quiet
door window stair step gallery rail lens glass brass iron stone wood
letter book log page ink candle fire kettle table chair bed coat boots
mother father sister brother child friend stranger village town road path
because although while after before until when where whenever since
almost always never often sometimes already still again only even
café naïve façade déjà rôle
""".split()

def u16(s):
    return len(s.encode("utf-16-le")) // 2

def fnv1a64(s):
    h = 0xcbf29ce484222325
    for b in s.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h

def paragraph(nwords):
    """Returns (markdown, plain_text, plain_words) for one paragraph."""
    md, plain = [], []
    sentence_left = 0
    for i in range(nwords):
        w = rng.choice(VOCAB)
        if sentence_left == 0:
            w = w[0].upper() + w[1:]
            sentence_left = rng.randint(8, 20)
        sentence_left -= 1
        end_of_sentence = sentence_left == 0 or i == nwords - 1
        punct = "." if end_of_sentence else ("," if rng.random() < 0.06 else "")
        r = rng.random()
        if r < 0.03:
            md.append("*%s*%s" % (w, punct))
        elif r < 0.04:
            md.append("**%s**%s" % (w, punct))
        else:
            md.append(w + punct)
        plain.append(w + punct)
    return md, " ".join(plain), plain

def wrap(tokens, width=78):
    lines, cur = [], ""
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > width:
            lines.append(cur)
            cur = t
        else:
            cur = t if not cur else cur + " " + t
    if cur:
        lines.append(cur)
    return "\n".join(lines)

used_ids = set()
def new_id():
    while True:
        i = "%012x" % rng.getrandbits(48)
        if i not in used_ids:
            used_ids.add(i)
            return i

RUN_ATTRS = [
    {"underline": "single"},
    {"underline": "double", "foregroundColor": "#8B0000"},
    {"backgroundColor": "#FFF59D"},
    {"fontFamily": "Courier", "fontSize": 12},
]

def write_json(path, obj):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n")

def write_document(path, target_words, hard_wrap):
    paras, words = [], 0
    while words < target_words:
        n = min(rng.randint(80, 150), max(target_words - words, 20))
        paras.append(paragraph(n))
        words += n
    body = "\n\n".join(wrap(md) if hard_wrap else " ".join(md) for md, _, _ in paras) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(body)
    # Sidecar: 2-3 runs on distinct paragraphs, sometimes a centred first paragraph.
    entries = {}
    for idx in sorted(rng.sample(range(len(paras)), min(len(paras), rng.randint(2, 3)))):
        _, text, plain_words = paras[idx]
        k = rng.randrange(len(plain_words))
        word = plain_words[k].rstrip(".,")
        start_chars = len(" ".join(plain_words[:k])) + (1 if k else 0)
        before = text[:start_chars][-16:]
        after = text[start_chars + len(word):][:16]
        start = u16(text[:start_chars])
        entries[idx] = {
            "index": idx,
            "runs": [{
                "after": after,
                "attributes": rng.choice(RUN_ATTRS),
                "before": before,
                "end": start + u16(word),
                "start": start,
                "text": word,
            }],
            "textHash": fnv1a64(text),
        }
    if rng.random() < 0.2:
        e = entries.setdefault(0, {"index": 0, "runs": [], "textHash": fnv1a64(paras[0][1])})
        e["attributes"] = {"alignment": "center"}
        if not e["runs"]:
            del e["runs"]
    sidecar = path[:-3] + ".attrs.json"
    write_json(sidecar, {"formatVersion": 1, "paragraphs": [entries[i] for i in sorted(entries)]})
    return words

os.makedirs(root)
draft_children = []
total_words = 0
ndocs = 0
for p in range(1, 21):
    part_path = "contents/draft/part-%d" % p
    os.makedirs(os.path.join(root, part_path))
    chapters = []
    for c in range(1, 51):
        doc_path = "%s/chapter-%d-%d.md" % (part_path, p, c)
        total_words += write_document(os.path.join(root, doc_path), rng.randint(950, 1050), hard_wrap=(c % 2 == 0))
        ndocs += 1
        node = {"id": new_id(), "kind": "document", "label": "Chapter", "path": doc_path,
                "status": rng.choice(["To Do", "First Draft", "Revised"]), "title": "Chapter %d.%d" % (p, c)}
        if c % 5 == 1:
            node["synopsis"] = "Part %d, chapter %d: the keeper keeps watch." % (p, c)
        chapters.append(node)
    draft_children.append({"children": chapters, "id": new_id(), "kind": "folder",
                           "path": part_path, "title": "Part %d" % p})

long_path = "contents/draft/long-chapter.md"
total_words += write_document(os.path.join(root, long_path), 100000, hard_wrap=False)
ndocs += 1
draft_children.append({"id": new_id(), "kind": "document", "label": "Chapter", "path": long_path,
                       "title": "Long Chapter"})

binder = [{"children": draft_children, "id": new_id(), "kind": "folder", "path": "contents/draft",
           "role": "draft", "title": "Draft"}]
for role, title in (("research", "Research"), ("notes", "Notes"), ("trash", "Trash")):
    os.makedirs(os.path.join(root, "contents", role))
    binder.append({"id": new_id(), "kind": "folder", "path": "contents/" + role, "role": role, "title": title})

write_json(os.path.join(root, "manuscript.json"), {
    "author": {"name": "Bench Writer"},
    "binder": binder,
    "created": "2026-11-22",
    "formatVersion": 1,
    "id": new_id(),
    "labels": ["Chapter", "Scene", "Idea"],
    "statuses": ["To Do", "First Draft", "Revised", "Final"],
    "target": {"words": 1000000},
    "title": "Benchmark",
})
with open(os.path.join(root, ".gitignore"), "w") as f:
    f.write(".msx/\n")
print("bench.sh: %d documents, %d words" % (ndocs, total_words))
PY

cd "$project"
git -c init.defaultBranch=main init -q
git add -A
git -c user.name="msx bench" -c user.email="bench@example.invalid" commit -q -m init

# ---------------------------------------------------------------------------
# Commands to time, as JSON: name, argv, and the reference command msx is compared with.
specs="$work/commands.json"
python3 - "$MSX" "$specs" "$(command -v pandoc || true)" <<'PY'
import json, sys
msx, out, pandoc = sys.argv[1], sys.argv[2], sys.argv[3]
cmds = [
    {"name": "msx tree --json", "ref": "git status", "argv": [msx, "tree", "--json"]},
    {"name": "msx check", "ref": "git status", "argv": [msx, "check"]},
    {"name": "msx show \"Long Chapter\" --as json", "ref": "pandoc -f gfm -t json (long chapter)",
     "argv": [msx, "show", "Long Chapter", "--as", "json"]},
    {"name": "git status", "argv": ["git", "status"]},
]
if pandoc:
    cmds.append({"name": "pandoc -f gfm -t json (long chapter)",
                 "argv": [pandoc, "-f", "gfm", "-t", "json", "contents/draft/long-chapter.md"]})
json.dump(cmds, open(out, "w"), indent=2)
PY
if ! command -v pandoc >/dev/null 2>&1; then
    echo "bench.sh: pandoc not installed; skipping the pandoc comparison" >&2
fi

# Run each command once: warms caches (msx's .msx/cache) and records exit statuses.
python3 - "$specs" <<'PY'
import json, subprocess, sys
path = sys.argv[1]
cmds = json.load(open(path))
for c in cmds:
    p = subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    c["exit"] = p.returncode
    if p.returncode != 0:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()[:3]
        print("bench.sh: warning: %s exited %d: %s" % (c["name"], p.returncode, " / ".join(err)), file=sys.stderr)
json.dump(cmds, open(path, "w"), indent=2)
PY

mkdir -p "$repo/bench/out"
timings="$work/timings.json"
if command -v hyperfine >/dev/null 2>&1; then
    echo "bench.sh: timing with hyperfine ($runs runs each)..."
    hyperfine_args=()
    while IFS= read -r cmd; do hyperfine_args+=("$cmd"); done < <(python3 - "$specs" <<'PY'
import json, shlex, sys
for c in json.load(open(sys.argv[1])):
    print(" ".join(shlex.quote(a) for a in c["argv"]))
PY
)
    hyperfine --shell=none --warmup 1 --runs "$runs" --ignore-failure --style basic \
        --export-json "$work/hyperfine.json" "${hyperfine_args[@]}" >&2
    cp "$work/hyperfine.json" "$repo/bench/out/hyperfine.json"
    python3 - "$work/hyperfine.json" "$timings" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["results"]
json.dump([r["median"] * 1000.0 for r in res], open(sys.argv[2], "w"))
PY
else
    echo "bench.sh: hyperfine not installed; timing with python3 (1 warm-up + $runs runs, median)..."
    python3 - "$specs" "$timings" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
cmds = json.load(open(sys.argv[1]))
runs = int(sys.argv[3])
medians = []
for c in cmds:
    subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(c["argv"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append((time.perf_counter() - t0) * 1000.0)
    medians.append(statistics.median(samples))
    print("  %-42s %9.1f ms" % (c["name"], medians[-1]), file=sys.stderr)
json.dump(medians, open(sys.argv[2], "w"))
PY
fi

# ---------------------------------------------------------------------------
python3 - "$specs" "$timings" "$repo/bench/out/results.txt" <<'PY'
import json, sys
cmds = json.load(open(sys.argv[1]))
medians = json.load(open(sys.argv[2]))
by_name = {c["name"]: m for c, m in zip(cmds, medians)}
rows = [("command", "median ms", "reference", "msx/ref")]
for c, m in zip(cmds, medians):
    name = c["name"] + ("" if c.get("exit", 0) == 0 else "  (exit %d)" % c["exit"])
    ref = c.get("ref")
    if ref and ref in by_name:
        rows.append((name, "%.1f" % m, ref, "%.2fx" % (m / by_name[ref]) if by_name[ref] > 0 else "-"))
    elif ref:
        rows.append((name, "%.1f" % m, ref + " (not run)", "-"))
    else:
        rows.append((name, "%.1f" % m, "", ""))
widths = [max(len(r[i]) for r in rows) for i in range(4)]
lines = []
for k, r in enumerate(rows):
    lines.append("  ".join([r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]), r[3].rjust(widths[3])]).rstrip())
    if k == 0:
        lines.append("  ".join("-" * w for w in widths))
table = "\n".join(lines)
print()
print(table)
with open(sys.argv[3], "w") as f:
    f.write(table + "\n")
PY
echo
echo "bench.sh: results saved to bench/out/results.txt"
