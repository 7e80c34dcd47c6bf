"""Line-break hyphens: which to remove ("pyri-|dine") and which are real ("N-|methyl").

A hyphen at the end of a line is either typesetting (the word was broken to justify the
column) or part of the text (a compound word or a chemical name that happened to break
there). The decision uses, in order: chemical-name structure (a locant, a single
letter or an element symbol before the hyphen keeps it: "2-|pyridyl", "N-|methyl"; a
fused-ring bracket after it drops it: "benzofuro-|[2,3-b]pyridine"), the paper's own
spelling elsewhere ("one-pot" written whole in another line), and an English word list
(wordfreq): the joined word is a word ("intra-|molecular") or the two halves are words
whose join is not ("electron-|withdrawing"). Chemical names that no dictionary holds
("me-|thoxymethyl") are joined: a publisher breaks them at syllables, not at hyphens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chemx.english import zipf

LINE_END_HYPHENS = "-\u2010"
"""Hyphen-minus and the Unicode hyphen; a soft hyphen is always typesetting."""
_KEEP_BEFORE = re.compile(r"(?:\d|[A-Z]|\)|\]|[α-ωΑ-Ω′'])$")
_PREFIXES = frozenset(
    [
        "tert",
        "sec",
        "iso",
        "cis",
        "trans",
        "exo",
        "endo",
        "syn",
        "anti",
        "meso",
        "ortho",
        "meta",
        "para",
        "non",
        "self",
        "well",
        "one",
        "two",
        "three",
        "four",
        "half",
        "semi",
    ]
)
"""Words that are written with a hyphen before the next word ("tert-butyl", "one-pot")."""
_CONJUNCTIONS = frozenset({"and", "or", "to", "nor", "as"})
"""After these the hyphen is a suspended one: "diastereo- and enantioselective"."""
_COMPOUND_HEADS = frozenset(
    [
        "substituted",
        "containing",
        "catalyzed",
        "catalysed",
        "mediated",
        "promoted",
        "derived",
        "based",
        "free",
        "like",
        "type",
        "rich",
        "poor",
        "bound",
        "fused",
        "linked",
        "functionalized",
        "functionalised",
        "protected",
        "bridged",
        "coupled",
        "induced",
        "dependent",
        "terminal",
        "withdrawing",
        "donating",
        "bearing",
        "assisted",
        "directed",
        "enabled",
        "driven",
        "labeled",
        "labelled",
        "modified",
        "tagged",
    ]
)
"""Participles and adjectives that make a compound adjective ("ethynyl-substituted")."""
_LETTERS = re.compile(r"[^\W\d_]+")
_TAIL = re.compile(r"[^\W\d_]+$")
_HEAD = re.compile(r"^[^\W\d_]+")


class Vocabulary:
    """The words a paper writes whole and the hyphenated compounds it writes, for lookups."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.words: set[str] = set()
        self.compounds: set[str] = set()
        for text in texts:
            for token in text.split():
                token = token.strip(".,;:()[]{}\"'").lower()
                if not token:
                    continue
                if "-" in token[1:-1]:
                    self.compounds.add(token)
                self.words.update(part for part in _LETTERS.findall(token) if len(part) > 2)
        self._stems = {word[:-3] for word in self.words if len(word) >= 9}

    def has_stem(self, joined: str) -> bool:
        """Whether the paper writes a word of the same stem whole.

        "stereoselective" elsewhere joins a broken "stereo-|selectively".
        """
        return len(joined) >= 9 and (
            joined[:-3] in self._stems or any(joined[:-k] in self._stems for k in (1, 2, 4, 5))
        )


def is_suspended(after: str) -> bool:
    """Whether a kept line-end hyphen is followed by a space ("diastereo- and")."""
    return after.strip(".,;:()[]").lower() in _CONJUNCTIONS


def keep_hyphen(before: str, after: str, vocabulary: Vocabulary) -> bool:
    """Whether a line-end hyphen is part of the text.

    `before` is the line's last token (hyphen removed), `after` the next line's first.
    """
    if not before or not after:
        return True
    if after[0] == "[":
        return False
    if after[0].isdigit() or after[0].isupper() or after[0] in "(":
        return True
    if before.endswith(")"):
        inner = before[before.rfind("(") + 1 : -1]
        # "1(2H)-|isoquinolinone", "(S)-|": a locant or descriptor keeps its hyphen;
        # "(azidomethyl)-|benzene": a substituent prefix runs on.
        return any(char.isdigit() for char in inner) or inner.isupper()
    tail = _TAIL.search(before)
    if _KEEP_BEFORE.search(before) or (tail is not None and len(tail.group()) == 1):
        return True  # a locant, an element or a one-letter prefix: "2-", "N-", "p-"
    word = after.strip(".,;:()[]").lower()
    if word in _CONJUNCTIONS:
        return True
    head = _HEAD.search(after)
    if tail is None or head is None:
        return True
    left, right = tail.group().lower(), head.group().lower()
    joined = left + right
    compound = f"{before}-{after}".strip(".,;:()[]").lower()
    if compound in vocabulary.compounds:
        return True
    if joined in vocabulary.words or zipf(joined) > 0 or vocabulary.has_stem(joined):
        return False
    if word in _COMPOUND_HEADS:
        return True
    if before.lower() in _PREFIXES:
        return True
    return zipf(left) >= 2.5 and zipf(right) >= 2.5 and len(left) > 2
