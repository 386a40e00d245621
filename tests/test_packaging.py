"""Packaging checks: the wheel ships the ``mobile_gym`` tree and nothing else, and it works.

The source tree keeps ``wrappers/``, ``agents/`` and ``configs/`` at the top level, but they
install as ``mobile_gym.wrappers``, ``mobile_gym.agents`` and ``mobile_gym.configs`` (see
pyproject.toml and setup.py). These tests build a real wheel from a copy of the tree, inspect
its file list, install it into a fresh virtualenv and import from there.
"""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Source folder -> installed package folder, and which files in it must ship.
MAPPED = {
    "wrappers": ("mobile_gym/wrappers", ("*.py",)),
    "agents": ("mobile_gym/agents", ("*.py",)),
    "configs": ("mobile_gym/configs", ("*.py", "*.yaml")),
}
NEVER_TOP_LEVEL = ("wrappers", "agents", "configs", "tests", "benchmarks")
COPY_IGNORE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "out",
    "*.egg-info",
    "__pycache__",
    "*.pyc",
    ".pytest_cache",
    ".ruff_cache",
)

# Runs inside the fresh venv; prints what it found as JSON.
IMPORT_CHECK = """
import importlib.resources, importlib.util, json
import yaml
import mobile_gym, mobile_gym.agents, mobile_gym.configs, mobile_gym.wrappers
text = (importlib.resources.files("mobile_gym.configs") / "devices.yaml").read_text()
print(json.dumps({
    "mobile_gym": mobile_gym.__file__,
    "wrappers": mobile_gym.wrappers.__file__,
    "agents": mobile_gym.agents.__file__,
    "configs": mobile_gym.configs.__file__,
    "version": mobile_gym.__version__,
    "devices": yaml.safe_load(text),
    "top_level": {
        name: getattr(importlib.util.find_spec(name), "origin", None) for name in NAMES
    },
}))
""".replace("NAMES", repr(NEVER_TOP_LEVEL))


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    """Run a command; on failure, fail the test showing its output."""
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kwargs)
    if proc.returncode != 0:
        pytest.fail(
            f"command failed ({proc.returncode}): {' '.join(cmd)}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return proc


def leaked(origins: dict[str, str | None], under: Path) -> dict[str, str]:
    """The names in NEVER_TOP_LEVEL that import as top-level modules from inside `under`."""
    return {
        name: origin
        for name, origin in origins.items()
        if origin and Path(origin).resolve().is_relative_to(under.resolve())
    }


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from a clean copy of the source tree (no stale build/ or egg-info)."""
    tmp = tmp_path_factory.mktemp("packaging")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=COPY_IGNORE)
    dist = tmp / "dist"
    run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(src)], env=clean_env()
    )
    wheels = list(dist.glob("mobile_gym-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return {name for name in zf.namelist() if not name.endswith("/")}


def test_wheel_has_mapped_packages_and_configs(wheel_files: set[str]) -> None:
    for required in (
        "mobile_gym/__init__.py",
        "mobile_gym/cli.py",
        "mobile_gym/configs/__init__.py",
        "mobile_gym/configs/devices.yaml",
        "mobile_gym/wrappers/__init__.py",
        "mobile_gym/agents/__init__.py",
    ):
        assert required in wheel_files


def test_wheel_has_no_stray_top_level_entries(wheel: Path, wheel_files: set[str]) -> None:
    top = {name.split("/", 1)[0] for name in wheel_files}
    assert not top & set(NEVER_TOP_LEVEL)
    dist_info = "-".join(wheel.name.split("-")[:2]) + ".dist-info"
    assert top == {"mobile_gym", dist_info}


def test_wheel_ships_every_source_file(wheel_files: set[str]) -> None:
    """Guards against subpackages or data files that the build silently leaves out.

    A missing ``.py`` under mobile_gym/ usually means a folder without ``__init__.py``; a
    missing data file needs an entry in ``[tool.setuptools.package-data]`` in pyproject.toml.
    """
    expected: set[str] = set()
    for path in (ROOT / "mobile_gym").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            expected.add(path.relative_to(ROOT).as_posix())
    for src, (dest, patterns) in MAPPED.items():
        for pattern in patterns:
            for path in (ROOT / src).rglob(pattern):
                if "__pycache__" not in path.parts:
                    expected.add(f"{dest}/{path.relative_to(ROOT / src).as_posix()}")
    missing = sorted(expected - wheel_files)
    assert not missing, f"source files missing from the wheel: {missing}"


def test_wheel_console_script_entry_point(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt"))
        entry_points = zf.read(name).decode()
    assert "mobile-gym = mobile_gym.cli:app" in entry_points


def test_wheel_installs_and_imports_in_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    """Install only the wheel (--no-deps) into a fresh venv; dependencies resolve from the
    dev venv through a .pth line that sys.path puts *after* the fresh venv's site-packages,
    so mobile_gym itself can only come from the wheel."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(py),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        env=clean_env(),
    )

    fresh_site = Path(
        run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
        ).stdout.strip()
    )
    dev_sites = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (fresh_site / "zz_mobile_gym_test_deps.pth").write_text("\n".join(dev_sites) + "\n")

    proc = run([str(py), "-I", "-c", IMPORT_CHECK], cwd=tmp_path, env=clean_env())
    found = json.loads(proc.stdout)

    for key in ("mobile_gym", "wrappers", "agents", "configs"):
        assert Path(found[key]).resolve().is_relative_to(fresh_site.resolve()), found[key]
    assert Path(found["wrappers"]).parent.name == "wrappers"
    assert Path(found["wrappers"]).parent.parent.name == "mobile_gym"
    assert found["version"] == "0.1.0"
    assert found["devices"]["pixel_7"] == {
        "width": 1080,
        "height": 2400,
        "dpi": 420,
        "model": "Pixel 7",
    }
    assert not leaked(found["top_level"], fresh_site)

    cli = run([str(env_dir / "bin" / "mobile-gym"), "version"], cwd=tmp_path, env=clean_env())
    assert "mobile-gym 0.1.0" in cli.stdout


def test_dev_environment_exposes_mapped_packages(tmp_path: Path) -> None:
    """The environment running the tests (editable install made by ./dev) resolves the
    mapped packages too, from outside the repo, without exposing top-level `wrappers` etc."""
    proc = run([sys.executable, "-I", "-c", IMPORT_CHECK], cwd=tmp_path, env=clean_env())
    found = json.loads(proc.stdout)
    assert found["devices"]["pixel_7"]["model"] == "Pixel 7"
    assert not leaked(found["top_level"], ROOT)
