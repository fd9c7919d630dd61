# The terminal program (relicbox play, replay, rules, games).

cli-player = Player { $n }
cli-player-bot = Player { $n } (bot:{ $bot })
cli-player-reseated = Player { $n } ({ $before } until event { $events }, then { $after })
cli-col-game = Game
cli-col-players = Players
cli-col-options = Options
cli-col-bots = Bots
cli-games-players = { $low }–{ $high } players
cli-games-default = (default: { $value })
cli-games-bots = bots: { $bots }
cli-games-hint = Options go after the game's name: relicbox play diamant --variant relics
cli-your-turn = { $player }, your decision
cli-options-title = Your options
cli-prompt = Choose a number or type the action
cli-prompt-forced = Press Enter for the only option ({ $action })
cli-bad-answer = { $answer } is not one of the options: type a number from 1 to { $count } or an action's name.
cli-illegal = Not allowed: { $reason }
cli-did-you-mean = { $refusal } (Did you mean { $action }?)
cli-aliases = Short forms: { $aliases }
cli-help-hint = Type a number or an action's name; 'b' shows the board again, '?' the rules, 'q' or 'exit' stops the game.
cli-hotseat-pass = Pass the keyboard to { $player } (nobody else should look), then press Enter, or type q to stop.
cli-hotseat-hide = Choice made. Press Enter to hide the screen.
cli-reveal-wait = Everybody has chosen. Press Enter to continue.
cli-round-over = The round is over. Press Enter to continue.
cli-last-round = The last round:
cli-game-over = Game over
cli-winners = { $count ->
    [one] Winner: { $players }
   *[other] Winners: { $players }
}
cli-seating = Seats: { $seats }
cli-saved = Game saved to { $path }
cli-save-prompt = Save the game so you can resume it later?
cli-yes-no = [Y/n]
cli-yes-words = y yes
cli-no-words = n no
cli-yes-no-hint = Answer y (yes) or n (no).
cli-save-path = File to save to
cli-save-refused = Cannot save there: { $reason }. Choose another name (Ctrl-C quits without saving).
cli-save-failed = Warning: the game could not be saved: { $reason }
cli-interrupted = Game interrupted.
cli-not-saved = The game was not saved.
cli-quit-unsaved = Quit without saving: the game was not saved.
cli-resume-hint = Resume with: relicbox play --resume { $path }
cli-resumed = { $events ->
    [one] Resumed a { $game } game after { $events } recorded event.
   *[other] Resumed a { $game } game after { $events } recorded events.
}
cli-finished = This game is already over; its file { $path } is left unchanged.
cli-unfinished = { $count ->
    [one] This game is not finished: { $count } decision so far. Continue it with: relicbox play --resume { $path }
   *[other] This game is not finished: { $count } decisions so far. Continue it with: relicbox play --resume { $path }
}
cli-transcript-title = { $players ->
    [one] { $game } — seed { $seed }, { $players } player
   *[other] { $game } — seed { $seed }, { $players } players
}
cli-record-events = { $count ->
    [one] { $count } recorded event
   *[other] { $count } recorded events
}
cli-chance-event = chance: { $outcome }
cli-decision-event = { $player }: { $action }
cli-error = Error: { $message }
cli-bad-record = { $detail }
cli-seat-count = { $seats ->
    [one] { $seats } seat given, but the game has { $players } players
   *[other] { $seats } seats given, but the game has { $players } players
}
cli-no-game = Name a game to play (one of { $games }) or use --resume FILE.
cli-save-exists = { $path } already exists and is not a save of this game: choose another file or add --force to replace it.
cli-bad-save-path = cannot save to { $path }: { $reason }
cli-resume-conflict = --resume continues the saved game as it was: { $option } is { $saved } in { $path }, not { $given }.
cli-resume-seats = --resume keeps the saved seating ({ $saved }); add --reseat to play with { $given } instead.
cli-unknown-lang = { $language } is not available: choose one of { $langs }
cli-rules-title = { $game }: the rules in brief
cli-help-title = Help
cli-help-keys = Keys: a number or ↑/↓ and Enter chooses; Enter alone takes a single forced option; Ctrl-P and Ctrl-N recall earlier answers; b shows the board; ? opens this help; q or exit stops (you are offered a save). Escape closes this help.
cli-tui-options = Options
cli-tui-log = Recent events
cli-tui-own = You
cli-tui-waiting = Waiting for { $player }…
cli-tui-playing = the game goes on…
cli-tui-type = type a number, an action, ?, q
cli-tui-small = This terminal is { $width }x{ $height }; this game is best at { $needed } or larger (PageUp and PageDown scroll the board).
cli-quit-offer = Game stopped. Your answer at the save prompt comes next.
cli-version = relicbox { $version }
cli-tui-chosen = Choice made.
cli-option-form = option { $option } must look like name=value
cli-empty-name = the file name is empty
cli-reseat-needs-seats = --reseat needs the new seating in -s
cli-reseat-needs-resume = --reseat changes the seats of a saved game: use it with --resume FILE
cli-unexpected-argument = unexpected argument { $word }: game options look like --NAME VALUE
cli-option-needs-value = option --{ $option } needs a value: --{ $option } VALUE
