"""Balancing wrong answers across a release (`chemx.release.balance`)."""

from __future__ import annotations

from chemx.qc.anti_shortcut import check_options
from chemx.qc.shortcut_battery import ShortcutItem, run_shortcut
from chemx.records import Option, SpareOption
from chemx.release.balance import BalanceInput, BalanceResult, Swap, balance

EFFECT = "the higher yield"
FRAME = ", which accounts for the higher yield."
STOCK = [
    ("phenyl ring", "adds a flat hydrophobic surface"),
    ("methyl ester", "is saponified by aqueous hydroxide"),
    ("amide N–H", "donates a hydrogen bond through its N–H"),
]
"""Catalogue wrong answers every item offers: the rarest feature is then the answer."""


def option(letter: str, feature: str, mechanism: str) -> Option:
    return Option(
        letter=letter,  # type: ignore[arg-type]
        feature=feature,
        mechanism=mechanism,
        text=f"The {feature} {mechanism}{FRAME}",
    )


def spare(feature: str, mechanism: str) -> SpareOption:
    return SpareOption(
        feature=feature, mechanism=mechanism, text=f"The {feature} {mechanism}{FRAME}"
    )


def item(n: int, *, spares: tuple[SpareOption, ...] = ()) -> BalanceInput:
    """Item `n`: its own answer (worded once in the release) among the stock wrong answers."""
    answer = "ABCD"[n % 4]
    wrong = iter(STOCK)
    options = tuple(
        option(letter, f"answer feature {n}", f"binds site {n} in the pocket")
        if letter == answer
        else option(letter, *next(wrong))
        for letter in "ABCD"
    )
    return BalanceInput(
        id=f"itm_{n:02d}",
        stem=f"The observed outcome is {EFFECT}. Which feature explains it?",
        answer=answer,
        options=options,
        spares=spares,
        effect=EFFECT,
        feature=f"answer feature {n}",
    )


def own_spares(n: int) -> tuple[SpareOption, ...]:
    """Two features only item `n` shows, worded like its answer."""
    return (
        spare(f"ring system {n}a", f"fills the groove {n} beside the pocket"),
        spare(f"ring system {n}b", f"twists out of plane {n} at the hinge"),
    )


def rarest_feature_right(entries: list[BalanceInput], options: dict[str, tuple[Option, ...]]):
    items = [
        ShortcutItem(
            e.id,
            e.stem,
            tuple(o.text for o in options[e.id]),
            e.answer,
            tuple(o.feature for o in options[e.id]),
        )
        for e in entries
    ]
    return run_shortcut("rarest-feature", items).correct


def test_spares_take_the_place_of_wrong_answers_the_release_repeats() -> None:
    entries = [item(n, spares=own_spares(n)) for n in range(12)]
    generated = {e.id: e.options for e in entries}
    assert rarest_feature_right(entries, generated) == 12  # every answer is the rare one

    result = balance(entries)

    assert result.before["rarest-feature"] == 12
    assert result.after["rarest-feature"] == rarest_feature_right(entries, result.options) < 12
    for entry in entries:
        released = result.options[entry.id]
        # the stem's answer stays where it was, worded as it was
        assert [o for o in released if o.letter == entry.answer] == [
            o for o in entry.options if o.letter == entry.answer
        ]
        assert check_options(released, entry.answer, effect=EFFECT, feature=entry.feature).passed
        for swap in result.swaps.get(entry.id, []):
            assert swap.letter != entry.answer
            assert swap.generated in {o.text for o in entry.options}
            assert swap.released in {s.text for s in entry.spares}
            assert next(o.text for o in released if o.letter == swap.letter) == swap.released
    changed = {e.id for e in entries if result.options[e.id] != e.options}
    assert changed == set(result.swaps)
    assert result.summary()["options_replaced"] == sum(len(s) for s in result.swaps.values())


def test_the_result_does_not_depend_on_the_input_order() -> None:
    entries = [item(n, spares=own_spares(n)) for n in range(8)]
    first = balance(entries)
    second = balance(list(reversed(entries)))
    assert first.options == second.options
    assert first.swaps == second.swaps


def test_items_without_spares_are_released_as_generated() -> None:
    entries = [item(n) for n in range(6)]
    result = balance(entries)
    assert result.swaps == {}
    assert result.options == {e.id: e.options for e in entries}
    assert result.after == result.before


def test_a_spare_that_breaks_an_option_rule_is_never_lettered() -> None:
    plain = spare("ring system y", "fills the groove at the hinge")
    control = balance([item(n, spares=(plain,)) for n in range(6)])
    assert control.swaps  # worded plainly, the spare is lettered
    long_winded = spare("ring system y", "fills the groove " + "and the pocket " * 30)
    hedged = spare("ring system y", "possibly fills the groove at the hinge")
    for broken in (long_winded, hedged):  # twice the others' length; a hedge
        result = balance([item(n, spares=(broken,)) for n in range(6)])
        assert result.swaps == {}


def test_a_spare_naming_a_lettered_feature_is_not_lettered_beside_it() -> None:
    # another reading of the phenyl ring's mechanism: only in the phenyl ring's own place
    reading = spare("phenyl ring", "engages in π-stacking with the arene")
    entries = [item(n, spares=(reading,)) for n in range(6)]
    result = balance(entries)
    for entry in entries:
        features = [o.feature for o in result.options[entry.id]]
        assert len(set(features)) == 4


def test_answers_are_spread_over_the_length_ranks_not_moved_to_the_middle() -> None:
    from chemx.release.balance import answer_rank

    def shorter(n: int, k: int) -> SpareOption:  # a wrong answer shorter than item n's answer
        return spare(f"ring {n}{'abc'[k]}", "twists")

    entries = [item(n, spares=tuple(shorter(n, k) for k in range(3))) for n in range(12)]
    before = [answer_rank(e, e.options) for e in entries]
    assert before.count(0) >= 10  # the answers are the shortest options

    result = balance(entries)

    ranks = [0, 0, 0, 0]
    for entry in entries:
        ranks[answer_rank(entry, result.options[entry.id])] += 1
    assert max(ranks) <= 4 and min(ranks) >= 1, ranks  # 12 items: 3 per rank at best
    assert result.after["shortest"] < result.before["shortest"]


def test_a_second_pass_reports_its_own_counts_and_keeps_every_swap() -> None:
    first_swap = Swap("B", "old B", "new B", "old feature", "new feature")
    second_swap = Swap("C", "old C", "new C", "old feature C", "new feature C")
    first = BalanceResult(
        options={},
        swaps={"i1": [first_swap]},
        before={"longest": 9},
        after={"longest": 7},
        items=32,
    )
    second = BalanceResult(
        options={},
        swaps={"i1": [second_swap]},
        before={"longest": 8},
        after={"longest": 6},
        items=30,
    )
    both = first.then(second)
    assert both.swaps == {"i1": [first_swap, second_swap]}
    assert (both.before, both.after, both.items) == ({"longest": 9}, {"longest": 6}, 30)
    summary = both.summary()
    assert summary["items_before"] == 32 and summary["items"] == 30
    assert "of 30 items; shortcut right answers (before: over 32) longest 9->6" in both.describe()
    assert first.swaps == {"i1": [first_swap]}  # the first pass's record is left as it was
