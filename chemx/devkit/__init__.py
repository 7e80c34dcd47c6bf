"""Tools for developing chemx: gold sets, benchmark metrics, synthetic training data.

Never imported by a build: `chemx build`, `release`, `validate`, `trace`, `audit` and
`classifier evaluate` run without this package. `scripts/` (benchmarks, training) and
`tests/` use it to measure the stages against the sample corpus gold and to make the
data the shipped models were trained on.

- `sample_gold`: finds and reads the sample corpus gold file (`chemx/data/sample/gold.json`).
- `visual_gold`: the visual stage of a built store scored against that gold.
- `visual_metrics`: one-to-one box matching and detection precision/recall.
- `synthetic_figures`: RDKit/matplotlib figures that trained the figure classifier.
- `grounding_gold`: gold structures inserted into a store; retrieval, expansion and QC 2
  scored against the gold sentences.
- `explanatory_dataset`: the labelled sentence set that trained the QC 2 classifier,
  with its deterministic train/test split.
- `softmax_training`: fitting that classifier's softmax regression and its metrics.
- `generation_gold`: the template decomposition scored against the gold fields.

Import the modules themselves (`from chemx.devkit.visual_gold import score_store`): each
stage has its own `score_store`, so no names are re-exported here.
"""
