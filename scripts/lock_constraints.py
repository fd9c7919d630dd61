"""Write the pins CI installs from: every package relicbox[test] needs, at the version
installed here.

Run it after changing a dependency (in an environment where
``pip install -e '.[test]'`` has just succeeded) and commit the result, so that CI builds
the same environment twice:

    python3 scripts/lock_constraints.py > .ci/constraints.txt
"""

from __future__ import annotations

import argparse
import re
from importlib import metadata

from packaging.requirements import Requirement

ROOT = "relicbox"


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(root: str, extras: set[str]) -> dict[str, str]:
    """Installed name -> version of every distribution ``root[extras]`` pulls in."""
    pins: dict[str, str] = {}
    pending: list[tuple[str, frozenset[str]]] = [(root, frozenset(extras))]
    seen: set[tuple[str, frozenset[str]]] = set()
    while pending:
        name, wanted = pending.pop()
        if (name, wanted) in seen:
            continue
        seen.add((name, wanted))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another platform or Python
        if _canonical(name) != ROOT:
            pins[_canonical(dist.metadata["Name"])] = dist.version
        for text in dist.requires or []:
            requirement = Requirement(text)
            markers_met = requirement.marker is None or any(
                requirement.marker.evaluate({"extra": extra}) for extra in (wanted or {""})
            )
            if markers_met:
                pending.append((requirement.name, frozenset(requirement.extras)))
    return pins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--extras", default="test", help="extras of relicbox to pin, comma-separated (test)"
    )
    args = parser.parse_args()
    pins = closure(ROOT, set(filter(None, args.extras.split(","))))
    print("# CI's pins: regenerate with  python3 scripts/lock_constraints.py > .ci/constraints.txt")
    for name in sorted(pins):
        print(f"{name}=={pins[name]}")


if __name__ == "__main__":
    main()
