# syntax=docker/dockerfile:1
# Production image for the showdown API: gunicorn serving service.wsgi:app on $PORT.
#   docker build -t showdown .
#   docker run --rm -p 8000:8000 showdown
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_INPUT=1

# Unprivileged runtime user, created before anything is installed.
RUN groupadd --system showdown \
    && useradd --system --gid showdown --create-home --home-dir /home/showdown showdown

# Only what the package build needs (see .dockerignore), installed as a regular,
# non-editable package. The source copy is removed so the server imports the installed
# package (gunicorn puts its working directory first on sys.path).
WORKDIR /src
COPY pyproject.toml README.md ./
COPY evaluator/ ./evaluator/
COPY service/ ./service/
RUN pip install --no-cache-dir . \
    && rm -rf /src

WORKDIR /app
USER showdown

# Same settings module as `make run`; the container listens on all interfaces. That is safe to
# publish directly: the settings serve with the gevent worker (service/worker.py), so slow or
# trickling clients hold parked greenlets, not workers, and are dropped by the read timeouts
# (request head 10 s, 15 s of silence in a body); gunicorn's own refusals are problem documents.
# TLS is not terminated here: put the container behind a TLS-terminating load balancer.
ENV HOST=0.0.0.0 \
    PORT=8000
EXPOSE 8000

# No curl in the slim image: probe the liveness endpoint with the standard library.
# urlopen raises (exit status 1, "unhealthy") on refused connections, timeouts and non-2xx.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/livez' % os.environ.get('PORT', '8000'), timeout=4)"]

CMD ["gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"]
