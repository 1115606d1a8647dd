# Developer entry points. Everything runs from the project virtualenv in $(VENV), which the
# targets create and keep in sync with pyproject.toml and the lock.
#
# Three install sets, one stamp each (a stamp is written only after its install succeeded,
# and re-runs when pyproject.toml or the lock changes):
#   run    the runtime dependencies, from the hash-checked lock $(LOCK) (what the image ships)
#   test   run + the `test` extra (make test, lint, typecheck)
#   bench  run + the `bench` extra (make bench)
#   stress test + the `stress` extra (make stress)
#   docs   run + the `docs` extra (make docs; the test set has it too, so that make test builds the site)

PY ?= python3
VENV = .venv
BIN = $(VENV)/bin
PIP = $(BIN)/python -m pip --disable-pip-version-check --no-input
LOCK = requirements.lock
# The lock is compiled from pyproject.toml's runtime dependencies plus these inputs (the
# build backend, so the image builds the package without unpinned downloads).
LOCK_INPUTS = pyproject.toml deploy/build-requirements.in
UV_VERSION = uv>=0.9,<0.14
RUN_STAMP = $(VENV)/.installed-run
TEST_STAMP = $(VENV)/.installed-test
BENCH_STAMP = $(VENV)/.installed-bench
STRESS_STAMP = $(VENV)/.installed-stress
DOCS_STAMP = $(VENV)/.installed-docs
# The TypeScript client's npm packages (clients/typescript: openapi-fetch, and openapi-typescript, tsc, esbuild for
# its generation, build and tests), installed from its lock by `npm ci`; the stamp lives in node_modules, so that
# removing node_modules removes it too.
TS_DIR = clients/typescript
TS_STAMP = $(TS_DIR)/node_modules/.installed

# The server command; the Dockerfile's CMD runs the same arguments (tests/test_deployment.py
# checks that they agree).
GUNICORN_ARGS = -c python:service.gunicorn_conf service.wsgi:app

# `make cluster`: two gunicorn instances behind haproxy, all on loopback (deploy/cluster.py).
PORT ?= 8000
CLUSTER_DIR = .run/cluster
HAPROXY_INSTALL = command -v haproxy >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends haproxy; }
# `make bench` drives the HTTP load with wrk (Debian's package, installed when missing; without it the bench falls
# back to locust, whose pure-Python client saturates first and flatters the ratio).
WRK_INSTALL = command -v wrk >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends wrk; }

# `make test` drives the table page (service/table/) in headless Chromium: Debian's chromium and chromium-driver,
# installed when missing (tests/service/test_table_browser.py).
CHROMIUM_INSTALL = command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends chromium chromium-driver; }

.DEFAULT_GOAL := test
.DELETE_ON_ERROR:
.PHONY: venv typescript run bot test lint typecheck openapi docs docs-serve bench stress lock cluster cluster-stop clean distclean

venv: $(RUN_STAMP)

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(PIP) install --upgrade pip

# The lock first, with --require-hashes, then the package itself (editable); pip keeps the
# locked versions, and installs a dependency only when pyproject.toml names one the lock
# does not have yet (run `make lock`; a test fails while the lock is stale).
$(RUN_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP) install --require-hashes -r $(LOCK)
	$(PIP) install -e .
	touch $@

# The test set includes the Python client and CLI (clients/python) and the Discord bot (clients/discord), whose
# tests run in make test.
$(TEST_STAMP): $(RUN_STAMP) clients/python/pyproject.toml clients/discord/pyproject.toml
	$(PIP) install -e '.[test]'
	$(PIP) install -e '.[docs]'
	$(PIP) install -e clients/python
	$(PIP) install -e clients/discord
	touch $@

typescript: $(TS_STAMP)

$(TS_STAMP): $(TS_DIR)/package.json $(TS_DIR)/package-lock.json
	cd $(TS_DIR) && npm ci --no-audit --no-fund --ignore-scripts
	touch $@

$(STRESS_STAMP): $(TEST_STAMP)
	$(PIP) install -e '.[test,stress]'
	touch $@

$(DOCS_STAMP): $(RUN_STAMP)
	$(PIP) install -e '.[docs]'
	touch $@

$(BENCH_STAMP): $(RUN_STAMP)
	$(PIP) install -e '.[bench]'
	touch $@

# Rewrites $(LOCK) from $(LOCK_INPUTS): every version pinned, every file hashed, for
# Python 3.11 and newer on any platform. Re-run it whenever a dependency changes.
lock: | $(BIN)/python
	$(PIP) install '$(UV_VERSION)'
	$(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
		--custom-compile-command 'make lock' --output-file $(LOCK) $(LOCK_INPUTS)

# Serves on 127.0.0.1:8000; HOST, PORT, WEB_CONCURRENCY and LOG_LEVEL override (see
# service/gunicorn_conf.py). exec: gunicorn gets the signals (Ctrl-C, SIGTERM) directly.
run: $(RUN_STAMP)
	exec $(BIN)/gunicorn $(GUNICORN_ARGS)

# The Discord bot (docs/discord-bot.md): DISCORD_TOKEN, SHOWDOWN_URL (default http://127.0.0.1:8000, `make run`) and
# SHOWDOWN_BOT_DB (the channels' house games) from the environment.
bot: $(TEST_STAMP)
	exec $(BIN)/showdown-discord run

# ruff and the import contracts (.importlinter), then mypy beside the whole suite on every core (pytest-xdist; a
# module's tests stay on one worker, so its module fixtures run once). mypy's report is held and printed after pytest's; the target fails when either does
# (pytest's exit status first, so that .ci/run still sees pytest's 5 for "no tests"). The long samples of the slow
# tests run in make stress (SHOWDOWN_DEEP=1, stress/deep_tests.py).
test: $(TEST_STAMP) $(TS_STAMP)
	$(CHROMIUM_INSTALL)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo --no-cache
	@mypy_log=$$(mktemp); echo "$(BIN)/mypy (beside pytest, its report after)"; \
	$(BIN)/mypy >"$$mypy_log" 2>&1 & mypy_pid=$$!; \
	echo "$(BIN)/pytest -n auto --dist loadfile --no-loadscope-reorder --durations=15"; \
	$(BIN)/pytest -n auto --dist loadfile --no-loadscope-reorder --durations=15; pytest_status=$$?; \
	wait $$mypy_pid; mypy_status=$$?; \
	echo "$(BIN)/mypy:"; cat "$$mypy_log"; rm -f "$$mypy_log"; \
	if [ $$pytest_status -ne 0 ]; then exit $$pytest_status; fi; exit $$mypy_status

# ruff, and the import contracts of .importlinter (the evaluator's layers only import downward; the library imports
# no web framework; the service imports only the evaluator's public surface).
lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo --no-cache

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# The contract, then the TypeScript client's types generated from it (clients/typescript/src/schema.ts).
openapi: $(RUN_STAMP) $(TS_STAMP)
	$(BIN)/python -m service.openapi_export openapi.yaml
	cd $(TS_DIR) && npm run --silent generate

# The documentation site (mkdocs.yml, docs/) into site/, strictly: a broken link or anchor fails it. The catalog
# page is written from the catalog first. `make docs-serve` serves it on 127.0.0.1:8001 as it is edited.
docs: $(DOCS_STAMP)
	$(BIN)/python -m service.catalog_export docs/catalog.md
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-serve: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8001

bench: $(BENCH_STAMP)
	$(WRK_INSTALL)
	$(BIN)/python -m bench

# Long checks (minutes): hostile shapes, slow clients, fuzzing, soak, a killed worker, a killed
# instance of make cluster (haproxy installed when missing). Figures in stress/REPORT.md.
# The checks use requests (the test extra) and schemathesis (the stress extra).
stress: $(STRESS_STAMP)
	$(HAPROXY_INSTALL)
	$(BIN)/python -m stress

# Two gunicorn instances (127.0.0.1:PORT+1, PORT+2) behind haproxy on 127.0.0.1:PORT; pids
# in $(CLUSTER_DIR)/<name>.pid, logs beside them. haproxy is Debian's package, installed
# when missing. `make cluster-stop` stops all three.
cluster: $(RUN_STAMP)
	$(HAPROXY_INSTALL)
	PORT=$(PORT) $(BIN)/python -m deploy.cluster start --dir $(CLUSTER_DIR)

cluster-stop:
	$(PY) -m deploy.cluster stop --dir $(CLUSTER_DIR)

# Caches and build output; keeps the virtualenv (see distclean).
clean:
	rm -rf build dist site .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
