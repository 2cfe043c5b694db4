# Two commands set up a fresh machine: `make serve` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: serve build test test-quick lint typecheck validate schema check bench clean lock lock-upgrade translations golden verify

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# One stamp per requirements file: reinstall only when the pins change. Every package is pinned with its
# hashes (see `make lock`), so pip refuses anything unpinned or altered.
PIP_INSTALL := $(BIN)/pip install --quiet --disable-pip-version-check --require-hashes

$(VENV)/.site-installed: requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.test-installed: requirements-test.txt requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt -r requirements-test.txt
	touch $@ $(VENV)/.site-installed

# requirements*.in are the hand-written direct dependencies; `make lock` compiles them into the pinned,
# hashed requirements*.txt, keeping every current pin that still fits (`make lock-upgrade` takes the newest
# releases instead). pip-tools runs from its own venv, so it never changes the project's packages.
PIP_TOOLS := pip-tools==7.6.2
LOCK_BIN := $(VENV)/lock/bin
PIP_COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_BIN)/pip-compile --quiet --generate-hashes \
	--allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_FLAGS)

$(LOCK_BIN)/pip-compile:
	$(PYTHON) -m venv $(VENV)/lock
	$(LOCK_BIN)/pip install --quiet --disable-pip-version-check $(PIP_TOOLS)

lock: | $(LOCK_BIN)/pip-compile  ## recompile requirements*.txt after a change to requirements*.in
	$(PIP_COMPILE) --output-file requirements.txt requirements.in
	$(PIP_COMPILE) --output-file requirements-test.txt requirements-test.in

lock-upgrade: LOCK_FLAGS := --upgrade
lock-upgrade: lock  ## the same with the newest releases that fit requirements*.in

serve: $(VENV)/.site-installed  ## serve at http://127.0.0.1:8000, rebuilding on changes
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

build: $(VENV)/.site-installed  ## strict build into site/
	$(BIN)/mkdocs build --strict --site-dir site

validate: $(VENV)/.site-installed  ## check the data files (FILES=... to check some) and the schemas
	cd hooks && ../$(BIN)/python -m gpustorage validate $(abspath $(FILES))
	cd hooks && ../$(BIN)/python -m gpustorage schema --check

translations: $(VENV)/.site-installed  ## each translated page's status; CURRENT=docs/zh/x.md marks it current
	cd hooks && ../$(BIN)/python -m gpustorage translations $(if $(CURRENT),--current $(abspath $(CURRENT)))

# Reads the web: every source page, each looked for its quotes. Exit status 1 when something needs a look.
verify: $(VENV)/.site-installed  ## check the sources' quotes on their pages (VERIFY_ARGS="--update-checked …")
	PYTHONPATH=hooks $(BIN)/python -m gpustorage verify $(VERIFY_ARGS)

schema: $(VENV)/.site-installed  ## regenerate schema/*.json after a change to the model
	cd hooks && ../$(BIN)/python -m gpustorage schema

check: validate build test  ## everything CI checks on a pull request

# zizmor audits the GitHub workflows offline (no GitHub API) at its default persona; .github/zizmor.yml
# lists, with reasons, what it ignores on purpose.
lint: $(VENV)/.test-installed  ## ruff, mypy (typecheck), then zizmor on the workflows
	$(BIN)/ruff check hooks tests bench
	$(BIN)/ruff format --check hooks tests bench
	$(BIN)/mypy
	$(BIN)/zizmor --offline --quiet .

typecheck: $(VENV)/.test-installed  ## mypy, strict, on hooks/gpustorage (settings in pyproject.toml)
	$(BIN)/mypy

# The comparison script's pure modules, with Node's own test runner (no npm packages). The files are
# named, not the folder: Node 21 and later take a folder for a file. Without Node, as without Chromium,
# a local run says so and goes on; in CI (CI set) it fails.
NODE_TESTS = if command -v node >/dev/null 2>&1; then node --test tests/js/*.test.mjs; \
	elif [ -n "$$CI" ]; then echo "node not found: install Debian's nodejs" >&2; exit 1; \
	else echo "skipping tests/js: node not found (Debian's nodejs runs them)" >&2; fi

test: lint  ## every test, lint, type check, workflow audit and the script's Node tests included
	$(NODE_TESTS)
	$(BIN)/python -m pytest -n 2

# The inner loop: lint, the script's Node tests and every test that needs no full build and no browser
# (those skip, said so in the summary; `make test` runs them all).
test-quick: $(VENV)/.test-installed  ## the fast tests, for the inner loop (under 30 s)
	$(BIN)/ruff check hooks tests bench
	$(NODE_TESTS)
	GS_TESTS_QUICK=1 $(BIN)/python -m pytest -n 2 -q -rfE

golden: $(VENV)/.test-installed  ## rewrite tests/golden/ after an intended change of the output (review its diff)
	GS_GOLDEN=update $(BIN)/python -m pytest tests/output/test_golden.py -p no:xdist -q

clean:
	rm -rf site $(VENV)

bench/node_modules/.installed: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund --loglevel=error
	touch $@

bench: $(VENV)/.test-installed bench/node_modules/.installed  ## figures and targets -> bench/results/latest.json
	cd bench && ../$(BIN)/python run.py
