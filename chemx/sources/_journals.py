"""Journal names: the full title for a printed abbreviation or a DOI prefix.

A PDF prints its journal as an ISO abbreviation in the citation line ("J. Org. Chem.
2023, 88, 684−689"), while JATS gives the full title ("The Journal of Organic
Chemistry"); `Paper.journal` holds the full title whichever source read the paper, so
that journal filters and the release's per-journal counts see one name per journal.
Only the chemistry journals chemx meets most are listed; an unlisted abbreviation is
kept as printed and an unlisted DOI gives no journal.
"""

from __future__ import annotations

import re

JOURNALS: tuple[tuple[str, str, str], ...] = (
    ("10.1021/jacs.", "J. Am. Chem. Soc.", "Journal of the American Chemical Society"),
    ("10.1021/acs.joc.", "J. Org. Chem.", "The Journal of Organic Chemistry"),
    ("10.1021/acs.orglett.", "Org. Lett.", "Organic Letters"),
    ("10.1021/acs.jnatprod.", "J. Nat. Prod.", "Journal of Natural Products"),
    ("10.1021/acs.jmedchem.", "J. Med. Chem.", "Journal of Medicinal Chemistry"),
    ("10.1021/acs.inorgchem.", "Inorg. Chem.", "Inorganic Chemistry"),
    ("10.1021/acscatal.", "ACS Catal.", "ACS Catalysis"),
    ("10.1021/acsomega.", "ACS Omega", "ACS Omega"),
    ("10.1021/acscentsci.", "ACS Cent. Sci.", "ACS Central Science"),
    ("10.1038/s41467-", "Nat. Commun.", "Nature Communications"),
    ("10.1038/s41557-", "Nat. Chem.", "Nature Chemistry"),
    ("10.1038/s42004-", "Commun. Chem.", "Communications Chemistry"),
    ("10.1038/s41598-", "Sci. Rep.", "Scientific Reports"),
    ("10.1038/s41586-", "Nature", "Nature"),
)
"""(DOI prefix, ISO abbreviation, full title)."""
RSC_DOI = re.compile(r"^10\.1039/[a-z]\d(?P<code>[a-z]{2})\d", re.IGNORECASE)
"""RSC DOIs carry a two-letter journal code after the year digit: 10.1039/d2sc01234a."""
RSC_JOURNALS = {
    "sc": ("Chem. Sci.", "Chemical Science"),
    "cc": ("Chem. Commun.", "Chemical Communications"),
    "ob": ("Org. Biomol. Chem.", "Organic & Biomolecular Chemistry"),
    "ra": ("RSC Adv.", "RSC Advances"),
    "dt": ("Dalton Trans.", "Dalton Transactions"),
    "gc": ("Green Chem.", "Green Chemistry"),
    "cs": ("Chem. Soc. Rev.", "Chemical Society Reviews"),
    "qo": ("Org. Chem. Front.", "Organic Chemistry Frontiers"),
}
_BY_ABBREVIATION = {abbreviation.lower(): title for _, abbreviation, title in JOURNALS} | {
    abbreviation.lower(): title for abbreviation, title in RSC_JOURNALS.values()
}


def full_title(name: str) -> str:
    """The full title for an abbreviation; any other name as given.

    "J. Org. Chem." -> "The Journal of Organic Chemistry".
    """
    return _BY_ABBREVIATION.get(name.strip().rstrip(",").lower(), name)


def journal_of_doi(doi: str | None) -> str | None:
    """The journal a DOI names by its prefix, or None."""
    if not doi:
        return None
    lowered = doi.lower()
    for prefix, _, title in JOURNALS:
        if lowered.startswith(prefix):
            return title
    match = RSC_DOI.match(doi)
    if match and match.group("code").lower() in RSC_JOURNALS:
        return RSC_JOURNALS[match.group("code").lower()][1]
    return None
