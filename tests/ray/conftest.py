"""The Ray the in-process Ray tests share: two CPUs in this process, started once per module
in the environment a driver of the local test cluster has (``QUIET``: usage statistics off,
no token auth; Ray keeps the first one a process gives it), shut down after the module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """Ray on two CPUs in this process for the module's tests."""
    ray = pytest.importorskip("ray")
    from mobile_gym.ray.local_cluster import QUIET

    with pytest.MonkeyPatch.context() as patch:
        for name, value in QUIET.items():
            patch.setenv(name, value)
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        yield
        ray.shutdown()
