"""The caption's evidence on whether a figure is chemistry, combined with the image's.

The image classifier sees pixels only; the caption says what the authors drew. A
"Scheme" or "Chart" in a chemistry paper is drawn chemistry, a substrate-scope or SAR
table draws its structures, and "ECD spectra", "X-ray structure", "crystal packing",
"dose-response curves" or "cryo-EM map" name figures that are not 2-D structures,
whatever their pixels look like to the classifier. The decision is one documented rule:

    logit(p_chemistry) = logit(1 - p_image(non_chemistry)) + caption log-odds
                         + drawn-structure log-odds

and the figure is chemistry when p_chemistry > 0.5, with the chemistry class the
image's most probable one among the three. The caption log-odds are fixed, stated
weights (not fitted), summed over three kinds of evidence, each counted once:

- the label: +4 for "Scheme" or "Chart", +2 for the first page's uncaptioned graphical
  abstract;
- structure words, +3: substrate scope, SAR / structure-activity, optimisation (of
  reaction conditions), "structures of 1", chemical structures, synthetic routes and
  applications, catalytic cycles, proposed mechanisms, biosynthetic pathways,
  representative or bioactive compounds, COSY/HMBC (2-D NMR) correlations, which are
  drawn as arrows on the structure. A table with these words draws structures;
- non-structure words, -3: spectra (ECD, CD, UV, IR, NMR, MS), chromatograms, X-ray or
  crystal structures, ORTEP, thermal ellipsoids, crystal packing, dose-response and other
  curves, plots, cryo-EM, maps, density, microscopy, gels and blots, expression,
  docking, binding poses and pockets, DFT, energy profiles, calculated or optimised
  geometries, NMR data; and the words of a protein's 3-D structure: PDB codes,
  superpositions, helices, transmembrane, cartoons and ribbons, residues,
  conformational changes (a protein-cartoon panel of a cryo-EM paper had none of the
  others and its image was a coin toss, p = 0.53); and a bar chart's statistics (error
  bars, "bars represent", confidence intervals, statistical significance, ANOVA, Tukey
  and t-tests: an enzyme-activity bar chart had no other word against it).

Structure and non-structure words weigh the same, so a caption naming both (chemical
structures beside a cryo-EM map, a biosynthetic pathway beside gene expression) nets
zero and the image decides; a Scheme label still outweighs an ORTEP inset.

The drawn-structure term is +4 when OCSR reads at least three ring structures in the
whole figure (`chemx.visual.drawn_structures`); it is read only for a figure the image
and caption reject and it could carry over, and it is recorded in the scores
(`ocsr_ring_structures`, `ocsr_log_odds`) whenever it was read. Bare
chemistry words ("synthesis", "mechanism", "catalyst", "coupling") carry no weight:
measured on the real-PDF gold they also name the biology and materials
figures of chemistry papers ("G protein coupling", "A3AR activation mechanism",
"catalyst reusability" over a bar chart). Both the image's probabilities and each part
of the caption's evidence go into the decision's scores.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from chemx.visual.classes import FIGURE_CLASSES, FigureClass
from chemx.visual.drawn_structures import MIN_RING_STRUCTURES

LABEL_WEIGHT = 4.0
"""Log-odds for chemistry from a Scheme or Chart label."""
GRAPHICAL_ABSTRACT_WEIGHT = 2.0
"""Log-odds for chemistry from the first page's uncaptioned TOC graphic: a chemistry
paper's graphical abstract draws its chemistry, but it also mixes in photos and
cartoons, so less than a Scheme label (QC 1 still rejects photo and 3-D crops)."""
STRUCTURE_WORDS_WEIGHT = 3.0
"""Log-odds for chemistry from words that name drawn structures (scope, SAR): as strong
as the words against, so a caption that names both leaves the decision to the image."""
DRAWN_STRUCTURES_WEIGHT = 4.0
"""Log-odds for chemistry when OCSR reads `MIN_RING_STRUCTURES` ring structures in the
whole figure (`chemx.visual.drawn_structures`): as strong as a Scheme label, since the
molecules themselves were read; enough to overturn an unsure image and a caption's
"DFT" or "free energy" over a profile that draws its structures, not a confident image
with words against it."""
NON_STRUCTURE_WORDS_WEIGHT = -3.0
"""Log-odds against chemistry from words that name a non-structure picture; enough to
overturn an unsure image (p_image 0.9), not a Scheme label."""
_SCHEME_LABEL = re.compile(r"^\s*(scheme|chart)\b", re.IGNORECASE)
_DASH = r"[-–‒−— ]"
_STRUCTURE = re.compile(
    r"\b(scope|SAR|structure" + _DASH + r"activity|"
    r"optimi[sz]ation of (the )?(reaction )?conditions|reaction conditions|"
    r"structures of (compounds? )?\d|chemical structures?|molecular structures? of \d|"
    r"synthetic (route|applications?|transformations?)|synthesis of \d|"
    r"derivati[sz]ations?|catalytic cycle|proposed (reaction )?mechanism|"
    r"plausible (reaction )?mechanism|biosynthetic (and metabolic )?pathways?|"
    r"biogenetic|representative (examples|compounds)|biologically active|bioactive|"
    r"optimi[sz]ation|"
    # 2-D NMR correlations are drawn as arrows on the structure (NOESY/ROESY ones are not
    # here: they are often shown on a 3-D conformer)
    r"(?:COSY|HMBC|H2BC|TOCSY|ADEQUATE|2D NMR)\b[^.;]{0,40}?\bcorrelations)"
    # a footnote mark printed against the last word ("Scope of Diestersa,b") is no boundary
    r"(?:[a-e](?:,[a-e])*)?\b",
    re.IGNORECASE,
)
_NON_STRUCTURE = re.compile(
    r"\b(spectr(a|um)|ECD|CD|UV(" + _DASH + r"vis)?|IR|MS|HRMS|chromatograms?|[HU]PLC|"
    r"x" + _DASH + r"ray|ORTEP|thermal ellipsoids?|crystal (structures?|packing)|packing|"
    r"(dose|concentration)" + _DASH + r"response|curves?|plots?|cryo" + _DASH + r"?EM|"
    r"maps?|density|microscop(y|ic)|micrographs?|SEM|TEM|STEM|HAADF|gels?|blots?|western|"
    r"expression|docking|binding (pocket|site|mode|pose)s?|poses?|electron density|DFT|"
    r"energy (profiles?|diagrams?|changes)|free" + _DASH + r"energy|"
    r"(calculated|computed|optimi[sz]ed) (geometr(y|ies)|structures?)|"
    r"photographs?|images? of|fluorescence|absorption|cell viability|histolog\w*|"
    r"NMR data|time course|reusability|PDB|superimpos(ed|ition)|superpositions?|"
    r"helix|helices|transmembrane|cartoons?|ribbons?|residues?|conformational changes?|"
    # the statistics of a bar chart's caption ("Bars represent means ± 95% confidence
    # intervals", "Tukey-Kramer HSD test"): a chemistry drawing reports no such test
    r"error bars?|bars (represent|show|indicate|are)|bar (charts?|graphs?|diagrams?)|"
    r"confidence intervals?|statistical(ly)? significan\w*|ANOVA|Tukey\w*|t" + _DASH + r"tests?)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CaptionEvidence:
    """What the caption says about a figure, as log-odds for chemistry."""

    label_odds: float
    structure_odds: float
    non_structure_odds: float
    reasons: tuple[str, ...]
    """Readable evidence ("Scheme label", "non-structure words: ECD, spectra")."""

    @property
    def log_odds(self) -> float:
        """The sum of the three kinds of evidence."""
        return self.label_odds + self.structure_odds + self.non_structure_odds


@dataclass(frozen=True)
class CaptionDecision:
    """The combined verdict and what went into it."""

    figure_class: FigureClass
    scores: dict[str, float]
    """The image's class probabilities, `p_chemistry_image`, the caption's log-odds (in
    total and per kind: `caption_label`, `caption_structure_words`,
    `caption_non_structure_words`) and the combined `p_chemistry`."""
    reasons: tuple[str, ...]
    """What the caption said ("Scheme label", "non-structure words: ECD, spectra")."""


def _words(pattern: re.Pattern[str], caption: str) -> list[str]:
    return sorted({match.group(0) for match in pattern.finditer(caption)})


def caption_evidence(label: str | None, caption: str) -> CaptionEvidence:
    """The caption's evidence for and against chemistry (the module's weights)."""
    label_odds = structure_odds = non_structure_odds = 0.0
    reasons: list[str] = []
    if label and _SCHEME_LABEL.match(label):
        label_odds = LABEL_WEIGHT
        reasons.append(f"{label.split()[0]} label")
    elif label and label.lower() == "graphical abstract":
        label_odds = GRAPHICAL_ABSTRACT_WEIGHT
        reasons.append("graphical abstract")
    structure = _words(_STRUCTURE, caption)
    if structure:
        structure_odds = STRUCTURE_WORDS_WEIGHT
        reasons.append("structure words: " + ", ".join(structure[:4]))
    other = _words(_NON_STRUCTURE, caption)
    if other:
        non_structure_odds = NON_STRUCTURE_WORDS_WEIGHT
        reasons.append("non-structure words: " + ", ".join(other[:4]))
    return CaptionEvidence(label_odds, structure_odds, non_structure_odds, tuple(reasons))


def caption_log_odds(label: str | None, caption: str) -> tuple[float, tuple[str, ...]]:
    """The caption's log-odds for chemistry, and the evidence it rests on."""
    evidence = caption_evidence(label, caption)
    return evidence.log_odds, evidence.reasons


def drawn_structures_odds(count: int | None) -> float:
    """Log-odds for chemistry from the ring structures OCSR read in the whole figure."""
    return DRAWN_STRUCTURES_WEIGHT if count is not None and count >= MIN_RING_STRUCTURES else 0.0


def drawn_structures_could_decide(decision: CaptionDecision) -> bool:
    """Whether reading the figure's structures could turn a non-chemistry verdict over."""
    if decision.figure_class is not FigureClass.NON_CHEMISTRY:
        return False
    p = min(max(decision.scores["p_chemistry"], 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p)) + DRAWN_STRUCTURES_WEIGHT > 0


def decide_class(
    probabilities: dict[str, float],
    label: str | None,
    caption: str,
    drawn_structures: int | None = None,
) -> CaptionDecision:
    """The figure's class from the image's probabilities and its caption (module rule).

    `drawn_structures` is the number of ring structures OCSR read in the whole figure
    (`chemx.visual.drawn_structures`), None when it was not read.
    """
    non = FigureClass.NON_CHEMISTRY.value
    p_image = min(max(1.0 - probabilities[non], 1e-6), 1 - 1e-6)
    evidence = caption_evidence(label, caption)
    drawn_odds = drawn_structures_odds(drawn_structures)
    odds = evidence.log_odds
    logit = math.log(p_image / (1 - p_image)) + odds + drawn_odds
    combined = 1.0 / (1.0 + math.exp(-logit))
    figure_class: FigureClass = FigureClass.NON_CHEMISTRY
    if combined > 0.5:
        chemistry = [c for c in FIGURE_CLASSES if c is not FigureClass.NON_CHEMISTRY]
        figure_class = max(chemistry, key=lambda c: probabilities[c.value])
    scores = {
        **probabilities,
        "p_chemistry_image": round(p_image, 4),
        "caption_log_odds": odds,
        "caption_label": evidence.label_odds,
        "caption_structure_words": evidence.structure_odds,
        "caption_non_structure_words": evidence.non_structure_odds,
        "p_chemistry": round(combined, 4),
    }
    reasons = evidence.reasons
    if drawn_structures is not None:
        scores["ocsr_ring_structures"] = float(drawn_structures)
        scores["ocsr_log_odds"] = drawn_odds
        if drawn_odds:
            reasons = (*reasons, f"{drawn_structures} ring structures read in the figure")
    return CaptionDecision(figure_class, scores, reasons)
