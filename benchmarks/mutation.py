"""Mutation testing of one game's rule modules with mutmut 3 (docs/mutation.md).

Each rule module of the game is mutated (a comparison flipped, a constant changed, a statement dropped…) and
every mutant is run against that game's tests only: tests/<game>/ and its golden records (``-k <game>``); with
``--conformance``, the game's set-ups of the conformance kit too (they take two thirds of the time). A mutant
that no test notices is a wrong rule the tests would let through.

    python benchmarks/mutation.py prowl                     # every rule module of Prowl, one worker, nice 19
    python benchmarks/mutation.py prowl --only 'hexbox.games.prowl.scoring.*'   # some mutants only
    python benchmarks/mutation.py prowl --report            # the table of the last run (also while it runs)
    python benchmarks/mutation.py prowl --resume            # go on with a run that was stopped
    python benchmarks/mutation.py prowl --show NAME         # the diff of one mutant
    python benchmarks/mutation.py prowl --worktree --work /tmp/p2 --recheck /tmp/hexbox-mutation/prowl
                                                            # only what that run left alive, with the new tests

The run happens in a copy of the committed tree (``git archive HEAD``, or ``--rev``; with ``--worktree`` the
game's tests and rule modules as they are now), in /tmp/hexbox-mutation/<game> by default: the repository
never gets a ``mutants/`` directory, and work in progress elsewhere in the tree neither disturbs the run nor is
disturbed by it. The table counts, per module: all mutants, killed (a test failed or timed out), survived, no
tests (no test of the selection ran the function), equivalent (listed in docs/mutation.md with a reason, or
out of the tool's reach), and the score: killed / (mutants - equivalent).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the modules that hold each game's rules, as each game registers them (GameInfo.compiled: the modules a playout runs
# through); the rest (cards data, words, views, schema, bots) are not mutated


def rule_modules() -> dict[str, tuple[str, ...]]:
    import hexbox

    # hexbox's own games (their packages and tests are in this tree); a game registered from elsewhere, as the test
    # session's toy, is not mutated here
    return {name: hexbox.game_info(name).compiled for name in hexbox.games() if hexbox.game_info(name).builtin}


RULE_MODULES = rule_modules()

# tests left out of the mutation runs, with the reason. Under mutmut's trampolines (every call of a rule function
# goes through a switch) Voodoo's run ten times slower than plain: its gate contract test (every action id against
# every sampled state) takes 100 s per mutant, and its bot and statistics tests play whole games for what the bot
# and the stats hook do, not for a rule. A surviving mutant runs every test that reaches its function.
SLOW = {
    "voodoo": ("tests/voodoo/test_voodoo_contract.py::test_checks_accept_exactly_the_legal_actions",
               "tests/voodoo/test_voodoo_bot.py", "tests/voodoo/test_voodoo_stats.py"),
}

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout", 37: "type check"}
KILLED = ("killed", "timeout")


def setup_cfg(game: str, conformance: bool) -> str:
    modules = "\n".join(f"    hexbox/games/{game}/{m}.py" for m in RULE_MODULES[game])
    kit = "\n    tests/test_conformance.py" if conformance else ""
    slow = "".join(f"\n    --deselect\n    {t}" for t in SLOW.get(game, ()))
    return f"""[mutmut]
source_paths = hexbox
only_mutate =
{modules}
pytest_add_cli_args_test_selection =
    tests/{game}
    tests/test_golden.py{kit}
pytest_add_cli_args =
    -k
    {game}
    -p
    no:cacheprovider
    -q{slow}
"""


def prepare(game: str, work: Path, rev: str, worktree: bool, conformance: bool) -> None:
    """A fresh copy of the package and the tests at ``rev``, with the game's mutmut configuration.

    With ``worktree``, the game's tests and rule modules come from the working tree instead (to measure changes
    before committing them); the rest of the tree stays at ``rev``, whatever else is being edited.
    """
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    # docs too: each game package links its rules reference (reference.md) to docs/games/
    archive = subprocess.run(["git", "archive", rev, "hexbox", "tests", "docs"], cwd=ROOT, check=True,
                             capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive.stdout, check=True)
    if worktree:
        shutil.rmtree(work / "tests" / game)
        shutil.copytree(ROOT / "tests" / game, work / "tests" / game,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for module in RULE_MODULES[game]:
            path = Path("hexbox") / "games" / game / f"{module}.py"
            shutil.copy2(ROOT / path, work / path)
    (work / "setup.cfg").write_text(setup_cfg(game, conformance), encoding="utf-8")


def mutmut(work: Path, *args: str) -> int:
    exe = Path(sys.executable).with_name("mutmut")
    cmd = ["nice", "-n", "19", str(exe), *args]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.call(cmd, cwd=work, env=env)


def equivalents(game: str) -> dict[str, str]:
    """Mutant name (or glob) -> reason, from the tables of docs/mutation.md: rows '| `hexbox.games.<game>…` | why |'."""
    doc = ROOT / "docs" / "mutation.md"
    out: dict[str, str] = {}
    if doc.exists():
        for m in re.finditer(rf"^\| `(hexbox\.games\.{game}\.[^`]+)` \| (.+?) \|$", doc.read_text(), re.M):
            out[m.group(1)] = m.group(2)
    return out


def excused(name: str, equiv: dict[str, str]) -> bool:
    return name in equiv or any(fnmatch.fnmatchcase(name, pattern) for pattern in equiv if "*" in pattern)


def results(game: str, work: Path) -> dict[str, str]:
    """Mutant name -> status, read from mutmut's own records of the last run."""
    out: dict[str, str] = {}
    for module in RULE_MODULES[game]:
        meta = work / "mutants" / "hexbox" / "games" / game / f"{module}.py.meta"
        if not meta.exists():
            continue
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        for name, code in codes.items():
            out[name] = "not checked" if code is None else STATUS.get(code, "suspicious")
    return out


def report(game: str, work: Path, base: Path | None = None) -> int:
    status = results(game, work)
    if base is not None:  # a recheck: the mutants it did not run keep the verdict of the run in ``base``
        before = results(game, base)
        status = {n: before.get(n, s) if s == "not checked" else s for n, s in status.items()}
    if not status:
        print(f"no results in {work}; run without --report first", file=sys.stderr)
        return 1
    equiv = equivalents(game)
    print("| module | mutants | killed | survived | no tests | equivalent | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    lost, pending = [], 0
    for module in RULE_MODULES[game]:
        prefix = f"hexbox.games.{game}.{module}."
        names = sorted((n for n in status if n.startswith(prefix)), key=_natural)
        counts = Counter(status[n] for n in names)
        eq = sum(1 for n in names if excused(n, equiv) and status[n] not in KILLED)
        killed = counts["killed"] + counts["timeout"]
        live = len(names) - eq - counts["not checked"]
        score = 100.0 * killed / live if live else 100.0
        print(f"| {module}.py | {len(names)} | {killed} | {counts['survived']} | {counts['no tests']} | {eq} "
              f"| {score:.1f}% |")
        lost += [(n, status[n]) for n in names
                 if status[n] not in (*KILLED, "not checked") and not excused(n, equiv)]
        pending += counts["not checked"]
    stale = sorted(n for n in status if status[n] in KILLED and excused(n, equiv))
    if pending:
        print(f"\n{pending} mutants not checked yet (the run is going on, or was stopped): the scores count the rest")
    if lost:
        print("\nnot killed, not listed as equivalent (python benchmarks/mutation.py GAME --show NAME):")
        for n, s in lost:
            print(f"  {n}: {s}")
    if stale:
        print("\nlisted as equivalent but killed (the list is out of date):")
        for n in stale:
            print(f"  {n}")
    return 0


def _natural(name: str) -> tuple[str, int]:
    stem, _, k = name.rpartition("_")
    return stem, int(k) if k.isdigit() else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=sorted(RULE_MODULES))
    p.add_argument("--work", type=Path, help="where to copy the tree (default: /tmp/hexbox-mutation/GAME)")
    p.add_argument("--only", nargs="*", default=[], help="mutant names or globs, e.g. 'hexbox.games.prowl.scoring.*'")
    p.add_argument("--children", type=int, default=1, help="parallel mutants (default 1: the machine is shared)")
    p.add_argument("--rev", default="HEAD", help="the commit to test (default HEAD)")
    p.add_argument("--worktree", action="store_true",
                   help="the game's tests and rule modules as they are in the working tree, not at --rev")
    p.add_argument("--conformance", action="store_true",
                   help="run the conformance kit's set-ups of the game too (about three times slower)")
    p.add_argument("--recheck", type=Path, metavar="DIR",
                   help="run only the mutants that the run in DIR did not kill (its kills count as kills); the rule "
                        "modules must be the same as in that run")
    p.add_argument("--resume", action="store_true",
                   help="go on with the run in the work directory: no fresh copy, the mutants it checked are kept")
    p.add_argument("--report", action="store_true", help="print the table of the last run only")
    p.add_argument("--show", metavar="NAME", help="print the diff of one mutant of the last run")
    args = p.parse_args(argv)
    work = args.work or Path(tempfile.gettempdir()) / "hexbox-mutation" / args.game
    if args.show:
        return mutmut(work, "show", args.show)
    only = list(args.only)
    if args.recheck and not args.report:
        only += [n for n, s in results(args.game, args.recheck).items() if s not in (*KILLED, "not checked")]
    if not args.report:
        if not args.resume:
            prepare(args.game, work, args.rev, args.worktree, args.conformance)
        if args.recheck:
            for module in RULE_MODULES[args.game]:
                path = Path("hexbox") / "games" / args.game / f"{module}.py"
                if (work / path).read_bytes() != (args.recheck / path).read_bytes():
                    print(f"{path} changed since the run in {args.recheck}: run every mutant", file=sys.stderr)
                    return 2
        code = mutmut(work, "run", "--max-children", str(args.children), *only)
        if code:
            return code
    return report(args.game, work, args.recheck)


if __name__ == "__main__":
    sys.exit(main())
