"""Time acquisition of large synthetic JATS articles: it should grow linearly with size.

    python scripts/bench_acquire.py [--sizes 2 4 8 50] [--sections 2] [--parse-only]
                                    [--json out.json]

For each size (MB) it writes one synthetic article (`synthetic_jats`: a few long
sections, titled and untitled, with bold compound labels, figure `<xref>`s, "Fig. N"
mentions and figures whose image files are missing) into a temporary corpus folder and,
in a fresh Python process so that each size has its own peak memory:

- times the JATS parser alone (`JatsParser.parse`: XML, paragraphs, sentences,
  figure references);
- unless `--parse-only`, times `chemx build --until acquire` on that folder (the parser
  plus the store's writes), as the build itself runs it.

It prints seconds, seconds per MB, peak resident memory (`ru_maxrss` of the child) and
the ratio of each size's time to the smallest's: with linear acquisition the 8 MB / 2 MB
ratio is about 4 (at most ~5 allowing for noise); a quadratic step makes it about 16.

Measured on 2 shared CPU cores (`--sizes 2 4 8 50`, default shape), `--until acquire`:
2.1 / 3.4 / 6.1 / 37.7 s for 2 / 4 / 8 / 50 MB (8 MB / 2 MB x2.9), peak RSS 0.29 /
0.36 / 0.52 / 2.1 GB. Before the section titles were read once per section: 2.6 / 4.8 /
17.3 s (x6.6) and 438 s for parsing the 50 MB file alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_FRONT = """<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article">
<front><journal-meta><journal-title-group><journal-title>Bench Journal</journal-title>
</journal-title-group></journal-meta><article-meta>
<article-id pub-id-type="pmc">999{size}</article-id>
<title-group><article-title>Synthetic article of {size} MB</article-title></title-group>
<pub-date pub-type="epub"><day>1</day><month>1</month><year>2024</year></pub-date>
<abstract><p>We made <bold>1a</bold> and studied it (Fig. 1).</p></abstract>
</article-meta></front>
<body>
"""
_PARAGRAPH = (
    "<p>Compound <bold>{n}a</bold> was prepared from <bold>{n}b</bold> in {n} steps "
    '(<xref ref-type="fig" rid="f{fig}">Fig. {fig}a</xref>). The electron-withdrawing '
    "nitro group lowers the barrier because it stabilises the anionic intermediate, as "
    "Fig. {fig}b shows. The yield was 85% after 2 h at 25 °C (ca. 5 mg scale). However, "
    "<italic>tert</italic>-butyl analogues reacted more slowly, e.g. <bold>{n}c</bold> "
    "needed 12 h.</p>\n"
)
_FIGURE = (
    '<fig id="f{fig}"><label>Figure {fig}</label><caption><title>Route {fig}.</title>'
    '<p>Synthesis of <bold>{fig}a</bold>.</p></caption><graphic xlink:href="f{fig}"/></fig>\n'
)
SECTIONS = 2
"""Top-level sections (`--sections`); their length grows with the size, as in a long SI."""
PARAGRAPHS_PER_FIGURE = 20


def synthetic_jats(megabytes: float, sections: int = SECTIONS) -> str:
    """A JATS article of about `megabytes` MB: a few sections of many paragraphs, and figures.

    The last of the `sections` top-level sections is untitled; each holds half its
    paragraphs directly and half in an untitled subsection, as PMC articles often do.
    Sections this long are where a per-paragraph search for the section title among
    the section's children is quadratic.
    """
    paragraph_bytes = len(_PARAGRAPH) + 8
    per_section = max(2, int(megabytes * 1_000_000 / paragraph_bytes / sections))
    parts = [_FRONT.replace("{size}", f"{megabytes:g}")]
    n = 0
    for section in range(1, sections + 1):
        title = "" if section == sections else f"<title>Section {section}</title>"
        parts.append(f'<sec id="s{section}">{title}\n')
        for index in range(per_section):
            n += 1
            fig = n // PARAGRAPHS_PER_FIGURE + 1
            if index == per_section // 2:
                parts.append(f'<sec id="s{section}u">\n')
            parts.append(_PARAGRAPH.replace("{n}", str(n)).replace("{fig}", str(fig)))
            if n % PARAGRAPHS_PER_FIGURE == 1:
                parts.append(_FIGURE.replace("{fig}", str(fig)))
        parts.append("</sec></sec>\n")
    parts.append("</body></article>\n")
    return "".join(parts)


def _measure_one(megabytes: float, sections: int, parse_only: bool) -> dict[str, Any]:
    """Run in the child process: write the article, time the parser and the build."""
    from chemx.pipeline import BuildSettings, run_build
    from chemx.sources._base import SourceDocument
    from chemx.sources.jats import JatsParser

    with tempfile.TemporaryDirectory(prefix="chemx-bench-acquire-") as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        path = corpus / "big.nxml"
        path.write_text(synthetic_jats(megabytes, sections), encoding="utf-8")
        size_mb = path.stat().st_size / 1e6
        document = SourceDocument(path=path, format="jats", display_name=path.name)
        started = time.perf_counter()
        parsed = JatsParser().parse(document, "cor_bench")
        parse_s = time.perf_counter() - started
        result: dict[str, Any] = {
            "size_mb": round(size_mb, 2),
            "paragraphs": len(parsed.paragraphs),
            "sentences": len(parsed.sentences),
            "parse_s": round(parse_s, 3),
        }
        del parsed
        if not parse_only:
            settings = BuildSettings(
                corpus=str(corpus), out=Path(tmp) / "out", until="acquire", workers=1
            )
            started = time.perf_counter()
            run_build(settings)
            result["build_s"] = round(time.perf_counter() - started, 3)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def main() -> None:
    """Measure each size in its own process and print the table and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[2, 4, 8])
    parser.add_argument("--sections", type=int, default=SECTIONS, help="top-level sections")
    parser.add_argument("--parse-only", action="store_true", help="skip the --until acquire build")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--one", type=float, help=argparse.SUPPRESS)  # the child's entry point
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(_measure_one(args.one, args.sections, args.parse_only)))
        return
    results = []
    for size in args.sizes:
        command = [sys.executable, __file__, "--one", str(size), "--sections", str(args.sections)]
        if args.parse_only:
            command.append("--parse-only")
        child = subprocess.run(command, capture_output=True, text=True, check=True)
        results.append(json.loads(child.stdout.strip().splitlines()[-1]))
        row = results[-1]
        build = f"{row['build_s']:8.2f}" if "build_s" in row else "       -"
        print(
            f"{row['size_mb']:7.2f} MB  {row['paragraphs']:7d} paragraphs  "
            f"parse {row['parse_s']:7.2f} s  build {build} s  "
            f"peak RSS {row['peak_rss_mb']:7.1f} MB",
            flush=True,
        )
    base = results[0]
    for row in results[1:]:
        ratios = [f"parse x{row['parse_s'] / base['parse_s']:.2f}"]
        if "build_s" in row:
            ratios.append(f"build x{row['build_s'] / base['build_s']:.2f}")
        print(f"{row['size_mb']:g} MB / {base['size_mb']:g} MB: {', '.join(ratios)}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
