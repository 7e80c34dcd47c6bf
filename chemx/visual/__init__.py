"""The visual stage's domain work: figure classes, structure crops, labels, SMILES.

- `classes`: the four figure classes, in the classifier's output order.
- `classifier`: the shipped ResNet-50 figure classifier (torch is imported when a model
  is built, not here); `classifier_eval`: its accuracy on a labelled folder
  (`chemx classifier evaluate`).
- `segmentation`: segmenters (multi-molecule figures) and reaction parsers (schemes),
  classical offline or DECIMER / RxnScribe.
- `identifiers`: the compound label beside each crop, by OCR (EasyOCR, Tesseract) or a VLM,
  normalised with `chemx.labels.normalise_label`.
- `ocsr`: an optional SMILES for a crop from OSRA, never required by a build.

The per-paper stage that stores figures and structures with their QC 1 verdicts is the
visual agent, `chemx.agents.visual`; box geometry is `chemx.geometry`.
"""

from chemx.visual.classes import FIGURE_CLASSES, FigureClass
from chemx.visual.classifier import ClassifierError, FigureClassifier, FigurePrediction
from chemx.visual.classifier_eval import ClassifierEvaluation, LabelledFolderError, evaluate_folder
from chemx.visual.ocsr import SmilesResult, canonical_smiles, osra_path, recognise_smiles

__all__ = [
    "FIGURE_CLASSES",
    "ClassifierError",
    "ClassifierEvaluation",
    "FigureClass",
    "FigureClassifier",
    "FigurePrediction",
    "LabelledFolderError",
    "SmilesResult",
    "canonical_smiles",
    "evaluate_folder",
    "osra_path",
    "recognise_smiles",
]
