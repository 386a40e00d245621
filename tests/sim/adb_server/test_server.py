"""Server lifecycle: ports, arguments, clients that leave early, orderly stop, the CLI."""

from __future__ import annotations

import signal
import socket
import struct
import subprocess
import sys
import threading

import adbutils
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from tests.sim.adb_server.raw_client import RawConnection, SyncSession, host_query


def _server_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("adb-server:")]


def test_ephemeral_ports_on_loopback() -> None:
    with AdbServer() as one, AdbServer() as two:
        assert one.port != two.port
        assert 5037 not in (one.port, two.port)
        assert host_query(one.port, "host:version") == host_query(two.port, "host:version")
        listener = one._listener
        assert listener is not None and listener.getsockname()[0] == "127.0.0.1"


def test_stop_closes_the_port() -> None:
    server = AdbServer().start()
    port = server.port
    server.stop()
    server.stop()  # stopping twice is harmless
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5)
    assert not _server_threads()
    with pytest.raises(RuntimeError, match="starts once"):
        server.start()


def test_bad_arguments_are_refused() -> None:
    for devices in (0, 65, "2", True):
        with pytest.raises(ValueError, match="devices"):
            AdbServer(devices=devices)  # type: ignore[arg-type]
    for port in (-1, 70000, "5037"):
        with pytest.raises(ValueError, match="port"):
            AdbServer(port=port)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="devices=2 but 1 phones"):
        AdbServer(devices=2, phones=[Phone()])
    with pytest.raises(RuntimeError, match="not started"):
        _ = AdbServer().port


def test_a_port_in_use_is_a_clear_error(server: AdbServer) -> None:
    with pytest.raises(OSError, match=f"cannot listen on 127.0.0.1:{server.port}"):
        AdbServer(port=server.port).start()


def test_given_phones_are_served(serial: str) -> None:
    mine = Phone(seed=5)
    with AdbServer(phones=[mine]) as server:
        assert server.phone(serial) is mine
        with server.locked(serial) as phone:
            assert phone is mine
        with pytest.raises(ValueError, match="no served device 'emulator-5556'"):
            server.phone("emulator-5556")


def test_clients_leaving_early_do_not_disturb_the_server(server: AdbServer, serial: str) -> None:
    socket.create_connection(("127.0.0.1", server.port)).close()  # nothing sent
    with RawConnection(server.port) as conn:
        conn.sock.sendall(b"0010host:")  # half a request
    with RawConnection(server.port) as conn:
        conn.transport(serial)
        conn.send_request("exec:screencap -p")  # leaves without reading the image
    sync = SyncSession(server.port, serial)
    sync.conn.sock.sendall(
        b"SEND" + struct.pack("<I", 12) + b"/sdcard/x,420" + b"DATA\x10\0\0\0abc"
    )
    sync.conn.close()  # mid-transfer
    with RawConnection(server.port) as conn:
        conn.transport(serial)
        conn.send_request("shell:logcat")  # a followed log, abandoned
    assert host_query(server.port, "host:version") == "0029"
    assert not server.phone(serial).storage.exists("/sdcard/x")


def test_stop_ends_hung_commands_followed_logs_and_waits(server: AdbServer, serial: str) -> None:
    server.faults.inject(serial, "hang")
    hung = RawConnection(server.port)
    hung.transport(serial)
    assert hung.request("shell:echo never") == ("OKAY", "")
    follower = RawConnection(server.port)
    follower.transport(serial)
    assert follower.request("shell:logcat") == ("OKAY", "")
    banner = b"--------- beginning of main\n"
    assert follower.read_exact(len(banner)) == banner  # the log is being followed
    waiter = RawConnection(server.port)
    waiter.send_request("host:wait-for-usb-device")
    assert waiter.read_exact(4) == b"OKAY"
    server.stop()
    assert hung.read_all() == b""
    rest = follower.read_all()  # returns: the followed log ended
    assert rest == b"" or rest.endswith(b"\n")  # whole lines, if any came before the end
    assert waiter.read_all() == b""
    for conn in (hung, follower, waiter):
        conn.close()


def test_serve_adb_command(tmp_path) -> None:
    command = ["serve-adb", "--port", "0", "--devices", "2", "--display", "small_phone"]
    process = subprocess.Popen(
        [sys.executable, "-m", "mobile_gym.cli", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "Serving 2 simulated phone(s) on 127.0.0.1:" in line, line + process.stderr.read()
        port = int(line.split("127.0.0.1:")[1].split(":")[0])
        assert port != 5037
        client = adbutils.AdbClient(host="127.0.0.1", port=port)
        assert [d.serial for d in client.device_list()] == ["emulator-5554", "emulator-5556"]
        assert client.device("emulator-5556").shell("getprop ro.serialno") == "emulator-5556"
        assert client.device("emulator-5554").shell("wm size") == "Physical size: 720x1280"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    assert process.returncode == 0, process.stderr.read()
