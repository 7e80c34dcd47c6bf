"""Curated feature -> mechanism table for the offline distractors.

Each distractor pairs another visible feature with "a chemically plausible mechanism for
the same effect" (seed 002, section 3.3). Offline, the mechanism comes from this table:
for every catalogue key (`chemx.generation.catalogue`) one verb phrase whose subject is
the feature, stating the textbook way that feature influences reactivity, binding or
properties. The option frame (`chemx.generation.mcq`) then ties it to the item's effect
("…, which accounts for <effect>"), so every option explains the same effect and only
the feature–mechanism pair differs.

Two phrasings per feature:

- ``effect``: for Mechanistic and Design items (how a feature produces an outcome).
- ``condition``: for Condition items (why a feature makes particular conditions necessary).

Writing rules, checked by `tests/generation/test_features.py`: third person singular
(the subject is the singular catalogue name), 45-120 characters so option lengths stay
comparable with mechanisms taken from papers, assertive (no hedging term of
`chemx.generation.lexicon.HEDGING_TERMS`: a hedged distractor is a give-away), and free of
any specific compound, residue or number, because the same phrase serves every paper.

Features that have no catalogue entry (named only in the paper's text) get the
``GENERIC`` phrasing of their broad class (`generic_mechanism`); the heuristic judge
scores such distractors lower (`chemx.qc.judge`).

Long module: most of it is the `TABLE`, one entry per catalogue key, which reads best as
one list beside the catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from chemx.generation.register import readings
from chemx.generation.text import wordlist, words


@dataclass(frozen=True)
class Mechanisms:
    """The two phrasings of one feature's mechanism (see the module docstring)."""

    effect: str
    condition: str


TABLE: dict[str, Mechanisms] = {
    "acrylamide": Mechanisms(
        "acts as a Michael acceptor that forms a covalent bond with a nearby nucleophile",
        "is a Michael acceptor that adds thiols and amines under the usual conditions",
    ),
    "nitroalkene": Mechanisms(
        "makes the β-carbon strongly electrophilic through conjugation with the nitro group",
        "is a strong Michael acceptor that polymerises or adds nucleophiles when warmed",
    ),
    "nitro": Mechanisms(
        "withdraws electron density strongly by induction and resonance",
        "is reduced by hydride and hydrogenation reagents and acidifies adjacent C–H bonds",
    ),
    "nitrile": Mechanisms(
        "withdraws electron density through its polarised C≡N triple bond",
        "is hydrolysed by strong aqueous acid or base and coordinates Lewis acids",
    ),
    "carboxylic_acid": Mechanisms(
        "ionises to a carboxylate that forms salt bridges and hydrogen bonds",
        "protonates basic reagents and must be deprotonated or protected before use",
    ),
    "boc": Mechanisms(
        "masks the nitrogen lone pair as a carbamate and adds steric bulk around it",
        "is cleaved by strong acid with loss of isobutylene and carbon dioxide",
    ),
    "carbamate": Mechanisms(
        "delocalises the nitrogen lone pair into the carbonyl and rigidifies the linkage",
        "is cleaved by strong acid or base, so pH extremes must be avoided",
    ),
    "cyclic_carbonate": Mechanisms(
        "stores ring strain that favours ring-opening attack at the carbonyl carbon",
        "opens on attack by alkoxides or amines and must be kept from strong nucleophiles",
    ),
    "carbonate": Mechanisms(
        "polarises its carbonyl between two alkoxy oxygens and accepts hydrogen bonds there",
        "is attacked at its carbonyl by alkoxides and amines, so strong nucleophiles are avoided",
    ),
    "n_sulfonyl_azole": Mechanisms(
        "withdraws electron density from the ring nitrogen and removes its N–H donor",
        "protects the ring nitrogen and is removed by strong base or reductive cleavage",
    ),
    "pyridone": Mechanisms(
        "accepts a strong hydrogen bond at its carbonyl oxygen from a flat, polar ring",
        "tautomerises to a hydroxypyridine and can be alkylated at oxygen or at nitrogen",
    ),
    "quinoxaline": Mechanisms(
        "is an electron-poor fused diazine that accepts hydrogen bonds and stacks flat",
        "binds metals through its two ring nitrogens and is reduced under strong hydride",
    ),
    "benzyl_ester": Mechanisms(
        "adds a hydrophobic aryl surface and protects the acid as a neutral ester",
        "is removed by hydrogenolysis and is hydrolysed by aqueous base",
    ),
    "ester": Mechanisms(
        "accepts hydrogen bonds at its carbonyl and withdraws electron density from the core",
        "is hydrolysed by aqueous base, so strongly basic aqueous conditions must be avoided",
    ),
    "urea": Mechanisms(
        "donates two N–H hydrogen bonds and accepts one at its planar carbonyl",
        "is a poor nucleophile that needs forcing conditions to react at nitrogen",
    ),
    "thiourea": Mechanisms(
        "donates two N–H hydrogen bonds that are more acidic than those of a urea",
        "binds soft metals through its sulfur and is easily oxidised",
    ),
    "squaramide": Mechanisms(
        "donates two acidic N–H hydrogen bonds from a rigid, planar cyclobutenedione ring",
        "gains aromatic character when it binds an anion, which strengthens its N–H donors",
    ),
    "barbiturate": Mechanisms(
        "is a strong cyclic acceptor whose three carbonyl-type groups draw charge from the ring",
        "has an acidic ring carbon between two carbonyl groups that is easily deprotonated",
    ),
    "thiocarbonyl": Mechanisms(
        "is a soft, polarisable acceptor that stabilises negative charge better than a carbonyl",
        "binds soft metals through its sulfur and is oxidised or desulfurised by harsh reagents",
    ),
    "active_methylene": Mechanisms(
        "sits between two carbonyl groups, so it is acidic and readily forms a stabilised enolate",
        "is deprotonated by mild bases and condenses with aldehydes to give ylidene products",
    ),
    "sulfonamide": Mechanisms(
        "presents an acidic N–H and two sulfonyl oxygens as hydrogen-bond partners",
        "has an acidic N–H that is deprotonated by the bases used in the reaction",
    ),
    "sulfonate": Mechanisms(
        "turns the attached oxygen into a good leaving group for substitution",
        "is displaced by nucleophiles and must be kept away from them until the key step",
    ),
    "imide": Mechanisms(
        "withdraws electron density through two flanking carbonyl groups",
        "is opened by hydroxide or amines and needs anhydrous, non-nucleophilic conditions",
    ),
    "amide_nh": Mechanisms(
        "donates a hydrogen bond through its N–H and fixes a planar amide geometry",
        "has an N–H that is deprotonated by strong bases and coordinates metals",
    ),
    "amide_tertiary": Mechanisms(
        "lacks an N–H donor and prefers a twisted conformation around the C–N bond",
        "is resistant to hydrolysis and needs forcing conditions to be cleaved",
    ),
    "cyclopropyl": Mechanisms(
        "has strained, π-like C–C bonds and adds compact, rigid lipophilic bulk",
        "opens under strongly acidic or radical conditions because of its ring strain",
    ),
    "trifluoromethyl": Mechanisms(
        "withdraws electron density inductively and raises lipophilicity",
        "is inert under most conditions but strongly deactivates the ring toward electrophiles",
    ),
    "difluoromethyl": Mechanisms(
        "acts as a lipophilic hydrogen-bond donor through its polarised C–H bond",
        "bears an acidic C–H that strong bases deprotonate, so mild bases are required",
    ),
    "pentafluorosulfanyl": Mechanisms(
        "withdraws electron density strongly by induction and raises lipophilicity",
        "is chemically and thermally robust, and bulkier than a trifluoromethyl group",
    ),
    "aryl_fluoride": Mechanisms(
        "withdraws electron density inductively and blocks oxidation at the carbon it occupies",
        "activates the ring toward nucleophilic aromatic substitution by strong nucleophiles",
    ),
    "aryl_chloride": Mechanisms(
        "withdraws electron density from the ring by induction and adds lipophilic bulk",
        "undergoes oxidative addition only with electron-rich palladium catalysts",
    ),
    "aryl_bromide": Mechanisms(
        "forms a halogen bond through its σ-hole and adds polarisable bulk",
        "undergoes oxidative addition to palladium and is lost under cross-coupling conditions",
    ),
    "aryl_iodide": Mechanisms(
        "adds a large polarisable atom that forms strong halogen bonds",
        "releases iodide on oxidative addition, which binds palladium and slows turnover",
    ),
    "dimethoxyaryl": Mechanisms(
        "makes the ring strongly electron-rich through two resonance-donating methoxy groups",
        "activates the ring toward electrophiles so that milder reagents suffice",
    ),
    "methoxy_aryl": Mechanisms(
        "donates electron density into the ring by resonance through the oxygen lone pair",
        "makes the ring electron-rich and prone to oxidation or electrophilic attack",
    ),
    "crown_ether": Mechanisms(
        "preorganises several ether oxygens into a cavity that binds a cation",
        "binds alkali-metal cations and changes the reactivity of their counter-anions",
    ),
    "catechol_ether": Mechanisms(
        "delocalises its oxygen lone pairs into the fused benzene ring",
        "is cleaved only by strong Lewis acids such as boron tribromide",
    ),
    "diaryl_ether": Mechanisms(
        "donates electron density into both rings and acts as a flexible hinge",
        "is stable to base and acid but cleaved by strong Lewis acids",
    ),
    "catechol": Mechanisms(
        "chelates iron(III) and other hard metal ions through its two adjacent oxygens",
        "is oxidised readily to the ortho-quinone in air, especially under basic conditions",
    ),
    "phenol": Mechanisms(
        "donates a hydrogen bond and ionises to a phenolate at high pH",
        "is deprotonated by bases and oxidised in air, so it must be protected",
    ),
    "alcohol": Mechanisms(
        "donates and accepts hydrogen bonds and raises polarity",
        "reacts with electrophilic reagents and must be protected or kept dilute",
    ),
    "silyl_ether": Mechanisms(
        "caps an oxygen with a bulky, non-hydrogen-bonding silyl group",
        "is cleaved by fluoride or aqueous acid, so those conditions must be avoided",
    ),
    "aldehyde": Mechanisms(
        "provides an electrophilic carbonyl that forms enamines or iminium ions",
        "epimerises and oxidises easily at its α-position and must be handled quickly",
    ),
    "quinone": Mechanisms(
        "accepts electrons reversibly at its conjugated carbonyl groups",
        "is reduced by mild reductants and adds nucleophiles under basic conditions",
    ),
    "ketone": Mechanisms(
        "withdraws electron density and accepts a hydrogen bond at its carbonyl oxygen",
        "enolises under basic conditions and reacts with hydride reagents",
    ),
    "imine": Mechanisms(
        "offers a polarised C=N bond whose fixed geometry controls the approach of reagents",
        "is hydrolysed by water and acid and must be kept dry until reduction",
    ),
    "quaternary_ammonium": Mechanisms(
        "carries a permanent positive charge that raises water solubility",
        "is a permanent cation that needs polar solvents and weakly coordinating anions",
    ),
    "nitroimine": Mechanisms(
        "is a planar, strongly polarised group whose nitro oxygens accept hydrogen bonds",
        "is neutral rather than basic, because the nitro group draws the nitrogen lone pairs away",
    ),
    "alkylammonium": Mechanisms(
        "carries a positive charge and donates N–H hydrogen bonds to anions and acceptors",
        "is deprotonated to the neutral amine by bases and then loses its charge",
    ),
    "n_methylpiperazine": Mechanisms(
        "is protonated at physiological pH and forms ionic interactions as a cation",
        "is basic and nucleophilic, so it scavenges acids and electrophiles",
    ),
    "piperazine": Mechanisms(
        "provides a basic, protonatable nitrogen that raises polarity and solubility",
        "is basic and nucleophilic, so it scavenges acids and electrophiles",
    ),
    "imidazolium": Mechanisms(
        "spreads its positive charge over the aromatic ring and carries an acidic ring C–H",
        "loses its acidic ring C–H to strong bases and reducing agents, forming a carbene",
    ),
    "imidazolium_c2h": Mechanisms(
        "is the most acidic ring proton and donates a hydrogen bond to the anion",
        "is removed by strong bases or reduction, turning the cation into a carbene",
    ),
    "sulfonylimide": Mechanisms(
        "spreads the negative charge over two sulfonyl groups and binds the cation weakly",
        "is a very weakly basic, hydrophobic anion, so its salts separate from water",
    ),
    "sulfonyl_fluoride": Mechanisms(
        "is reduced at electron-rich surfaces, releasing fluoride that forms a solid film",
        "is cleaved by strong nucleophiles and reducing agents, releasing fluoride",
    ),
    "tetrafluoroborate": Mechanisms(
        "concentrates its charge on a small tetrahedral anion that binds the cation tightly",
        "releases fluoride and hydrolyses slowly in water, so it needs dry conditions",
    ),
    "hexafluorophosphate": Mechanisms(
        "is a large, weakly coordinating anion that leaves the cation nearly free",
        "hydrolyses to hydrogen fluoride in wet or acidic media, so it needs dry conditions",
    ),
    "dicyanamide": Mechanisms(
        "delocalises its charge over two nitrile groups and binds the cation only weakly",
        "coordinates metal ions through its nitrile nitrogens and is a weak base",
    ),
    "triflate": Mechanisms(
        "delocalises its charge over three sulfonyl oxygens and is a very weak base",
        "is an excellent leaving group that hardly coordinates to metal centres",
    ),
    "halide_anion": Mechanisms(
        "is a small, charge-dense anion that accepts strong hydrogen bonds from the cation",
        "is nucleophilic and coordinating, so it competes for metal centres and electrophiles",
    ),
    "azo": Mechanisms(
        "conjugates the two aryl rings through its N=N π-bond and absorbs visible light",
        "isomerises from E to Z under light and is cleaved to two amines by reducing agents",
    ),
    "alkyl_chain": Mechanisms(
        "adds flexible hydrophobic bulk that packs against other chains through van der Waals "
        "contacts",
        "makes the compound lipophilic, so it dissolves only in less polar solvents",
    ),
    "morpholine": Mechanisms(
        "raises aqueous solubility through its weakly basic nitrogen and ether oxygen",
        "is a moderately basic amine that coordinates metals and captures acids",
    ),
    "piperidine": Mechanisms(
        "places a basic nitrogen in a rigid chair-shaped ring",
        "has a nucleophilic nitrogen that competes with the intended nucleophile",
    ),
    "pyrrolidine": Mechanisms(
        "forms an enamine or iminium ion through its ring N–H nitrogen",
        "has a nucleophilic ring N–H nitrogen that reacts with electrophiles",
    ),
    "basic_amine": Mechanisms(
        "is protonated at physiological pH and forms a charged hydrogen-bond donor",
        "is basic and nucleophilic, so it competes for electrophiles and acids",
    ),
    "mannich_base": Mechanisms(
        "places a protonatable amine one carbon from the ring, charged at physiological pH",
        "can lose its amine by retro-Mannich elimination to a reactive quinone methide",
    ),
    "aminopyrimidine": Mechanisms(
        "presents a donor–acceptor hydrogen-bond pair through its ring nitrogen and NH",
        "is weakly basic and coordinates metals through its ring nitrogens",
    ),
    "diarylamine_nh": Mechanisms(
        "donates a hydrogen bond and keeps the two flanking rings conjugated",
        "is oxidised easily and is deprotonated by strong bases",
    ),
    "aryl_nh2": Mechanisms(
        "donates two hydrogen bonds and pushes its nitrogen lone pair into the ring",
        "is nucleophilic and easily oxidised, so it is acylated or protected before coupling",
    ),
    "aryl_nh_alkyl": Mechanisms(
        "donates one hydrogen bond while its nitrogen lone pair conjugates with the ring",
        "is acylated or alkylated by electrophiles unless its N–H is protected first",
    ),
    "dialkylamino_aryl": Mechanisms(
        "pushes its nitrogen lone pair strongly into the ring as a powerful π-donor",
        "is oxidised to a radical cation by strong oxidants and under irradiation",
    ),
    "alkoxy_aryl": Mechanisms(
        "donates electron density into the ring by resonance and adds a flexible alkyl chain",
        "makes the ring electron-rich, and its ether is cleaved only by strong Lewis acids",
    ),
    "n_methyl": Mechanisms(
        "removes an N–H donor and adds steric bulk at the nitrogen",
        "blocks reaction at the nitrogen so that no protecting group is required",
    ),
    "tetrazine": Mechanisms(
        "provides a very electron-poor diene for inverse-electron-demand cycloaddition",
        "is attacked by thiols and other nucleophiles in biological media",
    ),
    "indane": Mechanisms(
        "fuses a benzene ring to a five-membered ring, holding the aryl face rigidly in place",
        "is oxidised at its benzylic positions by strong oxidants and under radical conditions",
    ),
    "tetrahydroisoquinoline": Mechanisms(
        "holds a basic nitrogen in a ring fused to the arene, fixing its orientation",
        "has a basic, nucleophilic nitrogen that must be protected or alkylated first",
    ),
    "indole_nh": Mechanisms(
        "donates a hydrogen bond through its N–H and offers an electron-rich π-surface",
        "is deprotonated by strong bases and must be protected before N-alkylation elsewhere",
    ),
    "indole": Mechanisms(
        "offers a flat, electron-rich π-surface that stacks with aromatic rings",
        "is attacked by electrophiles on its pyrrole ring and is sensitive to strong oxidants",
    ),
    "pyrrole_nh": Mechanisms(
        "donates a hydrogen bond from an electron-rich aromatic ring",
        "has an acidic N–H that is deprotonated by strong bases",
    ),
    "pyrrole": Mechanisms(
        "provides an electron-rich aromatic ring that donates density to its substituents",
        "is electron-rich and polymerises or is attacked under strongly acidic conditions",
    ),
    "pyrazole_nh": Mechanisms(
        "donates a hydrogen bond and tautomerises between its two ring nitrogens",
        "has an N–H that strong bases deprotonate and alkylating agents attack",
    ),
    "pyrazole": Mechanisms(
        "accepts a hydrogen bond at its pyridine-like nitrogen and holds substituents coplanar",
        "is a weak base that coordinates metals through its pyridine-like nitrogen",
    ),
    "imidazole": Mechanisms(
        "is protonated near neutral pH and binds metal ions through its free nitrogen",
        "acts as a base and nucleophile that captures electrophiles and acylating agents",
    ),
    "triazole": Mechanisms(
        "adds a polar, metabolically robust ring that accepts hydrogen bonds",
        "is inert to most reagents and survives oxidising, reducing and hydrolytic conditions",
    ),
    "tetrazole": Mechanisms(
        "ionises like a carboxylic acid and spreads the negative charge over four nitrogens",
        "is acidic and must be deprotonated or protected before basic organometallic steps",
    ),
    "oxazole": Mechanisms(
        "adds a weakly basic, planar heteroaromatic ring that accepts hydrogen bonds",
        "is opened by strong acid or nucleophiles, so mild conditions are required",
    ),
    "thiazole": Mechanisms(
        "accepts a hydrogen bond at its nitrogen and offers a polarisable sulfur contact",
        "coordinates metals through nitrogen and sulfur and can slow metal-catalysed steps",
    ),
    "furan": Mechanisms(
        "extends conjugation through an electron-rich oxygen heterocycle",
        "is acid-sensitive and is opened or oxidised under strongly acidic or oxidising conditions",
    ),
    "oxazoline": Mechanisms(
        "binds metals through its imine nitrogen and fixes the geometry around the ring",
        "is hydrolysed by aqueous acid, so acidic workup must be avoided",
    ),
    "lactone": Mechanisms(
        "holds an ester in a ring, which fixes its carbonyl dipole and raises its reactivity",
        "is opened by hydroxide, alkoxides or amines, so nucleophiles must be kept away",
    ),
    "epoxide": Mechanisms(
        "stores ring strain that makes both carbons electrophilic toward ring opening",
        "is opened by nucleophiles and Lewis acids and must be kept from both until needed",
    ),
    "azetidine": Mechanisms(
        "places a basic nitrogen in a small, strained ring with a compact exit vector",
        "opens under strongly acidic conditions because of its ring strain",
    ),
    "oxetane": Mechanisms(
        "adds a compact polar ring that accepts hydrogen bonds and lowers lipophilicity",
        "is opened by strong acid or Lewis acids, so acidic conditions must be avoided",
    ),
    "azide": Mechanisms(
        "adds a linear, dipolar group that reacts with alkynes and strained alkenes",
        "decomposes on heating or with strong acid, so reactions are kept cool and neutral",
    ),
    "sulfoximine": Mechanisms(
        "is a polar, tetrahedral sulfur centre whose S=O and S=N atoms accept hydrogen bonds",
        "tolerates acids, bases and oxidants, so it survives the steps that follow unchanged",
    ),
    "sulfoxide": Mechanisms(
        "adds a strong S=O dipole that accepts hydrogen bonds and raises polarity",
        "is oxidised to the sulfone or eliminated on heating, so mild conditions are needed",
    ),
    "acyl_phosphine_oxide": Mechanisms(
        "absorbs near-UV light and splits its weak C–P bond into two initiating radicals",
        "cleaves into radicals under light, so it must be handled in the dark",
    ),
    "phosphinate": Mechanisms(
        "makes the phosphorus a polar, electron-poor centre whose P=O accepts hydrogen bonds",
        "hydrolyses to the phosphinic acid under strongly basic or acidic conditions",
    ),
    "phosphonate": Mechanisms(
        "mimics a phosphate as a hydrolytically stable, polar group with a strong P=O acceptor",
        "is cleaved to the phosphonic acid only by silyl halides or strong acid",
    ),
    "phosphate": Mechanisms(
        "carries a polar phosphorus centre that is cleaved by esterases and phosphatases",
        "hydrolyses under strongly basic conditions, so neutral workup is needed",
    ),
    "phosphine_oxide": Mechanisms(
        "accepts strong hydrogen bonds at its P=O oxygen and adds bulky aryl surface",
        "is inert to most reagents and is removed from products only by chromatography",
    ),
    "difluoromethylene": Mechanisms(
        "withdraws electron density through two C–F bonds and resists oxidative metabolism",
        "is inert under the reaction conditions and withdraws electron density from the ring",
    ),
    "alkyl_fluoride": Mechanisms(
        "adds a polarised C–F bond that lowers the basicity of nearby amines by induction",
        "is a poor leaving group, so the C–F bond survives the substitution conditions",
    ),
    "vinyl_fluoride": Mechanisms(
        "withdraws electron density from the alkene by induction and donates it back by π-donation",
        "survives most conditions but can be displaced by addition–elimination at the alkene",
    ),
    "primary_amide": Mechanisms(
        "donates two hydrogen bonds through its N–H bonds and accepts one at the carbonyl",
        "is dehydrated to the nitrile by strong dehydrating agents, so they are avoided",
    ),
    "guanidine": Mechanisms(
        "stays protonated at physiological pH and forms bidentate salt bridges with anions",
        "is strongly basic, so it must be protected or used as its salt during coupling",
    ),
    "amidine": Mechanisms(
        "is strongly basic and binds metals or anions through its two nitrogen atoms",
        "is protonated by acids and hydrolyses in hot aqueous base, so mild conditions are used",
    ),
    "oxime": Mechanisms(
        "adds a polar C=N–O unit whose nitrogen and oxygen accept hydrogen bonds",
        "is hydrolysed to the carbonyl compound under strongly acidic aqueous conditions",
    ),
    "hydrazone": Mechanisms(
        "conjugates the C=N bond with the nitrogen lone pair and can isomerise about it",
        "hydrolyses in aqueous acid, so the product is isolated under neutral conditions",
    ),
    "enone": Mechanisms(
        "conjugates the C=C bond with the carbonyl, which makes the β-carbon electrophilic",
        "adds nucleophiles at the β-carbon, so amines and thiols must be kept away",
    ),
    "thiol": Mechanisms(
        "binds soft metals through its sulfur and forms disulfides on oxidation",
        "is oxidised by air to the disulfide, so reactions are run under inert gas",
    ),
    "disulfide": Mechanisms(
        "is cleaved by cellular thiols such as glutathione, releasing the free thiol",
        "is reduced by phosphines and thiols, so such reagents must be avoided",
    ),
    "n_oxide": Mechanisms(
        "adds a strongly polar N–O bond that accepts hydrogen bonds and raises solubility",
        "is reduced back to the amine by phosphorus(III) reagents and some metals",
    ),
    "trifluoroborate": Mechanisms(
        "protects the carbon–boron bond as a tetrahedral borate until it is hydrolysed",
        "releases the boronic acid slowly under the basic aqueous coupling conditions",
    ),
    "adamantyl": Mechanisms(
        "adds a rigid, bulky and lipophilic hydrocarbon cage that fills hydrophobic pockets",
        "shields the neighbouring reactive centre sterically, which slows its reactions",
    ),
    "pyrazine": Mechanisms(
        "is an electron-poor diazine whose two nitrogens accept weak hydrogen bonds",
        "withdraws electron density, which makes the ring prone to nucleophilic attack",
    ),
    "pyridazine": Mechanisms(
        "has two adjacent nitrogens that give a large dipole and accept hydrogen bonds",
        "withdraws electron density from its substituents through both ring nitrogens",
    ),
    "triazine": Mechanisms(
        "is a very electron-poor ring whose three nitrogens accept hydrogen bonds",
        "is attacked by nucleophiles at its carbons, so strong nucleophiles are avoided",
    ),
    "pyridinium": Mechanisms(
        "carries a permanent positive charge on an electron-poor ring that accepts electrons",
        "is reduced easily and attacked by nucleophiles at the positions beside nitrogen",
    ),
    "carbazole": Mechanisms(
        "is a rigid, electron-rich donor that raises the HOMO and carries holes",
        "is oxidised at the positions para to nitrogen, so strong oxidants are avoided",
    ),
    "sulfone": Mechanisms(
        "withdraws electron density strongly and accepts hydrogen bonds at two oxygens",
        "acidifies the neighbouring C–H bonds, which strong bases then deprotonate",
    ),
    "sulfate_ester": Mechanisms(
        "carries a permanent negative charge that binds cationic residues and keeps the "
        "compound in water",
        "is cleaved by acid or by sulfatases, releasing the free hydroxyl",
    ),
    "sulfonic_acid": Mechanisms(
        "stays ionised in water, which raises solubility and withdraws electron density",
        "remains ionised across the pH range, so the compound stays in the aqueous phase",
    ),
    "alkyl_halide": Mechanisms(
        "provides an electrophilic carbon that alkylates nearby nucleophiles",
        "is displaced by nucleophiles or eliminated by bases under the reaction conditions",
    ),
    "pyrimidine": Mechanisms(
        "accepts hydrogen bonds at two ring nitrogens and lowers the ring's electron density",
        "is electron-poor and undergoes nucleophilic substitution when activated",
    ),
    "quinoline": Mechanisms(
        "coordinates metals and accepts hydrogen bonds through its ring nitrogen",
        "binds metal catalysts through its nitrogen and slows their turnover",
    ),
    "pyridine": Mechanisms(
        "withdraws electron density and accepts a hydrogen bond at its ring nitrogen",
        "coordinates the metal catalyst through its nitrogen lone pair",
    ),
    "thiophene": Mechanisms(
        "extends the conjugated π-system through an electron-rich sulfur heterocycle",
        "is sensitive to strong oxidants and poisons some metal catalysts",
    ),
    "thioether": Mechanisms(
        "binds soft metals through its sulfur lone pairs",
        "is oxidised easily and poisons late-transition-metal catalysts",
    ),
    "phosphine": Mechanisms(
        "donates its phosphorus lone pair to the metal and sets the steric environment",
        "is oxidised by air to the phosphine oxide and must be handled under inert gas",
    ),
    "pinacol_boronate": Mechanisms(
        "is oxidised to a phenol by peroxides through a boron ate complex",
        "is hydrolysed slowly by water and transmetalates under basic conditions",
    ),
    "boronic_ester": Mechanisms(
        "accepts a nucleophile into the empty p orbital of its boron and forms a tetrahedral "
        "boronate",
        "is hydrolysed to the boronic acid in water and transmetalates under basic conditions",
    ),
    "boronic_acid": Mechanisms(
        "acts as a Lewis acid that binds diols and is oxidised by peroxides",
        "protodeboronates under basic aqueous conditions, so an excess is needed",
    ),
    "trans_cyclooctene": Mechanisms(
        "stores ring strain that accelerates cycloaddition at its double bond",
        "isomerises to the unstrained cis isomer in the presence of thiols",
    ),
    "alkyne": Mechanisms(
        "provides a linear, rigid π-system that undergoes cycloaddition",
        "couples with itself under copper catalysis and oxygen, so air must be excluded",
    ),
    "vinyl": Mechanisms(
        "adds a polymerisable or conjugating C=C bond at the chain end",
        "polymerises or adds radicals when heated, so inhibitors are added",
    ),
    "alkene": Mechanisms(
        "extends conjugation and fixes the geometry of the adjacent groups",
        "adds electrophiles and radicals, so reagents that attack C=C bonds are avoided",
    ),
    "mesityl": Mechanisms(
        "twists out of plane and shields the adjacent position with its ortho-methyl groups",
        "shields the neighbouring reactive site so that harsher conditions are tolerated",
    ),
    "tert_butyl": Mechanisms(
        "raises the lipophilicity of the molecule and shields its neighbourhood sterically",
        "slows reactions at adjacent sites, so higher temperatures are required",
    ),
    "isopropyl": Mechanisms(
        "makes the molecule more lipophilic and adds branched bulk beside its attachment point",
        "hinders attack at the neighbouring site, so longer reaction times are needed",
    ),
    "cyclohexyl": Mechanisms(
        "fills hydrophobic space with a flexible saturated ring and adds bulk near its attachment",
        "is an inert saturated ring that tolerates strong bases, reductants and heat",
    ),
    "bf2_chelate": Mechanisms(
        "locks the chelating ligand into a rigid, planar framework",
        "loses fluoride to strong Lewis acids, so these are kept out of the reaction",
    ),
    "gem_dimethyl": Mechanisms(
        "restricts conformational freedom through the Thorpe–Ingold effect",
        "blocks enolisation and oxidation at the quaternary carbon it occupies",
    ),
    "aryl_methyl": Mechanisms(
        "donates electron density by hyperconjugation and adds steric bulk next to the ring",
        "is oxidised at its benzylic C–H bonds by strong oxidants",
    ),
    "phenoxazine": Mechanisms(
        "acts as a strong electron donor through its nitrogen and oxygen lone pairs",
        "is oxidised easily to a radical cation and must be kept from oxidants",
    ),
    "phenothiazine": Mechanisms(
        "acts as a strong electron donor through its nitrogen and sulfur lone pairs",
        "is oxidised easily at sulfur and to a radical cation and must be kept from oxidants",
    ),
    "acridan": Mechanisms(
        "acts as an electron donor whose saturated bridge holds its two rings in a bent frame",
        "is oxidised to the acridine or acridinium under air and light",
    ),
    "acridinium": Mechanisms(
        "acts as a strongly oxidising photoexcited acceptor",
        "is attacked by nucleophiles at its central carbon in basic media",
    ),
    "coumarin": Mechanisms(
        "provides a rigid, conjugated lactone chromophore that fluoresces",
        "opens its lactone ring under strongly basic conditions",
    ),
    "geminal_diaryl": Mechanisms(
        "places two bulky aryl rings on one carbon and blocks one face sterically",
        "shields the adjacent reactive centre so that slower, cleaner reaction results",
    ),
    "biaryl": Mechanisms(
        "links two rings through a rotatable C–C bond that sets their dihedral angle",
        "restricts rotation and must survive the coupling conditions used to form it",
    ),
    "fused_arene": Mechanisms(
        "provides an extended flat π-surface for stacking and dispersion contacts",
        "is prone to oxidation at its most electron-rich ring position",
    ),
    "peroxide": Mechanisms(
        "is cleaved reductively by iron(II) to give oxygen- and carbon-centred radicals",
        "oxidises phosphines and thiols and decomposes on heating or with reducing metals",
    ),
    "alkyl_ether": Mechanisms(
        "accepts hydrogen bonds and adds conformational flexibility",
        "is inert to base but cleaved by strong Lewis or Brønsted acids",
    ),
    "methyl_ester": Mechanisms(
        "masks the acid as a small neutral ester that accepts a hydrogen bond at its carbonyl",
        "is saponified by aqueous hydroxide, so only mild bases can be used",
    ),
    "anthraquinone": Mechanisms(
        "accepts two electrons reversibly into its extended, conjugated dione core",
        "is reduced easily and needs an inert atmosphere to keep its reduced form",
    ),
    "styryl": Mechanisms(
        "conjugates the aryl ring with the C=C bond and delocalises charge across both",
        "makes the double bond prone to polymerisation and light-induced isomerisation",
    ),
    "n_aryl": Mechanisms(
        "delocalises the nitrogen lone pair into the aromatic ring it is bonded to",
        "lowers the nucleophilicity of the nitrogen so that forcing conditions are required",
    ),
    "para_phenylene": Mechanisms(
        "links its two substituents linearly and conjugates them through the ring",
        "transmits electronic effects between its substituents during the reaction",
    ),
    "meta_phenylene": Mechanisms(
        "sets its two substituents at an angle and interrupts their conjugation",
        "keeps its substituents apart so that they do not interfere with each other",
    ),
    "ortho_phenylene": Mechanisms(
        "holds its two substituents side by side, close enough to act on each other",
        "crowds its two neighbouring substituents so that each shields the other",
    ),
    "benzylic_ch2": Mechanisms(
        "acts as a flexible spacer whose C–H bonds are weakened by the adjacent ring",
        "carries activated C–H bonds that are oxidised under radical conditions",
    ),
    "quaternary_carbon": Mechanisms(
        "blocks reactions at its own position and restricts rotation of its substituents",
        "cannot enolise or epimerise, so harsher conditions are tolerated",
    ),
    "ethylene_linker": Mechanisms(
        "separates the groups it joins by two freely rotating saturated carbons",
        "allows intramolecular reaction between the groups it links when diluted",
    ),
    "phenyl": Mechanisms(
        "adds a flat hydrophobic surface that engages in π-stacking",
        "is inert under the conditions and needs no protection",
    ),
    "stereocentre": Mechanisms(
        "fixes the three-dimensional orientation of the groups around it",
        "epimerises under acidic or basic conditions through an achiral intermediate",
    ),
}
"""Catalogue key -> mechanism phrasings (see the module docstring)."""

GENERIC: dict[str, Mechanisms] = {
    "heteroatom": Mechanisms(
        "changes the local charge distribution through its lone pairs",
        "coordinates reagents through its lone pairs and changes their reactivity",
    ),
    "ring": Mechanisms(
        "rigidifies the scaffold and sets the orientation of its substituents",
        "constrains the geometry so that only particular conditions give reaction",
    ),
    "substituent": Mechanisms(
        "changes the steric and electronic environment of the neighbouring atoms",
        "alters the reactivity of the neighbouring atoms toward the reagents used",
    ),
}
"""Fallbacks by broad class for features no catalogue entry names."""

_HETEROATOM_WORDS = wordlist(
    """
    nitrogen oxygen sulfur phosphorus boron silicon fluorine chlorine bromine iodine
    hydroxyl amine amino oxygens nitrogens
    """
)
_RING_WORDS = wordlist("ring rings cycle macrocycle core scaffold cavity bridge")


def generic_class(feature: str) -> str:
    """The broad class of a feature phrase: 'heteroatom', 'ring' or 'substituent'."""
    tokens = set(words(feature))
    if tokens & _HETEROATOM_WORDS:
        return "heteroatom"
    if tokens & _RING_WORDS:
        return "ring"
    return "substituent"


def mechanism_for(key: str | None, feature: str, *, condition: bool) -> tuple[str, bool]:
    """The mechanism phrase for a feature and whether it is specific (from the table).

    Args:
        key: the feature's catalogue key, or None when no entry names it.
        feature: the feature phrase (used for the generic class when `key` is None).
        condition: whether the item is a Condition item.
    """
    entry = TABLE.get(key) if key else None
    specific = entry is not None
    if entry is None:
        entry = GENERIC[generic_class(feature)]
    return (entry.condition if condition else entry.effect), specific


SHORT: dict[str, str] = {
    "imidazolium": "carries a delocalised positive charge",
    "imidazolium_c2h": "is an acidic ring proton",
    "sulfonylimide": "spreads the negative charge",
    "sulfonyl_fluoride": "is reductively cleaved",
    "tetrafluoroborate": "concentrates the anion's charge",
    "hexafluorophosphate": "coordinates weakly",
    "dicyanamide": "delocalises the anion's charge",
    "triflate": "is a very weak base",
    "halide_anion": "accepts strong hydrogen bonds",
    "azo": "conjugates the two rings",
    "alkyl_chain": "adds hydrophobic bulk",
    "acrylamide": "forms a covalent bond",
    "nitroalkene": "is strongly electrophilic",
    "carboxylic_acid": "forms salt bridges",
    "boc": "masks the nitrogen lone pair",
    "carbamate": "delocalises the nitrogen lone pair",
    "cyclic_carbonate": "stores ring strain",
    "carbonate": "polarises its carbonyl",
    "n_sulfonyl_azole": "withdraws from the ring nitrogen",
    "pyridone": "accepts a strong hydrogen bond",
    "quinoxaline": "is an electron-poor diazine",
    "sulfonamide": "presents an acidic N–H",
    "sulfonate": "makes a good leaving group",
    "amide_tertiary": "lacks an N–H donor",
    "cyclopropyl": "adds compact, rigid bulk",
    "aryl_iodide": "forms strong halogen bonds",
    "crown_ether": "binds a cation in its cavity",
    "catechol_ether": "donates electron density to the ring",
    "alcohol": "donates and accepts hydrogen bonds",
    "aldehyde": "forms enamines or iminium ions",
    "quinone": "accepts electrons reversibly",
    "imine": "fixes how reagents approach",
    "quaternary_ammonium": "carries a permanent positive charge",
    "alkylammonium": "is a charged N–H donor",
    "nitroimine": "is a polarised neutral acceptor",
    "piperazine": "is basic and protonatable",
    "piperidine": "adds a basic nitrogen",
    "aminopyrimidine": "forms a donor–acceptor pair",
    "tetrazine": "is a very electron-poor diene",
    "tetrahydroisoquinoline": "holds a basic nitrogen rigidly",
    "indane": "holds a fused aryl ring rigidly",
    "pyrrole": "is an electron-rich ring",
    "pyrrole_nh": "donates a hydrogen bond",
    "indole_nh": "donates a hydrogen bond",
    "pyrazole_nh": "donates a hydrogen bond",
    "thiourea": "donates two acidic N–H bonds",
    "squaramide": "donates two acidic N–H bonds",
    "barbiturate": "is a strong cyclic acceptor",
    "thiocarbonyl": "is a soft, polarisable acceptor",
    "active_methylene": "is acidic between two carbonyls",
    "pyrazole": "accepts a hydrogen bond",
    "triazole": "is polar and metabolically robust",
    "tetrazole": "ionises like a carboxylic acid",
    "oxazole": "accepts hydrogen bonds weakly",
    "thiazole": "offers a polarisable sulfur contact",
    "furan": "is an electron-rich heterocycle",
    "lactone": "fixes its carbonyl dipole",
    "epoxide": "is strained and electrophilic",
    "azetidine": "adds a strained basic ring",
    "oxetane": "lowers lipophilicity",
    "alkyl_halide": "alkylates nearby nucleophiles",
    "sulfate_ester": "carries a permanent negative charge",
    "sulfonic_acid": "stays ionised in water",
    "pyrimidine": "accepts hydrogen bonds",
    "quinoline": "coordinates metals",
    "phosphine": "donates its lone pair to the metal",
    "isopropyl": "adds branched bulk",
    "cyclohexyl": "adds lipophilic bulk",
    "bf2_chelate": "rigidifies the ligand",
    "trans_cyclooctene": "is a strained, reactive alkene",
    "alkyne": "undergoes cycloaddition",
    "vinyl": "adds a polymerisable C=C bond",
    "alkene": "extends conjugation",
    "acridinium": "is a strong photo-oxidant",
    "coumarin": "is a rigid, fluorescent chromophore",
    "geminal_diaryl": "adds two bulky aryl rings",
    "fused_arene": "offers a flat π-surface",
    "methyl_ester": "masks the acid as an ester",
    "anthraquinone": "accepts two electrons reversibly",
    "n_aryl": "delocalises the nitrogen lone pair",
    "aryl_nh2": "donates two hydrogen bonds",
    "aryl_nh_alkyl": "donates a hydrogen bond",
    "dialkylamino_aryl": "is a strong π-donor",
    "mannich_base": "places a basic amine beside the ring",
    "alkoxy_aryl": "donates electron density into the ring",
    "para_phenylene": "links its substituents linearly",
    "meta_phenylene": "interrupts conjugation across the ring",
    "ortho_phenylene": "holds its substituents side by side",
    "benzylic_ch2": "acts as a flexible spacer",
    "phenyl": "adds a hydrophobic surface",
    "stereocentre": "fixes the orientation of its groups",
}
"""A terse reading of the ``effect`` phrase for the entries whose phrase has no shorter
cut of its own (`chemx.generation.register.readings`): a paper's answer is often a few
words ("binds Pd(II) too strongly"), and with only long table readings the answer was the
shortest option in over a third of the sample's items (the ``shortest`` shortcut)."""


def effect_readings(key: str | None, phrase: str) -> tuple[str, ...]:
    """The readings of an effect phrase, longest first, with the terse one when it has one."""
    found = readings(phrase)
    entry, terse = TABLE.get(key or ""), SHORT.get(key or "")
    if entry is None or terse is None or entry.effect != phrase or terse in found:
        return found
    return (*found, terse)
