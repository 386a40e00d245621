"""LogcatReader over socket pairs standing in for ``logcat -v threadtime`` streams."""

from __future__ import annotations

import socket
import threading

import pytest

from mobile_gym.device.base import DeviceError
from mobile_gym.device.logcat_reader import LogcatReader


def line(ms: int, tag: str, message: str) -> str:
    return f"06-03 09:30:{ms // 1000:02d}.{ms % 1000:03d}  1357  1357 I {tag:<8}: {message}"


class Streams:
    """Opens streams whose far ends the test writes to; ``fail`` makes opening fail."""

    def __init__(self) -> None:
        self.far: list[socket.socket] = []
        self.opened = threading.Semaphore(0)
        self.fail = False

    def open(self) -> socket.socket:
        if self.fail:
            raise OSError("device 'emulator-5554' not found")
        near, far = socket.socketpair()
        self.far.append(far)
        self.opened.release()
        return near

    def send(self, *lines: str, end: bool = False) -> None:
        self.opened.acquire()
        self.opened.release()
        far = self.far[-1]
        far.sendall("".join(f"{text}\n" for text in lines).encode())
        if end:
            far.close()
            self.opened.acquire()


@pytest.fixture
def streams() -> Streams:
    return Streams()


def test_lines_come_in_order_with_cursors(streams: Streams) -> None:
    reader = LogcatReader(streams.open, backoff_s=0.01)
    try:
        first = line(0, "Zygote", "started")
        streams.send("--------- beginning of main", first, line(50, "AM", "Start proc"))
        assert reader.wait_for(line(50, "AM", "Start proc"), 5)
        lines, cursor = reader.since(0)
        assert lines == [("Zygote", "started"), ("AM", "Start proc")] and cursor == 2
        streams.send(line(100, "Notes", "Note created: id=1"))
        assert reader.wait_for(line(100, "Notes", "Note created: id=1"), 5)
        assert reader.since(cursor) == ([("Notes", "Note created: id=1")], 3)
        assert reader.since(1 << 62) == ([], 3)
    finally:
        reader.close()


def test_the_buffer_is_bounded(streams: Streams) -> None:
    reader = LogcatReader(streams.open, capacity=3, backoff_s=0.01)
    try:
        streams.send(*(line(i, "T", f"m{i}") for i in range(5)))
        assert reader.wait_for(line(4, "T", "m4"), 5)
        assert reader.since(0) == ([("T", "m2"), ("T", "m3"), ("T", "m4")], 5)
        assert reader.since(4) == ([("T", "m4")], 5)
    finally:
        reader.close()


def test_a_broken_stream_resumes_without_repeating_lines(streams: Streams) -> None:
    reader = LogcatReader(streams.open, backoff_s=0.01)
    try:
        same_ms = [line(100, "A", "one"), line(100, "B", "two")]
        streams.send(line(0, "Z", "zero"), *same_ms, end=True)
        # logcat replays its buffer when opened again: only the new lines are kept
        streams.send(
            line(0, "Z", "zero"), *same_ms, line(100, "C", "three"), line(150, "D", "four")
        )
        assert reader.wait_for(line(150, "D", "four"), 5)
        tags = [tag for tag, _ in reader.since(0)[0]]
        assert tags == ["Z", "A", "B", "C", "D"]
    finally:
        reader.close()


def test_a_line_read_several_times_is_skipped_as_often_as_it_was_read(
    streams: Streams,
) -> None:
    reader = LogcatReader(streams.open, backoff_s=0.01)
    try:
        same = line(100, "Dup", "same message")  # the clock did not move between them
        streams.send(line(100, "Tick", "first"), same, same, same, end=True)
        # the replay, then the same line logged again after the break, then another
        streams.send(line(100, "Tick", "first"), same, same, same, same, line(100, "E", "end"))
        assert reader.wait_for(line(100, "E", "end"), 5)
        tags = [tag for tag, _ in reader.since(0)[0]]
        assert tags == ["Tick", "Dup", "Dup", "Dup", "Dup", "E"]
    finally:
        reader.close()


def test_lines_before_a_clock_set_back_are_not_taken_for_new_ones(streams: Streams) -> None:
    reader = LogcatReader(streams.open, backoff_s=0.01)
    try:
        booted = line(0, "Zygote", "started")  # 06-03; then the clock is set back to 04-20
        earlier = [text.replace("06-03", "04-20") for text in (line(0, "AM", "START"),)]
        streams.send(booted, *earlier, end=True)
        new = line(500, "AM", "BACK").replace("06-03", "04-20")
        streams.send(booted, *earlier, new)
        assert reader.wait_for(new, 5)
        assert [tag for tag, _ in reader.since(0)[0]] == ["Zygote", "AM", "AM"]
        assert reader.since(2)[0] == [("AM", "BACK")]
    finally:
        reader.close()


def test_a_stream_that_cannot_be_opened_again_is_a_device_error(streams: Streams) -> None:
    reader = LogcatReader(streams.open, attempts=2, backoff_s=0.01, name="emulator-5554")
    try:
        streams.send(line(0, "Z", "zero"))
        assert reader.wait_for(line(0, "Z", "zero"), 5)
        streams.fail = True
        streams.send(end=True)
        with pytest.raises(DeviceError, match=r"emulator-5554: logcat stream lost: .*not found"):
            reader.wait_for(line(1, "never", "comes"), 5)
        with pytest.raises(DeviceError, match="logcat stream lost"):
            reader.since(0)
    finally:
        reader.close()


def test_a_stream_that_never_opens(streams: Streams) -> None:
    streams.fail = True
    with pytest.raises(DeviceError, match="logcat stream lost: device 'emulator-5554' not found"):
        LogcatReader(streams.open, attempts=2, backoff_s=0.01)


def test_wait_for_a_line_that_does_not_come(streams: Streams) -> None:
    reader = LogcatReader(streams.open)
    try:
        assert not reader.wait_for(line(0, "Z", "absent"), 0.05)
    finally:
        reader.close()
    assert reader.since(0) == ([], 0)  # the buffer stays readable after close
