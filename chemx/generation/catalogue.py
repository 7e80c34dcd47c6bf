"""A catalogue of functional groups as RDKit SMARTS: which features a structure shows.

Distractors must pair *other genuine features visible in the same structure* with a
mechanism (seed 002, section 3.3). Offline, "visible" is read from a SMILES when OCSR
produced one: each catalogue entry is a named, drawable feature with a SMARTS pattern,
the words a paper uses for it (aliases, so a feature named in text can be matched to an
entry and a distractor is never the correct feature under another name), and the key of
its mechanism in `chemx.generation.mechanisms`.

The catalogue covers the groups that carry structure–effect explanations in medicinal,
synthetic and materials papers (the sample corpus spans all three). Order matters only
for ties: more specific entries come before the general ones they imply, and
`visible_groups` drops a general match that a specific one already covers (an
acrylamide is not also offered as "secondary amide" and "alkene").

Long module: most of it is the `GROUPS` table, which reads best as one list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from chemx.generation.residues import residue_aliases
from chemx.generation.text import words


@dataclass(frozen=True)
class Group:
    """One catalogue entry.

    Attributes:
        key: stable id (also the mechanism table key).
        name: how a distractor names the feature ("pyridine ring nitrogen").
        smarts: the RDKit SMARTS; None for entries matched in code (stereocentre).
        aliases: lower-case words/phrases by which papers name the feature.
        implies: keys of more general entries this one covers.
    """

    key: str
    name: str
    smarts: str | None
    aliases: tuple[str, ...]
    implies: tuple[str, ...] = ()


ESTER_ACID_NAMES = (
    *("acetate", "propanoate", "propionate", "butanoate", "butyrate", "pivalate", "benzoate"),
    "carboxylate ester",
)
"""The acid part of an ester's name ('methyl propanoate'): it names the ester, whatever
alkyl comes before it."""
HETERO_ALKYLS = ("methyl", "ethyl", "propyl", "isopropyl", "butyl", "alkyl", "benzyl", "allyl")
"""Alkyls a paper names on a heteroatom ('S-propyl', 'O-ethyl group'): that heteroatom's group
(an O-alkyl only as a 'group': 'O-methyl oxime' is an oxime)."""


GROUPS: tuple[Group, ...] = (
    Group(
        "acrylamide",
        "terminal acrylamide (Michael acceptor)",
        "[CH2]=[CH][CX3](=O)[NX3]",
        ("acrylamide", "michael acceptor"),
        ("amide_nh", "alkene", "vinyl", "amide_tertiary"),
    ),
    Group(
        "nitroalkene",
        "conjugated nitroalkene",
        "[CX3]=[CX3][NX3](~[OX1])~[OX1,OX2]",
        ("nitroalkene", "nitro-alkene", "nitroolefin"),
        ("nitro", "alkene"),
    ),
    Group("nitro", "nitro group", "[NX3](~[OX1])~[OX1]", ("nitro",)),
    Group("nitrile", "cyano (nitrile) group", "[CX2]#[NX1]", ("cyano", "nitrile", "cyanomethyl")),
    Group(
        "carboxylic_acid",
        "free carboxylic acid",
        "[CX3](=O)[OX2H1]",
        ("carboxylic acid", "carboxyl", "carboxylate", "acid"),
    ),
    Group(
        "boc",
        "Boc (tert-butyl carbamate) group",
        "[NX3][CX3](=O)[OX2][CX4]([CH3])([CH3])[CH3]",
        ("boc", "tert-butoxycarbonyl"),
        ("carbamate", "tert_butyl", "ester"),
    ),
    Group("carbamate", "carbamate linkage", "[NX3][CX3](=O)[OX2][#6]", ("carbamate",), ("ester",)),
    Group(
        "cyclic_carbonate",
        "cyclic carbonate",
        "[#8X2;R][#6X3;R](=[OX1])[#8X2;R]",
        ("carbonate",),
        ("ester",),
    ),
    Group(
        "carbonate",
        "carbonate ester",
        "[#6][OX2][CX3;!R](=[OX1])[OX2][#6]",
        ("carbonate", "carbonate ester", "dialkyl carbonate", "linear carbonate"),
        ("ester",),
    ),
    Group(
        "benzyl_ester", "benzyl ester", "c[CH2][OX2][CX3](=O)[#6]", ("benzyl ester",), ("ester",)
    ),
    Group(
        "methyl_ester",
        "methyl ester",
        "[CH3][OX2][CX3](=O)[#6]",
        # "its methyl propanoate side chain" (blind-60) is a methyl ester, not a C-methyl
        ("methyl ester", *(f"methyl {acid}" for acid in ESTER_ACID_NAMES)),
        ("ester",),
    ),
    Group(
        "ester",
        "ester carbonyl",
        "[#6][CX3](=O)[OX2][#6]",
        ("ester", "o-acetyl", "acetoxy", "o-benzoyl", "o-pivaloyl", *ESTER_ACID_NAMES),
    ),
    Group(
        "urea",
        "urea carbonyl",
        "[NX3][CX3](=O)[NX3]",
        ("urea", "ureido"),
        ("amide_nh", "amide_tertiary"),
    ),
    Group("thiourea", "thiourea", "[NX3][CX3](=S)[NX3]", ("thiourea", "thioureas")),
    Group(
        "squaramide",
        "squaramide",
        "[#6]1(=O)[#6](=O)[#6]([NX3])=,:[#6]1[NX3]",
        ("squaramide", "squaramides", "cyclobutenedione", "squaric"),
    ),
    Group(
        "barbiturate",
        "barbiturate ring",
        "[#6]1(=[O,S])[#7][#6](=[OX1])[#6][#6](=[OX1])[#7]1",
        (
            "barbiturate",
            "barbiturates",
            "barbituric",
            "thiobarbiturate",
            "thiobarbiturates",
            "thiobarbituric",
            "pyrimidinetrione",
        ),
        # a merocyanine's acceptor (blind-68): its thiocarbonyl, imide and C5 are the ring's
        ("imide", "urea", "thiourea", "amide_tertiary", "thiocarbonyl", "active_methylene"),
    ),
    Group(
        "thiocarbonyl",
        "thiocarbonyl group",
        "[#6X3]=[SX1]",
        ("thiocarbonyl", "thiocarbonyls", "thione", "thioxo", "c=s"),
    ),
    Group(
        "active_methylene",
        "active methylene",
        "[CX4H2]([CX3]=[OX1])[CX3]=[OX1]",
        ("active methylene", "malonyl ch2", "1,3-dicarbonyl ch2"),
    ),
    Group(
        "n_sulfonyl_azole",
        "N-sulfonyl group on the ring nitrogen",
        "[SX4](=O)(=O)[#7X3;a]",
        ("n-sulfonyl", "n-tosyl", "tosyl", "n-ts", "sulfonyl"),
    ),
    Group("sulfonamide", "sulfonamide", "[SX4](=O)(=O)[NX3]", ("sulfonamide", "sulfonyl")),
    Group("sulfonate", "sulfonate ester", "[SX4](=O)(=O)[OX2][#6]", ("sulfonate", "sulfonyl")),
    Group(
        "pyridone",
        "pyridone carbonyl",
        "[#6;a](=[OX1])[#7;a]",
        ("pyridone", "pyridinone", "quinolinone", "isoquinolinone", "pyrrolopyridone", "lactam"),
    ),
    Group("imide", "cyclic imide", "[CX3](=O)[NX3][CX3](=O)", ("imide",), ("amide_tertiary",)),
    Group(
        "amide_nh",
        "amide N–H",
        "[CX3](=O)[NX3;H1]",
        ("amide", "anilide", "amide nh", "lactam", "carboxamide", "acetamide"),
    ),
    Group(
        "amide_tertiary",
        "tertiary amide",
        "[CX3](=O)[NX3;H0]([#6])[#6]",
        ("tertiary amide", "n-methyl tertiary amide"),
    ),
    Group(
        "cyclopropyl",
        "cyclopropyl ring",
        "[CX4]1[CX4][CX4]1",
        ("cyclopropyl", "cyclopropane", "three-membered", "cyclopropanecarboxamide"),
    ),
    Group(
        "trifluoromethyl",
        "trifluoromethyl group",
        "[CX4](F)(F)F",
        ("trifluoromethyl", "cf3", "trifluoroethyl", "trifluoropropyl", "trifluorobutyl"),
        ("fluoroalkyl",),
    ),
    Group(
        "difluoromethyl", "difluoromethyl group", "[CX4H1](F)F", ("difluoromethyl", "chf2", "cf2h")
    ),
    Group(
        "pentafluorosulfanyl",
        "pentafluorosulfanyl group",
        "[SX6](F)(F)(F)(F)F",
        ("pentafluorosulfanyl", "sf5"),
    ),
    Group(
        "aryl_fluoride",
        "aromatic C–F bond",
        "c[F]",
        (
            "c–f",
            "c-f",
            "fluorine",
            "fluoro",
            "fluoride",
            "fluoropyrimidine",
            "fluorophenyl",
            "trifluorophenyl",
            "fluorinated",
            "difluorinated",
            "fluorination",
            "perfluorinated",
            "perfluorination",
        ),
    ),
    Group(
        "aryl_chloride",
        "aryl chloride",
        "c[Cl]",
        (
            "chloro",
            "chloride",
            "chlorine",
            "chlorophenyl",
            "cl",
            "chlorinated",
            "dichlorinated",
            "chlorination",
        ),
    ),
    Group(
        "aryl_bromide",
        "aryl bromide",
        "c[Br]",
        ("bromo", "bromide", "bromine", "bromophenyl", "br", "brominated", "bromination"),
    ),
    Group("aryl_iodide", "aryl iodide", "c[I]", ("iodo", "iodide", "iodine")),
    Group(
        "dimethoxyaryl",
        "dimethoxy-substituted arene",
        "[CH3][OX2]c:c[OX2][CH3]",
        ("dimethoxy", "veratryl"),
        ("methoxy_aryl", "catechol_ether"),
    ),
    Group(
        "methoxy_aryl",
        "aryl methoxy group",
        "c[OX2][CH3]",
        ("methoxy", "anisyl", "ome", "o-methyl ether", "methyl ether"),
    ),
    Group(
        "alkoxy_aryl",
        "alkoxy group on the ring",
        "c[OX2;!R][CX4;!H3;!$(C(F)F)]",  # any alkyl but methyl (its own entry) and CF2/CF3
        (
            "alkoxy",
            "alkyloxy",
            "ethoxy",
            "propoxy",
            "isopropoxy",
            "isopropyloxy",
            "tert-butoxy",
            "butoxy",
            "allyloxy",
            "benzyloxy",
            "propargyloxy",
            "hexyloxy",
            "octyloxy",
            "alkyl aryl ether",
        ),
    ),
    Group(
        "crown_ether",
        "crown ether ring",
        "[OX2;r{12-}][CH2][CH2][OX2;r{12-}]",
        ("crown", "crown ether", "macrocyclic polyether"),
        ("alkyl_ether",),
    ),
    Group(
        "catechol_ether",
        "benzo-fused catechol ether oxygens",
        "c([OX2;!H1])c[OX2;!H1]",
        ("catechol", "methylenedioxy", "benzodioxole", "ethylenedioxy"),
    ),
    Group(
        "diaryl_ether",
        "diaryl ether linkage",
        "c[OX2]c",
        ("aryl ether", "diaryl ether", "ether linkage", "phenoxy"),
    ),
    Group(
        "phenol",
        "phenolic hydroxyl",
        "c[OX2H1]",
        ("phenol", "phenolic", "phenolic hydroxyl", "phenolate", "phenoxide"),
    ),
    Group(
        "catechol",
        "catechol hydroxyl pair",
        "c([OX2H1])c[OX2H1]",
        ("free catechol", "catechol hydroxyls", "dihydroxyphenyl", "dihydroxybenzoyl"),
        ("phenol",),
    ),
    Group(
        "alcohol",
        "aliphatic hydroxyl group",
        "[CX4][OX2H1]",
        (
            "hydroxyl",
            "alcohol",
            "primary hydroxyl",
            "secondary alcohol",
            "oh",
            "hydroxymethyl",
            "hydroxyethyl",
            "hydroxyalkyl",
        ),
    ),
    Group(
        "silyl_ether", "silyl ether", "[Si][OX2][#6]", ("silyl", "trimethylsilyl", "tms", "siloxy")
    ),
    Group("aldehyde", "aldehyde carbonyl", "[CX3H1](=O)[#6]", ("aldehyde", "formyl")),
    Group(
        "anthraquinone",
        "anthraquinone core",
        "O=C1c2ccccc2C(=O)c2ccccc12",
        ("anthraquinone",),
        ("quinone", "ketone", "fused_arene"),
    ),
    Group(
        "quinone",
        "quinone carbonyls",
        "[#6]1(=O)[#6]~[#6][#6](=O)[#6]~[#6]1",
        ("quinone",),
        ("ketone",),
    ),
    Group("ketone", "ketone carbonyl", "[#6][CX3](=O)[#6]", ("ketone", "carbonyl")),
    Group("imine", "C=N imine", "[CX3]=[NX2;!R,R]", ("imine", "c=n")),
    Group(
        "quaternary_ammonium",
        "quaternary ammonium group",
        "[NX4+;H0]",
        ("quaternary ammonium", "trimethylammonium", "tetraalkylammonium", "cationic"),
    ),
    Group(
        "alkylammonium",
        "ammonium group",
        # a protonated amine (R–NH3+, R2NH2+): its N–H bonds make it no quaternary ammonium
        # (blind-69, the phenethylammonium passivators of a perovskite)
        "[NX4+;!H0]",
        ("ammonium", "alkylammonium", "ammonium head group", "protonated amine", "cationic"),
    ),
    Group(
        "n_methylpiperazine",
        "basic N-methylpiperazine",
        "[CH3][NX3]1CC[NX3]CC1",
        ("methylpiperazine", "piperazine"),
        ("piperazine", "basic_amine", "n_methyl"),
    ),
    Group("piperazine", "piperazine ring", "[#7]1CC[#7]CC1", ("piperazine",), ("basic_amine",)),
    Group("morpholine", "morpholine ring", "[#7]1CCOCC1", ("morpholine",)),
    Group("piperidine", "piperidine ring", "[NX3]1CCCCC1", ("piperidine",)),
    Group("pyrrolidine", "pyrrolidine ring", "[NX3]1CCCC1", ("pyrrolidine", "proline", "prolinol")),
    Group(
        "basic_amine",
        "basic aliphatic amine nitrogen",
        "[NX3;!$(N[#6]=[#7,#8,#16]);!$(N[a]);!$(N[SX4]);!$(N=*);!$(N#*)]([CX4])",
        ("amine", "basic", "protonated"),
    ),
    Group(
        "mannich_base",
        "aminomethyl group on the ring",
        "a[CH2][NX3;!$(N[#6]=[#6,#7,#8,#16]);!$(N[a]);!$(N[SX4]);!$(N=*)]([CX4])",
        ("mannich base", "mannich-base", "aminomethyl", "dialkylaminomethyl"),
        ("basic_amine", "benzylic_ch2"),
    ),
    Group(
        "aminopyrimidine",
        "2-aminopyrimidine",
        "[NX3]-c1nccc[n]1",
        ("aminopyrimidine",),
        ("pyrimidine", "diarylamine_nh"),
    ),
    Group(
        "diarylamine_nh", "bridging aryl N–H", "c[NX3H1]c", ("bridging", "aniline nh", "anilino")
    ),
    Group(
        "aryl_nh2",
        "primary aromatic amine (NH2)",
        "c[NX3H2]",
        ("aniline nh2", "primary amine", "primary aromatic amine", "free amine", "amino"),
        ("n_aryl",),
    ),
    Group(
        "aryl_nh_alkyl",
        "alkylamino N–H on the ring",
        "c[NX3H1][CX4]",
        ("arylamino", "alkylamino", "amino nh", "anilino nh"),
        ("n_aryl",),
    ),
    Group(
        "dialkylamino_aryl",
        "dialkylamino group on the ring",
        "c[NX3H0;!$(N-[CX3]=[O,S,N]);!$(N-[SX4]);!$(N=*);!$(N-a-a)]([CX4])[CX4]",
        ("dialkylamino", "dimethylamino", "diethylamino", "julolidine", "tertiary amine"),
        ("n_aryl",),
    ),
    Group("n_methyl", "N-methyl group", "[NX3,$([n+])][CH3]", ("n-methyl",)),
    Group(
        "indane",
        "indane ring system",
        # the fused indane of an aminoindanol-derived bis(oxazoline) (blind-70)
        "c12ccccc1[CX4][CX4][CX4]2",
        ("indane", "indanes", "indanyl", "indan", "indanol", "aminoindanol", "indanone"),
    ),
    Group(
        "tetrahydroisoquinoline",
        "tetrahydroisoquinoline ring",
        "c1cccc2c1CC[NX3]C2",
        ("tetrahydroisoquinoline", "isoquinoline"),
        ("basic_amine",),
    ),
    Group(
        "indole_nh",
        "indole N–H",
        "c1ccc2[nH]ccc2c1",
        ("indole nh", "indole n–h", "indole n-h"),
        ("indole", "pyrrole_nh", "pyrrole"),
    ),
    Group(
        "carbazole",
        "carbazole core",
        "c1ccc2c(c1)[nX3]c1ccccc12",
        ("carbazole", "carbazolyl"),
        ("indole", "pyrrole"),
    ),
    Group("indole", "indole ring", "c1ccc2[nX3]ccc2c1", ("indole", "indolyl"), ("pyrrole",)),
    Group("pyrrole_nh", "pyrrole N–H", "c1cc[nH]c1", ("pyrrole nh", "pyrrole n–h"), ("pyrrole",)),
    Group("pyrrole", "pyrrole ring", "c1cc[nX3]c1", ("pyrrole", "pyrrolyl")),
    Group(
        "pyrazole_nh", "pyrazole N–H", "c1cc[nH]n1", ("pyrazole nh", "pyrazole n–h"), ("pyrazole",)
    ),
    Group("pyrazole", "pyrazole ring", "c1ccnn1", ("pyrazole", "pyrazolyl")),
    Group(
        "imidazolium",
        "imidazolium cation",
        "c1c[n+]c[nX3]1",
        ("imidazolium",),
        ("imidazole",),
    ),
    Group(
        "imidazolium_c2h",
        "imidazolium C2–H",
        "[n+]:[cH]:[nX3]",
        ("c2–h", "c2-h", "c2 proton", "c2 position"),
        ("imidazolium",),
    ),
    Group("imidazole", "imidazole ring", "c1cnc[nX3]1", ("imidazole", "imidazolyl")),
    # counter-ions of a salt drawn beside its cation (`chemx.visual.ion_pairs`)
    Group(
        "sulfonylimide",
        "bis(sulfonyl)imide anion",
        "[SX4](=O)(=O)[N-][SX4](=O)(=O)",
        ("sulfonyl)imide", "sulfonylimide", "tfsi", "fsi", "ntf2", "triflimide", "imide anion"),
    ),
    Group("sulfonyl_fluoride", "S–F bond", "[SX4](=O)(=O)F", ("s–f", "s-f", "sulfonyl fluoride")),
    Group(
        "tetrafluoroborate",
        "tetrafluoroborate anion",
        "F[B-](F)(F)F",
        ("tetrafluoroborate", "bf4", "bf4−", "bf4-"),
    ),
    Group(
        "hexafluorophosphate",
        "hexafluorophosphate anion",
        "F[P-](F)(F)(F)(F)F",
        ("hexafluorophosphate", "pf6", "pf6−", "pf6-"),
    ),
    Group(
        "dicyanamide",
        "dicyanamide anion",
        "N#C[N-]C#N",
        ("dicyanamide", "dca"),
        ("nitrile",),
    ),
    Group("triflate", "triflate anion", "[O-]S(=O)(=O)C(F)(F)F", ("triflate", "otf")),
    Group(
        "halide_anion",
        "halide counter-ion",
        "[F-,Cl-,Br-,I-]",
        (
            "chloride ion",
            "bromide ion",
            "iodide ion",
            "halide ion",
            "chloride anion",
            "bromide anion",
            "iodide anion",
            "halide anion",
            "halide counter-ion",
        ),
    ),
    Group(
        "triazole",
        "triazole ring",
        "[$(c1cnnn1),$(c1ncnn1),$(c1nncn1)]",
        ("triazole", "triazolyl"),
    ),
    Group("tetrazole", "tetrazole ring", "c1nnnn1", ("tetrazole", "tetrazolyl")),
    Group("oxazole", "oxazole ring", "[$(c1cocn1),$(c1conc1)]", ("oxazole", "isoxazole")),
    Group("thiazole", "thiazole ring", "c1cscn1", ("thiazole", "thiazolyl")),
    Group("furan", "furan ring", "c1ccoc1", ("furan", "furyl")),
    Group(
        "oxazoline",
        "oxazoline (4,5-dihydrooxazole) ring",
        "C1=NCCO1",
        ("oxazoline", "dihydrooxazole", "dihydrooxazol"),
        ("imine", "alkyl_ether"),
    ),
    Group(
        "lactone",
        "lactone ring",
        "[#6;R][CX3;R](=O)[OX2;R][#6;R]",
        ("lactone", "butenolide", "furanone", "butyrolactone", "valerolactone"),
        ("ester",),
    ),
    Group("epoxide", "epoxide ring", "C1OC1", ("epoxide", "oxirane"), ("alkyl_ether",)),
    Group(
        "peroxide",
        "peroxide group",
        "[OX2]-[OX2]",
        (
            *("peroxide", "endoperoxide", "peroxide bridge", "o–o bond", "o-o bond"),
            *("trioxolane", "ozonide", "trioxane", "tetraoxane", "dioxetane"),
        ),
    ),
    Group("azetidine", "azetidine ring", "[NX3]1CCC1", ("azetidine",)),
    Group("oxetane", "oxetane ring", "C1COC1", ("oxetane",), ("alkyl_ether",)),
    Group("azide", "azide group", "[NX2]=[NX2+]=[NX1-]", ("azide", "azido")),
    Group("sulfone", "sulfone", "[#6][SX4](=O)(=O)[#6]", ("sulfone", "sulfonyl", "s-dioxide")),
    Group(
        "sulfoximine",
        "sulfoximine S(=O)=N group",
        "[#6][SX4](=O)(=[NX2])[#6]",
        ("sulfoximine", "sulfoximide", "sulfoximines"),
    ),
    Group("sulfoxide", "sulfoxide S=O", "[#6][SX3](=O)[#6]", ("sulfoxide", "sulfinyl")),
    Group(
        "acyl_phosphine_oxide",
        "acylphosphine oxide C(=O)–P bond",
        "[#6][CX3](=O)[PX4]=O",
        ("acylphosphine", "acylphosphine oxide", "acylphosphinate", "acyl–phosphorus"),
        ("ketone",),
    ),
    Group(
        "phosphinate",
        "phosphinate P–O ester",
        "[PX4](=O)([OX2][#6])([#6])[#6]",
        ("phosphinate",),
    ),
    Group(
        "phosphonate",
        "phosphonate P–O ester",
        "[PX4](=O)([OX2][#6])([OX2][#6])[#6]",
        ("phosphonate", "phosphonic ester"),
    ),
    Group(
        "phosphate",
        "phosphate or phosphoramidate ester",
        "[PX4](=O)([OX2,OX1-])([OX2,OX1-,NX3])[OX2,NX3]",
        ("phosphate", "phosphoramidate", "phosphodiester", "phosphotriester"),
    ),
    Group(
        "phosphine_oxide",
        "phosphine oxide P=O",
        "[PX4](=O)([#6])([#6])[#6]",
        ("phosphine oxide", "phosphoryl"),
    ),
    Group(
        "difluoromethylene",
        "CF2 (difluoromethylene) unit",
        "[CX4;!$(C(F)(F)F);!H1](F)(F)",
        ("difluoromethylene", "cf2", "gem-difluoro", "perfluorocyclopentene", "perfluoro"),
    ),
    Group(
        "alkyl_fluoride", "aliphatic C–F bond", "[CX4;!$(C(F)F)]F", ("fluoroalkyl", "fluoroethyl")
    ),
    Group(
        "vinyl_fluoride",
        "vinylic C–F bond",
        "F[CX3;!a]=[#6]",
        ("vinyl fluoride", "vinylic fluorine", "fluoroalkene", "fluoroolefin", "fluoroacrylamide"),
    ),
    Group(
        "primary_amide",
        "primary carboxamide",
        "[#6][CX3](=O)[NX3H2]",
        ("primary amide", "carboxamide"),
    ),
    Group(
        "guanidine",
        "guanidine (amidinium) group",
        # a nitro- or cyanoguanidine is neutral, no amidinium (`nitroimine`)
        "[NX3][CX3](=[$([NX2]);!$(N[N+](=O)[O-]);!$(NN(=O)=O);!$(NC#N),NX3+])[NX3]",
        ("guanidine", "guanidinium", "amidinium"),
        ("imine",),
    ),
    Group(
        "nitroimine",
        "N-nitroimine",
        "[CX3]=[NX2][$([N+](=O)[O-]),$(N(=O)=O)]",
        ("nitroimine", "nitroimino", "n-nitroimine", "nitroguanidine", "nitroguanidines"),
        # the neonicotinoid pharmacophore (blind-70): its N–NO2 is this group's
        ("nitro", "imine"),
    ),
    Group(
        "amidine",
        "amidine C(=N)N group",
        "[#6][CX3;!R](=[NX2,NX3+])[NX3]",
        ("amidine", "amidino", "carboxamidine"),
        ("imine",),
    ),
    Group("oxime", "oxime C=N–O", "[CX3]=[NX2][OX2]", ("oxime", "oxime ether"), ("imine",)),
    Group(
        "hydrazone",
        "hydrazone C=N–N",
        "[CX3]=[NX2][NX3;!$([N+](=O)[O-]);!$(N(=O)=O)]",  # a nitroimine's N–NO2 is no hydrazone
        ("hydrazone", "acylhydrazone"),
        ("imine",),
    ),
    Group(
        "enone",
        "α,β-unsaturated carbonyl",
        "[CX3;!$(C-[NX3])]=[CX3][CX3](=O)[#6,#8]",
        ("enone", "α,β-unsaturated", "unsaturated ketone", "chalcone"),
        ("alkene",),
    ),
    Group("thiol", "thiol S–H", "[#6][SX2H1]", ("thiol", "sulfhydryl", "mercapto")),
    Group("disulfide", "disulfide S–S bond", "[#6][SX2][SX2][#6]", ("disulfide",), ("thioether",)),
    Group("n_oxide", "N-oxide", "[#7+;!$([#7+](=O)[O-])][OX1-]", ("n-oxide", "n oxide")),
    Group(
        "trifluoroborate",
        "trifluoroborate B–F3 group",
        "[#6][B-](F)(F)F",
        ("trifluoroborate", "bf3k"),
    ),
    Group(
        "adamantyl",
        "adamantyl cage",
        "C1C2CC3CC1CC(C2)C3",
        ("adamantyl", "adamantane", "adamantylammonium"),
        ("quaternary_carbon",),
    ),
    Group(
        "quinoxaline",
        "quinoxaline ring",
        "c1ccc2nccnc2c1",
        ("quinoxaline", "quinoxalinyl"),
        ("pyrazine", "fused_arene"),
    ),
    Group("pyrazine", "pyrazine ring", "c1cnccn1", ("pyrazine", "pyrazinyl")),
    Group("pyridazine", "pyridazine ring", "c1ccnnc1", ("pyridazine", "pyridazinyl")),
    Group(
        "triazine", "1,3,5-triazine ring", "c1ncncn1", ("triazine", "triazinyl"), ("pyrimidine",)
    ),
    Group(
        "pyridinium",
        "N-alkyl pyridinium cation",
        "[CX4][n+]1ccccc1",
        ("pyridinium", "bipyridinium", "viologen"),
        ("n_methyl",),
    ),
    Group(
        "sulfate_ester",
        "O-sulfate (sulfooxy) group",
        "[#6,#7][OX2][SX4](=O)(=O)[OX2H1,OX1-]",
        ("sulfate", "sulfooxy", "o-sulfate", "hydrogen sulfate", "sulfate ester"),
        ("sulfonate",),
    ),
    Group(
        "sulfonic_acid",
        "sulfonic acid (sulfonate) group",
        "[#6][SX4](=O)(=O)[OX2H1,OX1-]",
        ("sulfonic acid", "sulfonate", "sulfonato", "sulfonyl", "sulfo"),
    ),
    Group("alkyl_halide", "alkyl halide", "[CX4;!$(C(F)(F))][Cl,Br,I]", ("alkyl halide",)),
    Group("tetrazine", "1,2,4,5-tetrazine ring", "c1nncnn1", ("tetrazine",)),
    Group("pyrimidine", "pyrimidine ring", "c1ncncc1", ("pyrimidine",)),
    Group(
        "quinoline",
        "quinoline ring",
        "c1ccc2ncccc2c1",
        ("quinoline", "aminoquinoline"),
        ("pyridine", "fused_arene"),
    ),
    Group("pyridine", "pyridine ring nitrogen", "[nX2]1ccccc1", ("pyridine", "pyridyl", "pyridin")),
    Group("thiophene", "thiophene ring", "c1ccsc1", ("thiophene", "thienyl")),
    Group(
        "thioether",
        "thioether sulfur",
        "[#6][SX2][#6]",
        ("thioether", "methylthio", "sulfide", *(f"s-{a}" for a in HETERO_ALKYLS), "alkylthio"),
    ),
    Group(
        "phosphine",
        "trialkyl/aryl phosphine phosphorus",
        "[PX3]([#6])([#6])[#6]",
        ("phosphine", "phosphorus", "phosphino"),
    ),
    Group(
        "pinacol_boronate",
        "pinacol boronate ester",
        "[BX3]1OC(C)(C)C(C)(C)O1",
        ("pinacol", "pinacol boronate", "bpin"),
        ("gem_dimethyl", "quaternary_carbon", "boronic_ester"),
    ),
    Group(
        "boronic_ester",
        "boronic ester",
        "[BX3]([#6,#1,OX2H1])([OX2][#6])[OX2]",
        (
            "boronate",
            "boronate ester",
            "boronic ester",
            "cyclic boronate",
            # a benzoxaborole is a cyclic boronic hemiester (blind-67)
            "oxaborole",
            "oxaboroles",
            "benzoxaborole",
            "benzoxaboroles",
        ),
    ),
    Group(
        "bf2_chelate",
        "BF2 (difluoroboron) chelate",
        "[#5](F)(F)([#7,#8])[#7,#8]",
        ("bf2", "difluoroboron", "boron difluoride", "bf2 unit", "bf2 bridge"),
    ),
    Group("boronic_acid", "boronic acid", "[BX3]([OX2H1])[OX2H1]", ("boronic acid",)),
    Group(
        "trans_cyclooctene",
        "strained cyclooctene double bond",
        "[CX3;r8]=[CX3;r8]",
        ("cyclooctene", "strained alkene", "tco"),
        ("alkene",),
    ),
    Group("alkyne", "alkyne", "[CX2]#[CX2]", ("alkyne", "ethynyl")),
    Group("vinyl", "terminal vinyl group", "[CH2]=[CH1]", ("vinyl", "allyl"), ("alkene",)),
    Group(
        "styryl",
        "aryl ring conjugated to a C=C bond",
        "c-[CX3]=[CX3]",
        ("styryl", "conjugated aryl"),
        ("alkene",),
    ),
    Group("alkene", "C=C double bond", "[CX3]=[CX3]", ("alkene", "olefin", "double bond")),
    Group(
        "mesityl",
        "mesityl (2,4,6-trimethylphenyl) group",
        "[CH3]c1cc([CH3])c(-[#6,#7])c([CH3])c1",
        ("mesityl",),
        # its ring matches every substitution pattern: each would name the mesityl again
        ("aryl_methyl", "para_phenylene", "meta_phenylene", "ortho_phenylene", "phenyl"),
    ),
    Group(
        "tert_butyl",
        "tert-butyl group",
        "[CX4]([CH3])([CH3])[CH3]",
        ("tert-butyl", "t-bu"),
        ("quaternary_carbon",),
    ),
    Group(
        "isopropyl",
        "isopropyl group",
        "[CH1;!R]([CH3])([CH3])[!#1]",
        ("isopropyl", "i-pr", "ipr", "isopropyl groups", "triisopropyl"),
    ),
    Group(
        "cyclohexyl",
        "cyclohexyl ring",
        "[CH1;R1]1(-!@[!#1])[CH2][CH2][CH2][CH2][CH2]1",
        ("cyclohexyl", "dicyclohexyl", "cyclohexane"),
    ),
    Group(
        "gem_dimethyl",
        "gem-dimethyl carbon",
        # a ring or chain carbon with exactly two methyls ('the gem-dimethyl group next to
        # the amine', blind-67); a tert-butyl's carbon has three
        "[CX4;H0;!$([CX4]([CH3])([CH3])[CH3])]([CH3])[CH3]",
        ("gem-dimethyl",),
        ("quaternary_carbon",),
    ),
    Group("aryl_methyl", "aryl methyl group", "c[CH3]", ("methyl", "tolyl")),
    Group("phenoxazine", "phenoxazine donor", "c1ccc2c(c1)Oc1ccccc1N2", ("phenoxazine",)),
    Group("phenothiazine", "phenothiazine donor", "c1ccc2c(c1)Sc1ccccc1N2", ("phenothiazine",)),
    Group(
        "acridan",
        "acridan donor",
        "c1ccc2c(c1)[CX4]c1ccccc1N2",
        ("acridan", "dihydroacridine", "9,10-dihydroacridine", "dmac"),
    ),
    Group(
        "acridinium",
        "acridinium core",
        "c1ccc2[n+]c3ccccc3cc2c1",
        ("acridinium",),
        ("quinoline", "pyridine", "fused_arene"),
    ),
    Group("coumarin", "coumarin lactone", "O=c1ccc2ccccc2o1", ("coumarin", "lactone")),
    Group(
        "geminal_diaryl",
        "geminal diaryl carbon",
        "[CX4](c1ccccc1)c1ccccc1",
        ("geminal phenyl", "diaryl", "diphenyl"),
    ),
    Group("biaryl", "biaryl bond", "[c;R1]-!@[c,n;R1]", ("biaryl", "biphenyl", "biphenylyl")),
    Group("n_aryl", "N–aryl bond", "c-!@[NX3;!$(N=*);!$(N-[CX3]=O)]", ("n-aryl", "aniline")),
    Group(
        "para_phenylene",
        "para-disubstituted benzene ring",
        "*-!@c1ccc(-!@*)cc1",
        ("para-phenylene", "para-substituted"),
    ),
    Group(
        "meta_phenylene",
        "meta-disubstituted benzene ring",
        "*-!@c1cccc(-!@*)c1",
        ("meta-phenylene", "meta-substituted"),
    ),
    Group(
        "ortho_phenylene",
        "ortho-disubstituted benzene ring",
        "*-!@c1ccccc1-!@*",
        ("ortho-phenylene", "ortho-substituted", "ortho-disubstituted"),
    ),
    Group(
        "benzylic_ch2",
        "benzylic CH2 group",
        "c[CH2;!R][!#1;!c]",
        ("benzylic", "benzyl group", "benzyl"),
    ),
    Group(
        "quaternary_carbon",
        "quaternary sp3 carbon",
        "[CX4H0]([#6])([#6])([#6])[#6]",
        ("quaternary", "quaternary carbon", "quaternary centre"),
    ),
    Group(
        "azo",
        "azo (N=N) linkage",
        "[#6][NX2]=[NX2][#6]",
        ("azo", "azo bridge", "azo group", "azo linkage", "diazene"),
    ),
    Group(
        "alkyl_chain",
        "n-alkyl chain",
        "[CH3][CH2;!R][CH2;!R][CH2;!R]",
        ("alkyl chain", "butyl chain", "hexyl chain", "octyl chain", "n-butyl", "n-octyl"),
        ("ethylene_linker",),
    ),
    Group("ethylene_linker", "ethylene (CH2–CH2) linker", "[CH2;!R][CH2;!R]", ("ethylene",)),
    Group(
        "fused_arene",
        "fused polycyclic arene",
        "c1ccc2ccccc2c1",
        (
            "naphthalene",
            "anthracene",
            "phenanthrene",
            "polycyclic",
            "fused",
            "naphthyl",
            "anthryl",
            "anthracenyl",
            "phenanthryl",
            "pyrenyl",
            "pyrene",
        ),
    ),
    Group(
        "alkyl_ether",
        "aliphatic ether oxygen",
        "[CX4][OX2][CX4]",
        (
            *("ether", "peg", "polyethylene glycol", "ethylene glycol", "oligoether", "polyether"),
            *(f"o-{a} group" for a in HETERO_ALKYLS),
        ),
    ),
    Group(
        "phenyl",
        "phenyl ring",
        "[cR1]1[cR1][cR1][cR1][cR1][cR1]1",
        ("phenyl", "benzene ring", "phenoxy"),
    ),
    Group("stereocentre", "defined stereocentre", None, ("stereocentre", "stereocenter", "chiral")),
)
"""The catalogue, specific entries before the general ones they imply."""

BY_KEY: dict[str, Group] = {group.key: group for group in GROUPS}

UNRELIABLE_IN_PARTIAL = frozenset(
    {
        "trans_cyclooctene",
        "imine",
        "alkene",
        "vinyl",
        "styryl",
        "ketone",
        "quinone",
        "cyclopropyl",
        "stereocentre",
        "alkyne",
    }
)
"""Entries not trusted on a partial OCSR reading: a misread aromatic ring shows up as
alternating C=C/C=N bonds in odd ring sizes ("cyclooctene", "imine"), so these would be
offered as features the drawing does not have."""


@cache
def _patterns() -> dict[str, Any]:
    """Compiled SMARTS per key (RDKit imported on first use: it is not needed offline)."""
    from rdkit import Chem

    compiled = {}
    for group in GROUPS:
        if group.smarts is None:
            continue
        pattern = Chem.MolFromSmarts(group.smarts)
        if pattern is None:
            raise ValueError(f"catalogue entry {group.key}: invalid SMARTS {group.smarts!r}")
        compiled[group.key] = pattern
    return compiled


_ELEMENT_NUMBERS = {"c": 6, "n": 7, "o": 8, "s": 16, "p": 15}


def loose_smarts(smarts: str) -> str:
    """A group's pattern with aromaticity and connectivity left open, hydrogens kept.

    'c[F]' (a fluorine on a ring) becomes '[#6][F]' (a fluorine on any carbon),
    '[CX4][OX2H1]' (an alcohol) '[#6][#8H1]' (any hydroxyl). A group absent even loosely
    is absent from the drawing, whatever the catalogue's finer entries would call it.

    >>> loose_smarts("c[F]"), loose_smarts("[CX4][OX2H1]"), loose_smarts("c[OX2]c")
    ('[#6][F]', '[#6][#8H1]', '[#6][#8][#6]')
    """

    def bracket(match: re.Match[str]) -> str:
        inner = re.sub(r"X\d", "", match.group(1))
        symbol = re.match(r"[CcNnOoSsPp](?![a-z])", inner)
        if symbol is None:
            return f"[{inner}]"
        number = _ELEMENT_NUMBERS[symbol.group(0).lower()]
        rest = inner[1:]
        return f"[#{number}{rest}]" if rest else f"[#{number}]"

    def bare(match: re.Match[str]) -> str:
        return f"[#{_ELEMENT_NUMBERS[match.group(0).lower()]}]"

    parts = re.split(r"(\[[^\]]*\])", smarts)
    out = []
    for part in parts:
        if part.startswith("["):
            out.append(re.sub(r"^\[(.*)\]$", bracket, part))
        else:
            # outside brackets only 'Cl' and 'Br' have two letters: an aromatic run
            # ('c1ccccc1') is read atom by atom
            part = re.sub(r"C(?!l)|[cNnOoSsPp]", bare, part)
            out.append(part.replace(":", "~"))
    return "".join(out)


def loosely_matched(key: str, smiles: str) -> bool | None:
    """Whether the drawing has the group `key` even loosely (`loose_smarts`); None unread."""
    from rdkit import Chem

    group = BY_KEY[key]
    molecule = parse_smiles(smiles)
    if molecule is None or group.smarts is None:
        return None
    pattern = Chem.MolFromSmarts(loose_smarts(group.smarts))
    if pattern is None:
        return None
    return bool(molecule.HasSubstructMatch(pattern))


def parse_smiles(smiles: str) -> Any | None:
    """An RDKit molecule from a SMILES, tolerating OCSR readings RDKit rejects.

    Partial OSRA readings (an unresolved atom written '*', a valence RDKit refuses) still
    show most of the drawn groups; they are parsed without sanitisation, and aromaticity
    and ring information are then set up as far as RDKit can.
    """
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]
    # a reaction's reading lists its compounds apart ("A B C"): RDKit would read "B C" as
    # the name of A, so the compounds are joined as one disconnected molecule
    smiles = ".".join(smiles.split())
    molecule = Chem.MolFromSmiles(smiles)
    if molecule is not None:
        return molecule
    molecule = Chem.MolFromSmiles(smiles, sanitize=False)
    if molecule is None:
        return None
    try:
        molecule.UpdatePropertyCache(strict=False)
        Chem.SanitizeMol(
            molecule,
            Chem.SanitizeFlags.SANITIZE_FINDRADICALS
            | Chem.SanitizeFlags.SANITIZE_SETAROMATICITY
            | Chem.SanitizeFlags.SANITIZE_SETCONJUGATION
            | Chem.SanitizeFlags.SANITIZE_SETHYBRIDIZATION
            | Chem.SanitizeFlags.SANITIZE_SYMMRINGS,
            catchErrors=True,
        )
    except Exception:
        return None
    return molecule


@lru_cache(maxsize=4096)
def valence_problems(smiles: str) -> int:
    """How many atoms of a reading RDKit finds chemically impossible (0 if it parses).

    A reading that fails sanitisation on several atoms ("F=C", "[O]=C", a ring iodine) is
    a misread drawing, not a partial one: its groups would name what the image lacks.
    """
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]
    joined = ".".join(smiles.split())
    if Chem.MolFromSmiles(joined) is not None:
        return 0
    molecule = Chem.MolFromSmiles(joined, sanitize=False)
    if molecule is None:
        return BROKEN_SYNTAX
    atoms = set()
    for problem in Chem.DetectChemistryProblems(molecule):
        if hasattr(problem, "GetAtomIdx"):
            atoms.add(problem.GetAtomIdx())
        else:
            atoms.add(-len(atoms) - 1)  # a ring or kekulisation problem without an atom
    return len(atoms)


BROKEN_SYNTAX = 99
"""What `valence_problems` counts for a reading RDKit cannot even parse."""


def has_alkyl_methyl(smiles: str | None) -> bool:
    """Whether the drawing has a methyl on an sp3 carbon (no catalogue entry names one)."""
    from rdkit import Chem

    molecule = parse_smiles(smiles) if smiles else None
    pattern = Chem.MolFromSmarts("[CH3][CX4]")
    return molecule is not None and molecule.HasSubstructMatch(pattern)


def matched_keys(smiles: str) -> list[str]:
    """Keys of every catalogue entry whose SMARTS matches (catalogue order).

    Several '.'- or space-separated components (a reaction read as several structures)
    are matched together: a reaction image shows all of them.
    """
    found: set[str] = set()
    for part in re.split(r"[\s.]+", smiles.strip()):
        if not part:
            continue
        molecule = parse_smiles(part)
        if molecule is None:
            continue
        for key, pattern in _patterns().items():
            if key not in found and molecule.HasSubstructMatch(pattern):
                found.add(key)
        if "@" in part:
            found.add("stereocentre")
    return [group.key for group in GROUPS if group.key in found]


def visible_groups(smiles: str) -> list[Group]:
    """The matched entries minus the general ones a more specific match implies."""
    keys = matched_keys(smiles)
    implied = {general for key in keys for general in BY_KEY[key].implies}
    return [BY_KEY[key] for key in keys if key not in implied]


SUBSTITUENT_STEM = re.compile(r"[a-z]{5,}(?:ine|ole|ane)")
"""One-word ring names whose substituent form drops the final 'e' ('piperidine' ->
'piperidinyl', 'imidazole' -> 'imidazolyl', 'oxetane' -> 'oxetanyl'); an amine ring's
N-bound form ends in 'o' ('morpholino', 'piperidino', 'pyrrolidino')."""
ALIAS_SUFFIXES = r"(?:s|es|ic|yl|ated|ation|ations)?"
"""Endings an alias may take in running text ("methoxys", "pyridyl", "methylation")."""


def aliases_of(group: Group) -> tuple[str, ...]:
    """The entry's aliases and the residue names of its side chain ('lysine': an amine)."""
    return (*group.aliases, *residue_aliases(group.key))


@cache
def _alias_patterns() -> list[tuple[Group, list[tuple[int, re.Pattern[str]]]]]:
    """Every entry's aliases as compiled patterns (compiled once: there are ~200)."""
    compiled = []
    for group in GROUPS:
        patterns = []
        for alias in dict.fromkeys((*aliases_of(group), group.name)):  # its own name names it
            alias_words = " ".join(words(alias))
            if alias_words:
                # 'acidic' describes acidity ("the more acidic thioamide N–H"), not an acid
                suffixes = (
                    ALIAS_SUFFIXES.replace("|ic", "") if alias_words == "acid" else ALIAS_SUFFIXES
                )
                pattern = rf"(?<![a-z]){re.escape(alias_words)}{suffixes}(?![a-z])"
                if SUBSTITUENT_STEM.fullmatch(alias_words):
                    # "piperidinyl", "morpholinyl", and for an amine ring "morpholino",
                    # "piperidino": the ring named as a substituent
                    ending = "(?:yl|o)" if alias_words.endswith("ine") else "yl"
                    stem_yl = rf"(?<![a-z]){re.escape(alias_words[:-1])}{ending}(?![a-z])"
                    pattern = f"{pattern}|{stem_yl}"
                patterns.append((len(alias_words), re.compile(pattern)))
        compiled.append((group, patterns))
    return compiled


@lru_cache(maxsize=4096)
def _alias_hits(text: str) -> tuple[tuple[int, int, Group], ...]:
    """(alias length, -catalogue index, entry) for every alias found in `text`."""
    lowered = " ".join(words(without_isotopes(text)))
    hits = []
    for index, (group, patterns) in enumerate(_alias_patterns()):
        best = max((n for n, pattern in patterns if pattern.search(lowered)), default=0)
        if best:
            hits.append((best, -index, group))
    return tuple(hits)


def without_isotopes(text: str) -> str:
    """`text` with isotope labels dropped: an aryl C–18F bond is an aryl C–F bond.

    >>> without_isotopes("the aryl C–18F bond of 4-[18F]fluorobenzamide")
    'the aryl C–F bond of 4-fluorobenzamide'
    """
    return _ISOTOPE_INLINE.sub("", _ISOTOPE_BRACKET.sub("", text))


_ISOTOPE_BRACKET = re.compile(r"\[(?:2|3|11|13|14|15|17|18)[A-Z][a-z]?\](?=[a-z])")
"""'[18F]fluoro', '[11C]methyl': a bracketed label before the name it marks."""
_ISOTOPE_INLINE = re.compile(r"(?<=[–\-\s(])(?:11|13|14|15|17|18)(?=[FCNO]\b)")
"""'C–18F', 'the 18F label': a mass number before its element symbol."""


def groups_named_in(text: str) -> list[Group]:
    """Catalogue entries whose aliases occur in `text` (word starts and ends respected)."""
    return [group for _, _, group in sorted(_alias_hits(text), key=lambda h: -h[1])]


@cache
def _name_parts() -> tuple[tuple[str, str], ...]:
    """(alias, entry key) for every one-word alias a systematic name can be built from."""
    return tuple(
        (alias, group.key)
        for group in GROUPS
        for alias in dict.fromkeys(a.lower() for a in aliases_of(group))
        if alias.isalpha() and len(alias) >= 4
    )


@cache
def _name_part_owners() -> dict[str, frozenset[str]]:
    """Each name part and every entry it names ("sulfonyl": sulfone, sulfonamide, ...)."""
    owners: dict[str, set[str]] = {}
    for alias, key in _name_parts():
        owners.setdefault(alias, set()).add(key)
    for prefix, keys in SUBSTITUENT_PREFIXES.items():
        owners.setdefault(prefix, set()).update(keys)
    return {alias: frozenset(keys) for alias, keys in owners.items()}


SUBSTITUENT_PREFIXES: dict[str, tuple[str, ...]] = {
    "hydroxy": ("alcohol", "phenol"),
    "carboxy": ("carboxylic_acid",),
}
"""IUPAC substituent prefixes that are parts of a name but no group's name alone: the
"hydroxy" of "hydroxyethoxy" is an OH (on carbon or on the ring; the name does not say
which), so "aliphatic hydroxyl group" offered beside "the terminal hydroxyethoxy group"
names the answer's group twice (blind-48). 'oxo' is left out: it is also the start of
ring names ('oxolane', 'dioxolane')."""


def parent_of(word: str) -> str | None:
    """The parent a prefixed name ends on ('bipyridine' -> 'pyridine'), if it ends on one.

    Nomenclature builds a name as prefixes on a parent: "dinitroarene", "bipyridine",
    "tetramethylthiophene". A parent is a one-word catalogue alias with a parent's ending,
    or a class parent (`CLASS_PARENTS`), that ends the word after a prefix of at least two
    letters; process nouns ("methylation") and solvents ("dichloromethane") end on none.

    >>> parent_of("bipyridine")
    'pyridine'
    >>> parent_of("electron-poor dinitroarene".split()[-1])
    'arene'
    >>> parent_of("methylation") is None
    True
    """
    lowered = word.lower()
    for parent in _parents():
        prefix = lowered[: -len(parent)].replace(",", "").replace("-", "")
        if lowered.endswith(parent) and len(prefix) >= 2 and prefix.isalnum():
            return parent
    return None


@cache
def _parents() -> tuple[str, ...]:
    """Every parent `parent_of` knows, longest first (one list, built once)."""
    aliases = {
        alias
        for alias, _ in _name_parts()
        if len(alias) >= PARENT_MIN and alias.endswith(PARENT_ENDINGS) and alias not in NOT_PARENTS
    }
    return tuple(sorted(aliases | CLASS_PARENTS, key=lambda a: (-len(a), a)))


PARENT_MIN = 5
"""A parent alias shorter than this ('oh', 'ester' is five) is too often a word's end."""
PARENT_ENDINGS = ("ine", "ole", "ene", "ane", "one", "ide", "an", "ether", "ester", "ium")
"""Endings of parent names (pyridine, thiazole, thiophene, oxetane, quinone, imide, furan)."""
CLASS_PARENTS = frozenset(
    {"arene", "alkene", "alkyne", "ester", "ether", "amide", "imine", "heterocycle", "macrocycle"}
)
"""Class words a prefix may name the substituents of ("dinitroarene", "bis-imine"); no
amine or carbon: "triethylamine" and "hydrocarbon" are no features of a drawing."""
NOT_PARENTS = frozenset(
    {"amine", "ammonium", "fluoride", "chloride", "bromide", "iodide", "ethylene"}
)
"""Parents whose prefixed forms are reagents or polymers ('triethylamine', 'thionyl
chloride' run together, 'tetrabutylammonium', 'polyethylene'), never a drawn compound's
group."""


def groups_inside_name(word: str) -> set[str]:
    """Entry keys whose aliases are parts of one systematic name ("3-methylthiophene").

    A name is built from substituent and parent parts run together: "2-bromopyridine" is
    a bromo and a pyridine, "thiophene-2-carbaldehyde" a thiophene and an aldehyde. The
    parts are the non-overlapping aliases that cover most of the name (fewest parts on a
    tie), so "methylthiophene" is a methyl and a thiophene, not a methylthio and a rest,
    and an "ethyl" inside "methyl" is no part. A part that several entries share names
    them all ("methylsulfonyl": a sulfone or a sulfonamide's sulfonyl; which one, the
    name alone does not say).

    >>> sorted(groups_inside_name("3-methylthiophene"))
    ['aryl_methyl', 'thiophene']
    >>> sorted(groups_inside_name("thiophene-2-carbaldehyde"))
    ['aldehyde', 'thiophene']
    """
    lowered = word.lower()
    spans = sorted(
        (match.start() + len(alias), match.start(), keys)
        for alias, keys in _name_part_owners().items()
        for match in re.finditer(re.escape(alias), lowered)
    )
    # best[i]: (covered characters, -parts, keys) using spans that end by position i
    best: list[tuple[int, int, frozenset[str]]] = [(0, 0, frozenset())] * (len(lowered) + 1)
    ends = {end for end, _, _ in spans}
    for i in range(1, len(lowered) + 1):
        best[i] = best[i - 1]
        if i not in ends:
            continue
        for end, start, named in spans:
            if end == i:
                covered, parts, keys = best[start]
                option = (covered + end - start, parts - 1, keys | named)
                best[i] = max(best[i], option, key=lambda b: (b[0], b[1]))
    found = set(best[-1][2])
    fluoroalkyl = POLYFLUOROALKYL.search(lowered)
    if fluoroalkyl:  # 'heptafluorobutyl' is CF3(CF2)3-: no fluorine on a ring
        found = (found - {"aryl_fluoride"}) | FLUOROALKYL_PARTS[fluoroalkyl["count"]]
        if fluoroalkyl["end"] == "oxy":  # '(2,2,2-trifluoroethoxy)methyl': an alkyl ether
            found = (found - {"alkoxy_aryl"}) | {"alkyl_ether"}
    return found


POLYFLUOROALKYL = re.compile(
    r"(?P<count>di|tri|tetra|penta|hexa|hepta|octa|nona|per)fluoro"
    r"(?:eth|prop|but|pent|hex|hept|oct|alk)(?P<end>yl|oxy)"
)
"""A fluorinated alkyl chain named by its fluorine count ('heptafluorobutyl' in "the
heptafluorobutyl chains", blind-50): the parts are alkyl C–F groups, not aryl fluorides."""
FLUOROALKYL_PARTS = {
    "di": frozenset({"difluoromethyl"}),
    "tri": frozenset({"trifluoromethyl"}),
    **{
        count: frozenset({"trifluoromethyl", "difluoromethylene"})
        for count in ("tetra", "penta", "hexa", "hepta", "octa", "nona", "per")
    },
}


_POSTMODIFIER = re.compile(
    r"\s*,|\s+(?:ortho|meta|para|adjacent|next|gauche|anti|syn|close|proximal|distal)\s+to\b"
    r"|\s+(?:of|in|on|at|to|from|with|by|for|near|between|that|which|whose|bearing|carrying|"
    r"across|around|along|beside|flanking|spanning)\b"
)
"""Where a feature phrase's head ends: what follows ("ortho to fluorine", ", gauche to the
ester", "of 12", "across the cyclobutenedione ring") places or owns it and names other
groups."""


def head_phrase(feature: str) -> tuple[str, str]:
    """The feature's head phrase and the word that ends it ('' when nothing follows).

    >>> head_phrase("methyl group ortho to fluorine")
    ('methyl group', 'ortho')
    >>> head_phrase("free 3-OH, gauche to the ester")
    ('free 3-OH', ',')
    >>> head_phrase("lone pair of the morpholine")
    ('lone pair', 'of')
    """
    match = _POSTMODIFIER.search(feature)
    if match is None or match.start() == 0:
        return feature, ""
    return feature[: match.start()], match.group(0).strip().split()[0]


_OWNED_CARBONYL = re.compile(r"(?P<owner>[\w-]+)\s+carbonyls?\b", re.I)
"""A carbonyl named by the group it belongs to ('amide carbonyl', 'imide carbonyls'): the
carbonyl is part of that group, not a ketone."""


def group_for_feature(text: str) -> Group | None:
    """The catalogue entry a feature phrase's head names, or None.

    The head is the phrase before what places or owns it (`head_phrase`): "methyl group
    ortho to fluorine" is the methyl group, "free 3-OH, gauche to the ester" a hydroxyl.
    Within it the longest alias names it most specifically ("methyl ester" over "ester";
    "cyclopropyl amide" is read as the cyclopropyl, as the chemistry of such phrases
    usually is). Only an owner after 'of' stands in for a head that names no entry ("the
    lone pair of the morpholine" is the morpholine's).
    """
    head, ends_at = head_phrase(text)
    owned = _OWNED_CARBONYL.search(head)
    if owned is not None and _alias_hits(owned["owner"]):  # "the adjacent amide carbonyl"
        return group_for_feature(owned["owner"])
    hits = _alias_hits(head)
    if not hits and ends_at in ("", "of"):
        hits = _alias_hits(text)
    if not hits:
        return None
    named = head if _alias_hits(head) else text
    # between aliases of one length, the later one is the head: "allyl ether arms" are
    # ethers, "allyl esters" esters
    return max(hits, key=lambda hit: (hit[0], _alias_end(hit[2], named), hit[1]))[2]


def _alias_end(group: Group, text: str) -> int:
    """Where in `text` (as `_alias_hits` reads it) the entry's last alias match ends."""
    lowered = " ".join(words(without_isotopes(text)))
    patterns = _patterns_by_key()[group.key]
    return max((m.end() for _, p in patterns for m in p.finditer(lowered)), default=-1)


@cache
def _patterns_by_key() -> dict[str, list[tuple[int, re.Pattern[str]]]]:
    """`_alias_patterns` by entry key, built once (not on every tie `group_for_feature` breaks)."""
    return {group.key: patterns for group, patterns in _alias_patterns()}


ATTACHMENT_SIBLINGS = {
    "aryl_fluoride": ("alkyl_fluoride", "vinyl_fluoride"),
    "alkyl_fluoride": ("aryl_fluoride", "vinyl_fluoride"),
    "vinyl_fluoride": ("aryl_fluoride", "alkyl_fluoride"),
    "aryl_chloride": ("alkyl_halide",),
    "aryl_bromide": ("alkyl_halide",),
    "aryl_iodide": ("alkyl_halide",),
    "aryl_nh2": ("basic_amine",),
    "dialkylamino_aryl": ("basic_amine",),
    "methoxy_aryl": ("alkyl_ether",),
    "alkoxy_aryl": ("alkyl_ether",),
    "alkyl_ether": ("methoxy_aryl", "alkoxy_aryl"),
    "aryl_methyl": ("n_methyl",),
}
"""Entries that differ only in the carbon the group sits on. A paper's "5-fluoro
substituent" or "methoxy group" does not say which; the catalogue's aliases give the
ring-bound entry, so on a drawing whose fluorine is aliphatic the "aliphatic C–F bond"
would be offered beside it as another answer; and "dimethylamino" inside
"dimethylaminomethyl" is an aliphatic amine."""


UNGRADED_NAMES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # 'amino' ('the amino substituent', 'the 4-amino group') names an amine nitrogen
    # without its degree: a drawn NMe2 is the paper's "amino substituent", so its
    # N-methyl is no second answer beside it (blind-55)
    (re.compile(r"(?<![a-z-])amino(?![a-z])", re.I),
     ("aryl_nh2", "aryl_nh_alkyl", "dialkylamino_aryl", "basic_amine")),
    # a charge word names groups by their charge alone: 'the two anionic groups at the
    # indolenine rims' of a disulfonated dye are its sulfonates (blind-58)
    (re.compile(r"\banionic\b", re.I),
     ("sulfonic_acid", "carboxylic_acid", "phosphate", "phosphonate", "sulfate_ester",
      "tetrazole")),
    (re.compile(r"\bcationic\b", re.I),
     ("quaternary_ammonium", "alkylammonium", "imidazolium", "pyridinium", "acridinium",
      "basic_amine")),
    # a bare 'catechol' may be the free diol (a siderophore's, blind-60) or its ether
    (re.compile(r"\bcatechol\b(?!\s+ethers?)", re.I), ("catechol_ether", "catechol")),
    # a part named as fluorinated holds its C–F groups: "the tetrafluorinated backbone"
    # is its CF2 units (blind-62), "the perfluorinated tail" its CF3 and CF2
    (re.compile(r"\b(?:per|poly|mono|di|tri|tetra|penta|hexa)?fluorinated\b", re.I),
     ("difluoromethylene", "trifluoromethyl", "difluoromethyl", "alkyl_fluoride")),
    # a benzyl group holds its phenyl ring: "the three benzyl arms" are their rings too
    (re.compile(r"\bbenzyl(?!ic)", re.I), ("phenyl",)),
)  # fmt: skip
"""Names that do not say which catalogue entry they mean, or that hold others, with the
entries each may stand for. The one table of them: a drawn group among these is part of
the paper's answer, never a wrong answer beside it."""


def ungraded_entries(text: str) -> set[str]:
    """The entries that the names in `text` may stand for or hold (`UNGRADED_NAMES`)."""
    return {key for pattern, keys in UNGRADED_NAMES if pattern.search(text) for key in keys}


BARE_WORD_ENTRIES = frozenset(
    {g.key for g in GROUPS if g.key.endswith(("fluoride", "chloride", "bromide", "iodide"))}
    | {"alkyl_halide", "alkyl_ether", "aryl_methyl"}
)
"""Entries a bare word is read as by default ('fluorine', 'the ether oxygen', 'the
methyl'): the word does not say which atom carries the group, so where the drawing also
holds a sibling (`ATTACHMENT_SIBLINGS`: an aliphatic fluorine, a ring ether, an N-methyl)
the answer keeps the paper's own name (blind-40, blind-45: "the methyl" of an N-methylated
anilino nitrogen named "aryl methyl group")."""


def attachment_siblings(groups: list[Group]) -> list[Group]:
    """The entries that name the same group on another kind of carbon (`ATTACHMENT_SIBLINGS`)."""
    return [BY_KEY[key] for group in groups for key in ATTACHMENT_SIBLINGS.get(group.key, ())]


GENERIC_HEADS = ("amide", "amine", "ether", "ester")
"""Class words a paper uses for a group of any subclass: "the C-terminal amide" of a
peptide is its primary carboxamide, though 'amide' alone is the catalogue's N–H entry."""


def subclasses_named(text: str) -> list[Group]:
    """The entries a generic class word of `text` may stand for ('amide': every amide).

    Only a text whose alias hits are all generic class words (`GENERIC_HEADS`) counts:
    "the C-terminal amide" may be any amide, "the tertiary amide" only that one.
    """
    hits = groups_named_in(text)
    lowered = " ".join(words(text))
    heads = [h for h in GENERIC_HEADS if re.search(rf"(?<![a-z]){h}s?(?![a-z])", lowered)]
    if not heads or any(not any(alias in heads for alias in aliases_of(group)) for group in hits):
        return []
    return [
        group
        for group in GROUPS
        if any(re.search(rf"(?<![a-z]){head}$", alias) for head in heads for alias in group.aliases)
    ]


def related(first: Group, second: Group) -> bool:
    """Whether two entries are the same feature or one implies the other."""
    return first.key == second.key or first.key in second.implies or second.key in first.implies
