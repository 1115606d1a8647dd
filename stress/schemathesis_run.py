"""Schemathesis over the served contract (issue 10): at least 5,000 generated requests against a real gunicorn,
checking that nothing answers a 5xx, and that every status, content type and body is one the contract documents.
Passes when no generated request fails a check."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from stress.server import serve

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
MIN_REQUESTS = 5000
EXAMPLES_PER_OPERATION = 80
SEED = 20261125


def main() -> int:
    started = time.monotonic()
    with serve(workers=2) as server:
        run = subprocess.run([str(Path(sys.executable).parent / "schemathesis"), "run", f"{server.base}/openapi.json",
                              "--checks", CHECKS, "-n", str(EXAMPLES_PER_OPERATION), "--seed", str(SEED),
                              "--no-shrink", "-w", "2", "--request-timeout", "30", "--max-time", "900"],
                             capture_output=True, text=True, timeout=1200)
    out = run.stdout
    cases = re.search(r"(\d+) generated, (.+)", out)
    generated = int(cases.group(1)) if cases else 0
    outcome = cases.group(2).strip() if cases else "no summary"
    failed = re.search(r"(\d+) failed", outcome)
    failures = int(failed.group(1)) if failed else 0
    errors = re.findall(r"🚫 ([^:\n]+): (\d+)", out.split("Errors:", 1)[1]) if "Errors:" in out else []
    passed = generated >= MIN_REQUESTS and failures == 0
    print("### Schemathesis over /openapi.json\n")
    print(f"- {generated} generated requests in {time.monotonic() - started:.0f} s (seed {SEED}, "
          f"{EXAMPLES_PER_OPERATION} examples per operation and phase; checks: {CHECKS.replace(',', ', ')})")
    print(f"- outcome: {outcome}; check failures: {failures}")
    if errors:
        print("- schemathesis's own errors (generation, not answers): "
              + ", ".join(f"{kind} {count}" for kind, count in errors))
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    if not passed:
        print("```\n" + out[-4000:] + "\n```\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
