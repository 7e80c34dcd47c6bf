"""What balancing the wrong answers, and holding out what text answers, do to the shortcuts.

    python scripts/bench_balance.py --store demo-out [--seeds 30]

Reads the accepted items of a built store (as `chemx release` collects them), and prints
for the generator's options and for the balanced ones (`chemx.release.balance`): every
shortcut of the battery (right answers out of the items), the option-only classifier's
accuracy averaged over `--seeds` orders of its cross-validation folds (one fold order is
noisy on 30 items: the classifier is held out of the balancing, so this is the honest
check that balancing did not move the give-away elsewhere), the spread of the answer's
length rank (0 = shortest), and the seconds balancing took. A third row gives the same
after the release holds out the items that text alone answers (`chemx.release.holdout`),
with how many it held out and the seconds that took. One run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from chemx.provenance.store import ProvenanceStore
from chemx.qc.shortcut_battery import ShortcutItem, run_battery
from chemx.release.balance import answer_rank, balance, inputs_of, shortcut_item
from chemx.release.holdout import hold_out, option_only_runs
from chemx.release.rows import collect


def option_only_mean(items: list[ShortcutItem], seeds: int) -> tuple[float, float]:
    """Mean and standard deviation of option-only accuracy over shuffled item orders."""
    scores = [sum(run.values()) / len(run) for run in option_only_runs(items, seeds)]
    return statistics.mean(scores), statistics.pstdev(scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True, help="a finished build folder")
    parser.add_argument("--seeds", type=int, default=30, help="fold orders for option-only")
    args = parser.parse_args()
    with ProvenanceStore(args.store, readonly=True) as store:
        rows = collect(store)
    entries = inputs_of(rows)
    started = time.perf_counter()
    result = balance(entries)
    seconds = time.perf_counter() - started
    generated = {e.id: e.options for e in entries}
    print(f"store: {args.store}  items: {len(rows)}  balancing took {seconds:.2f} s")
    print(f"options replaced: {result.summary()['options_replaced']} in {len(result.swaps)} items")
    order = [row.item.id for row in rows]  # the release's order (option-only folds follow it)
    by_id = {e.id: e for e in entries}
    started = time.perf_counter()
    held = hold_out([shortcut_item(by_id[i], result.options[i]) for i in order])
    took = time.perf_counter() - started
    named = ", ".join(
        f"{h.id} ({'+'.join(h.shortcuts)}; option-only {h.option_only:.2f})" for h in held.held
    )
    print(f"held out {len(held.held)} of {len(rows)} items in {took:.2f} s: {named}")
    kept = set(held.kept)
    for name, options, ids in (
        ("generated", generated, order),
        ("balanced", result.options, order),
        ("held out", result.options, [i for i in order if i in kept]),
    ):
        items = [shortcut_item(by_id[i], options[i]) for i in ids]
        battery = ", ".join(f"{r.name} {r.correct}" for r in run_battery(items))
        mean, spread = option_only_mean(items, args.seeds)
        ranks = [0, 0, 0, 0]
        for i in ids:
            ranks[answer_rank(by_id[i], options[i])] += 1
        print(f"{name:10} {battery}")
        print(
            f"{'':10} option-only over {args.seeds} fold orders {mean:.3f} (sd {spread:.3f}); "
            f"answer length ranks {ranks}"
        )


if __name__ == "__main__":
    main()
