# The replay page's analysis of a finished game (static/replay.js).
web-analysis = Analysis
web-analysis-button = Analyse
web-analysis-of = Decisions of
web-analysis-running = Analysing the game; this may take a minute…
web-analysis-title = Decisions of { $seat }
web-analysis-col-decision = Decision
web-analysis-col-taken = Taken
web-analysis-col-best = Best
web-analysis-col-value = Value taken [95% CI]
web-analysis-col-best-value = Value of the best
web-analysis-col-loss = Loss
web-analysis-col-verdict = Verdict
web-analysis-verdict-good = good
web-analysis-verdict-mistake = mistake
web-analysis-verdict-blunder = blunder
web-analysis-summary = { $decisions ->
    [one] One decision analysed
   *[other] { $decisions } decisions analysed
  }: { $mistakes ->
    [one] one mistake
   *[other] { $mistakes } mistakes
  }, { $blunders ->
    [one] one blunder
   *[other] { $blunders } blunders
  }.
web-analysis-explained = Values are expected win shares from this seat's own view (sampled worlds played out by the { $bot } bot, up to { $worlds } worlds a decision). A mistake loses at least { $mistake } of a win, a blunder at least { $blunder }, each only when the 95% interval of the loss lies above zero.
web-analysis-plot = Value of each decision: the option taken (line, with its 95% band) and the best option (dots)
web-analysis-plot-taken = option taken
web-analysis-plot-best = best option
web-analysis-early = the game can be analysed once it is over
web-analysis-hidden = this table keeps the players' hands hidden after the game, so its decisions cannot be analysed
web-analysis-seat = choose a seat from 0 to { $last }
web-analysis-failed = the analysis did not finish in time; please try again later
web-analysis-budget = this address has used its share of the server's time for analysis: try again in { $minutes } min
web-analysis-busy = this address already has analyses in the making: wait until one is done
