"""`--backend baseline`: answers without a model, as references for every score.

``--model`` names the baseline:

- ``random``: a letter drawn by a generator seeded with the item id (and ``--seed``), the
  same for every trial, so its majority-vote accuracy is the 25% chance line.
- ``always-A``: the first letter (position bias; answer letters are balanced, so 25%).
- the shortcut battery (`chemx.qc.shortcut_battery`): ``longest``, ``shortest``,
  ``stem-overlap``, ``rarest-feature``, ``rarest-mechanism``, ``option-only``: each
  answers from the text alone, never the image; well above 25% means the items leak.

Their trials are ordinary `TrialRecord`s (raw output: ``FINAL ANSWER: X`` and why), so
the same extraction, vote and report apply.
"""

from __future__ import annotations

import difflib
import random

from chemx.errors import SettingsError
from chemx.evaluation.backends._base import EvalBatch, EvalSettings, TrialOutput, TrialSink
from chemx.evaluation.records import LETTERS, EvalItem
from chemx.provenance.ids import digest
from chemx.qc.shortcut_battery import SHORTCUTS, ShortcutItem, shortcut_answers
from chemx.registry import BackendContext

BASELINES: tuple[str, ...] = ("random", "always-A", *SHORTCUTS)
"""Every baseline ``--model`` accepts, in report order."""


def baseline_answers(
    baseline: str, items: tuple[EvalItem, ...], seed: int | None = 0
) -> dict[str, tuple[str | None, str]]:
    """Item id -> (letter or None, why) for `baseline` over `items`."""
    if baseline == "random":
        answers: dict[str, tuple[str | None, str]] = {}
        for item in items:
            generator = random.Random(int(digest("random", seed, item.id)[:16], 16))
            answers[item.id] = (generator.choice(LETTERS), "random letter seeded by the item id")
        return answers
    if baseline == "always-A":
        return {item.id: ("A", "always A") for item in items}
    plain = [
        ShortcutItem(item.id, item.stem, item.choices, item.answer, item.features) for item in items
    ]
    return {
        item_id: (answer.letter, answer.why)
        for item_id, answer in shortcut_answers(baseline, plain).items()
    }


class BaselineBackend:
    """One baseline (see the module docstring)."""

    endpoint: str | None = None

    def __init__(self, baseline: str, seed: int | None = 0) -> None:
        """`baseline` is one of `BASELINES`."""
        self.baseline = baseline
        self.seed = seed
        self.name = f"baseline:{baseline}"

    def evaluate(self, batch: EvalBatch, sink: TrialSink) -> None:
        """Answer every trial; rarity and the classifier see all of the run's items."""
        answers = baseline_answers(self.baseline, batch.items, self.seed)
        for request in batch.requests:
            letter, why = answers[request.item.id]
            raw = f"FINAL ANSWER: {letter}\n({why})" if letter else f"No answer ({why})."
            request_hash = digest(self.name, self.seed, request.item.id)
            for trial in request.trials:
                sink(request, TrialOutput(trial, request_hash, raw, latency_s=0.0))

    def close(self) -> None:
        """Nothing to release."""


def make_baseline_backend(context: BackendContext) -> BaselineBackend:
    """Registry factory: refuses an unknown baseline name before any work."""
    settings: EvalSettings = context.settings
    if settings.model not in BASELINES:
        close = difflib.get_close_matches(settings.model, BASELINES, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise SettingsError(
            f"unknown baseline {settings.model!r}{hint} (--backend baseline --model takes one "
            f"of: {', '.join(BASELINES)})"
        )
    return BaselineBackend(settings.model, settings.sampling.seed)
