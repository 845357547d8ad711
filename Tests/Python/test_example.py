"""The README's Python example, Examples/list-photos.py, run as a program: the factory
model's first photos as "Entry ID: N  title" lines, as Examples/list-photos-gobject.c
prints them, and exit status 0; an unusable VCTABLE_PHOTOS_URL makes it print the error
and exit with 1. It runs from a directory outside the repository, as a user would."""

import os
import subprocess
import sys
from pathlib import Path

from conftest import ERROR_PREFIX, typelib_dir

EXAMPLE = Path(__file__).resolve().parents[2] / "Examples" / "list-photos.py"


def run_example(tmp_path, **environment):
    env = {key: value for key, value in os.environ.items() if not key.startswith("VCTABLE_")}
    env["GI_TYPELIB_PATH"] = str(typelib_dir())
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(environment)
    return subprocess.run(
        [sys.executable, str(EXAMPLE)], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=30, check=False)


def test_example_lists_the_first_photos(tmp_path, photos_fixture):
    result = run_example(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert any(line.startswith("Entry ID: 5 ") for line in lines), result.stdout
    assert lines[0] == f"Entry ID: {photos_fixture[0]['id']}  {photos_fixture[0]['title']}"
    assert lines == [f"Entry ID: {record['id']}  {record['title']}" for record in photos_fixture[:len(lines)]]
    assert 5 <= len(lines) <= 20


def test_example_reports_an_error(tmp_path):
    result = run_example(tmp_path, VCTABLE_PHOTOS_URL=str(tmp_path / "missing.json"))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(ERROR_PREFIX)
    assert "missing.json" in result.stderr
