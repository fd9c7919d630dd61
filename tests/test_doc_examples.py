"""The Python examples of the README and of docs/ run as written: each is a ``pycon`` block
(``>>>`` prompts and the output they print), checked here as a doctest, as is the package's
own docstring."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

import relicbox

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
PYTHON = ("python", "py", "python3", "pycon")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def python_blocks() -> list[tuple[str, int, str, str]]:
    """Every fenced block of the documents that holds Python: (file, line, language, code)."""
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            lang, code = match.groups()
            if lang in PYTHON or ">>>" in code:
                line = text.count("\n", 0, match.start()) + 2  # the block's first line of code
                found.append((str(path.relative_to(ROOT)), line, lang, code))
    return found


BLOCKS = python_blocks()


def run_doctest(test: doctest.DocTest) -> tuple[int, str]:
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.write)
    return runner.failures, report.getvalue()


def test_the_readme_has_its_examples_here():
    assert sum(1 for name, *_ in BLOCKS if name == "README.md") >= 2


@pytest.mark.parametrize(
    ("name", "line", "lang", "code"), BLOCKS, ids=[f"{b[0]}:{b[1]}" for b in BLOCKS]
)
def test_each_python_example_runs_as_its_doctest_says(name, line, lang, code):
    assert lang == "pycon" and ">>>" in code, (
        f"{name}:{line}: write a Python example as a ```pycon block, >>> and its output, "
        "so that this test runs it"
    )
    test = doctest.DocTestParser().get_doctest(code, {}, f"{name}:{line}", name, line - 1)
    failures, report = run_doctest(test)
    assert failures == 0, report


def test_the_package_docstring_runs():
    tests = doctest.DocTestFinder(recurse=False).find(relicbox)
    assert tests and tests[0].examples
    failures, report = run_doctest(tests[0])
    assert failures == 0, report
