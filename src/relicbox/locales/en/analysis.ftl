# relicbox simulate and relicbox tournament.
simulate-help = Play many seeded games between bots (seat rotation, all cores) and report win rates and scores with 95% confidence intervals.
tournament-help = Rate a pool of bots over many tables (all games fitted at once, 95% intervals by resampling deals), or set two bots against each other in blocs; results are stored as they finish, so a stopped tournament resumes.
simulate-title = { $game }: { $games ->
    [one] one game
   *[other] { $games } games
  }, { $players } players, seed { $seed }
tournament-title = { $game } tournament: { $played ->
    [one] one game
   *[other] { $played } games
  } of { $games }, { $players } players, { $pairing }
progress = Playing
col-bot = Bot
col-seat-games = Seat-games
col-win-rate = Win rate [95% CI]
col-mean-score = Mean score [95% CI]
col-length = Decisions per game
col-seat = Seat
col-rating = Rating [95% CI]
col-ahead = Ahead of the other bots
col-bloc-share = Bloc's share of the wins [95% CI by deal]
col-fair-share = Share if the bots were equal
col-games = Games
seat-name = Seat { $seat }
seats-title = Win rate by seat (all bots rotate through every seat)
intervals-by-deal = The 95% intervals count each deal once, however many rotations it was played in: { $deals ->
    [one] one independent deal
   *[other] { $deals } independent deals
  }.
blocs-title = Blocs: each bot holds half the table
resuming = Resuming: { $done ->
    [one] one game
   *[other] { $done } games
  } already stored in { $store }.
stored-in = Results are stored in { $store }.
simulator-batch = Played on the batch simulator (NumPy): every bot is a leave policy. Add --engine to play the games on the rules engine.
plot-written = Plot written to { $path }.
error = Error: { $message }
