"""Which real figures a publishable classifier checkpoint may be trained on.

`scripts/train_figure_classifier.py --real-gold-licence open` trains only on the files of
`OPEN_REAL_SOURCES`, and a checkpoint built so may replace the shipped one. These tests
hold that list to the hand-labelled fixture and to the realworld MANIFESTs' terms: a
publisher-copyright PDF, a journal crop kept in a tool's repository or an unchecked
patent page slipping into it would put a model the MANIFEST forbids into the package.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

training = importlib.import_module("train_figure_classifier")
FIXTURE = REPO / "tests" / "fixtures" / "realworld" / "figure_classes.json"
LOCAL_ONLY_PREFIXES = (
    "papers/publisher_copyright/",  # ACS, all rights reserved
    "rxnscribe/",  # journal crops in a tool's repository
    "openchemie/",
    "molscribe/",
    "figures/publaynet/",  # per-article licences, not checked
    "decimer/KR",  # patent pages, reuse status unchecked
)


def test_every_open_source_is_a_labelled_file() -> None:
    labelled = {figure["file"] for figure in json.loads(FIXTURE.read_text())["figures"]}
    assert set(training.OPEN_REAL_SOURCES) <= labelled


@pytest.mark.parametrize("path", sorted(training.OPEN_REAL_SOURCES))
def test_open_sources_exclude_local_only_files(path: str) -> None:
    assert not path.startswith(LOCAL_ONLY_PREFIXES)


@pytest.mark.parametrize("path", sorted(training.OPEN_REAL_SOURCES))
def test_open_sources_carry_a_licence_and_attribution(path: str) -> None:
    terms = training.OPEN_REAL_SOURCES[path]
    assert terms.startswith(("CC BY 4.0: ", "MIT "))
    assert "doi:" in terms or "DECIMER" in terms


def test_local_real_gold_may_not_overwrite_the_shipped_checkpoint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = REPO / "chemx" / "data" / "models" / "figure_classifier_resnet50.pt"
    argv = ["train_figure_classifier.py", "--real-gold", "--out", str(shipped)]
    monkeypatch.setattr(sys, "argv", argv)

    def training_started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the local real-gold run went on to train")

    monkeypatch.setattr(training, "synthetic_set", training_started)
    with pytest.raises(SystemExit) as refused:
        training.main()
    assert refused.value.code == 2
