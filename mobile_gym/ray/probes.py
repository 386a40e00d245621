"""What a run on Ray asks of a cluster before it plays: a head that answers at the address
given, and a node large enough for an episode actor.

``check_head`` asks a ``HOST:PORT`` address for the head's cluster id (its GCS), so that an
address where no head answers is one error within seconds (``ray.init`` would retry for
minutes); ``address_hint`` says what to give instead. ``node_cpus`` and ``node_type_cpus``
give the CPUs of the live nodes and of the node types an autoscaler may add, and
``too_large`` / ``fewer_cpus`` word the error of an episode larger than all of them.
"""

from __future__ import annotations

import socket
from typing import Any

REACH_S = 5.0
"""How long joining a cluster at ``HOST:PORT`` waits for its head to answer at all."""

GCS_ANSWER_S = 10.0
"""How long joining a cluster at ``HOST:PORT`` then waits for the head's GCS to answer a
first call (its cluster id): ``ray.init`` would retry for minutes where something else
listens (a web server, a head's Ray Client port)."""

RAY_CLIENT_PORT = 10001
"""A head's Ray Client port unless ``ray start --ray-client-server-port`` chose another."""


def check_head(address: str) -> None:
    """ConnectionError unless a Ray head's GCS answers at ``address`` (``HOST:PORT``): at
    once when nothing listens there (within ``REACH_S``), within ``GCS_ANSWER_S`` when
    something else does. Nothing is started either way."""
    host, _, port = address.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_S).close()
    except OSError as exc:
        raise ConnectionError(f"nothing answers at {address}: {exc}") from None
    problem = gcs_problem(address)
    if problem is None:
        return
    status, words = problem
    hint = address_hint(host, int(port), status)
    raise ConnectionError(f"no Ray cluster answers there ({status}: {words}); {hint}")


def address_hint(host: str, port: int, status: str) -> str:
    """What to give instead of ``HOST:PORT`` where no GCS answered (gRPC ``status``): Ray
    Client's address where a gRPC server serving something else answered, or where the port
    is Ray Client's; else where the head's GCS port is."""
    if status == "UNIMPLEMENTED":
        return (
            "a gRPC server that is not a head's GCS answers there; for a Ray Client server use "
            f"--address ray://{host}:{port}"
        )
    if port == RAY_CLIENT_PORT:
        return f"{port} is a head's Ray Client port: use --address ray://{host}:{port}"
    return (
        "give the head's GCS port (6379 unless ray start --head --port chose another), or "
        f"ray://{host}:{RAY_CLIENT_PORT} for its Ray Client server"
    )


def gcs_problem(address: str) -> tuple[str, str] | None:
    """Why the GCS at ``address`` did not give its cluster id within ``GCS_ANSWER_S`` (the
    gRPC status's name and its last words); None when it did, or when it asked for a token
    (``ray.init`` says which). The channel is the one Ray's own clients open (TLS, token)."""
    import grpc
    from ray.core.generated import gcs_service_pb2, gcs_service_pb2_grpc

    channel = _grpc_channel(address)
    try:
        gcs_service_pb2_grpc.NodeInfoGcsServiceStub(channel).GetClusterId(
            gcs_service_pb2.GetClusterIdRequest(), timeout=GCS_ANSWER_S
        )
    except grpc.RpcError as exc:
        status = exc.code()  # the failed call is also a grpc.Call
        if status in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED):
            return None
        return status.name, (exc.details() or "no details").rpartition(": ")[2]
    finally:
        channel.close()
    return None


def _grpc_channel(address: str) -> Any:
    """A gRPC channel to ``address`` made as Ray makes its own."""
    try:
        from ray._private.grpc_utils import init_grpc_channel
    except ImportError:  # older Ray kept it in ray._private.utils
        from ray._private.utils import init_grpc_channel
    return init_grpc_channel(address)


GROW_S = 600.0
"""How long a run waits for its first episode actor when no live node of a cluster it
joined holds one (``--num-cpus-per-episode``): time for an autoscaling cluster to add a
node that large. A Ray the run started, or an autoscaler whose node types are all
smaller, stop the run at once instead."""


def node_cpus(ray: Any) -> list[float]:
    """The CPUs of each live node of the cluster."""
    return [float(node["Resources"].get("CPU", 0.0)) for node in ray.nodes() if node["Alive"]]


def node_type_cpus() -> list[float] | None:
    """The CPUs of each node type the cluster's autoscaler may add, as it reported them to
    the cluster (Ray Train checks its workers against the same report); None where none
    was reported: no autoscaler, one that does not report, or a driver that cannot read it
    (Ray Client)."""
    try:
        from ray._private.state import state

        config = state.get_cluster_config()
    except Exception:  # a private API: gone in this Ray, or out of a Ray Client's reach
        return None
    if config is None:
        return None
    return [
        float(group.resources.get("CPU", 0))
        for group in config.node_group_configs
        if group.max_count != 0
    ]


def too_large(cpus: float, largest: float) -> str:
    """The first words of the error of an episode larger than every node."""
    return (
        f"an episode asks for {cpus:g} CPUs but the largest node of the Ray cluster has {largest:g}"
    )


def fewer_cpus(largest: float) -> str:
    """What to do about an episode larger than every node."""
    if largest > 0:
        return f"give --num-cpus-per-episode {largest:g} or less"
    return "add a node with CPUs"
