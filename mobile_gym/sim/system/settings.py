"""The settings provider: ``global``, ``system`` and ``secure`` key-value tables."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.tracking import Dependencies

NAMESPACES = ("global", "system", "secure")

DEFAULTS: dict[str, dict[str, str]] = {
    "global": {
        "airplane_mode_on": "0",
        "wifi_on": "1",
        "bluetooth_on": "0",
        "mobile_data": "1",
        "auto_time": "1",
        "device_name": "Pixel 7",
        "development_settings_enabled": "0",
        "stay_on_while_plugged_in": "0",
    },
    "system": {
        "screen_brightness": "128",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "time_12_24": "24",
        "font_scale": "1.0",
        "accelerometer_rotation": "0",
    },
    "secure": {
        "ui_night_mode": "1",
        "location_mode": "3",
        "default_input_method": "com.android.inputmethod.latin/.LatinIME",
        "android_id": "0000000000000000",
    },
}


class SettingsStore:
    """Android's settings tables; ``on_change(namespace, key, value)`` hears every change.

    With ``deps``, every read and change is reported under ``("setting", namespace, key)``.
    """

    def __init__(
        self,
        on_change: Callable[[str, str, str], None] | None = None,
        deps: Dependencies | None = None,
    ) -> None:
        self.tables: dict[str, dict[str, str]] = {}
        self.on_change = on_change
        self.deps = deps or Dependencies()
        self.version = 0
        """Counts changes, so readers can tell when to look again."""
        self.reset()

    def reset(self) -> None:
        """Every table back to its factory defaults (no change is reported)."""
        self.tables = {ns: dict(values) for ns, values in DEFAULTS.items()}
        self.version += 1

    @staticmethod
    def _check(namespace: str) -> None:
        if namespace not in NAMESPACES:
            raise ValueError(
                f"unknown settings namespace {namespace!r}; expected one of {NAMESPACES}"
            )

    def get(self, namespace: str, key: str) -> str | None:
        """The value, or None when the key was never set (``settings get`` prints ``null``)."""
        table = self.tables.get(namespace)
        if table is None:
            self._check(namespace)  # an unknown namespace raises
            return None
        self.deps.read(("setting", namespace, key))
        return table.get(key)

    def put(self, namespace: str, key: str, value: str | int | float | bool) -> None:
        self._check(namespace)
        if not key or key.split() != [key]:  # empty, or holding white space
            raise ValueError(f"invalid settings key {key!r}")
        text = str(int(value)) if isinstance(value, bool) else str(value)
        if self.tables[namespace].get(key) == text:
            return
        self.tables[namespace][key] = text
        self.version += 1
        self.deps.changed(("setting", namespace, key))
        if self.on_change is not None:
            self.on_change(namespace, key, text)

    def delete(self, namespace: str, key: str) -> None:
        self._check(namespace)
        if self.tables[namespace].pop(key, None) is not None:
            self.version += 1
            self.deps.changed(("setting", namespace, key))

    def flag(self, namespace: str, key: str) -> bool:
        """A 0/1 setting as a bool."""
        return self.get(namespace, key) == "1"
