"""Broad mechanism classes: which way a mechanism phrase says a group acts.

The generator compares an answer's mechanism with a wrong answer's reading by class: a
table reading must say what the paper's action says (`chemx.generation.backends.
table_readings`), and a wrong answer that works in one of the answer's competing classes
(steric hindrance, a count of donors, a gain in lipophilicity) would be a second right
answer. The patterns read the words, not the chemistry, so a class says only what the
phrase claims.
"""

from __future__ import annotations

import re

MECHANISM_CLASSES: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.I)
    for name, pattern in {
        "steric": r"\bsteric|\bbulk|\bshield|\bhinder|\bcrowd|\bclash|\bblocks? (?:one|the) face|"
        r"\bcone angle",
        "withdrawal": r"withdraw|electron-poor|electron-deficient|lowers? the lumo|inductive|"
        r"(?<!bond )\bacceptor\b",
        "donation": r"donates? electron|electron-rich|raises? the homo|hyperconjugat|resonance|"
        r"(?<!bond )(?<![–-]H )\bdonor\b",
        "hydrogen_bond": r"hydrogen[- ]bond|h-bond|\b[NO]\s?[–-]\s?H donor",
        # fewer hydrogen-bond donors in the molecule: permeability's argument, one direction
        "donor_count": r"\b(?:lacks?|no|only|fewer|removes?|loss of)\b[^.;]{0,30}\bdonors?\b",
        "metal": r"coordinat|chelat|\bbinds? (?:the )?(?:metal|pd|cu|ni|rh|ir|ru|fe|zn)|ligand",
        "conformation": r"twist|dihedral|planar|rigid|conformation|rotat|preorgani",
        "conjugation": r"conjugat|delocali",
        "lipophilicity": r"lipophil|hydrophob|log ?p\b|solubil|polar",
        # one direction only: 'adds hydrophobic bulk' and 'makes the film more hydrophobic'
        # argue alike, 'raises the polar surface area' argues the other way
        "lipophilic_gain": r"\b(?:more|added|adds?|adding|greater|higher|increase[sd]?|"
        r"raises?|raising)\s+(?:[\w-]+\s+){0,3}?(?:lipophil|hydrophob)|"
        r"\b(?:lipophilic|hydrophobic)\s+(?:bulk|shell|shielding)|"
        r"\braises?\s+(?:the\s+)?c?log\s?[PD]\b",
        "ionisation": r"proton|ionis|ioniz|basic|\bpka\b|charge",
        "cleavage": r"cleav|hydroly|remov(?:ed|al)\b|labile|deprotect",
        "electrophile": r"electrophil|michael|nucleophil|covalent",
        "metabolism": r"metaboli|oxidation|oxidis|oxidiz|cyp",
        "strain": r"\bstrain",
        "radical": r"radical",
    }.items()
}
"""Broad mechanism classes (a bare 'donor'/'acceptor' gives or takes electrons)."""


def mechanism_classes(text: str) -> set[str]:
    """The broad classes a mechanism phrase falls in."""
    return {name for name, pattern in MECHANISM_CLASSES.items() if pattern.search(text)}


RIVAL_ACTIONS: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.I)
    for name, pattern in {
        # the frontier orbitals or the ring pulled one way: any electron-withdrawing group
        # of the drawing does it too ("the chlorines pull the donor HOMO down" beside "the
        # cyano group withdraws electron density", blind-50)
        "electron_pull": r"\bwithdraw\w*\s+(?:\w+\s+){0,2}?electron|\belectron-withdrawing|"
        r"\b(?:lowers?|lowering|deepens?|deepening|pulls?|pulling)\s+(?:the\s+)?(?:[\w-]+\s+)?"
        r"(?:HOMO|LUMO)\b|\bpulls?\s+(?:[\w-]+\s+){0,3}?down\b",
        "electron_push": r"\bdonates?\s+(?:\w+\s+)?electron density|\belectron-donating|"
        r"\b(?:raises?|raising)\s+(?:the\s+)?(?:[\w-]+\s+)?HOMO\b|\bpushes?\s+electron",
        # a part that holds a conformation: any other group that restricts rotation does too
        # ("locks this geometry by raising the barrier to torsion" beside "restricts
        # conformational freedom through the Thorpe–Ingold effect", blind-52)
        "rigidity": r"\blocks?\b(?!\s+up)|\brestrict\w*\s+(?:[\w-]+\s+)?(?:conformation|"
        r"rotation|torsion|freedom)|\brigidif|\bbarriers?\s+to\s+(?:torsion|rotation)|"
        # "prevents the meso-phenyl ring from rotating" beside "the BF2 chelate rigidifies
        # the ligand" (blind-62): both explain a high quantum yield by stopped motion
        r"\bprevents?\s+(?:[\w-]+\s+){0,4}?from\s+rotating|\bhinders?\s+(?:[\w-]+\s+)?rotation",
        # a part that turns two π-systems apart: any other ring or bond that breaks their
        # conjugation does the same ("the ortho methyl raises the donor–phenylene dihedral
        # and lowers ΔEST" beside "the meta-disubstituted ring interrupts conjugation",
        # blind-53)
        "deconjugation": r"\btwist|\bdihedral|\borthogonal|\bdecoupl|"
        r"\b(?:interrupts?|breaks?|disrupts?)\s+(?:[\w-]+\s+){0,2}?conjugation|"
        r"\bout of (?:the\s+)?(?:[\w-]+\s+)?plane",
        # a flexible part that lets a group move: any other flexible spacer does it too
        "flexibility": r"\bflexib|\bswing|\bfreely rotat|\bhinge\b",
        # a group that carries a charge: every other ionised group of the drawing carries
        # one too ("its two carboxylates are fully ionised at pH 7.4 and cannot cross the
        # membrane" beside "the basic amine is protonated at physiological pH", blind-66)
        "charge": r"\b(?:ionised|ionized|ionises|ionizes|protonated|deprotonated|charged)\b|"
        r"\b(?:permanent|positive|negative|net|formal)\s+charges?\b|\bzwitterion",
        # a larger polar surface: every other polar group of the drawing adds to it too
        # ("its extra ether oxygen and larger polar surface area slow permeation" beside
        # "the sulfonamide presents an N–H and two oxygens as hydrogen-bond partners")
        "polarity": r"\bpolar surface|\bTPSA\b|\b(?:more|larger|greater|higher|added|extra)\s+"
        r"(?:[\w-]+\s+)?polar(?:ity)?\b",
    }.items()
}
"""Actions in which two groups of one drawing can rival each other for one effect.

Unlike `MECHANISM_CLASSES`, these say which way a group acts, in words specific enough
that a wrong answer doing the same is a second right answer: two electron-withdrawing
groups both lower the orbitals, two flexible spacers both let a ring swing. A ring that is
merely "electron-rich" or "an acceptor" is not among them (it names what the ring is,
not what it does to the effect)."""


def rival_actions(text: str) -> set[str]:
    """The rival actions (`RIVAL_ACTIONS`) a phrase performs."""
    return {name for name, pattern in RIVAL_ACTIONS.items() if pattern.search(text)}


RIVAL_READINGS: dict[str, re.Pattern[str]] = {
    "polarity": re.compile(
        r"hydrogen[- ]bond|\bpolar|\bcharged?\b|\bionis|\bioniz|\bprotonat|\bsolubil|\bacidic|"
        r"\b[NO]\s?[–-]\s?H\b",
        re.I,
    ),
}
"""Readings that rival an action in other words: a polar surface grows with every group
that donates or accepts a hydrogen bond or carries a charge, though such a reading never
says 'polar surface'."""


def rivals(answer_rivals: set[str] | frozenset[str], reading: str) -> bool:
    """Whether a wrong answer's reading performs one of the answer's rival actions."""
    return any(
        (RIVAL_READINGS.get(action) or RIVAL_ACTIONS[action]).search(reading)
        for action in answer_rivals
    )
