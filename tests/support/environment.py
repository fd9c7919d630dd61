"""What the machine lacks: skip on a user's machine, fail under CI."""

from __future__ import annotations

import os

import pytest


def unavailable(reason: str) -> None:
    """Skip with the reason on a user's machine; fail under CI, which must run every test."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must run these tests)")
    pytest.skip(reason)
