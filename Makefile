# Two commands on a fresh machine: `make serve` and `make test` (see README.md).
# The venv is built once and rebuilt only when pyproject.toml changes (stamp files).

PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8866
BIN    := $(VENV)/bin
# Kernels start as plain `python`: put the venv first so they run in it.
export PATH := $(abspath $(BIN)):$(PATH)
# Stop Jupyter's debugger warning about frozen modules from cluttering the output.
export PYDEVD_DISABLE_FILE_VALIDATION := 1

# pyproject's addopts already add -ra: the summary names every failure, error and skip.
PYTEST_FLAGS ?=
# JupyterLab refuses to run as root unless told to (containers, CI machines).
LAB_FLAGS ?= $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: serve hub test test-fast test-long lab lessons bench-browser screenshot clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "minegames needs Python 3.10+"'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

# The tests start the school hub too (tests/browser/test_hub*.py): its packages come with them.
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,test,hub]'
	touch $@ $(VENV)/.installed-app $(VENV)/.installed-hub

# The folder holding voila.py, the serving settings (waits long enough for a class arriving
# together, kernels freed when visitors leave). Binder reads the same file (binder/postBuild).
VOILA_CONFIG_DIR ?= $(CURDIR)/binder

# HOST=0.0.0.0 serves the class on the school's network (README: "Serving a class on a network").
HOST ?= 127.0.0.1
serve: $(VENV)/.installed-app
	@echo "Gallery: http://$(if $(filter 0.0.0.0,$(HOST)),<this machine's address>,$(HOST)):$(PORT)/voila/render/apps/index.ipynb; Ctrl-C stops."
	$(BIN)/voila notebooks --port=$(PORT) --Voila.ip=$(HOST) --no-browser --Voila.config_file_paths=$(VOILA_CONFIG_DIR)

# JupyterHub for a school server (deploy/hub/jupyterhub_config.py; deploy/README.md): every visitor a
# temporary user and a server of their own, opening at the gallery. The proxy comes from npm.
HUB_DIR := deploy/hub
$(VENV)/.installed-hub: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,hub]'
	touch $@ $(VENV)/.installed-app

# The hub's proxy, at the versions deploy/hub/package-lock.json pins (npm from the system).
$(HUB_DIR)/node_modules/.bin/configurable-http-proxy: $(HUB_DIR)/package-lock.json
	@command -v npm > /dev/null || { echo "make hub needs npm (Debian: apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --silent --no-audit --no-fund --prefix $(HUB_DIR)
	touch $@

hub: $(VENV)/.installed-hub $(HUB_DIR)/node_modules/.bin/configurable-http-proxy
	@echo "Hub: http://$(if $(filter 0.0.0.0,$(HOST)),<this machine's address>,$(HOST)):8000/ ; Ctrl-C stops."
	MINEGAMES_HUB_IP=$(HOST) $(BIN)/jupyterhub -f $(HUB_DIR)/jupyterhub_config.py

# Unit, property, notebook (nbval) and browser tests. pytest exits non-zero on any
# failure; tests/conftest.py turns a skip caused by a missing dependency into a failure.
# One worker per core (pytest-xdist); conftest.py keeps a notebook's cells, the app pages
# and the server tests each together on one worker, longest first. The run ends with its
# 15 slowest tests, so a new slow one is seen when it arrives. PARALLEL= runs in one process.
PARALLEL ?= -n auto --dist loadgroup --no-loadscope-reorder
SLOWEST  ?= --durations=15
test: $(VENV)/.installed-test $(HUB_DIR)/node_modules/.bin/configurable-http-proxy
	$(BIN)/python -m pytest $(PARALLEL) $(SLOWEST) $(PYTEST_FLAGS)

test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PARALLEL) $(SLOWEST) $(PYTEST_FLAGS) -m 'not browser'

# The long mode: the same checks over many more seeded games, to look further for the rare
# position: each whole-game property suite at LONG_GAMES games (the default run plays 250,
# which reach every rule line the thousand reach) and the conformance suite's long run at
# CONFORMANCE_GAMES per engine. See docs/dev/testing.md.
LONG_GAMES        ?= 1000
CONFORMANCE_GAMES ?= 1000
test-long: $(VENV)/.installed-test
	MINEGAMES_PROPERTY_GAMES=$(LONG_GAMES) MINEGAMES_CONFORMANCE_GAMES=$(CONFORMANCE_GAMES) \
		$(BIN)/python -m pytest $(PARALLEL) $(SLOWEST) $(PYTEST_FLAGS) tests/property tests/protocol

lab: $(VENV)/.installed-app
	$(BIN)/jupyter lab $(LAB_FLAGS) notebooks

bench-browser: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_browser.py

# Refresh the README's pictures (docs/images/<app>_app_1400.png and _390.png, the gallery's) from
# the browser tests that check each app's sizes mid-game at a laptop's and a phone's width.
screenshot: $(VENV)/.installed-test
	MINEGAMES_SHOTS=$(CURDIR)/docs/images $(BIN)/python -m pytest -p no:xdist $(PYTEST_FLAGS) tests/browser \
		-k "fits_the_screen or fits_the_window or race_fits or race_on_a_phone"

# Run every lesson notebook and save it executed (no widget state): see tools/save_lessons.py.
lessons: $(VENV)/.installed-test
	$(BIN)/python tools/save_lessons.py

clean:
	rm -rf $(VENV)
