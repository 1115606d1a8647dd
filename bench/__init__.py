"""Benchmarks for showdown: evaluation rates against peer libraries, and HTTP throughput of the service.

Run ``python -m bench`` (``make bench``); ``--quick`` for a short run, ``--only eval`` or ``--only http`` for one
part. Results go to stdout and to ``bench/last_run.md`` as Markdown tables.

- :mod:`bench.evaluation`: hands/second of our batch fast paths (:mod:`bench.fast_paths`) and of treys,
  phevaluator, eval7 and pokerkit, all on the same seeded random deals, after checking that every library orders
  the hands the same way as ours.
- :mod:`bench.http_load`: requests/second and latency of the service under gunicorn, driven by ``wrk`` (or
  locust when ``wrk`` is not installed) on the loopback interface.
"""
