# relicbox analyze: a review of a finished game, decision by decision.
analyze-title = { $game }: review of { $decisions ->
    [one] one decision
   *[other] { $decisions } decisions
  }, futures played by { $bot }
analyze-progress = Analysing
analyze-col-event = Event
analyze-col-seat = Seat
analyze-col-taken = Taken
analyze-col-best = Best
analyze-col-value = Value taken ±95% CI
analyze-col-best-value = Value of the best
analyze-col-loss = Loss
analyze-col-verdict = Verdict
analyze-col-decisions = Decisions
analyze-col-mistakes = Mistakes
analyze-col-blunders = Blunders
analyze-col-mean-loss = Mean loss
analyze-verdict-good = good
analyze-verdict-mistake = mistake
analyze-verdict-blunder = blunder
analyze-seat-name = Seat { $seat }
analyze-thresholds = Values are expected win shares from the seat's own view. A mistake loses at least { $mistake } of a win, a blunder at least { $blunder }, each only when the 95% interval of the loss lies above zero.
analyze-plot-title = Value of each decision
analyze-plot-x = Decision of the seat
analyze-plot-y = Expected win share
analyze-plot-taken = Option taken
analyze-plot-best = Best option
analyze-plot-written = Plot written to { $path }
