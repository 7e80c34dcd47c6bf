"""Whether a stem names the answer's group under another name.

QC 3's word check (`chemx.qc.anti_shortcut.stem_leaks`) finds a stem that shares a
content word with the answer. A paper often names one group two ways in one sentence:
"In 3b, the 2,4-difluorophenyl group at N1 raises activity four-fold, because the aryl
ring stacks more extensively ..." (blind-48). The stem "In the compound shown, the
2,4-difluorophenyl group at N1 raises activity" shares no word with the answer "the aryl
ring", yet it tells the reader where the answer is. The test is on the catalogue and the
drawing: a group the stem names is the cause's entry, or (on the drawn SMILES) an entry
whose every match shares a heteroatom or aliphatic carbon with the cause's
(`chemx.generation.overlap.names_cause_atoms`). Related entries are not enough: "the
benzyl ester ... leaves the sensitive carbonate ring intact" names two esters, not one.
"""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature
from chemx.generation.feature_names import spelled_out
from chemx.generation.overlap import names_cause_atoms


def cause_named_in_stem(effect: str, feature: str, smiles: str | None) -> str | None:
    """The catalogue entry by which the stem's `effect` names the cause `feature`, or None."""
    cause = group_for_feature(feature)
    cause_keys = set(spelled_out(feature, None)) | ({cause.key} if cause else set())
    if not cause_keys:
        return None
    for key in spelled_out(effect, None):
        if key in cause_keys or names_cause_atoms(smiles, cause_keys, [key]):
            return key
    return None


__all__ = ["cause_named_in_stem"]
