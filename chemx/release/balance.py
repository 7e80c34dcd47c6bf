"""Wrong answers balanced across a release, so that no wording habit tells the answer.

Why: each item is written alone, but the shortcuts that matter read the whole release
(seed 002, section 5.2; `chemx.qc.shortcut_battery`). The paper words its answer once,
while the generator offers the same catalogue feature ("para-disubstituted benzene ring")
and the same mechanism reading as a wrong answer in many items: on the embedded sample,
"the option whose feature is rarest across the release" was right for 15 of 32 items and
"the rarest mechanism" for 17, where chance is 8. No single item can see this.

How: adversarial filtering (Zellers et al. 2018, SWAG) restricted to what the generator
already wrote and checked. Every item keeps its stem, its answer and the answer's letter.
Each wrong answer may be replaced by one of the item's spare wrong answers
(`Candidate.spare_options`: another feature the structure shows, or another reading of a
mechanism), and a replacement is kept only when

- the new four options still pass the option rules of the anti-shortcut gate
  (`chemx.qc.anti_shortcut.check_options`: same effect, length ratio, no hedging, no two
  options on one feature, no wrong answer explaining through the answer's feature), and
- it lowers the release's cost: how many (item, shortcut) pairs the stem-overlap and
  rarity shortcuts (`BALANCED`) answer right, plus how unevenly the answer's length rank
  (how many options are shorter, 0-3) is spread over the release (`rank_unevenness`).
  Rarity is counted on the items whose key counts a swap changes; the word-frequency
  tie-breaks of other items are left as they were, and the whole battery is run before
  and after.

Length is balanced as a spread of ranks, not away from the extremes: with the longest
and shortest shortcuts in the objective instead, the sample's answers moved to the middle
(ranks 5/13/8/6 of 32 from 9/8/4/11), and "the second-shortest option" was right 41% of
the time. An even spread leaves length nothing to tell, whichever rank a shortcut bets on
(the sample's balanced ranks: 8/8/8/8). On the sample the held-out option-only
classifier, averaged over 30 fold orders (`scripts/bench_balance.py`), is 0.374 on the
generated and on the balanced options.

The search is coordinate descent: items in id order, wrong answers in letter order, spares
in the generator's preference order, at most `MAX_PASSES` passes; it is deterministic, so
a release stays byte-identical. The option-only classifier is left out of the objective
on purpose: it stays a held-out check of what balancing did to the wording.

What it does not do: the QC 3 judge judged the generator's options, not a replacement
(the provenance says which options a release replaced), and an item with no spares
(the LLM generator writes none) is never changed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from chemx.qc.anti_shortcut import check_options
from chemx.qc.shortcut_battery import (
    KeyUsage,
    ShortcutItem,
    features,
    mechanisms,
    run_battery,
    shortcut_answers,
)
from chemx.records import Option, SpareOption
from chemx.release.rows import ReleaseRow

BALANCED: tuple[str, ...] = ("stem-overlap", "rarest-feature", "rarest-mechanism")
"""The shortcuts whose right answers balancing minimises; length is balanced as a spread
of ranks (module docstring), and the option-only classifier is held out."""
GAIN_EPSILON = 1e-9
"""A swap must lower the cost by more than float noise."""
MAX_PASSES = 3
"""Passes over the release; later passes only act on what earlier swaps changed."""


@dataclass(frozen=True)
class BalanceInput:
    """What balancing reads of one item."""

    id: str
    stem: str
    answer: str
    options: tuple[Option, ...]
    spares: tuple[SpareOption, ...]
    effect: str
    feature: str
    """The answer's feature as decomposed (the anti-shortcut rules read it)."""


@dataclass(frozen=True)
class Swap:
    """One wrong answer a release lettered in place of the generator's."""

    letter: str
    generated: str
    released: str
    generated_feature: str
    released_feature: str


@dataclass
class BalanceResult:
    """The released options of every item, what changed, and the battery before/after."""

    options: dict[str, tuple[Option, ...]]
    swaps: dict[str, list[Swap]] = field(default_factory=dict)
    before: dict[str, int] = field(default_factory=dict)
    """Shortcut -> items it answers right, on the generator's options."""
    after: dict[str, int] = field(default_factory=dict)
    """The same on the released options."""
    items: int = 0

    items_before: int | None = None
    """Items the `before` counts are over, when a second pass ran on fewer (after hold-out)."""

    def then(self, later: BalanceResult) -> BalanceResult:
        """This pass followed by `later` over the items left (after some were held out).

        `before` stays this pass's (the generator's options, over `items_before` items);
        `after` and `items` are the later pass's, over the items released; every swap of
        both passes is kept, per item in order.
        """
        swaps = {item: list(found) for item, found in self.swaps.items()}
        for item, found in later.swaps.items():
            swaps.setdefault(item, []).extend(found)
        return BalanceResult(
            options=later.options,
            swaps=swaps,
            before=self.before,
            after=later.after,
            items=later.items,
            items_before=self.items if self.items_before is None else self.items_before,
        )

    def describe(self) -> str:
        """One line: what balancing changed and the shortcuts' right answers before/after."""
        changes = ", ".join(
            f"{name} {self.before.get(name, 0)}->{self.after.get(name, 0)}" for name in self.after
        )
        replaced = sum(len(s) for s in self.swaps.values())
        over = f" (before: over {self.items_before})" if self.items_before is not None else ""
        return (
            f"balanced wrong answers: {replaced} replaced in {len(self.swaps)} of "
            f"{self.items} items; shortcut right answers{over} {changes}"
        )

    def summary(self) -> dict[str, object]:
        """The release manifest's record of balancing."""
        return {
            "method": "adversarial filtering over spare wrong answers (chemx.release.balance)",
            "objective": [*BALANCED, "an even spread of answer length ranks"],
            "items": self.items,
            "items_changed": len(self.swaps),
            "options_replaced": sum(len(s) for s in self.swaps.values()),
            "shortcut_correct_before": self.before,
            "shortcut_correct_after": self.after,
            **({"items_before": self.items_before} if self.items_before is not None else {}),
        }


def inputs_of(rows: Sequence[ReleaseRow]) -> list[BalanceInput]:
    """What balancing reads of released rows: each item with its candidate's spares."""
    return [
        BalanceInput(
            id=row.item.id,
            stem=row.item.stem,
            answer=row.item.answer,
            options=row.item.options,
            spares=row.candidate.spare_options,
            effect=row.candidate.effect,
            feature=row.candidate.feature,
        )
        for row in rows
    ]


def shortcut_item(entry: BalanceInput, options: Sequence[Option]) -> ShortcutItem:
    """What the shortcut battery reads of an item with these options (no image)."""
    return ShortcutItem.from_options(entry.id, entry.stem, entry.answer, options)


class _Release:
    """The release being balanced: each item's options and the release-wide key usage."""

    def __init__(self, entries: Sequence[BalanceInput]) -> None:
        self.entries = list(entries)
        self.options = {e.id: tuple(e.options) for e in entries}
        self.feature_keys: dict[str, list[str] | None] = {}
        self.mechanism_keys: dict[str, list[str]] = {}
        self.feature_usage = KeyUsage()
        self.mechanism_usage = KeyUsage()
        self.users: dict[str, set[str]] = {}
        """Key -> the items whose options carry it (feature and mechanism keys alike)."""
        self.overlap_right: dict[str, bool] = {}
        """Item -> whether stem overlap finds its answer (only its own options change it)."""
        self.ranks: Counter[int] = Counter()
        """Answer length rank -> how many items have it."""
        self.quarter = max(1, math.ceil(len(self.entries) / 4))
        """A quarter of the release: how many answers each length rank holds when even."""
        for entry in entries:
            self._count(entry, self.options[entry.id])

    def _count(self, entry: BalanceInput, options: Sequence[Option]) -> None:
        self.ranks[answer_rank(entry, options)] += 1
        item = shortcut_item(entry, options)
        overlap = shortcut_answers("stem-overlap", [item])
        self.overlap_right[entry.id] = overlap[entry.id].letter == entry.answer
        feature_keys, mechanism_keys = features(item), mechanisms(item)
        self.feature_keys[entry.id], self.mechanism_keys[entry.id] = feature_keys, mechanism_keys
        if feature_keys is not None:
            self.feature_usage.add(feature_keys)
        self.mechanism_usage.add(mechanism_keys)
        for key in (*(feature_keys or ()), *mechanism_keys):
            self.users.setdefault(key, set()).add(entry.id)

    def _uncount(self, entry: BalanceInput) -> None:
        self.ranks[answer_rank(entry, self.options[entry.id])] -= 1
        feature_keys, mechanism_keys = self.feature_keys[entry.id], self.mechanism_keys[entry.id]
        if feature_keys is not None:
            self.feature_usage.remove(feature_keys)
        self.mechanism_usage.remove(mechanism_keys)
        for key in (*(feature_keys or ()), *mechanism_keys):
            self.users[key].discard(entry.id)

    def set_options(self, entry: BalanceInput, options: Sequence[Option]) -> None:
        """Replace an item's options and recount the release's key usage."""
        self._uncount(entry)
        self.options[entry.id] = tuple(options)
        self._count(entry, options)

    def cost(self, entry: BalanceInput) -> int:
        """How many balanced shortcuts answer this item right on its current options."""
        cost = int(self.overlap_right[entry.id])
        letters = [o.letter for o in self.options[entry.id]]
        feature_keys = self.feature_keys[entry.id]
        if feature_keys is not None:
            cost += letters[self.feature_usage.rarest(feature_keys)] == entry.answer
        cost += letters[self.mechanism_usage.rarest(self.mechanism_keys[entry.id])] == (
            entry.answer
        )
        return cost

    def rank_unevenness(self) -> float:
        """How unevenly answers are spread over the length ranks: sum of squared counts.

        Scaled by twice a quarter of the release, moving one answer from a rank holding
        `a` to one holding `b` changes it by (b - a + 1) / quarter: about one shortcut
        hit for a rank a quarter over full, and a gain for any move towards the emptier
        rank (an excess over a quarter would see no gain in a move that only passes an
        item's surplus on, and greedy moves would stop).
        """
        return sum(count * count for count in self.ranks.values()) / (2 * self.quarter)

    def affected(self, entry: BalanceInput) -> set[str]:
        """The items whose rarity answers depend on this item's keys (itself included)."""
        keys = (*(self.feature_keys[entry.id] or ()), *self.mechanism_keys[entry.id])
        ids = {entry.id}
        for key in keys:
            ids |= self.users.get(key, set())
        return ids


def answer_rank(entry: BalanceInput, options: Sequence[Option]) -> int:
    """How many of the options are shorter than the answer (0: it is the shortest)."""
    answer = next(len(o.text) for o in options if o.letter == entry.answer)
    return sum(1 for o in options if len(o.text) < answer)


def _candidates(entry: BalanceInput, options: Sequence[Option], letter: str) -> list[Option]:
    """The spares that could take `letter`'s place: features no other option names."""
    others = {o.feature for o in options if o.letter != letter}
    return [
        Option(letter=letter, feature=spare.feature, mechanism=spare.mechanism, text=spare.text)
        for spare in entry.spares
        if spare.feature not in others
    ]


def balance(entries: Sequence[BalanceInput]) -> BalanceResult:
    """The released options of every item (module docstring)."""
    ordered = sorted(entries, key=lambda e: e.id)
    by_id = {e.id: e for e in ordered}
    release = _Release(ordered)
    before = _battery(ordered, release.options)
    swaps: dict[str, list[Swap]] = {}
    for _ in range(MAX_PASSES):
        changed = False
        for entry in ordered:
            if not entry.spares:
                continue
            for letter in [o.letter for o in release.options[entry.id] if o.letter != entry.answer]:
                if _improve(release, entry, letter, by_id, swaps):
                    changed = True
        if not changed:
            break
    after = _battery(ordered, release.options)
    return BalanceResult(
        options=release.options,
        swaps=swaps,
        before=before,
        after=after,
        items=len(ordered),
    )


def _improve(
    release: _Release,
    entry: BalanceInput,
    letter: str,
    by_id: dict[str, BalanceInput],
    swaps: dict[str, list[Swap]],
) -> bool:
    """Letter the spare that most lowers the release's cost, if one does."""
    current = release.options[entry.id]
    slot = next(i for i, o in enumerate(current) if o.letter == letter)
    best: tuple[float, tuple[Option, ...]] | None = None
    for option in _candidates(entry, current, letter):
        trial = (*current[:slot], option, *current[slot + 1 :])
        report = check_options(trial, entry.answer, effect=entry.effect, feature=entry.feature)
        if not report.passed:
            continue
        touched = release.affected(entry)
        release.set_options(entry, trial)
        touched |= release.affected(entry)
        new = sum(release.cost(by_id[i]) for i in touched) + release.rank_unevenness()
        release.set_options(entry, current)
        old = sum(release.cost(by_id[i]) for i in touched) + release.rank_unevenness()
        gain = old - new
        if gain > GAIN_EPSILON and (best is None or gain > best[0]):
            best = (gain, trial)
    if best is None:
        return False
    release.set_options(entry, best[1])
    generated = current[slot]
    released = best[1][slot]
    history = swaps.setdefault(entry.id, [])
    first = next((s for s in history if s.letter == letter), None)
    if first is not None:  # replaced again: keep what the generator lettered
        history.remove(first)
        generated_text, generated_feature = first.generated, first.generated_feature
    else:
        generated_text, generated_feature = generated.text, generated.feature
    if generated_text != released.text:
        history.append(
            Swap(letter, generated_text, released.text, generated_feature, released.feature)
        )
    if not history:
        del swaps[entry.id]
    return True


def _battery(
    entries: Sequence[BalanceInput], options: dict[str, tuple[Option, ...]]
) -> dict[str, int]:
    """Shortcut -> right answers over the release, every shortcut of the battery."""
    items = [shortcut_item(entry, options[entry.id]) for entry in entries]
    return {result.name: result.correct for result in run_battery(items)}


__all__ = [
    "BALANCED",
    "BalanceInput",
    "BalanceResult",
    "Swap",
    "answer_rank",
    "balance",
    "inputs_of",
    "shortcut_item",
]
