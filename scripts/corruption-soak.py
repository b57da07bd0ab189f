#!/usr/bin/env python3
"""Corruption soak: damage one file of a project at random and check that msx fails cleanly and loses no text.

  scripts/corruption-soak.py            (also run by: make soak)

Builds a small project with msx itself (the novel template plus 8 documents, formatting kept in sidecars, four
snapshots with edits in between, some objects packed with `git repack` when git is installed, edits left
unsnapshotted, one of them outside msx so a sidecar is stale), records every document's text (`msx show ID --as
text`) and its .md bytes. Then SOAK_CORRUPT_RUNS times (default 150) it copies the project, picks one file -- a
loose git object, a pack file, a file under .msx/, a sidecar or manuscript.json -- and truncates it, flips 1-8 bits,
overwrites a range with random bytes, or deletes it. On the copy it runs status, tree, log, show (each document),
diff, check, snapshot, check --repair, check and show again, each with a 60 s time limit. Every command must finish,
exit with a documented status (0, 1, 3, 64, 74, 75; no signal, no Swift "Fatal error"), and when it fails say so in
one line on standard error starting "msx:" (no stack trace, no NSError dump). After `check --repair` every .md file
must still hold its bytes (when manuscript.json was damaged, each document's bytes must still be somewhere in the
project outside .git and .msx). Unless manuscript.json was damaged, `show` must print each document's text as before
and `tree` and `log` (and after damage under .git/objects or .msx/, `status` and `diff`) must print what they print
on the undamaged project or fail: damaged history must not pass for a shorter one. Damage under .git/objects or
.msx/ must not make `show` or `tree` fail. A first, undamaged run checks the soak.

Prints the seed first; exits 1 listing each failure (seed, trial, file, corruption, command, status, first line
of standard error), 0 otherwise. The same SOAK_SEED makes the same choices (which kind of file, which corruption,
where), though git object names differ from project to project.

Environment: MSX (msx binary; default: `swift build --show-bin-path`/msx), SWIFT (default: swift),
SOAK_CORRUPT_RUNS (150), SOAK_SEED (random), SOAK_TRIAL=N (run only trial N of that seed),
SOAK_TIMEOUT (seconds per command, 60), SOAK_VERBOSE=1 (list the distinct error messages seen), SOAK_KEEP=1 (keep
the pristine project and each failing copy, as damaged and after the commands, under $TMPDIR).
"""
import collections
import json
import os
import pathlib
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTED_STATUSES = {0, 1, 3, 64, 74, 75}
CRASH_MARKERS = ("Fatal error", "Illegal instruction", "Segmentation fault", "Stack dump", "Current stack trace",
                 "Assertion failed", "Precondition failed")
BAD_MESSAGE = re.compile(r"NSCocoaErrorDomain|NSPOSIXErrorDomain|Error Domain=|The operation couldn.t be completed"
                         r"|Swift\.|\b[A-Z]\w*(Error|Failure)\.\w+\(|\b[A-Z]\w*Error\(|0x[0-9a-f]{8,}|^\s*(at |#\d)")
AUTHOR = "Soak <soak@example.com>"
KINDS = ("truncate", "bitflip", "overwrite", "delete")


def log(msg):
    print(f"corruption-soak: {msg}", flush=True)


def find_msx():
    msx = os.environ.get("MSX")
    if not msx:
        swift = os.environ.get("SWIFT", "swift")
        try:
            bin_path = subprocess.run([swift, "build", "--show-bin-path"], cwd=ROOT, check=True,
                                      capture_output=True, text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError) as error:
            sys.exit(f"corruption-soak: cannot find the msx build ({error}); set MSX=/path/to/msx")
        msx = os.path.join(bin_path, "msx")
    msx = os.path.abspath(msx)
    if not os.access(msx, os.X_OK):
        sys.exit(f"corruption-soak: no msx binary at {msx} (run: swift build, or set MSX=/path/to/msx)")
    return msx


class Runner:
    def __init__(self, msx, work, timeout):
        self.msx = msx
        self.work = work
        self.timeout = timeout
        home = work / "home"
        home.mkdir()
        gitconfig = home / ".gitconfig"
        gitconfig.write_text("[user]\n\tname = Soak\n\temail = soak@example.com\n")
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("GIT_", "MSX")) and k not in ("EDITOR", "VISUAL", "PAGER")}
        self.env.update(HOME=str(home), GIT_CONFIG_GLOBAL=str(gitconfig), GIT_CONFIG_NOSYSTEM="1",
                        MSX_AUTHOR=AUTHOR, NO_COLOR="1", LC_ALL="C.UTF-8")

    def run(self, project, args):
        """(status or None on timeout, stdout bytes, stderr text)."""
        cmd = [self.msx, "-C", str(project), *args]
        proc = subprocess.Popen(cmd, cwd=self.work, env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            out, err = proc.communicate()
            return None, out, err.decode("utf-8", "replace")
        return proc.returncode, out, err.decode("utf-8", "replace")

    def must(self, project, *args):
        status, out, err = self.run(project, list(args))
        if status != 0:
            sys.exit(f"corruption-soak: setup failed: msx {' '.join(args)} exited {status}: {err.strip()}")
        return out.decode()


def document_ids(tree):
    ids = []

    def walk(node, trash):
        if isinstance(node, dict):
            trash = trash or node.get("role") == "trash"
            if node.get("kind") == "document" and isinstance(node.get("id"), str) and not trash:
                ids.append((node["id"], node.get("path")))
            for value in node.values():
                walk(value, trash)
        elif isinstance(node, list):
            for value in node:
                walk(value, trash)

    walk(tree.get("binder", []), False)
    return ids


PARAGRAPHS = [
    "The ferry horn sounded twice over the harbour, and the gulls rose from the {w} like thrown paper.",
    "Nell counted the crates on the quay -- {n} of them -- and wrote the number in the margin of her ledger.",
    "Zoë said the café would close early; the storm glass had fallen all afternoon. 灯台の光。",
    "By the time the lamp at the Point came on, the *tide* had turned and **nobody** was watching the water.",
]
WORDS = ["breakwater", "shingle", "slipway", "bollard", "jetty", "causeway", "foreshore", "seawall"]


def build_project(runner, project, work):
    runner.must(project.parent, "init", str(project), "--template", "novel", "--title", "Soak Corruption",
                "--author", AUTHOR)
    sources = work / "sources"
    sources.mkdir()
    new_ids = []

    def add(i):
        text = "\n\n".join(p.format(w=WORDS[i - 1], n=i * 7) for p in PARAGRAPHS[: 2 + i % 3]) + "\n"
        src = sources / f"doc{i}.md"
        src.write_text(text)
        out = runner.must(project, "new", f"Title {i}", "--in", "Draft", "--from", str(src), "--json")
        new_ids.append(json.loads(out)["created"][0]["id"])

    def fmt(i, word, *how):
        runner.must(project, "format", f"Title {i}", "--match", word, *how)

    for i in range(1, 5):
        add(i)
    fmt(1, WORDS[0], "--bold")
    fmt(1, "ledger", "--underline")
    fmt(2, WORDS[1], "--color", "#8B0000")
    fmt(3, "ledger", "--underline")
    runner.must(project, "snapshot", "-m", "first four")
    for i in range(5, 9):
        add(i)
    fmt(5, WORDS[4], "--color", "#8B0000")
    fmt(6, "ledger", "--underline")
    fmt(2, "ledger", "--bold")
    runner.must(project, "snapshot", "-m", "all eight")
    if shutil.which("git"):  # pack what there is so far: later snapshots add loose objects beside the pack
        subprocess.run(["git", "-C", str(project), "repack", "-a", "-d", "-q"], env=runner.env, check=False,
                       stdin=subprocess.DEVNULL)
    # Edits to documents without sidecars: no re-anchoring, so the pristine project checks clean.
    (project / "contents/draft/title-4.md").write_text(
        (project / "contents/draft/title-4.md").read_text() + "\nA late paragraph about the slipway lamps.\n")
    fmt(7, WORDS[6], "--underline")
    runner.must(project, "snapshot", "-m", "edits")
    fmt(8, "ledger", "--color", "#8B0000")
    fmt(3, WORDS[2], "--bold")
    runner.must(project, "snapshot", "-m", "more formatting")
    (project / "contents/draft/title-8.md").write_text(
        (project / "contents/draft/title-8.md").read_text() + "\nAn unsnapshotted paragraph.\n")
    fmt(4, WORDS[3], "--color", "#8B0000")
    # An outside edit before formatted words: a stale sidecar, re-anchored from its base text in .msx/base.
    title1 = project / "contents/draft/title-1.md"
    title1.write_text("A new opening paragraph, written in another editor.\n\n" + title1.read_text())
    status, out, err = runner.run(project, ["check"])
    if status != 0:
        sys.exit(f"corruption-soak: setup failed: the new project does not check clean: {out.decode()}{err}")


def targets(project):
    """{target kind: [relative paths]} of the files a trial may damage."""
    found = collections.defaultdict(list)
    for path in sorted(project.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        rel = path.relative_to(project).as_posix()
        if rel.startswith(".git/objects/"):
            if re.fullmatch(r"\.git/objects/[0-9a-f]{2}/[0-9a-f]+", rel):
                found["loose-object"].append(rel)
            else:
                found["pack"].append(rel)
        elif rel.startswith(".msx/"):
            found["msx-state"].append(rel)
        elif rel.startswith("contents/") and rel.endswith(".json") and \
                os.path.exists(re.sub(r"(\.attrs)?\.json$", ".md", str(path))):
            found["sidecar"].append(rel)
        elif rel == "manuscript.json":
            found["manifest"].append(rel)
    return dict(found)


def corrupt(path, kind, rng):
    """Damage the file; returns a description for the report."""
    size = path.stat().st_size
    if size == 0 and kind in ("truncate", "bitflip"):
        kind = "overwrite"
    os.chmod(path, path.stat().st_mode | 0o200)  # git objects are read-only
    data = bytearray(path.read_bytes())
    if kind == "delete":
        path.unlink()
        return kind, f"deleted ({size} bytes)"
    if kind == "truncate":
        length = 0 if rng.random() < 0.2 else rng.randrange(size)
        path.write_bytes(bytes(data[:length]))
        return kind, f"truncated to {length} of {size} bytes"
    if kind == "bitflip":
        flips = []
        for _ in range(rng.randint(1, 8)):
            offset, bit = rng.randrange(size), rng.randrange(8)
            data[offset] ^= 1 << bit
            flips.append(f"{offset}.{bit}")
        path.write_bytes(bytes(data))
        return kind, f"flipped bits (byte.bit) {' '.join(flips)} of {size} bytes"
    start = rng.randrange(size) if size else 0
    length = rng.randint(1, max(1, min(64, size - start))) if size else rng.randint(1, 64)
    data[start:start + length] = bytes(rng.randrange(256) for _ in range(length))
    path.write_bytes(bytes(data))
    return "overwrite", f"overwrote bytes {start}-{start + length - 1} of {size} with random bytes"


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def judge(label, status, out, err, check_report_ok):
    """Problems with one command's behaviour (empty list when fine)."""
    problems = []
    if status is None:
        return ["hang"]
    if status < 0:
        problems.append(f"crash (signal {-status})")
    elif status >= 128:
        problems.append("crash (status >= 128)")
    elif status not in DOCUMENTED_STATUSES:
        problems.append("undocumented exit status")
    if any(marker in err for marker in CRASH_MARKERS):
        problems.append("crash message on stderr")
    if status == 64:
        problems.append("usage error for a valid command line")
    if status == 75:
        problems.append("busy although no other msx runs")
    if status not in (None, 0):
        message = first_line(err)
        if not message and check_report_ok and status == 1:
            message = first_line(out.decode("utf-8", "replace"))  # check: findings are the report on stdout
            if not message:
                problems.append("exit 1 with no report")
        elif not message:
            problems.append("silent failure (empty stderr)")
        elif not message.startswith("msx:"):
            problems.append("first stderr line is not 'msx: ...'")
        if message and BAD_MESSAGE.search(message):
            problems.append("raw error dump in message")
    if BAD_MESSAGE.search(err) and status == 0:
        problems.append("raw error dump on stderr")
    return problems


def main():
    msx = find_msx()
    runs = int(os.environ.get("SOAK_CORRUPT_RUNS", "150"))
    seed = int(os.environ.get("SOAK_SEED") or random.SystemRandom().randrange(1, 2 ** 31))
    only = os.environ.get("SOAK_TRIAL")
    timeout = float(os.environ.get("SOAK_TIMEOUT", "60"))
    keep = os.environ.get("SOAK_KEEP") == "1"
    log(f"msx={msx} runs={runs} seed={seed} timeout={timeout:g}s")
    started = time.monotonic()

    work = pathlib.Path(tempfile.mkdtemp(prefix="msx-corruption-soak."))
    runner = Runner(msx, work, timeout)
    pristine = work / "pristine"
    build_project(runner, pristine, work)
    tree = json.loads(runner.must(pristine, "tree", "--json"))
    docs = document_ids(tree)
    if len(docs) < 8:
        sys.exit(f"corruption-soak: setup failed: expected at least 8 documents, found {len(docs)}")
    texts = {i: runner.must(pristine, "show", i, "--as", "text") for i, _ in docs}
    # What the read-only commands print on the undamaged project; damage must make them fail, not print otherwise.
    same_output = {"tree": runner.must(pristine, "tree"), "log": runner.must(pristine, "log"),
                   "status": runner.must(pristine, "status"), "diff": runner.must(pristine, "diff")}
    md_bytes = {i: (path, (pristine / path).read_bytes()) for i, path in docs}
    pool = targets(pristine)
    log(f"{len(docs)} documents; targets: " + ", ".join(f"{k} {len(v)}" for k, v in sorted(pool.items())))

    kind_counts = collections.Counter()
    target_counts = collections.Counter()
    exit_counts = collections.defaultdict(collections.Counter)
    failures = []
    kept = []
    messages = collections.Counter()

    def commands():
        yield "status", ["status"]
        yield "tree", ["tree"]
        yield "log", ["log"]
        for i, _ in docs:
            yield "show", ["show", i, "--as", "text"]
        yield "diff", ["diff"]
        yield "check", ["check"]
        yield "snapshot", ["snapshot", "-m", "x"]
        yield "check --repair", ["check", "--repair"]
        yield "check (after repair)", ["check"]
        for i, _ in docs:
            yield "show (after repair)", ["show", i, "--as", "text"]

    trials = [int(only)] if only else range(0, runs + 1)
    for trial in trials:
        rng = random.Random(f"{seed}:{trial}")
        copy = work / f"trial-{trial}"
        shutil.copytree(pristine, copy, symlinks=True)
        if trial == 0:  # control: no damage, every command must succeed
            tkind, rel, kind, how = "none", "-", "none", "undamaged"
        else:
            tkind = rng.choice(sorted(pool))
            rel = rng.choice(pool[tkind])
            kind, how = corrupt(copy / rel, rng.choice(KINDS), rng)
            kind_counts[kind] += 1
            target_counts[tkind] += 1
        if keep:
            shutil.copytree(copy, work / f"trial-{trial}-damaged", symlinks=True)
        trial_failures = []

        def fail(command, status, detail, message):
            trial_failures.append(dict(trial=trial, target=rel, tkind=tkind, kind=kind, how=how, command=command,
                                       status=status, detail=detail, message=message))

        for label, args in commands():
            status, out, err = runner.run(copy, args)
            exit_counts[label]["hang" if status is None else status] += 1
            shown = " ".join(args)
            for problem in judge(label, status, out, err, label.startswith("check")):
                fail(shown, status, problem, first_line(err) or first_line(out.decode("utf-8", "replace")))
            if trial == 0 and status != 0:
                fail(shown, status, "fails on an undamaged project", first_line(err))
            if label.startswith("show") and status == 0 and tkind != "manifest":
                doc_id = args[1]
                own_sidecar = rel.startswith(md_bytes[doc_id][0][:-3] + ".")
                if not own_sidecar and out.decode("utf-8", "replace") != texts[doc_id]:
                    fail(shown, status, "text differs from the pristine project's", "")
            if label in same_output and status == 0 and out.decode("utf-8", "replace") != same_output[label] and (
                    tkind in ("none", "loose-object", "pack", "msx-state") or label in ("tree", "log")
                    and tkind != "manifest"):
                fail(shown, status, "succeeds but prints other output than on the undamaged project", first_line(
                    out.decode("utf-8", "replace")))
            if status not in (None, 0):
                messages[(label, tkind, status, re.sub(r"[0-9a-f]{7,}|\d+", "N", first_line(err)))] += 1
            if label in ("show", "tree") and status not in (None, 0) and tkind in ("loose-object", "pack",
                                                                                  "msx-state"):
                fail(shown, status, f"working-copy read fails after damage to {tkind}", first_line(err))
            if label == "check --repair":
                lost = text_lost(copy, rel, tkind, md_bytes)
                for doc_id, path in lost:
                    fail(shown, status, f"text lost: {path} ({doc_id})", "")
        failures.extend(trial_failures)
        if trial_failures and keep:
            kept.append(str(copy))
        else:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.rmtree(work / f"trial-{trial}-damaged", ignore_errors=True)
        if trial and trial % 50 == 0:
            log(f"{trial}/{runs} runs, {len(failures)} failures, {time.monotonic() - started:.0f}s")

    elapsed = time.monotonic() - started
    exits = "; ".join(f"{label}: " + " ".join(f"{s}x{n}" for s, n in sorted(c.items(), key=lambda kv: str(kv[0])))
                      for label, c in exit_counts.items())
    log(f"SUMMARY seed={seed} runs={sum(kind_counts.values())} "
        f"kinds={dict(sorted(kind_counts.items()))} targets={dict(sorted(target_counts.items()))} "
        f"exits=[{exits}] failures={len(failures)} time={elapsed:.0f}s")
    if os.environ.get("SOAK_VERBOSE") == "1":
        log("distinct failure messages (command | target | status | first stderr line):")
        for (label, tkind, status, message), n in sorted(messages.items()):
            print(f"  {n:4d}x {label} | {tkind} | {status} | {message}")
    if failures:
        classes = collections.Counter((f["detail"] if not f["detail"].startswith("text lost") else "text lost",
                                       f["command"].split(" ")[0] + (" --repair" if "--repair" in f["command"]
                                                                     else ""),
                                       f["tkind"], f["kind"], f["status"]) for f in failures)
        sys.stdout.flush()
        print(f"corruption-soak: FAIL: {len(failures)} failures (seed {seed}) in {len(classes)} classes:",
              file=sys.stderr)
        for (detail, command, tkind, kind, status), n in classes.most_common():
            print(f"  {n:4d}x {detail} | {command} | target {tkind} | {kind} | exit {status}", file=sys.stderr)
        for f in failures[:200]:
            print(f"  seed {seed} trial {f['trial']} target {f['target']} ({f['tkind']}; {f['how']}) "
                  f"command 'msx {f['command']}' exit {f['status']}: {f['detail']}: {f['message']!r}",
                  file=sys.stderr)
        if len(failures) > 200:
            print(f"  ... and {len(failures) - 200} more", file=sys.stderr)
        print(f"  replay one trial: SOAK_SEED={seed} SOAK_TRIAL=N SOAK_KEEP=1 {sys.argv[0]}", file=sys.stderr)
    if keep:
        log(f"kept under {work}" + (f" (failing copies: {len(kept)})" if kept else ""))
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


def text_lost(copy, rel, tkind, md_bytes):
    """Documents whose pristine .md bytes are gone after check --repair."""
    lost = []
    if tkind == "manifest":
        contents = set()
        for path in copy.rglob("*"):
            parts = path.relative_to(copy).parts
            if parts and parts[0] in (".git", ".msx"):
                continue
            if path.is_file() and not path.is_symlink():
                contents.add(path.read_bytes())
        for doc_id, (path, data) in md_bytes.items():
            if path != rel and data not in contents:
                lost.append((doc_id, path))
        return lost
    for doc_id, (path, data) in md_bytes.items():
        if path == rel:
            continue
        try:
            if (copy / path).read_bytes() != data:
                lost.append((doc_id, path))
        except OSError:
            lost.append((doc_id, path))
    return lost


if __name__ == "__main__":
    sys.exit(main())
