"""Schemathesis over the served contract (issue 10): at least 5,000 generated requests against a real gunicorn,
checking that nothing answers a 5xx, and that every status, content type and body is one the contract documents.
Passes when no generated request fails a check."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from stress.server import serve

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
MIN_REQUESTS = 5000
EXAMPLES_PER_OPERATION = 80
SEED = 20261125


def main() -> int:
    started = time.monotonic()
    junit = Path(tempfile.mkdtemp(prefix="showdown-schemathesis-")) / "junit.xml"
    with serve(workers=2) as server:
        run = subprocess.run([str(Path(sys.executable).parent / "schemathesis"), "run", f"{server.base}/openapi.json",
                              "--checks", CHECKS, "-n", str(EXAMPLES_PER_OPERATION), "--seed", str(SEED),
                              "--no-shrink", "-w", "2", "--request-timeout", "30", "--max-time", "900",
                              "--report", "junit", "--report-junit-path", str(junit)],
                             capture_output=True, text=True, timeout=1200)
    out = run.stdout
    cases = re.search(r"(\d+) generated, (.+)", out)
    generated = int(cases.group(1)) if cases else 0
    outcome = cases.group(2).strip() if cases else "no summary"
    # A <failure> is an answer that broke a check; an <error> is schemathesis failing to generate or send.
    tree = ET.parse(junit).getroot() if junit.exists() else ET.Element("none")
    failures = sum(1 for _ in tree.iter("failure"))
    errors = [(case.get("name", "?"), (e.get("message") or e.text or "").strip().splitlines()[-1:])
              for case in tree.iter("testcase") for e in case.iter("error")]
    passed = generated >= MIN_REQUESTS and failures == 0
    print("### Schemathesis over /openapi.json\n")
    print(f"- {generated} generated requests in {time.monotonic() - started:.0f} s (seed {SEED}, "
          f"{EXAMPLES_PER_OPERATION} examples per operation and phase; checks: {CHECKS.replace(',', ', ')})")
    print(f"- outcome: {outcome}; check failures: {failures}")
    if errors:
        print("- schemathesis's own errors (generating or sending, not answers): "
              + "; ".join(f"{name}: {' '.join(last)[:160]}" for name, last in errors))
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    if not passed:
        print("```\n" + out[-4000:] + "\n```\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
