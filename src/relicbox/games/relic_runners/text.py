"""placeholder"""
from typing import Any
def render(view: dict[str, Any], lang: str) -> str:
    return ""
