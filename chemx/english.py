"""How common a word is in English prose, from the `wordfreq` package's word lists.

Two readers ask it: the PDF text joiner (is "intra-|molecular" one word?) and the label
reader (is "formidable" printed beside a drawing a compound's name or a word of the
prose?). Both ask about the same few thousand words per paper, so the lookup is cached.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """The word's frequency on wordfreq's Zipf scale (0 unknown, ~7 for "the")."""
    from wordfreq import zipf_frequency  # lazy: loading the word list takes ~0.2 s

    return float(zipf_frequency(word, "en"))


__all__ = ["zipf"]
