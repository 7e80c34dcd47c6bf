"""Which measured property an effect is about: emission, potency, yield, stability, ...

Two effects about one property explain the same kind of observation even when they share
no word: "is practically non-emissive in THF" and "stays dark in buffer" are both about
emission, "cost 12-fold in SDH inhibition" and "inhibited SDH with IC50 = 18 nM" both
about potency. A paper's explanation of a feature for one of them, lent to that feature
as a wrong answer for the other, is a second right answer (blind-31: the phenyl rotors'
"dissipate the excitation energy non-radiatively" offered against "the pyridinium ring
keeps the dye dissolved and dark"). The classes are the properties papers of the field
report; a word that starts with one of a class's stems opens the class ("reactive" is no
"active", "chemistry" no "emission").
"""

from __future__ import annotations

import re

PROPERTY_STEMS: dict[str, tuple[str, ...]] = {
    "emission": (
        "emit", "emiss", "fluoresc", "phosphoresc", "luminesc", "quantum yield", "dark",
        "bright", "lights up", "quench", "φf", "φpl", "photoluminesc",
    ),
    "absorption": ("absorb", "absorption", "colour", "color", "red-shift", "blue-shift"),
    "potency": (
        "potency", "potent", "activity", "active", "inactiv", "inhibit", "ic50", "ec50",
        "ki ", "kd ", "mic ", "mics", "mic,", "dc50", "affinity", "binding", "bound",
        "knockdown", "coverage",
    ),
    "yield": ("yield", "conversion"),
    "selectivity": ("selectiv", " ee", "dr ", "enantio", "diastereo", "regio"),
    "rate": ("rate", "faster", "slower", "half-life", "t1/2", "kinetic"),
    "stability": ("stab", "decompos", "degrad", "hydroly", "survive", "lasted", "oxidis"),
    "solubility": ("solub", "dissolv", "dissolu", "precipitat", "aggregat"),
    "permeability": ("permea", "papp", "pampa", "uptake", "efflux"),
    "capacity": ("capacity", "mah", "voltage", "discharg"),
}  # fmt: skip
_PATTERNS = {
    name: re.compile("|".join(rf"(?<![a-z]){re.escape(stem)}" for stem in stems), re.I)
    for name, stems in PROPERTY_STEMS.items()
}


def property_classes(effect: str) -> frozenset[str]:
    """The properties an effect reports ('emission', 'potency', ...); empty for none."""
    padded = f" {effect} "
    return frozenset(name for name, pattern in _PATTERNS.items() if pattern.search(padded))


def same_property(first: str, second: str) -> bool:
    """Whether two effects report one property (see the module docstring)."""
    return bool(property_classes(first) & property_classes(second))


__all__ = ["PROPERTY_STEMS", "property_classes", "same_property"]
