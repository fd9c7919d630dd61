"""The end of a game shows how its last round went, then the results."""

from __future__ import annotations

from typer.testing import CliRunner

from relicbox.cli.main import app

runner = CliRunner()


def test_the_end_screen_shows_the_last_round_before_the_results():
    result = runner.invoke(app, ["play", "tschak", "-s", "rule,rule,rule", "--seed", "2"])
    assert result.exit_code == 0, result.output
    end = result.output[result.output.index("The last round:") :]
    assert "Tower 4, floor 3" in end and "Game over" in end


def test_the_relic_variant_help_gives_the_variants_relic_values():
    import relicbox
    from relicbox.cli.common import rules_summary

    base = rules_summary(relicbox.new_game("diamant", 3, 1), "en")
    variant = rules_summary(relicbox.new_game("diamant", 3, 1, variant="relics"), "en")
    assert "printed value (5, 7, 8, 10, 12" in variant
    assert "printed value (5, 7, 8, 10, 12" not in base
