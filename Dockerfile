# syntax=docker/dockerfile:1
# Production image for the showdown API: gunicorn serving service.wsgi:app on $PORT.
#   docker build -t showdown .
#   docker run --rm -p 8000:8000 showdown
#
# The base image is pinned by digest: the multi-platform index of python:3.11-slim-trixie
# (Python 3.11.15, built 2026-08-05) as the Docker official images' repo-info record lists
# it. A newer build of the same tag: pass --build-arg PYTHON_IMAGE=python:3.11-slim-trixie@sha256:<digest>
# (docker buildx imagetools inspect python:3.11-slim-trixie prints the current digest).
ARG PYTHON_IMAGE=python:3.11-slim-trixie@sha256:90744cff8f32887f075c47d747a173ff333e9e98801667af93c357fa9f5e28ff
FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_INPUT=1

# Unprivileged runtime user with a fixed numeric id, created before anything is installed
# (Kubernetes' runAsNonRoot can only verify a numeric USER; deploy/kubernetes uses 10001).
RUN groupadd --system --gid 10001 showdown \
    && useradd --system --uid 10001 --gid showdown --create-home --home-dir /home/showdown showdown

# The runtime dependencies exactly as locked (every file's hash checked), then the package
# itself without dependencies or build isolation (its build backend is in the lock too), as
# a regular, non-editable install. The source copy is removed so the server imports the
# installed package (gunicorn puts its working directory first on sys.path).
WORKDIR /src
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY evaluator/ ./evaluator/
COPY service/ ./service/
RUN pip install --no-cache-dir --no-deps --no-build-isolation . \
    && rm -rf /src

WORKDIR /app
USER 10001:10001

# Same settings module as `make run`; the container listens on all interfaces. That is safe to
# publish directly: the settings serve with the gevent worker (service/worker.py), so slow or
# trickling clients hold parked greenlets, not workers, and are dropped by the read timeouts
# (request head 10 s, 15 s of silence in a body); gunicorn's own refusals are problem documents.
# TLS is not terminated here: put the container behind a TLS-terminating load balancer.
# The workers' metrics files (prometheus_client's multiprocess mode, GET /metrics) go to /tmp.
ENV HOST=0.0.0.0 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus
EXPOSE 8000

# No curl in the slim image: probe the liveness endpoint with the standard library.
# urlopen raises (exit status 1, "unhealthy") on refused connections, timeouts and non-2xx.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/livez' % os.environ.get('PORT', '8000'), timeout=4)"]

CMD ["gunicorn", "-c", "python:service.gunicorn_conf", "service.wsgi:app"]
