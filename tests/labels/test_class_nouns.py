"""Labels introduced by a class noun ("product 20") are compounds whatever else is named."""

from __future__ import annotations

from chemx.labels import labels_after_class_nouns


def test_labels_after_class_nouns_are_found() -> None:
    text = (
        "Product 20 could be isolated in 59% yield as compared to compound 17 "
        "isolated in 87% yield, and aniline (3c) gave none."
    )
    assert labels_after_class_nouns(text) == {"20", "17", "3c"}


def test_a_class_noun_before_a_quantity_or_word_names_no_label() -> None:
    assert labels_after_class_nouns("The product was isolated in 59% yield.") == set()
    assert labels_after_class_nouns("Both amides hydrolysed in 2 h.") == set()
