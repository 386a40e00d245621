"""Text stays legible in quarter-scale screenshots: an OCR model (RapidOCR, whose models ship
in its wheel, so this runs offline) reads the status-bar clock, list rows and Chinese text
back from 0.25-scale screenshots as the view hierarchy says they are written."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
from rapidocr import RapidOCR

from mobile_gym.geometry import Rect
from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app

SCALE = 0.25
PAD = 4
"""Pixels of the crop's own edge colour around it: the recogniser wants a margin."""


@pytest.fixture(scope="module")
def read() -> Callable[[np.ndarray], str]:
    """Text recognition of one cropped line of an RGB image (no detection step)."""
    engine = RapidOCR(
        params={
            "Global.log_level": "error",
            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        }
    )

    def recognise(image: np.ndarray) -> str:
        result = engine(image, use_det=False, use_cls=False, use_rec=True)
        return "".join(result.txts or ())

    return recognise


def crop(shot: np.ndarray, bounds: Rect, scale: float = SCALE) -> np.ndarray:
    """The pixels of ``bounds`` (screen pixels) in a screenshot taken at ``scale``."""
    x0, y0 = math.floor(bounds.left * scale), math.floor(bounds.top * scale)
    x1, y1 = math.ceil(bounds.right * scale), math.ceil(bounds.bottom * scale)
    return np.pad(shot[y0:y1, x0:x1], ((PAD, PAD), (PAD, PAD), (0, 0)), mode="edge")


def test_status_bar_clock_reads_back(phone: Phone, read) -> None:
    clock = Driver(phone).find(id="clock")
    assert clock.text  # the boot time, e.g. 09:30
    assert read(crop(phone.screenshot(SCALE), clock.bounds)) == clock.text


def test_contact_rows_read_back(phone: Phone, read) -> None:
    driver = Driver(phone)
    driver.tap(text="Contacts")
    rows = driver.find_all(id="item_contact_name")[:5]
    assert len(rows) == 5
    shot = phone.screenshot(SCALE)
    assert [read(crop(shot, row.bounds)) for row in rows] == [row.text for row in rows]


def test_typed_chinese_reads_back(sample: Phone, read) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("明天上午九点", id="name")
    field = driver.find(id="name")
    assert field.text == "明天上午九点"
    assert read(crop(sample.screenshot(SCALE), field.bounds)) == field.text
