"""The WSGI entry point: ``gunicorn -c python:service.gunicorn_conf service.wsgi:app``."""

import gc

from service import create_app

__all__ = ["app"]

app = create_app()
# Everything built so far (the catalog, the tables, what the warm-up made) lives as long as the process: out of
# the collector's reach, a request's garbage collections no longer walk it, nor, in gunicorn's workers forked from
# this process (preload_app), write to its pages (copy-on-write).
gc.freeze()
