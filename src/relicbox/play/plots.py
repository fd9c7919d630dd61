"""Plots of simulation and tournament results (matplotlib, written to an image file)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_simulation(summary: dict[str, Any], path: Path, title: str | None = None) -> Path:
    """Score histograms per bot and win rates with their 95% intervals, side by side."""
    plt = _pyplot()
    bots = summary["bots"]
    figure, (scores, wins) = plt.subplots(1, 2, figsize=(12, 4.8))
    for bot in bots:
        histogram = {int(k): v for k, v in bot["score_histogram"].items()}
        values = [score for score, count in histogram.items() for _ in range(count)]
        if values:
            scores.hist(values, bins=min(40, max(5, len(histogram))), alpha=0.5, label=bot["bot"])
    scores.set_xlabel("score")
    scores.set_ylabel("seat-games")
    scores.legend(fontsize="small")
    names = [bot["bot"] for bot in bots]
    rates = [bot["win_rate"] for bot in bots]
    errors = [
        [rate - bot["win_low"] for rate, bot in zip(rates, bots, strict=True)],
        [bot["win_high"] - rate for rate, bot in zip(rates, bots, strict=True)],
    ]
    wins.bar(range(len(names)), rates, yerr=errors, capsize=6, color="tab:blue", alpha=0.7)
    wins.axhline(1 / summary["players"], color="grey", linestyle=":", linewidth=1)
    wins.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize="small")
    wins.set_ylabel("win rate (95% Wilson interval)")
    figure.suptitle(
        title or f"{summary['game']}, {summary['players']} players, {summary['games']} games"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def plot_ratings(history: Sequence[dict[str, float]], path: Path, title: str) -> Path:
    """Each bot's ordinal (mu - 3 sigma) after every game of a tournament."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(9, 4.8))
    names = list(history[0]) if history else []
    for name in names:
        axes.plot(range(1, len(history) + 1), [row[name] for row in history], label=name)
    axes.set_xlabel("games")
    axes.set_ylabel("openskill ordinal (mu - 3 sigma)")
    axes.set_title(title)
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path
