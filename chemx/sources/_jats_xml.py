"""Reading a JATS file safely: its bytes, their encoding, the XML tree and its `<article>`.

The XML parser never loads DTDs, resolves entities or touches the network (XXE and
billion-laughs safe), and refuses huge trees; every problem raises a `SourceError` that
names the file and the fix.
"""

from __future__ import annotations

import codecs
import re

from lxml import etree

from chemx.sources._base import SourceError

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
        message = str(exc.msg or exc)
        if "encoding" in message.lower():
            raise SourceError(
                "xml_encoding",
                f"{name}: {message}; re-save the file as UTF-8 or fix its encoding declaration",
            ) from exc
        line, column = exc.position if exc.position else (exc.lineno, 0)
        raise SourceError(
            "xml_malformed",
            f"{name}: malformed XML at line {line}, column {column}: {message} "
            "(a truncated download looks like this; fetch the file again)",
        ) from exc
    if root is None:
        raise SourceError("empty_file", f"{name}: no XML content")
    return root


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
