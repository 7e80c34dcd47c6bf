"""Whether one word is a systematic name of a group, read by its nomenclature morphemes.

A paper names a feature by a systematic word the catalogue has no alias for:
"cyclopentanone", "phosphoramidate", "2,4-difluorophenyl", "methoxyiminoacetate",
"isoindolinone". Listing such words would never end; the names are built by IUPAC rules
from a small set of parts, so a word is read as a name when it splits wholly into them:
multiplying prefixes (di, tri, bis), substituent prefixes (fluoro, methoxy, nitro),
stems (meth, pent, benz, pyrid, indol, phosph), connecting vowels and infixes (o, a, in,
an) and class suffixes (yl, ene, one, ole, amide, ate). At least one stem is required,
so English words of suffixes only ("alone") are not names, and so is a word of six
letters or more, so that short chance splits ("penal") are not either. Common solvents
and free ions are names but no feature of a drawing (`NOT_FEATURES`).

>>> names_group("cyclopentanone"), names_group("2,4-difluorophenyl")
(True, True)
>>> names_group("methylation"), names_group("alone"), names_group("acetonitrile")
(False, False, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from chemx.generation.text import wordlist

MULTIPLIERS = (
    "di", "tri", "tetra", "penta", "hexa", "hepta", "octa", "bis", "tris", "mono",
    "bi", "ter",  # ring assemblies: biphenyl, bipyridine, terphenyl (IUPAC RA-1)
)  # fmt: skip
SUBSTITUENT_PREFIXES = (
    "fluoro", "chloro", "bromo", "iodo", "nitro", "nitroso", "amino", "hydroxy", "oxo",
    "cyano", "azido", "oxy", "thio", "sulfanyl", "sulfonyl", "sulfinyl", "carbonyl",
    "carboxy", "formyl", "acetyl", "acetamido", "imino", "hydrazino", "hydro", "dehydro",
    "deoxy", "aza", "oxa", "thia", "iso", "neo", "tert", "sec", "cyclo", "spiro", "bicyclo",
    "homo", "nor", "perfluoro", "trifluoromethyl", "sulfonato", "phosphonato",
    "carboxylato", "ammonio",
)  # fmt: skip
STEMS = (
    "meth", "eth", "prop", "but", "pent", "hex", "hept", "oct", "non", "dec", "benz",
    "phen", "naphth", "anthr", "pyr", "pyrid", "pyrimid", "pyrazin", "pyridazin", "pyrrol",
    "pyrazol", "imidazol", "triazol", "tetrazol", "oxazol", "thiazol", "furan", "thiophen",
    "indol", "quinolin", "quinazolin", "piperid", "piperazin", "morpholin", "azet", "oxet",
    "aziridin", "oxiran", "adamant", "acet", "carb", "carbam", "sulf", "sulfon", "phosph",
    "phosphor", "amid", "amin", "imid", "styr", "tol", "xyl", "mesit", "anil", "glutar",
    "phthal", "succin", "malon", "lact", "ur", "guanid", "vin", "all", "az", "ox", "thi",
    "sil", "bor", "stann", "tosyl", "mesyl", "trifl", "cyan", "nitr", "fluor", "chlor",
    "brom", "iod", "carbol", "coumar", "chrom", "flav", "xanth", "acrid", "carbazol",
    "purin", "pterid", "benzimidazol", "benzofuran", "benzothiophen", "isoquinolin", "ind", "oxind",
)  # fmt: skip
CONNECTORS = ("o", "a", "e", "i", "in", "an", "en", "yn", "on", "ylid")
SUFFIXES = (
    "yl", "ylene", "ylidene", "oyl", "ane", "ene", "yne", "diene", "triene", "ol", "one",
    "al", "ine", "ole", "idine", "oline", "olidine", "ium", "ate", "ite", "oxide", "amide",
    "imide", "amine", "imine", "oate", "ic", "ide", "ene", "idene", "oxy", "io", "ino",
)  # fmt: skip
MIN_LETTERS = 6

NOT_FEATURES = wordlist(
    """
    acetone acetonitrile methanol ethanol propanol isopropanol butanol toluene benzene
    xylene hexane hexanes pentane heptane octane dichloromethane chloroform dioxane
    tetrahydrofuran dimethylformamide dimethylacetamide dimethylsulfoxide ethylene
    triethylamine diisopropylethylamine pyridine piperidine morpholine hydroxide cyanide
    fluoride chloride bromide iodide phosphate carbonate bicarbonate acetate formate
    methoxide ethoxide butoxide methane ethane propane butane pyramidal
    """
)
"""Solvents, common reagents and free ions: systematic names, but a cause named by them
is what the compound met, not a feature of its drawing (a ring or group of the drawing
is named by its substituent form: "pyridyl", "piperidinyl")."""

_PARTS = tuple(
    sorted(
        {(p, "joining") for p in (*MULTIPLIERS, *CONNECTORS)}
        | {(p, "substituent") for p in SUBSTITUENT_PREFIXES}
        | {(s, "stem") for s in STEMS}
        | {(s, "suffix") for s in SUFFIXES},
        key=lambda part: -len(part[0]),
    )
)
_LOCANTS = re.compile(r"(?:\b|^)(?:\d+[a-z]?[′']*|[noscp]|[α-ω])(?:,(?:\d+[a-z]?[′']*|[noscp]))*-")
"""'2,4-', "5'-", 'N-', 'α-' before or inside a name."""


def names_group(word: str) -> bool:
    """Whether `word` splits wholly into nomenclature parts, with a stem and a suffix last.

    Locants and hyphens are not letters of the name ("2,4-difluorophenyl", "N-benzyl").
    """
    lowered = word.lower().strip(" ,;:()[]")
    if lowered in NOT_FEATURES:
        return False
    letters = _LOCANTS.sub("", lowered).replace("-", "").replace("(", "").replace(")", "")
    if len(letters) < MIN_LETTERS or not letters.isalpha() or letters in NOT_FEATURES:
        return False
    if letters.endswith("ide") and len(letters) == MIN_LETTERS:
        return False  # "decide": an anion's name is longer ("sulfide", "acetylide")
    return _splits(letters)


@lru_cache(maxsize=4096)
def _splits(letters: str) -> bool:
    """Whether `letters` is a run of parts that holds a stem and ends on a suffix.

    A substituent prefix may end the name too: "dimethylamino", "trifluoromethoxy".
    """
    # reach[i]: (a stem seen, the last part may end a name) for splits of letters[:i]
    reach: list[set[tuple[bool, bool]]] = [set() for _ in range(len(letters) + 1)]
    reach[0].add((False, False))
    for start in range(len(letters)):
        if not reach[start]:
            continue
        for part, kind in _PARTS:
            if letters.startswith(part, start):
                for stem_seen, _ in reach[start]:
                    ends = kind in ("suffix", "substituent")  # "...amine", "...amino"
                    reach[start + len(part)].add((stem_seen or kind == "stem", ends))
    return (True, True) in reach[len(letters)]


__all__ = ["NOT_FEATURES", "names_group"]
