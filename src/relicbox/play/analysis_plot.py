"""The value-over-time plot of a game review (matplotlib, written to a PNG file)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

MARKERS = {"mistake": ("o", "#e69f00"), "blunder": ("X", "#d55e00")}


def plot_analysis(
    result: Mapping[str, Any], path: Path, labels: Mapping[str, str], seat_names: Sequence[str]
) -> Path:
    """Per analysed seat, the value of the option taken and of the best option at each of
    its decisions (expected win share, 95% band for the option taken), mistakes and
    blunders marked. ``labels`` holds the texts: title, x, y, taken, best, mistake, blunder."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decisions = result["decisions"]
    seats = sorted({d["seat"] for d in decisions}) or [0]
    figure, axes = plt.subplots(len(seats), 1, figsize=(10, 2.6 + 2.2 * len(seats)), squeeze=False)
    for axis, seat in zip(axes[:, 0], seats, strict=True):
        own = [d for d in decisions if d["seat"] == seat]
        steps = list(range(1, len(own) + 1))
        taken = [_option(d, d["taken"]) for d in own]
        axis.fill_between(
            steps, [o["low"] for o in taken], [o["high"] for o in taken], alpha=0.2, step="mid"
        )
        axis.plot(steps, [o["value"] for o in taken], drawstyle="steps-mid", label=labels["taken"])
        axis.plot(
            steps, [d["value_best"] for d in own], ":", drawstyle="steps-mid", label=labels["best"]
        )
        for verdict, (marker, colour) in MARKERS.items():
            hits = [(s, d["value_taken"]) for s, d in zip(steps, own, strict=True)]
            hits = [h for h, d in zip(hits, own, strict=True) if d["verdict"] == verdict]
            if hits:
                axis.scatter(
                    *zip(*hits, strict=True),
                    marker=marker,
                    s=70,
                    color=colour,
                    zorder=3,
                    label=labels[verdict],
                )
        axis.set_ylim(-0.05, 1.05)
        axis.set_title(seat_names[seat], fontsize=10)
        axis.set_ylabel(labels["y"])
        axis.grid(alpha=0.3)
        axis.legend(loc="best", fontsize=8)
    axes[-1, 0].set_xlabel(labels["x"])
    figure.suptitle(labels["title"])
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def _option(decision: Mapping[str, Any], action: str) -> Mapping[str, Any]:
    return next(o for o in decision["options"] if o["action"] == action)


__all__ = ["plot_analysis"]
