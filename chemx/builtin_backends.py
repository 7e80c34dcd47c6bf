"""Every backend chemx ships: one line each (kind, name, factory, what it is).

`chemx.registry` registers these at import. A backend is a module with a factory
``(BackendContext) -> backend`` plus its line here; the factory's module is imported only
when that backend is chosen. Kind names are `chemx.registry.BackendKind` values.
"""

from __future__ import annotations

from typing import NamedTuple


class BuiltinBackend(NamedTuple):
    """One registry entry (see `chemx.registry.Registry.register`)."""

    kind: str
    name: str
    target: str
    summary: str
    role: str | None = None
    aliases: tuple[str, ...] = ()


BUILTIN_BACKENDS: tuple[BuiltinBackend, ...] = (
    BuiltinBackend("pdf", "pymupdf", "chemx.sources.pdf:make_parser", "PyMuPDF, offline"),
    BuiltinBackend(
        "pdf",
        "mineru",
        "chemx.sources.mineru:make_parser",
        "MinerU (needs `mineru` and its models)",
    ),
    BuiltinBackend(
        "classifier",
        "resnet50",
        "chemx.visual.classifier:make_classifier",
        "the shipped ResNet-50 (or --classifier-checkpoint)",
    ),
    BuiltinBackend(
        "segmenter",
        "classical",
        "chemx.visual.segmentation.classical:make_segmenter",
        "connected components, offline",
    ),
    BuiltinBackend(
        "segmenter",
        "decimer",
        "chemx.visual.segmentation.decimer:make_segmenter",
        "DECIMER Segmentation (its own TensorFlow env, CHEMX_DECIMER_PYTHON)",
    ),
    BuiltinBackend(
        "reaction_parser",
        "classical",
        "chemx.visual.segmentation.classical:make_reaction_parser",
        "arrows, conditions, reactants/products, offline",
    ),
    BuiltinBackend(
        "reaction_parser",
        "rxnscribe",
        "chemx.visual.segmentation.rxnscribe:make_reaction_parser",
        "RxnScribe (install from source, CHEMX_RXNSCRIBE_CKPT)",
    ),
    BuiltinBackend(
        "identifier",
        "ocr",
        "chemx.visual.identifiers.ocr:make_easyocr",
        "EasyOCR with offline weights",
        aliases=("easyocr",),
    ),
    BuiltinBackend(
        "identifier",
        "tesseract",
        "chemx.visual.identifiers.ocr:make_tesseract",
        "Tesseract (Debian tesseract-ocr)",
    ),
    BuiltinBackend(
        "identifier",
        "vlm",
        "chemx.visual.identifiers.vlm:make_extractor",
        "the identifier role's endpoint, structure boxed in red",
        role="identifier",
    ),
    BuiltinBackend(
        "ocsr",
        "auto",
        "chemx.visual.ocsr:make_auto",
        "DECIMER when installed, else OSRA, else none (the report says which)",
    ),
    BuiltinBackend(
        "ocsr",
        "decimer",
        "chemx.visual.decimer_ocsr:make_decimer",
        "DECIMER Image Transformer, required (scripts/install_decimer.sh; OSRA behind it)",
    ),
    BuiltinBackend(
        "ocsr", "osra", "chemx.visual.ocsr:make_osra", "OSRA, required (Debian package osra)"
    ),
    BuiltinBackend(
        "ocsr",
        "none",
        "chemx.visual.ocsr:make_none",
        "no SMILES: visible features from the paper's text only",
    ),
    BuiltinBackend(
        "names",
        "auto",
        "chemx.visual.names:make_auto",
        "OPSIN on the paper's systematic names when Java is installed, else none",
    ),
    BuiltinBackend(
        "names", "opsin", "chemx.visual.names:make_opsin", "OPSIN, required (needs Java)"
    ),
    BuiltinBackend(
        "names", "none", "chemx.visual.names:make_none", "SMILES from the drawings only"
    ),
    BuiltinBackend(
        "expander",
        "embedding",
        "chemx.grounding.expansion:make_embedding_expander",
        "MiniLM cosine within the paragraph, offline",
    ),
    BuiltinBackend(
        "expander",
        "llm",
        "chemx.grounding.expansion:make_llm_expander",
        "the grounding role picks neighbours",
        role="grounding",
    ),
    BuiltinBackend(
        "expander", "none", "chemx.grounding.expansion:make_no_expander", "retrieved sentences only"
    ),
    BuiltinBackend(
        "qc2",
        "offline",
        "chemx.qc.qc2_backends:make_offline_qc2",
        "the shipped MiniLM explanatory classifier",
    ),
    BuiltinBackend(
        "qc2",
        "llm",
        "chemx.qc.qc2_backends:make_llm_qc2",
        "the grounding role's endpoint, with the structure image",
        role="grounding",
    ),
    BuiltinBackend(
        "generator",
        "template",
        "chemx.generation.backends:make_template_generator",
        "template-v1: connective patterns, SMARTS features, curated mechanisms, offline",
    ),
    BuiltinBackend(
        "generator",
        "llm",
        "chemx.generation.backends:make_llm_generator",
        "the generator role's endpoint",
        role="generator",
    ),
    BuiltinBackend(
        "judge",
        "heuristic",
        "chemx.qc.judge:make_heuristic_judge",
        "heuristic-judge-v1 from measurable signals, offline",
    ),
    BuiltinBackend(
        "judge",
        "llm",
        "chemx.qc.judge:make_llm_judge",
        "the judge role, scorings with shuffled options",
        role="judge",
    ),
    BuiltinBackend(
        "evaluation",
        "openai",
        "chemx.evaluation.backends.openai:make_openai_backend",
        "an OpenAI-compatible server (vllm serve, the OpenAI API, llama.cpp): --base-url",
    ),
    BuiltinBackend(
        "evaluation",
        "vllm",
        "chemx.evaluation.backends.vllm:make_vllm_backend",
        "the vLLM offline engine on a local GPU (pip install vllm)",
    ),
    BuiltinBackend(
        "evaluation",
        "baseline",
        "chemx.evaluation.backends.baseline:make_baseline_backend",
        "no model: --model random, always-A or a shortcut (longest, option-only, ...)",
    ),
)
"""In registration order: within a kind, the first is the offline default."""
