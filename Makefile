# Two commands set up a fresh machine: `make serve` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: serve build test lint validate schema check bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# One stamp per requirements file: reinstall only when the pins change.
$(VENV)/.site-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.test-installed: requirements-test.txt requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@ $(VENV)/.site-installed

serve: $(VENV)/.site-installed  ## serve at http://127.0.0.1:8000, rebuilding on changes
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

build: $(VENV)/.site-installed  ## strict build into site/
	$(BIN)/mkdocs build --strict --site-dir site

validate: $(VENV)/.site-installed  ## check the data files (FILES=... to check some) and the schemas
	cd hooks && ../$(BIN)/python -m gpustorage validate $(abspath $(FILES))
	cd hooks && ../$(BIN)/python -m gpustorage schema --check

schema: $(VENV)/.site-installed  ## regenerate schema/*.json after a change to the model
	cd hooks && ../$(BIN)/python -m gpustorage schema

check: validate build test  ## everything CI checks on a pull request

lint: $(VENV)/.test-installed
	$(BIN)/ruff check hooks tests
	$(BIN)/ruff format --check hooks tests

test: $(VENV)/.test-installed  ## every test, lint included
	$(BIN)/ruff check hooks tests
	$(BIN)/python -m pytest

clean:
	rm -rf site $(VENV)

bench/node_modules/.installed: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund --loglevel=error
	touch $@

bench: $(VENV)/.test-installed bench/node_modules/.installed  ## figures and targets -> bench/results/latest.json
	cd bench && ../$(BIN)/python run.py
