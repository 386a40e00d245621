"""A Ray cluster of separate node processes on this machine (127.0.0.1), for trying and
measuring scale-out without more machines: a head and worker nodes started with
``ray start``, usage statistics off and no token, all keeping their session in one short
temporary folder.

``stop`` ends only this cluster's processes (those naming its folder or its address, and
their children), found with psutil (the ``dev`` extra): ``ray stop`` would end every Ray
on the machine.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

QUIET = {
    "RAY_USAGE_STATS_ENABLED": "0",  # nothing leaves the machine
    "RAY_AUTH_MODE": "disabled",  # a local cluster: no token (one in ~/.ray is not used)
    # a dead node is noticed within about a second, not half a minute
    "RAY_health_check_initial_delay_ms": "0",
    "RAY_health_check_period_ms": "300",
    "RAY_health_check_timeout_ms": "300",
    "RAY_health_check_failure_threshold": "3",
}
"""The environment of the cluster's processes and of a driver that joins it."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LocalCluster:
    """The cluster: the head's ``address``, the ``temp_dir`` every node keeps its session
    in, and the raylet port of each worker node (``worker_ports``)."""

    address: str
    temp_dir: str
    worker_ports: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, workers: int = 1, cpus: int = 1) -> LocalCluster:
        """A head and ``workers`` worker nodes of ``cpus`` CPUs each."""
        temp_dir = tempfile.mkdtemp(prefix="rc", dir="/tmp")  # sockets need a short path
        port = free_port()
        cluster = cls(f"127.0.0.1:{port}", temp_dir)
        try:
            cluster._ray(
                "--head",
                f"--port={port}",
                f"--ray-client-server-port={free_port()}",
                f"--dashboard-port={free_port()}",
                "--include-dashboard=false",
                "--disable-usage-stats",
                f"--temp-dir={temp_dir}",
                f"--num-cpus={cpus}",
            )
            for _ in range(workers):
                cluster.add_worker(cpus)
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def add_worker(self, cpus: int = 1) -> None:
        """Start one more worker node."""
        port = free_port()
        self._ray(f"--address={self.address}", f"--node-manager-port={port}", f"--num-cpus={cpus}")
        self.worker_ports.append(port)

    def _ray(self, *arguments: str) -> None:
        ray = pathlib.Path(sys.executable).with_name("ray")
        command = [str(ray), "start", "--node-ip-address=127.0.0.1", *arguments]
        done = subprocess.run(
            command, env={**os.environ, **QUIET}, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()[-15:]
            raise RuntimeError(
                f"{' '.join(command)} failed (exit status {done.returncode}):\n" + "\n".join(said)
            )

    def processes(self) -> list[Any]:
        """This cluster's live processes (``psutil.Process``)."""
        import psutil

        marks = (self.temp_dir, self.address)
        found: dict[int, psutil.Process] = {}
        for process in psutil.process_iter(["cmdline"]):
            try:
                if process.pid != os.getpid() and any(
                    mark in part for part in process.info["cmdline"] or [] for mark in marks
                ):
                    found[process.pid] = process
                    found.update((child.pid, child) for child in process.children(recursive=True))
            except psutil.Error:
                continue
        return [p for p in found.values() if _alive(p)]

    def worker_node(self, index: int = 0) -> str:
        """The node id of worker node ``index`` (asked of the cluster this process joined)."""
        import ray

        port = self.worker_ports[index]
        (node,) = [n["NodeID"] for n in ray.nodes() if n["NodeManagerPort"] == port]
        return str(node)

    def kill_worker(self, index: int = 0) -> int:
        """Kill worker node ``index``'s raylet and the workers it started, as a machine
        that fails would; how many processes were killed."""
        mark = f"--node_manager_port={self.worker_ports[index]}"
        raylets = [p for p in self.processes() if mark in p.cmdline()]
        doomed = [*raylets, *(c for r in raylets for c in r.children(recursive=True))]
        for process in doomed:
            process.kill()
        return len(doomed)

    def stop(self) -> None:
        """Kill every process of the cluster and remove its folder."""
        import psutil

        doomed = self.processes()
        for process in doomed:
            process.kill()
        psutil.wait_procs(doomed, timeout=10)
        shutil.rmtree(self.temp_dir, ignore_errors=True)


@contextmanager
def local_cluster(workers: int = 1, cpus: int = 1) -> Iterator[LocalCluster]:
    """A started ``LocalCluster``, stopped on exit; this process's environment is ``QUIET``
    meanwhile, so that a driver here joins it."""
    saved = {name: os.environ.get(name) for name in QUIET}
    os.environ.update(QUIET)
    cluster = LocalCluster.start(workers, cpus)
    try:
        yield cluster
    finally:
        cluster.stop()
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _alive(process: Any) -> bool:
    import psutil

    try:
        return bool(process.is_running() and process.status() != psutil.STATUS_ZOMBIE)
    except psutil.Error:
        return False
