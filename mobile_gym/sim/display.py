"""Display metrics of the simulated phone: size in pixels, density, dp and sp conversion."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import yaml

DEFAULT_PROFILE = "pixel_7"
"""The device profile of ``Display()``."""


@dataclass(frozen=True)
class Display:
    """A portrait display of ``width`` x ``height`` pixels at ``dpi`` dots per inch."""

    width: int = 1080
    height: int = 2400
    dpi: int = 420
    model: str = "Pixel 7"

    def __post_init__(self) -> None:
        if not (240 <= self.width <= 4096 and 320 <= self.height <= 4096):
            raise ValueError(
                f"display size {self.width}x{self.height} is outside 240x320..4096x4096"
            )
        if not 120 <= self.dpi <= 640:
            raise ValueError(f"display density {self.dpi} dpi is outside 120..640")
        object.__setattr__(self, "density", self.dpi / 160.0)

    density: float = field(init=False, repr=False, compare=False)
    """Pixels per density-independent pixel (Android's ``DisplayMetrics.density``)."""

    def dp(self, value: float) -> int:
        """Density-independent pixels to whole pixels."""
        return round(value * self.density)

    @classmethod
    def profile(cls, name: str) -> Display:
        """A display from a device profile in ``configs/devices.yaml`` (e.g. ``pixel_7``)."""
        profiles = device_profiles()
        if name not in profiles:
            raise ValueError(
                f"unknown device profile {name!r}; known: {', '.join(sorted(profiles))}"
            )
        entry = profiles[name]
        return cls(
            width=entry["width"], height=entry["height"], dpi=entry["dpi"], model=entry["model"]
        )


@cache
def device_profiles() -> dict[str, dict]:
    """The device profiles shipped with mobile-gym, by name."""
    text = resources.files("mobile_gym.configs").joinpath("devices.yaml").read_text("utf-8")
    return yaml.safe_load(text)
