"""The ADB host protocol byte by byte: host services, transports, shell v1/v2, exec, sync,
framebuffer, over raw sockets."""

from __future__ import annotations

import stat
import struct
import threading

import numpy as np
import pytest

from mobile_gym.sim.adb_server import AdbServer
from tests.sim.adb_server.raw_client import (
    RawConnection,
    SyncSession,
    host_failure,
    host_query,
    shell_v1,
    shell_v2,
)


@pytest.fixture
def two() -> AdbServer:
    with AdbServer(devices=2) as served:
        yield served


# host services -------------------------------------------------------------------------------
def test_version_is_41(server: AdbServer) -> None:
    with RawConnection(server.port) as conn:
        conn.send_request("host:version")
        assert conn.read_all() == b"OKAY00040029"


def test_devices_lists_each_serial(two: AdbServer) -> None:
    assert two.serials == ["emulator-5554", "emulator-5556"]
    assert host_query(two.port, "host:devices") == "emulator-5554\tdevice\nemulator-5556\tdevice\n"
    long = host_query(two.port, "host:devices-l").splitlines()
    assert long[1].split()[:2] == ["emulator-5556", "device"]
    assert "model:Pixel_7" in long[0] and long[1].endswith("transport_id:2")


def test_features(two: AdbServer) -> None:
    assert "shell_v2" in host_query(two.port, "host:host-features").split(",")
    features = host_query(two.port, "host-serial:emulator-5556:features").split(",")
    assert "shell_v2" in features
    assert host_query(two.port, "host-transport-id:1:features") == ",".join(features)
    assert host_failure(two.port, "host:features") == "more than one device/emulator"


def test_device_queries(two: AdbServer) -> None:
    assert host_query(two.port, "host-serial:emulator-5556:get-serialno") == "emulator-5556"
    assert host_query(two.port, "host-serial:emulator-5556:get-state") == "device"
    assert host_query(two.port, "host-transport-id:2:get-serialno") == "emulator-5556"
    assert host_failure(two.port, "host-serial:emulator-9999:get-state") == (
        "device 'emulator-9999' not found"
    )
    assert host_failure(two.port, "host-any:get-serialno") == "more than one device/emulator"
    assert host_failure(two.port, "host-usb:get-serialno") == "no devices found"


def test_single_device_is_chosen_by_any(server: AdbServer, serial: str) -> None:
    assert host_query(server.port, "host:get-serialno") == serial
    assert host_query(server.port, "host-local:get-serialno") == serial
    assert host_query(server.port, "host:get-state") == "device"


def test_unknown_or_malformed_requests_fail(server: AdbServer) -> None:
    assert host_failure(server.port, "host:frobnicate") == "unknown host service: frobnicate"
    assert host_failure(server.port, "bogus:thing") == "unknown host service: bogus:thing"
    assert "not by clients" in host_failure(server.port, "host:kill")
    with RawConnection(server.port) as conn:
        conn.sock.sendall(b"zz12host:version")
        status, message = conn.status()
        assert status == "FAIL" and "4 hex digits" in message


@pytest.mark.parametrize(
    "request_text",
    ["host:transport:emulator-5556", "host:transport-id:2", "host:tport:serial:emulator-5556"],
)
def test_transport_by_serial_or_id(two: AdbServer, request_text: str) -> None:
    with RawConnection(two.port) as conn:
        assert conn.request(request_text) == ("OKAY", "")
        if "tport" in request_text:
            assert struct.unpack("<Q", conn.read_exact(8)) == (2,)
        assert conn.request("shell:getprop ro.serialno") == ("OKAY", "")
        assert conn.read_all() == b"emulator-5556\n"


@pytest.mark.parametrize(
    "request_text", ["host:transport-any", "host:tport:any", "host:tport:local"]
)
def test_transport_any(server: AdbServer, request_text: str) -> None:
    with RawConnection(server.port) as conn:
        assert conn.request(request_text) == ("OKAY", "")
        if "tport" in request_text:
            assert struct.unpack("<Q", conn.read_exact(8)) == (1,)
        assert conn.request("exec:echo any") == ("OKAY", "")
        assert conn.read_all() == b"any\n"


def test_transport_failures(two: AdbServer) -> None:
    assert (
        host_failure(two.port, "host:transport:emulator-5558") == "device 'emulator-5558' not found"
    )
    assert host_failure(two.port, "host:transport-any") == "more than one device/emulator"
    assert host_failure(two.port, "host:tport:usb") == "no devices found"
    assert host_failure(two.port, "host:transport-id:7") == "transport id '7' not found"
    with RawConnection(two.port) as conn:
        conn.transport("emulator-5554")
        assert conn.request("reboot:") == (
            "FAIL",
            "unsupported service on the simulated phone: reboot:",
        )


def test_wait_for_device_answers_twice(server: AdbServer, serial: str) -> None:
    with RawConnection(server.port) as conn:
        conn.send_request(f"host-serial:{serial}:wait-for-any-device")
        assert conn.read_all() == b"OKAYOKAY"
    with RawConnection(server.port) as conn:
        conn.send_request("host:wait-for-local-device")
        assert conn.read_all() == b"OKAYOKAY"


def test_wait_for_disconnect_returns_when_the_device_goes(server: AdbServer, serial: str) -> None:
    with RawConnection(server.port) as conn:
        conn.send_request(f"host-serial:{serial}:wait-for-any-disconnect")
        assert conn.read_exact(4) == b"OKAY"
        server.faults.inject(serial, "disconnect", count=None)
        assert conn.read_all() == b"OKAY"


def test_wait_for_usb_waits_until_the_client_leaves(server: AdbServer) -> None:
    conn = RawConnection(server.port)
    conn.send_request("host:wait-for-usb-device")
    assert conn.read_exact(4) == b"OKAY"
    conn.close()  # the server notices and ends the wait; the next request is served
    assert host_query(server.port, "host:version") == "0029"


# shell -------------------------------------------------------------------------------------------
def test_shell_v1_merges_streams_until_close(server: AdbServer, serial: str) -> None:
    out = shell_v1(server.port, serial, "echo one; ls /missing; echo two")
    assert out == b"one\nls: /missing: No such file or directory\ntwo\n"


def test_shell_v2_exit_status_and_separate_stderr(server: AdbServer, serial: str) -> None:
    result = shell_v2(server.port, serial, "echo out; ls /missing")
    assert (result.stdout, result.status) == (b"out\n", 1)
    assert result.stderr == b"ls: /missing: No such file or directory\n"
    assert shell_v2(server.port, serial, "exit 3").status == 3
    assert shell_v2(server.port, serial, "true").status == 0


def test_shell_v2_ignores_stdin_packets(server: AdbServer, serial: str) -> None:
    with RawConnection(server.port) as conn:
        conn.transport(serial)
        assert conn.request("shell,v2,TERM=xterm,raw:echo hi") == ("OKAY", "")
        conn.sock.sendall(struct.pack("<BI", 0, 3) + b"abc" + struct.pack("<BI", 4, 0))
        data = conn.read_all()
    assert data == struct.pack("<BI", 1, 3) + b"hi\n" + struct.pack("<BI", 3, 1) + b"\0"


def test_exec_is_raw(server: AdbServer, serial: str) -> None:
    png = shell_v1(server.port, serial, "screencap -p", service="exec")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_unknown_command_exits_127(server: AdbServer, serial: str) -> None:
    result = shell_v2(server.port, serial, "frobnicate --now")
    assert result.status == 127
    assert result.stderr == b"/system/bin/sh: frobnicate: inaccessible or not found\n"


def test_an_empty_shell_command_is_refused(server: AdbServer, serial: str) -> None:
    with RawConnection(server.port) as conn:
        conn.transport(serial)
        status, message = conn.request("shell:")
    assert status == "FAIL" and "no interactive shell" in message


def test_lists_and_conditionals(server: AdbServer, serial: str) -> None:
    def run(line: str) -> tuple[bytes, int]:
        result = shell_v2(server.port, serial, line)
        return result.stdout, result.status

    assert run("echo a; echo b") == (b"a\nb\n", 0)
    assert run("true && echo yes") == (b"yes\n", 0)
    assert run("false && echo yes") == (b"", 1)
    assert run("false || echo rescued") == (b"rescued\n", 0)
    assert run("true || echo skipped") == (b"", 0)
    assert run("false && echo a || echo b") == (b"b\n", 0)
    assert run("false; echo $?") == (b"1\n", 0)
    assert run("nosuch 2>/dev/null; echo $?") == (b"127\n", 0)


def test_pipe_to_grep(server: AdbServer, serial: str) -> None:
    result = shell_v2(server.port, serial, "getprop | grep -F sys.boot_completed")
    assert (result.stdout, result.status) == (b"[sys.boot_completed]: [1]\n", 0)
    result = shell_v2(server.port, serial, "dumpsys window windows | grep mCurrentFocus")
    assert result.stdout.strip().startswith(b"mCurrentFocus=Window{")
    assert shell_v2(server.port, serial, "getprop | grep no-such-prop").status == 1
    counted = shell_v2(
        server.port,
        serial,
        "mkdir /sdcard/t; touch /sdcard/t/ab /sdcard/t/b /sdcard/t/cb; ls /sdcard/t | grep -c b",
    )
    assert counted.stdout == b"3\n"


# sync -------------------------------------------------------------------------------------------
def test_sync_several_requests_on_one_connection(server: AdbServer, serial: str) -> None:
    big = bytes(range(256)) * 1000  # 256 kB: several DATA chunks each way
    sync = SyncSession(server.port, serial)
    assert sync.stat("/sdcard/big.bin") == (0, 0, 0)
    assert sync.send("/sdcard/big.bin", big, chunk=65536) == "OKAY"
    mode, size, mtime = sync.stat("/sdcard/big.bin")
    assert stat.S_ISREG(mode) and size == len(big) and mtime > 0
    assert stat.S_ISDIR(sync.stat("/data/local/tmp")[0])
    listing = sync.list("/sdcard")
    assert {".", "..", "Download", "big.bin"} <= set(listing)
    assert listing["big.bin"][1] == len(big)
    assert sync.recv("/sdcard/big.bin") == big
    assert sync.quit() == b""
    assert server.phone(serial).read_file("/sdcard/big.bin") == big


def test_sync_recv_of_a_missing_file_fails(server: AdbServer, serial: str) -> None:
    sync = SyncSession(server.port, serial)
    with pytest.raises(RuntimeError, match="No such file or directory"):
        sync.recv("/sdcard/missing.txt")
    assert sync.conn.read_all() == b""  # the session ends after a failure


def test_sync_send_into_a_directory_fails(server: AdbServer, serial: str) -> None:
    sync = SyncSession(server.port, serial)
    assert sync.send("/sdcard/Download", b"x") == "/sdcard/Download: Is a directory"


def test_sync_reads_an_app_database(server: AdbServer, serial: str) -> None:
    sync = SyncSession(server.port, serial)
    data = sync.recv("/data/data/com.simplemobiletools.contacts.pro/databases/contacts.db")
    assert data.startswith(b"SQLite format 3\x00")


# framebuffer ---------------------------------------------------------------------------------------
def test_framebuffer_is_the_screen(server: AdbServer, serial: str) -> None:
    with RawConnection(server.port) as conn:
        conn.transport(serial)
        assert conn.request("framebuffer:") == ("OKAY", "")
        header = struct.unpack("<14I", conn.read_exact(56))
        version, bpp, _, size, width, height = header[:6]
        assert (version, bpp, width, height) == (2, 32, 1080, 2400)
        assert header[6:] == (0, 8, 16, 8, 8, 8, 24, 8)  # red, blue, green, alpha
        pixels = np.frombuffer(conn.read_exact(size), np.uint8).reshape(height, width, 4)
    np.testing.assert_array_equal(pixels[..., :3], server.phone(serial).screenshot(1.0))
    assert (pixels[..., 3] == 255).all()


# concurrency -----------------------------------------------------------------------------------------
def test_clients_in_parallel_each_get_their_answer(two: AdbServer) -> None:
    results: dict[int, bytes] = {}

    def ask(i: int) -> None:
        results[i] = shell_v1(two.port, two.serials[i % 2], f"echo {i}; getprop ro.serialno")

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for i in range(8):
        assert results[i] == f"{i}\n{two.serials[i % 2]}\n".encode()
