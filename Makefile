# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DEMO_OUT ?= demo-out

.PHONY: install demo test lint typecheck unit sample clean

# torch/torchvision are pinned in pyproject.toml (2.14.1 / 0.29.1, taken from local disk
# here); never let pip resolve an unpinned torch.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/chemx build --corpus sample --out $(DEMO_OUT)
	$(BIN)/chemx papers --out $(DEMO_OUT)
	$(BIN)/chemx audit --out $(DEMO_OUT) --limit 3
	$(BIN)/chemx release --store $(DEMO_OUT) --out $(DEMO_OUT)/release
	$(BIN)/chemx validate $(DEMO_OUT)/release

lint: install
	$(BIN)/ruff check chemx tests scripts
	$(BIN)/ruff format --check chemx tests scripts

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -q

test: lint typecheck unit

sample: install
	$(BIN)/python scripts/make_sample_corpus.py

clean:
	rm -rf $(DEMO_OUT) .pytest_cache .mypy_cache .ruff_cache
