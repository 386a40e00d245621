"""Package list for setuptools; all other metadata and configuration lives in pyproject.toml.

pyproject.toml's ``[tool.setuptools] packages`` is either an explicit list or a ``find``
directive, not both, and ``find`` cannot report the top-level ``wrappers/`` folder under the
name ``mobile_gym.wrappers``. So the list is built here, found automatically like pyproject's
``find`` would (folders without ``__init__.py`` count too), so new subpackages ship without
edits:

- every package under ``mobile_gym/``;
- ``wrappers/``, ``agents/`` and ``configs/`` and their subpackages, under the names that
  ``package-dir`` in pyproject.toml maps them to (``mobile_gym.wrappers``, ...).
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

HERE = Path(__file__).resolve().parent

MAPPED = {
    "wrappers": "mobile_gym.wrappers",
    "agents": "mobile_gym.agents",
    "configs": "mobile_gym.configs",
}
SKIP = ["__pycache__", "*.__pycache__", "__pycache__.*", "*.__pycache__.*"]


def packages() -> list[str]:
    found = find_namespace_packages(HERE, include=["mobile_gym", "mobile_gym.*"], exclude=SKIP)
    for folder, name in MAPPED.items():
        found += [name] + [
            f"{name}.{sub}" for sub in find_namespace_packages(HERE / folder, exclude=SKIP)
        ]
    return found


setup(packages=packages())
