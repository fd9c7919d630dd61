# The web pages (server-rendered and in the browser).
web-language = Language
web-unofficial = relicbox is an unofficial implementation. Game names are trademarks of their publishers.
web-lobby = Lobby
web-your-name = You
web-name = Name
web-name-placeholder = Your name at the table
web-new-table = New table
web-game = Game
web-players = Players
web-options = Options
web-seats = Seats
web-seat-n = Seat { $seat }
web-seat-me = Me
web-seat-open = Open (invite someone)
web-seat-bot = Bot: { $bot }
web-clock = Clock
web-clock-mode = Time limit
web-clock-none = None
web-clock-move = Per decision
web-clock-game = Per player, whole game
web-clock-seconds = Seconds
web-grace = Seconds before a bot takes over a player who left
web-create = Create table
web-open-tables = Open tables
web-playing-tables = Games being played
web-finished-tables = Finished games
web-no-tables = None yet.
web-join = Join
web-watch = Watch
web-replay = Replay
web-need-name = Please enter your name first.
web-table-line = { $title }, { $players ->
    [one] { $players } player
   *[other] { $players } players
  }: { $seats }
web-open-seats = { $count ->
    [0] no open seat
    [one] { $count } open seat
   *[other] { $count } open seats
  }
web-invite = Invite link:
web-copy = Copy
web-copied = Copied.
web-start-now = Start now (bots take the open seats)
web-your-move = Your move
web-result = Result
web-rematch = Rematch
web-join-rematch = Join the rematch
web-download-record = Download the record
web-board-text = The board as text
web-log = What happened
web-chat = Chat
web-send = Send
web-seat-link = Your seat link (open it on another device to play from there):
web-status-open = Waiting for players to join.
web-status-waiting = { $count ->
    [one] Waiting for { $names }.
   *[other] Waiting for { $names }.
  }
web-status-your-turn = Your turn.
web-status-your-turn-waiting = Your turn. Also waiting for { $names }.
web-status-done-waiting = Your choice is in. Waiting for { $names }.
web-status-over = The game is over.
web-status-watching = You are watching.
web-status-reconnecting = Connection lost, reconnecting…
web-winner = { $count ->
    [one] Winner: { $names }
   *[other] Winners: { $names }
  }
web-you = you
web-host = host
web-bot = bot: { $bot }
web-offline = offline
web-away = away, a bot plays
web-abandoned = left the game
web-open = open
web-clock-left = { $seconds ->
    [one] { $seconds } second left
   *[other] { $seconds } seconds left
  }
web-error = Not allowed: { $message }
web-error-bad-token = This seat link is not valid for this table.
web-replay-first = First step
web-replay-prev = Previous step
web-replay-next = Next step
web-replay-last = Last step
web-replay-step = Step { $step } of { $steps }
web-replay-as = Seen by
web-replay-public = Everyone (public)
web-back-to-table = Back to the table
web-watchers = { $count ->
    [one] { $count } spectator watching
   *[other] { $count } spectators watching
  }
web-player = Player { $seat }
web-tie-shared = Tie at { $score } between { $names }. { $rule } They share the win.
web-tie-broken = Tie at { $score } between { $names }. { $rule } The win goes to { $winners }.
web-tiebreak-diamant = Diamant breaks no ties.
web-tiebreak-tschak = On equal totals, fewer monster cards wins.
web-tiebreak-relic-runners = On equal totals, more relics win, then more relic colours.
web-player-bot = Player { $seat } (bot:{ $bot })
web-bot-choice-random = Bot: random moves
web-bot-choice-rule = Bot: plays by rules of thumb
web-bot-choice-rule-v1 = Bot: rules of thumb, first version
web-bot-choice-cautious = Bot: cautious
web-bot-choice-expert = Bot: counts every chest and plays the last round to win
web-bot-choice-search = Bot: searches ahead, up to { $seconds } s a move
