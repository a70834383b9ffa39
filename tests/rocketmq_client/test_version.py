"""``rocketmq_client.__version__`` is the one source of the version: setup.cfg reads it, and the installed
distribution's metadata says the same."""
from __future__ import annotations

import configparser
import pathlib
import re

import pytest

import rocketmq_client

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_version_is_a_pep440_release() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc)?\d*(\.dev\d+)?", rocketmq_client.__version__)


def test_setup_cfg_reads_the_version_from_the_package() -> None:
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    assert config["metadata"]["version"] == "attr: rocketmq_client.__version__"


def test_the_installed_metadata_has_the_same_version() -> None:
    metadata = pytest.importorskip("importlib.metadata")
    try:
        installed = metadata.version("rocketmq-py")
    except metadata.PackageNotFoundError:
        pytest.skip("rocketmq-py is not installed (only on sys.path)")
    assert installed == rocketmq_client.__version__
