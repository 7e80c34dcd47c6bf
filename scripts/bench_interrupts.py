"""Interrupt and load a sample build; every resumed release must equal an undisturbed one.

    python scripts/bench_interrupts.py [--interrupts 5] [--concurrent 3] [--seed 7]

1. A reference: `chemx build --corpus sample` then `chemx release`, undisturbed.
2. Ctrl-C at random moments: the build runs in its own process group, SIGINT goes to the
   group (as a terminal sends it, so OSRA children die too) at a seeded random time;
   then the same command runs again. Prints how long each build took to stop and whether
   the resumed release is byte-identical (combined checksum) to the reference.
3. Load: `--concurrent` builds at once on this machine's cores, each into its own folder;
   each is re-run until it finishes (a timed-out tool is retried, never cached), and
   its release is compared with the reference.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHEMX = [sys.executable, "-m", "chemx.cli"]


def build(out: Path, wait: bool = True) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [*CHEMX, "build", "--corpus", "sample", "--out", str(out), "--json"],
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
    args = parser.parse_args()
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
            os.killpg(process.pid, signal.SIGINT)
        process.wait()
        stop_s = time.perf_counter() - sent
        runs = finish(out)
        identical = release(out) == reference
        same += identical
        leftovers = list((out / "tmp").glob("*")) if (out / "tmp").exists() else []
        print(
            f"interrupt {index}: at {at:.1f} s, exit {process.returncode}, stopped in "
            f"{stop_s:.2f} s, re-runs {runs}, release identical: {identical}, "
            f"temp files left: {len(leftovers)}"
        )
    print(f"interrupts: {same} of {args.interrupts} releases identical to the reference")

    outs = [root / f"concurrent-{i}" for i in range(args.concurrent)]
    began = time.perf_counter()
    processes = [build(out, wait=False) for out in outs]
    codes = [process.wait() for process in processes]
    loaded_s = time.perf_counter() - began
    runs = [1 + (finish(out) if code != 0 else 0) for out, code in zip(outs, codes, strict=True)]
    identical = [release(out) == reference for out in outs]
    print(
        f"{args.concurrent} concurrent builds: {loaded_s:.1f} s "
        f"({loaded_s / reference_s:.2f}x one undisturbed build), first exits {codes}, "
        f"runs to finish {runs}, releases identical: {sum(identical)} of {len(outs)}"
    )
    print(f"folder: {root}")


if __name__ == "__main__":
    main()
