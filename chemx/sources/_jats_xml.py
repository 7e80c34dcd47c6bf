"""Reading a JATS file safely: its bytes, their encoding, the XML tree and its `<article>`.

The XML parser never loads DTDs, resolves entities or touches the network (XXE and
billion-laughs safe), and refuses huge trees; every problem raises a `SourceError` that
names the file and the fix. A file libxml2 refuses for its safety limits (entities that
expand without end, elements nested hundreds deep, a text node over 10 MB) is reported
as that, not as the malformed XML a truncated download gives.
"""

from __future__ import annotations

import codecs
import re

from lxml import etree

from chemx.sources._base import SourceError

MAX_XML_DEPTH = 256
"""libxml2's nesting limit without `huge_tree` (which stays off)."""
_TRUNCATED = re.compile(r"premature end of data|end of data in tag|EndTag: '</' not found", re.I)
_OVER_LIMIT_MESSAGES = ("huge text node", "huge input lookup", "node too long", "name too long")
"""libxml2's words for a node over its size limits, across versions."""
_ENCODING_DECLARATION = re.compile(
    rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"'](?P<encoding>[A-Za-z0-9._:-]+)[\"']"
)


def parse_xml(data: bytes, name: str) -> etree._Element:
    """The XML tree of `data` (file `name`), parsed without DTDs, entities or network."""
    _check_encoding(data, name)
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise _syntax_error(exc, data, name) from exc
    if root is None:
        raise SourceError("empty_file", f"{name}: no XML content")
    return root


def _syntax_error(exc: etree.XMLSyntaxError, data: bytes, name: str) -> SourceError:
    """What went wrong, in words: bad encoding, a safety limit, a cut-off or damaged file."""
    message = str(exc.msg or exc)
    if "encoding" in message.lower():
        return SourceError(
            "xml_encoding",
            f"{name}: {message}; re-save the file as UTF-8 or fix its encoding declaration",
        )
    line, column = exc.position if exc.position else (exc.lineno, 0)
    limit = _safety_limit(message, exc.code)
    if limit is not None:
        reason, what = limit
        return SourceError(
            reason, f"{name}: at line {line}, column {column}: {what} (libxml2: {message})"
        )
    if _TRUNCATED.search(message) or (_at_end(data, line, column) and "mismatch" not in message):
        hint = "the file stops mid-element: a truncated download looks like this"
    else:
        hint = "the XML is broken before its end: damaged, not cut off"
    return SourceError(
        "xml_malformed",
        f"{name}: malformed XML at line {line}, column {column}: {message} "
        f"({hint}; fetch the file again)",
    )


def _at_end(data: bytes, line: int, column: int) -> bool:
    """Whether libxml2 stopped at the very end of `data`, as it does on a cut-off file."""
    tail = data.rstrip()
    last_line = tail[tail.rfind(b"\n") + 1 :].decode("utf-8", "replace")
    return line >= tail.count(b"\n") + 1 and column >= len(last_line)


def _safety_limit(message: str, code: int) -> tuple[str, str] | None:
    """(reason, what happened) when libxml2 stopped at a safety limit, not at bad syntax.

    Matched on the message as well as the code, because libxml2 versions differ: before
    2.11 a billion-laughs file is "Detected an entity reference loop" and excessive depth
    an internal error.
    """
    lower = message.lower()
    if code == etree.ErrorTypes.ERR_ENTITY_LOOP or any(
        marker in lower for marker in ("entity reference loop", "entity amplification")
    ):
        return (
            "xml_entity_amplification",
            "the file declares entities that expand into themselves or into vastly more "
            "text than it holds (the 'billion laughs' pattern), which is not expanded; no "
            "real article does this, so the file is crafted or broken, not truncated: get "
            "it again from the publisher",
        )
    if "excessive depth" in lower:
        return (
            "xml_too_deep",
            f"elements are nested more than {MAX_XML_DEPTH} deep, where an article nests a "
            "few dozen; the file is crafted or machine-generated, not a truncated download",
        )
    if code == etree.ErrorTypes.ERR_RESOURCE_LIMIT or any(
        marker in lower for marker in _OVER_LIMIT_MESSAGES
    ):
        return (
            "xml_over_limit",
            "one text node, name or attribute is over the parser's safety limit (10 MB of "
            "text in one node); no real article has one, so the file is crafted or broken, "
            "not a truncated download",
        )
    return None


def _check_encoding(data: bytes, name: str) -> None:
    """Refuse bytes that are not what they claim to be, with the offending byte offset.

    Without a declaration XML is UTF-8 by definition; Latin-1 files saved by older
    tools are common and would otherwise surface as a baffling syntax error.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return
    declared = _ENCODING_DECLARATION.match(data)
    encoding = "utf-8"
    if declared is not None:
        label = declared.group("encoding").decode("ascii")
        try:
            encoding = codecs.lookup(label).name
        except LookupError as exc:
            raise SourceError(
                "xml_encoding",
                f"{name}: declares the unknown encoding {label!r}; re-save it as UTF-8",
            ) from exc
    if encoding != "utf-8":
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        guess = _guess_encoding(data)
        if declared is None:
            problem = f"not valid UTF-8 at byte {exc.start} and no encoding declared"
        else:
            problem = f"declares UTF-8 but is not valid UTF-8 at byte {exc.start}"
        raise SourceError(
            "xml_encoding",
            f"{name}: {problem}{guess}; re-save it as UTF-8 or declare its real encoding, "
            'e.g. <?xml version="1.0" encoding="ISO-8859-1"?>',
        ) from exc


def _guess_encoding(data: bytes) -> str:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return ""
    return " (it looks like Latin-1/Windows-1252)"


def find_article(root: etree._Element, name: str) -> etree._Element:
    """Strip namespaces from the tree and return its `<article>` (whatever the envelope)."""
    for element in root.iter():
        if isinstance(element.tag, str):
            element.tag = etree.QName(element).localname
    if root.tag == "article":
        return root
    article = next(root.iter("article"), None)
    if article is None:
        raise SourceError(
            "not_jats",
            f"{name}: no <article> element (root is <{root.tag}>); this is not a JATS/NLM article",
        )
    return article


def has_ancestor(
    element: etree._Element, tags: frozenset[str], stop: etree._Element | None = None
) -> bool:
    """Whether an ancestor of `element` below `stop` has one of `tags`."""
    for ancestor in element.iterancestors():
        if ancestor is stop:
            return False
        if ancestor.tag in tags:
            return True
    return False
