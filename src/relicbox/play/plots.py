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


MAX_BINS = 40


def score_bins(bots: Sequence[dict[str, Any]]) -> tuple[list[float], dict[str, list[float]]]:
    """Bin edges shared by every bot, and each bot's share of its seat-games per bin.

    Shares rather than counts, so a bot that held more seats (a bloc, a repeated spec)
    does not look taller, and the same bins for all, so the bars line up.
    """
    scores = [int(k) for bot in bots for k in bot["score_histogram"]]
    if not scores:
        return [0.0, 1.0], {bot["bot"]: [0.0] for bot in bots}
    low, high = min(scores), max(scores) + 1
    width = max(1, -(-(high - low) // MAX_BINS))
    edges = [float(low + i * width) for i in range(-(-(high - low) // width) + 1)]
    shares: dict[str, list[float]] = {}
    for bot in bots:
        counts = [0] * (len(edges) - 1)
        for key, count in bot["score_histogram"].items():
            counts[(int(key) - low) // width] += count
        total = sum(counts)
        shares[bot["bot"]] = [c / total if total else 0.0 for c in counts]
    return edges, shares


def plot_simulation(summary: dict[str, Any], path: Path, title: str | None = None) -> Path:
    """Score distributions per bot (shares of its seat-games, shared bins) and win rates
    with their 95% intervals (clustered by deal), side by side."""
    plt = _pyplot()
    bots = summary["bots"]
    figure, (scores, wins) = plt.subplots(1, 2, figsize=(12, 4.8))
    edges, shares = score_bins(bots)
    for name, row in shares.items():
        scores.stairs(row, edges, label=name, linewidth=1.5)
    scores.set_xlabel("score")
    scores.set_ylabel("share of the bot's seat-games")
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
    wins.set_ylabel("win rate (95% interval, clustered by deal)")
    figure.suptitle(
        title or f"{summary['game']}, {summary['players']} players, {summary['games']} games"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def plot_ratings(leaderboard: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    """Each bot's rating (all games fitted at once) with its 95% bootstrap interval."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(9, 4.8))
    names = [row["bot"] for row in leaderboard]
    ratings = [row["rating"] for row in leaderboard]
    errors = [
        [row["rating"] - row["rating_low"] for row in leaderboard],
        [row["rating_high"] - row["rating"] for row in leaderboard],
    ]
    axes.errorbar(range(len(names)), ratings, yerr=errors, fmt="o", capsize=6)
    axes.axhline(0, color="grey", linestyle=":", linewidth=1)
    axes.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize="small")
    axes.set_ylabel("rating (Bradley-Terry, Elo scale; 95% interval by deal)")
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path
