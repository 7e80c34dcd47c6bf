"""How fast and how lean `chemx build` runs: concurrency, re-runs, cores, memory.

    python scripts/bench_build.py [--papers 200] [--parts llm,rerun,offline,memory]
        [--latency 0.3] [--concurrency 16] [--memory-papers 100,1000]

Every figure is a ratio measured in this one run (issue 15, item 7):

1. ``llm``: the sample corpus replicated to N papers (each replica's prose made distinct,
   so no two papers send the same request) built with every text role on a local scripted
   OpenAI-compatible server that sleeps `--latency` s per call: expansion, QC 2,
   generation and judge are LLM backends; the vision stages are the offline default
   without OSRA. Wall time against the floor (server requests x latency / concurrency)
   and against `--concurrency 1`.
2. ``rerun``: the same command again into the same store; wall time as a share of the
   first run.
3. ``offline``: the offline default (OSRA included) on the replicated corpus, papers per
   second at concurrency 2 against 1, for the thread and the process executors.
4. ``memory``: peak resident memory of the whole build (driver and workers) on small
   synthetic papers, for each count in `--memory-papers`, against the first.
5. ``batching``: the figure classifier on the sample's figures, as papers in flight use
   it: each paper's figures in their own passes against passes shared by all papers
   (`chemx.visual.batching`); figures per second for each pass size.

The scripted server is `tests/fakes/openai_server.py` (a real HTTP server on loopback);
its answers are schema-valid and fixed, so the benchmark measures the build, not a model.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chemx.sources.corpus import sample_corpus_dir  # noqa: E402
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest, Reply  # noqa: E402

CHEMX = [sys.executable, "-m", "chemx.cli"]
LLM_ROLES = ("grounding", "generator", "judge")


# -- corpora -------------------------------------------------------------------------


def replicate_sample(folder: Path, papers: int) -> Path:
    """N papers: the 14 sample papers over and over, each replica in its own folder.

    A replica gets its own DOI and title and one added sentence per paragraph naming it,
    so its records and its model requests differ from every other replica's.
    """
    sources = sorted(sample_corpus_dir().glob("paper*.nxml"))
    for index in range(papers):
        source = sources[index % len(sources)]
        target = folder / f"r{index:04d}"
        target.mkdir(parents=True)
        for image in source.parent.glob(f"{source.stem}_*"):
            shutil.copy(image, target / image.name)
        text = source.read_text(encoding="utf-8")
        text = re.sub(
            r'(<article-id pub-id-type="doi">)([^<]+)', rf"\g<1>\g<2>.r{index}", text, count=1
        )
        text = text.replace("</article-title>", f" (replica {index})</article-title>", 1)
        body = text.index("<body>")
        text = text[:body] + text[body:].replace(
            "</p>", f" Replica {index} of this paper was written for the build benchmark.</p>"
        )
        (target / source.name).write_text(text, encoding="utf-8")
    return folder


def synthetic_papers(folder: Path, papers: int) -> Path:
    """Small JATS papers with one RDKit-drawn structure figure each (for the memory part)."""
    from rdkit import Chem
    from rdkit.Chem import Draw

    smiles = ["c1ccccc1O", "CC(=O)Nc1ccc(O)cc1", "O=C1CCCN1", "CC(C)(C)c1ccc(O)cc1", "C1CCOC1"]
    images: list[bytes] = []
    for value in smiles:
        buffer = Draw.MolToImage(Chem.MolFromSmiles(value), size=(300, 220))
        path = folder / f"_mol{len(images)}.png"
        folder.mkdir(parents=True, exist_ok=True)
        buffer.save(path)
        images.append(path.read_bytes())
        path.unlink()
    for index in range(papers):
        target = folder / f"s{index:05d}"
        target.mkdir(parents=True)
        (target / "f1.png").write_bytes(images[index % len(images)])
        (target / "paper.nxml").write_text(_jats(index), encoding="utf-8")
    return folder


def _jats(index: int) -> str:
    sentences = (
        f'Compound <bold>{index % 7 + 1}</bold> was prepared as shown in <xref ref-type="fig" '
        'rid="f1">Fig. 1</xref>.',
        f"Its ring opens readily because the amide bond is twisted (series {index}).",
        "The bulky group shields the carbonyl from attack, which slows hydrolysis.",
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<article xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' article-type="research-article"><front><article-meta><article-id pub-id-type="doi">'
        f"10.5555/bench.{index}</article-id><title-group><article-title>Synthetic paper {index}"
        "</article-title></title-group><permissions><license xlink:href="
        '"https://creativecommons.org/licenses/by/4.0/"><license-p>CC BY 4.0</license-p>'
        "</license></permissions></article-meta></front><body><sec><title>Results</title><p>"
        + " ".join(sentences)
        + '</p></sec><fig id="f1"><label>Figure 1</label><caption><p>Structure of <bold>'
        f'{index % 7 + 1}</bold>.</p></caption><graphic xlink:href="f1.png"/></fig></body>'
        "</article>"
    )


# -- the scripted model server --------------------------------------------------------


ANSWERED: list[tuple[float, float]] = []
"""(when, seconds since its request line arrived) per answer, to see how busy the
endpoint was: the injected latency plus the server's own reading of the request."""


def scripted_reply(request: RecordedRequest) -> Reply:
    """A schema-valid answer chosen by the output schema's name."""
    ANSWERED.append((time.perf_counter(), time.monotonic() - request.received_at))
    body = request.json or {}
    name = ((body.get("response_format") or {}).get("json_schema") or {}).get("name", "")
    prompt = json.dumps(body.get("messages", []))
    if name == "ExpansionAnswer":
        return Reply.ok({"related": []})
    if name == "Qc2Answer":
        indices = sorted({int(i) for i in re.findall(r"\[(\d+)\]", prompt)}) or [0]
        labels = [
            {"index": i, "label": "explanatory" if n == len(indices) - 1 else "non_explanatory"}
            for n, i in enumerate(indices)
        ]
        return Reply.ok({"refers_to_target": True, "sentences": labels})
    if name == "DecompositionAnswer":
        return Reply.ok(
            {
                "explanation_complete": True,
                "vague_reason": None,
                "effect": "the ring opens readily",
                "feature": "the twisted amide bond",
                "mechanism": "weakens the resonance that stabilises the amide",
                "reasoning_type": "Mechanistic",
                "other_features": ["the phenyl ring", "the methyl ester", "the hydroxy group"],
            }
        )
    if name == "McqAnswer":
        options = [
            {"feature": "the phenyl ring", "mechanism": "delocalises charge into the ring"},
            {"feature": "the methyl ester", "mechanism": "withdraws electron density by induction"},
            {"feature": "the hydroxy group", "mechanism": "forms an intramolecular hydrogen bond"},
        ]
        return Reply.ok({"stem": "Why does the ring open readily?", "distractors": options})
    if name == "JudgeAnswer":
        score = {"score": 5}
        return Reply.ok(
            {
                "distractor_quality": score,
                "question_meaningfulness": score,
                "answer_unambiguity": score,
                "structure_necessity": score,
                "competing_options": [],
            }
        )
    if name == "IdentifierAnswer":
        return Reply.ok({"identifier": None})
    return Reply.error(400, f"the scripted server has no answer for schema {name!r}")


# -- running builds -------------------------------------------------------------------


@dataclass
class Run:
    """One build: wall time, peak memory of its process tree, its JSON report."""

    wall_s: float
    peak_rss_mb: float
    report: dict[str, Any]
    cpu_s: float = 0.0
    """CPU seconds (user + system) of the build and every process it started."""


def build(corpus: Path, out: Path, *options: str) -> Run:
    """`chemx build` in a subprocess; wall time and the peak RSS of its process tree."""
    command = [*CHEMX, "build", "--corpus", str(corpus), "--out", str(out), "--json", *options]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0.0]
    done = threading.Event()

    def sample() -> None:
        parent = psutil.Process(process.pid)
        while not done.is_set():
            try:
                tree = [parent, *parent.children(recursive=True)]
                total = 0
                for member in tree:
                    with contextlib.suppress(psutil.Error):
                        total += member.memory_info().rss
                peak[0] = max(peak[0], total / 2**20)
            except psutil.Error:
                return
            done.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, stderr = process.communicate()
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if process.returncode != 0:
        raise SystemExit(f"chemx build failed ({process.returncode}):\n{stderr[-3000:]}")
    return Run(wall, peak[0], json.loads(stdout), cpu)


def llm_options(url: str, concurrency: int) -> list[str]:
    options = ["--ocsr", "none", "--expansion", "llm", "--qc2", "llm"]
    options += ["--generator", "llm", "--judge", "llm"]
    for role in LLM_ROLES:
        for key, value in (("base_url", url), ("model", "scripted"), ("concurrency", concurrency)):
            options += ["--model-option", f"{role}.{key}={value}"]
    return options


def llm_part(
    work: Path,
    papers: int,
    baseline: int,
    latency: float,
    concurrency: int,
    in_flight: int,
    rerun: bool,
    executor: str = "local",
) -> None:
    """`concurrency` calls per endpoint on `papers` papers; 1 on the first `baseline`.

    `in_flight` papers run at once (more than the endpoint's limit, so that one paper's
    CPU stages overlap with the others' model calls and the endpoint never idles).
    """
    corpus = replicate_sample(work / "llm-corpus", papers)
    print(
        f"\n== LLM-bound build, --executor {executor}: replicated sample papers, "
        f"{latency * 1000:.0f} ms per call"
    )
    with FakeOpenAIServer(responder=scripted_reply) as server:
        server.latency_s = latency
        runs: dict[int, tuple[Run, int, float, int]] = {}
        for level, count in ((concurrency, papers), (1, min(baseline, papers))):
            server.reset()
            ANSWERED.clear()
            source = corpus if count == papers else _subset(corpus, work / "llm-subset", count)
            began = time.perf_counter()
            out = work / f"llm-c{level}"
            jobs = str(in_flight if level == concurrency else 1)
            options = ["--executor", executor, *llm_options(server.url, level)]
            run = build(source, out, "-j", jobs, *options)
            requests = len(server.chat_bodies)
            floor = requests * latency / level
            runs[level] = (run, requests, floor, count)
            print(
                f"concurrency {level:>3} ({jobs} papers in flight), {count} papers: "
                f"{run.wall_s:7.1f} s wall, {requests} "
                f"requests, floor {floor:6.1f} s -> wall/floor {run.wall_s / floor:5.2f}x, "
                f"{count / run.wall_s:.3f} papers/s; CPU {run.cpu_s:.0f} s "
                f"({run.cpu_s / run.wall_s:.2f} cores busy on average)"
            )
            print(f"   stage seconds (summed over papers): {run.report['stage_seconds']}")
            if ANSWERED:
                first_call = min(end - took for end, took in ANSWERED) - began
                last_call = max(end for end, _ in ANSWERED) - began
                served = sum(took for _, took in ANSWERED)
                print(
                    f"   first call at {first_call:.1f} s, last answer at {last_call:.1f} s; "
                    f"{served / (last_call - first_call):.1f} calls in flight on average in "
                    f"between; the server took {served / len(ANSWERED) * 1000:.0f} ms per call "
                    f"(latency {latency * 1000:.0f} ms + reading the request)"
                )
                print(f"   calls in flight per tenth of that window: {_profile()}")
            calls = {
                role: (c["calls"], c["cache_hits"]) for role, c in run.report["model_calls"].items()
            }
            items = run.report["totals"].get("item", {})
            print(f"   (calls, cache hits) per role: {calls}; items {items}")
            if level == concurrency and rerun:
                server.reset()
                again = build(source, out, "-j", jobs, *options)
                print(
                    f"re-run of the same build: {again.wall_s:.1f} s = "
                    f"{again.wall_s / run.wall_s:.1%} of the first; {len(server.chat_bodies)} "
                    f"requests; documents {again.report['documents']}"
                )
        (high, _, _, high_count), (one, _, _, one_count) = runs[concurrency], runs[1]
        print(
            f"papers/s at concurrency {concurrency} vs 1: "
            f"{(high_count / high.wall_s) / (one_count / one.wall_s):.2f}x"
        )


def _profile() -> str:
    """Average calls in flight in each tenth of the span from first call to last answer."""
    spans = sorted((end - took, end) for end, took in ANSWERED)
    first, last = spans[0][0], max(end for _, end in spans)
    width = (last - first) / 10
    busy = [0.0] * 10
    for start, end in spans:
        for tenth in range(10):
            low, high = first + tenth * width, first + (tenth + 1) * width
            busy[tenth] += max(0.0, min(end, high) - max(start, low))
    return " ".join(f"{b / width:.1f}" for b in busy)


def _subset(corpus: Path, target: Path, count: int) -> Path:
    """The first `count` replicas of `corpus` (for the slow concurrency-1 baseline)."""
    for folder in sorted(corpus.iterdir())[:count]:
        shutil.copytree(folder, target / folder.name)
    return target


def offline_part(work: Path, papers: int, executors: list[str]) -> None:
    corpus = replicate_sample(work / "offline-corpus", papers)
    print(f"\n== Offline default (OSRA included): {papers} replicated sample papers")
    for executor in executors:
        speeds = {}
        for level in (1, 2):
            run = build(
                corpus, work / f"off-{executor}-{level}", "--executor", executor, "-j", str(level)
            )
            speeds[level] = papers / run.wall_s
            print(
                f"{executor:>7} -j {level}: {run.wall_s:7.1f} s, {speeds[level]:.3f} papers/s, "
                f"items {run.report['totals'].get('item', {})}, peak {run.peak_rss_mb:.0f} MB"
            )
        print(f"{executor:>7}: papers/s at -j 2 vs -j 1: {speeds[2] / speeds[1]:.2f}x")


def memory_part(work: Path, counts: list[int], executor: str) -> None:
    print(f"\n== Peak resident memory (driver and workers), synthetic papers, {executor}")
    peaks = {}
    for count in counts:
        corpus = synthetic_papers(work / f"synthetic-{count}", count)
        run = build(corpus, work / f"mem-{count}", "--executor", executor, "-j", "2")
        peaks[count] = run.peak_rss_mb
        print(
            f"{count:>6} papers: {run.wall_s:7.1f} s, peak {run.peak_rss_mb:7.0f} MB, "
            f"items {run.report['totals'].get('item', {})}"
        )
        shutil.rmtree(corpus)
    base = counts[0]
    for count in counts[1:]:
        print(f"peak on {count} papers / peak on {base}: {peaks[count] / peaks[base]:.2f}x")


def batching_part(papers: int, in_flight: int, sizes: list[int]) -> None:
    """Figures/s of the classifier: per-paper passes against passes shared across papers."""
    from PIL import Image

    from chemx.visual.batching import SharedClassifier
    from chemx.visual.classifier import FigureClassifier

    by_paper: dict[str, list[Image.Image]] = {}
    for path in sorted(sample_corpus_dir().glob("paper*_*.png")):
        by_paper.setdefault(path.name.split("_")[0], []).append(Image.open(path).convert("RGB"))
    sample = list(by_paper.values())
    corpus = [sample[n % len(sample)] for n in range(papers)]
    figures = sum(len(paper) for paper in corpus)
    print(
        f"\n== Figure classifier: {papers} sample papers ({figures} figures, "
        f"{figures / papers:.1f} per paper), {in_flight} papers in flight, CPU"
    )

    def run(classify: Any) -> float:
        queue_ = list(corpus)
        lock = threading.Lock()

        def take() -> list[Image.Image] | None:
            with lock:
                return queue_.pop() if queue_ else None

        def worker() -> None:
            while (paper := take()) is not None:
                classify(paper)

        threads = [threading.Thread(target=worker) for _ in range(in_flight)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return figures / (time.perf_counter() - started)

    baseline = None
    for size in sizes:
        classifier = FigureClassifier.load(device="cpu", batch_size=size)
        classifier.predict(sample[0])  # warm-up
        own = run(classifier.predict)
        shared = SharedClassifier(classifier)
        together = run(shared.predict)
        shared.close()
        stats = shared.batcher.stats
        baseline = baseline or own
        print(
            f"passes of {size:>2}: per paper {own:5.1f} figures/s, shared {together:5.1f} "
            f"figures/s ({together / own:.2f}x per paper; {together / baseline:.2f}x per-paper "
            f"passes of {sizes[0]}); {stats.mean_batch:.1f} figures per shared pass"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=200)
    parser.add_argument("--offline-papers", type=int, default=None, help="default: --papers")
    parser.add_argument("--parts", default="llm,rerun,offline,memory")
    parser.add_argument(
        "--baseline-papers",
        type=int,
        default=20,
        help="papers for the concurrency-1 LLM baseline (it runs at 1/concurrency the speed)",
    )
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--llm-executor", default="process", help="local, process or ray")
    parser.add_argument(
        "--concurrency", type=int, default=16, help="model calls in flight per endpoint"
    )
    parser.add_argument(
        "--papers-in-flight", type=int, default=None, help="default: 1.5 x --concurrency"
    )
    parser.add_argument("--memory-papers", default="100,1000")
    parser.add_argument("--memory-executor", default="local")
    parser.add_argument("--offline-executors", default="local,process")
    parser.add_argument("--batch-sizes", default="1,2,4,8,16", help="classifier pass sizes")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    with tempfile.TemporaryDirectory(prefix="chemx-bench-build-") as folder:
        work = Path(folder)
        if "llm" in parts:
            llm_part(
                work,
                args.papers,
                args.baseline_papers,
                args.latency,
                args.concurrency,
                args.papers_in_flight or (args.concurrency * 3 + 1) // 2,
                "rerun" in parts,
                args.llm_executor,
            )
        if "offline" in parts:
            offline_part(
                work, args.offline_papers or args.papers, args.offline_executors.split(",")
            )
        if "batching" in parts:
            sizes = [int(size) for size in args.batch_sizes.split(",")]
            batching_part(args.papers, args.papers_in_flight or 8, sizes)
        if "memory" in parts:
            counts = [int(c) for c in args.memory_papers.split(",")]
            memory_part(work, counts, args.memory_executor)


if __name__ == "__main__":
    main()
