# relicbox simulate and relicbox tournament.
simulate-help = Play many seeded games between bots (seat rotation, all cores) and report win rates and scores with 95% confidence intervals.
tournament-help = Rate a pool of bots with openskill over many tables; results are stored as they finish, so a stopped tournament resumes.
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
col-mu = mu
col-sigma = sigma
col-ordinal = Ordinal
col-games = Games
seat-name = Seat { $seat }
seats-title = Win rate by seat (all bots rotate through every seat)
resuming = Resuming: { $done ->
    [one] one game
   *[other] { $done } games
  } already stored in { $store }.
stored-in = Results are stored in { $store }.
simulator-batch = Played on the batch simulator (NumPy): every bot is a leave policy. Add --engine to play the games on the rules engine.
plot-written = Plot written to { $path }.
error = Error: { $message }
