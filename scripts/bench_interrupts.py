"""Interrupt and load a sample build; every resumed release must equal an undisturbed one.

    python scripts/bench_interrupts.py [--interrupts 5] [--concurrent 3] [--seed 7]
        [--signal int|kill] [--executor local|process|ray] [--concurrency N] [--burn]

1. A reference: `chemx build --corpus sample` then `chemx release`, undisturbed.
2. Ctrl-C at random moments: the build runs in its own process group, SIGINT goes to the
   group (as a terminal sends it, so OSRA children die too) at a seeded random time;
   then the same command runs again. Prints how long each build took to stop and whether
   the resumed release is byte-identical (combined checksum) to the reference.
3. Load: `--concurrent` builds at once on this machine's cores, each into its own folder;
   each is re-run until it finishes (a timed-out tool is retried, never cached), and
   its release is compared with the reference.
4. With `--burn`: one build while busy-loop processes keep every core busy.

`--signal kill` sends SIGKILL instead of SIGINT (no handler runs, nothing is flushed);
`--executor` and `--concurrency` choose how the builds run (issue 15: a killed
concurrent, process or Ray build must resume to the same release).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

CHEMX = [sys.executable, "-m", "chemx.cli"]
OPTIONS: list[str] = []
"""Extra `chemx build` options (--executor, --concurrency), set from the command line."""


def build(out: Path, wait: bool = True) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [*CHEMX, "build", "--corpus", "sample", "--out", str(out), "--json", *OPTIONS],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    if wait:
        process.wait()
    return process


def finish(out: Path, tries: int = 4) -> int:
    """Re-run until the build finishes (exit 0); the number of runs it took."""
    for run in range(1, tries + 1):
        if build(out).returncode == 0:
            return run
    raise RuntimeError(f"{out}: not finished after {tries} runs")


def survivors(session: int, grace_s: float = 10.0) -> int:
    """Processes of the stopped build's session still alive after `grace_s`.

    Workers, Ray's raylet and actors, OSRA: a stopped build must leave none behind.
    """
    deadline = time.monotonic() + grace_s
    while True:
        alive = 0
        for pid in psutil.pids():
            with contextlib.suppress(OSError):
                alive += os.getsid(pid) == session
        if alive == 0 or time.monotonic() > deadline:
            return alive
        time.sleep(0.5)


def release(out: Path) -> str:
    target = out / "release"
    subprocess.run(
        [*CHEMX, "release", "--store", str(out), "--out", str(target)],
        check=True,
        capture_output=True,
    )
    return (target / "combined.sha256").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interrupts", type=int, default=5)
    parser.add_argument("--concurrent", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--signal", choices=("int", "kill"), default="int")
    parser.add_argument("--executor", default="local")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--burn", action="store_true", help="also build with every core busy")
    args = parser.parse_args()
    OPTIONS.extend(["--executor", args.executor, "--concurrency", str(args.concurrency)])
    stop = signal.SIGKILL if args.signal == "kill" else signal.SIGINT
    print(f"builds: chemx build --corpus sample {' '.join(OPTIONS)}; signal {stop.name}")
    rng = random.Random(args.seed)
    root = Path(tempfile.mkdtemp(prefix="chemx-interrupts-"))
    started = time.perf_counter()
    reference_out = root / "reference"
    finish(reference_out)
    reference_s = time.perf_counter() - started
    reference = release(reference_out)
    print(f"reference build: {reference_s:.1f} s, release {reference[:16]}")

    same = 0
    for index in range(args.interrupts):
        out = root / f"interrupt-{index}"
        at = rng.uniform(0.1, 0.9) * reference_s
        process = build(out, wait=False)
        time.sleep(at)
        sent = time.perf_counter()
        if process.poll() is None:
            os.killpg(process.pid, stop)
        process.wait()
        stop_s = time.perf_counter() - sent
        left = survivors(process.pid)
        runs = finish(out)
        identical = release(out) == reference
        same += identical
        leftovers = list((out / "tmp").glob("*")) if (out / "tmp").exists() else []
        print(
            f"interrupt {index}: at {at:.1f} s, exit {process.returncode}, stopped in "
            f"{stop_s:.2f} s, re-runs {runs}, release identical: {identical}, "
            f"temp files left: {len(leftovers)}, processes left: {left}"
        )
    print(f"interrupts: {same} of {args.interrupts} releases identical to the reference")

    if args.burn:
        burners = [
            subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(os.cpu_count() or 2)
        ]
        try:
            began = time.perf_counter()
            out = root / "burned"
            code = build(out).returncode
            burned_s = time.perf_counter() - began
            burned_runs = 1 + (finish(out) if code != 0 else 0)
        finally:
            for burner in burners:
                burner.kill()
        print(
            f"build with {len(burners)} busy cores: {burned_s:.1f} s "
            f"({burned_s / reference_s:.2f}x undisturbed), first exit {code}, runs {burned_runs}, "
            f"release identical: {release(out) == reference}"
        )

    outs = [root / f"concurrent-{i}" for i in range(args.concurrent)]
    began = time.perf_counter()
    processes = [build(out, wait=False) for out in outs]
    codes = [process.wait() for process in processes]
    loaded_s = time.perf_counter() - began
    to_finish = [
        1 + (finish(out) if code != 0 else 0) for out, code in zip(outs, codes, strict=True)
    ]
    matches = [release(out) == reference for out in outs]
    print(
        f"{args.concurrent} concurrent builds: {loaded_s:.1f} s "
        f"({loaded_s / reference_s:.2f}x one undisturbed build), first exits {codes}, "
        f"runs to finish {to_finish}, releases identical: {sum(matches)} of {len(outs)}"
    )
    print(f"folder: {root}")


if __name__ == "__main__":
    main()
