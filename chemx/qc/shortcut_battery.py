"""The shortcut battery: can an item be answered without its image, from text habits alone?

Each shortcut answers every item from its stem and options only (never the image) and is
scored with a 95% Wilson interval. A benchmark whose items need the structure keeps every
shortcut near chance (25%); one well above chance names a habit of the generator that
gives the answer away (seed 002, section 5.2: "multimodal multiple-choice benchmarks can
contain textual shortcuts that allow questions to be answered without the image").

====================  ==================================================================
``longest``           the longest option (the classic give-away of a correct answer)
``shortest``          the shortest option
``stem-overlap``      the option sharing the most content words with the stem
``rarest-feature``    the option whose feature is rarest across the release: a paper's
                      own feature against catalogue distractors that recur
``rarest-mechanism``  the option whose mechanism (its text minus the feature and minus
                      what all four options share) is rarest across the release: a
                      paper's mechanism against a curated table's recurring ones
``option-only``       logistic regression on option-text features (TF-IDF words and
                      bigrams, relative length, stem overlap), cross-validated over
                      items: what a classifier learns to spot without the image
====================  ==================================================================

Ties go to the earliest letter; answer positions are uniform, so a tie costs nothing.
It takes plain inputs (`ShortcutItem`), so the evaluator (`chemx eval --backend baseline`)
and release validation can both run it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from chemx.generation.text import content_stems
from chemx.records import Option

ShortcutLetter = Literal["A", "B", "C", "D"]
LETTERS: tuple[ShortcutLetter, ...] = ("A", "B", "C", "D")
SHORTCUTS: tuple[str, ...] = (
    "longest",
    "shortest",
    "stem-overlap",
    "rarest-feature",
    "rarest-mechanism",
    "option-only",
)
"""Every shortcut, in report order."""
Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
OPTION_ONLY_FOLDS = 5
"""Cross-validation folds over items: each item is answered by a model that never saw it."""
OPTION_ONLY_MIN_ITEMS = 10
"""Below this, a fold trains on too few items for its answers to mean anything."""
OPTION_ONLY_C = 1.0
"""Inverse L2 strength of the logistic regression (scikit-learn's default)."""


@dataclass(frozen=True)
class ShortcutItem:
    """What the battery reads of an item: no image, by design."""

    id: str
    stem: str
    choices: tuple[str, ...]
    """The four options, A-D."""
    answer: str
    """The correct letter."""
    features: tuple[str, ...] = ()
    """The feature each option names, A-D (the release's ``features`` column); may be empty."""

    @classmethod
    def from_options(
        cls, item_id: str, stem: str, answer: str, options: Sequence[Option]
    ) -> ShortcutItem:
        """What the battery reads of an item with these lettered options (no image)."""
        return cls(
            item_id, stem, tuple(o.text for o in options), answer, tuple(o.feature for o in options)
        )


@dataclass(frozen=True)
class ShortcutAnswer:
    """A shortcut's answer to one item and why."""

    letter: ShortcutLetter | None
    """None when the shortcut cannot answer the item (counts as wrong)."""
    why: str


@dataclass(frozen=True)
class ShortcutResult:
    """One shortcut over the items."""

    name: str
    answers: dict[str, ShortcutAnswer]
    """Item id -> answer."""
    correct: int
    total: int
    ci_low: float
    ci_high: float
    """The 95% Wilson interval of `accuracy`."""

    @property
    def accuracy(self) -> float:
        """Share of items answered correctly (0 when there are none)."""
        return self.correct / self.total if self.total else 0.0


def wilson_interval(successes: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (well-behaved near 0, 1 and small n).

    >>> tuple(round(x, 3) for x in wilson_interval(25, 100))
    (0.175, 0.343)
    """
    if total <= 0:
        return (0.0, 1.0)
    p = successes / total
    z2 = z * z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= total else min(1.0, centre + half)
    return (low, high)


def _pick(scores: Sequence[float], *, highest: bool) -> int:
    """Index of the best score; ties go to the earliest."""
    best = max(scores) if highest else min(scores)
    return next(i for i, score in enumerate(scores) if score == best)


def _others(values: Sequence[object], chosen: int) -> str:
    return ", ".join(str(value) for i, value in enumerate(values) if i != chosen)


# -- the simple shortcuts ------------------------------------------------------------


def _by_length(item: ShortcutItem, *, longest: bool) -> ShortcutAnswer:
    lengths = [len(choice) for choice in item.choices]
    chosen = _pick(lengths, highest=longest)
    word = "longest" if longest else "shortest"
    return ShortcutAnswer(
        LETTERS[chosen],
        f"{word} option: {lengths[chosen]} characters (others {_others(lengths, chosen)})",
    )


def _stem_overlap(item: ShortcutItem) -> ShortcutAnswer:
    stem_words = content_stems(item.stem)
    shared = [len(content_stems(choice) & stem_words) for choice in item.choices]
    chosen = _pick(shared, highest=True)
    return ShortcutAnswer(
        LETTERS[chosen],
        f"most content words shared with the stem: {shared[chosen]} "
        f"(others {_others(shared, chosen)})",
    )


# -- rarity across the release -------------------------------------------------------

_NON_WORD = re.compile(r"[^a-z0-9α-ω]+")


def _normalise(text: str) -> str:
    return " ".join(_NON_WORD.sub(" ", text.lower()).split())


def _shared_ends(texts: Sequence[list[str]]) -> tuple[int, int]:
    """How many leading and trailing words all texts share (the option frame)."""
    shortest = min(len(words) for words in texts)
    head = 0
    while head < shortest and len({words[head] for words in texts}) == 1:
        head += 1
    tail = 0
    while tail < shortest - head and len({words[-1 - tail] for words in texts}) == 1:
        tail += 1
    return head, tail


def mechanisms(item: ShortcutItem) -> list[str]:
    """Each option's mechanism: its text minus its feature and the frame all options share."""
    texts = [_normalise(choice) for choice in item.choices]
    if len(item.features) == len(texts):
        for i, feature in enumerate(item.features):
            name = _normalise(feature)
            if name:
                texts[i] = " ".join(texts[i].replace(name, " ", 1).split())
    words = [text.split() for text in texts]
    head, tail = _shared_ends(words)
    return [" ".join(w[head : len(w) - tail]) for w in words]


def _rarest(
    items: Sequence[ShortcutItem], keys: Callable[[ShortcutItem], list[str] | None], what: str
) -> dict[str, ShortcutAnswer]:
    """The option whose key (feature, mechanism) is rarest across `items` (`KeyUsage.rarest`)."""
    per_item = {item.id: keys(item) for item in items}
    usage = KeyUsage()
    for values in per_item.values():
        if values is not None:
            usage.add(values)
    answers = {}
    for item in items:
        values = per_item[item.id]
        if values is None:
            answers[item.id] = ShortcutAnswer(None, f"the item lists no {what} per option")
            continue
        chosen = usage.rarest(values)
        counts = [usage.keys[value] for value in values]
        answers[item.id] = ShortcutAnswer(
            LETTERS[chosen],
            f"rarest {what}: {values[chosen]!r} in {counts[chosen]} of {len(items)} items "
            f"(others {_others(counts, chosen)})",
        )
    return answers


@dataclass
class KeyUsage:
    """How many items of a release use each key (feature, mechanism) and each key word."""

    keys: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)

    def add(self, values: Sequence[str]) -> None:
        """Count one item's keys (each once however many options carry it)."""
        self.keys.update(set(values))
        self.words.update({word for value in values for word in value.split()})

    def remove(self, values: Sequence[str]) -> None:
        """Uncount one item's keys (what `add` counted)."""
        self.keys.subtract(set(values))
        self.words.subtract({word for value in values for word in value.split()})

    def rarest(self, values: Sequence[str]) -> int:
        """The index of the rarest of one item's keys.

        Rarity is how many items use the key; ties are broken by the mean item frequency
        of its words (a rarer vocabulary is rarer), then by letter.
        """
        scores = []
        for value in values:
            vocabulary = value.split()
            mean_words = (
                sum(self.words[w] for w in vocabulary) / len(vocabulary) if vocabulary else 0.0
            )
            scores.append((self.keys[value], mean_words))
        return scores.index(min(scores))


def features(item: ShortcutItem) -> list[str] | None:
    """Each option's feature, normalised; None when the item does not list them all."""
    if len(item.features) != len(item.choices) or not all(item.features):
        return None
    return [_normalise(feature) for feature in item.features]


# -- option-only classifier ----------------------------------------------------------


def _option_only(items: Sequence[ShortcutItem]) -> dict[str, ShortcutAnswer]:
    """Cross-validated logistic regression over option text (see the module docstring)."""
    if len(items) < OPTION_ONLY_MIN_ITEMS:
        why = f"option-only needs at least {OPTION_ONLY_MIN_ITEMS} items (got {len(items)})"
        return {item.id: ShortcutAnswer(None, why) for item in items}
    import numpy as np
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    texts, groups, labels, shape = [], [], [], []
    for index, item in enumerate(items):
        lengths = [len(choice) for choice in item.choices]
        mean = sum(lengths) / len(lengths) or 1.0
        ranks = sorted(range(len(lengths)), key=lambda i: lengths[i])
        stem_words = content_stems(item.stem)
        for i, choice in enumerate(item.choices):
            texts.append(choice)
            groups.append(index)
            labels.append(int(LETTERS[i] == item.answer))
            own = content_stems(choice)
            shape.append(
                [
                    lengths[i] / mean,
                    ranks.index(i) / 3,
                    len(own & stem_words) / len(own) if own else 0.0,
                ]
            )
    y = np.asarray(labels)
    dense = csr_matrix(np.asarray(shape))
    scores = np.zeros(len(texts))
    folds = GroupKFold(n_splits=min(OPTION_ONLY_FOLDS, len(items)))
    for train, test in folds.split(texts, y, groups):
        vectoriser = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True)
        vectoriser.fit([texts[i] for i in train])
        features = hstack([vectoriser.transform(texts), dense]).tocsr()
        model = LogisticRegression(C=OPTION_ONLY_C, max_iter=2000)
        model.fit(features[train], y[train])
        scores[test] = model.decision_function(features[test])
    answers = {}
    for index, item in enumerate(items):
        option_scores = [float(s) for s in scores[4 * index : 4 * index + 4]]
        chosen = _pick(option_scores, highest=True)
        answers[item.id] = ShortcutAnswer(
            LETTERS[chosen],
            f"option-only classifier score {option_scores[chosen]:.2f} "
            f"(others {_others([f'{s:.2f}' for s in option_scores], chosen)})",
        )
    return answers


# -- the battery ---------------------------------------------------------------------


def shortcut_answers(name: str, items: Sequence[ShortcutItem]) -> dict[str, ShortcutAnswer]:
    """Item id -> what shortcut `name` answers, over `items` (rarity is across them all).

    Raises:
        ValueError: `name` is not one of `SHORTCUTS`, or an item has not four options.
    """
    for item in items:
        if len(item.choices) != len(LETTERS):
            raise ValueError(f"item {item.id}: {len(item.choices)} options, expected 4")
    if name == "longest":
        return {item.id: _by_length(item, longest=True) for item in items}
    if name == "shortest":
        return {item.id: _by_length(item, longest=False) for item in items}
    if name == "stem-overlap":
        return {item.id: _stem_overlap(item) for item in items}
    if name == "rarest-feature":
        return _rarest(items, features, "feature")
    if name == "rarest-mechanism":
        return _rarest(items, mechanisms, "mechanism")
    if name == "option-only":
        return _option_only(items)
    raise ValueError(f"unknown shortcut {name!r} (choose one of: {', '.join(SHORTCUTS)})")


def run_shortcut(name: str, items: Sequence[ShortcutItem]) -> ShortcutResult:
    """Shortcut `name` answered and scored over `items`."""
    answers = shortcut_answers(name, items)
    correct = sum(1 for item in items if answers[item.id].letter == item.answer)
    low, high = wilson_interval(correct, len(items))
    return ShortcutResult(name, answers, correct, len(items), low, high)


def run_battery(
    items: Sequence[ShortcutItem], names: Sequence[str] = SHORTCUTS
) -> list[ShortcutResult]:
    """Every shortcut in `names` over `items`, in order."""
    return [run_shortcut(name, items) for name in names]


__all__ = [
    "LETTERS",
    "SHORTCUTS",
    "KeyUsage",
    "ShortcutAnswer",
    "ShortcutItem",
    "ShortcutResult",
    "features",
    "mechanisms",
    "run_battery",
    "run_shortcut",
    "shortcut_answers",
    "wilson_interval",
]
