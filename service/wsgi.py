"""The WSGI entry point: ``gunicorn -c python:service.gunicorn_conf service.wsgi:app``."""

from service import create_app

__all__ = ["app"]

app = create_app()
