"""What English knows of a word: how common it is, and whether it is only an adjective.

`zipf`, from the `wordfreq` package's word lists, has two readers: the PDF text joiner (is
"intra-|molecular" one word?) and the label reader (is "formidable" printed beside a
drawing a compound's name or a word of the prose?). Both ask about the same few thousand
words per paper, so the lookup is cached. `adjective_only`, from LemmInflect's lexicon,
tells a modifier from a head noun in the generator's phrases ("intact 2c", "larger and
more polarisable sulfur atom"), and `noun_too` a joined noun from a joined verb ("adds a
charge and bulk that ...").
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """The word's frequency on wordfreq's Zipf scale (0 unknown, ~7 for "the")."""
    from wordfreq import zipf_frequency  # lazy: loading the word list takes ~0.2 s

    return float(zipf_frequency(word, "en"))


@lru_cache(maxsize=65536)
def adjective_only(word: str) -> bool:
    """Whether the lexicon knows `word` only as an adjective ('larger', 'intact'), not a noun."""
    from lemminflect import getAllLemmas  # lazy: the lexicon loads on first use

    parts = getAllLemmas(word.strip(",;").lower())
    return "ADJ" in parts and "NOUN" not in parts


@lru_cache(maxsize=65536)
def noun_too(word: str) -> bool:
    """Whether the lexicon knows `word` as a noun ('bulk', 'raise'), whatever else it is."""
    from lemminflect import getAllLemmas

    return "NOUN" in getAllLemmas(word.strip(",;").lower())


__all__ = ["adjective_only", "noun_too", "zipf"]
