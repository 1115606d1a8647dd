# Developer entry points. Everything runs from the project virtualenv in $(VENV), which
# `make venv` (a prerequisite of every target that needs it) creates and keeps in sync
# with pyproject.toml.

PY ?= python3
VENV = .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed

# The server command; the Dockerfile's CMD runs the same arguments (tests/test_deployment.py
# checks that they agree).
GUNICORN_ARGS = -c python:service.gunicorn_conf service.wsgi:app

.DEFAULT_GOAL := test
.DELETE_ON_ERROR:
.PHONY: venv run test lint typecheck openapi bench stress clean distclean

venv: $(STAMP)

# Re-runs whenever pyproject.toml changes; the stamp is written only after a successful install.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --no-input --upgrade pip
	$(BIN)/python -m pip install --disable-pip-version-check --no-input -e '.[test,bench]'
	touch $@

# Serves on 127.0.0.1:8000; HOST, PORT, WEB_CONCURRENCY and LOG_LEVEL override (see
# service/gunicorn_conf.py). exec: gunicorn gets the signals (Ctrl-C, SIGTERM) directly.
run: venv
	exec $(BIN)/gunicorn $(GUNICORN_ARGS)

test: venv
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy

openapi: venv
	$(BIN)/python -m service.openapi_export openapi.yaml

bench: venv
	$(BIN)/python -m bench

# Long checks (minutes): hostile shapes, slow clients, fuzzing, soak, a killed worker. Figures in stress/REPORT.md.
stress: venv
	$(BIN)/python -m stress

# Caches and build output; keeps the virtualenv (see distclean).
clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
