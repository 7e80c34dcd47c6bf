"""Plain-text helpers shared by every source backend: sentences and figure mentions.

- `sentences`: rule-based sentence splitting for chemistry prose, returning offsets so
  evidence can point at the exact characters of its paragraph.
- `figure_mentions`: "Fig. 2b", "Schemes 1 and 2" and caption labels found in running
  text, with their offsets, figure numbers and panels.

Pure Python with no chemx imports, so any parser can use it.
"""

from chemx.text.figure_mentions import (
    FigureMention,
    find_figure_mentions,
    parse_figure_label,
    split_caption_label,
)
from chemx.text.sentences import split_sentences

__all__ = [
    "FigureMention",
    "find_figure_mentions",
    "parse_figure_label",
    "split_caption_label",
    "split_sentences",
]
