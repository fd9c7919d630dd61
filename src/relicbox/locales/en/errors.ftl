## The engine's refusals: what a person typed or chose that cannot be used.
## Each English sentence is also the error's own text (str(error)), so it keeps the input quoted.

error-unknown-action = unknown action { $action } for { $game }: expected one of { $examples }
error-action-index = action index { $index } is out of range for { $game } (0..{ $last })
error-action-form = cannot read action { $action }: expected { $by_text } or { $by_index }
error-foreign-action = action { $action } with index { $index } does not belong to { $game }: its index must be a whole number from 0 to { $last } matching its text
error-action-type = cannot read action { $action } for { $game }: give its text, index or an Action
error-seat-type = there is no seat { $seat }: a seat is a whole number (int) from 0 to { $last }
error-no-seat = there is no seat { $seat } (seats are 0..{ $last })
error-not-now = that is not allowed now
error-game-over = the game is over
error-joint-type = act_joint takes a mapping from each seat to its choice, not { $choices }
error-joint-empty = nothing is chosen: give at least one seat's action
error-joint-chance = nobody may choose now: the chance event must be resolved first
error-joint-no-part = seat { $seat } is given no action
error-unknown-game = unknown game { $game }: available games are { $games }
error-unknown-option = unknown option { $option } for { $game }: its options are { $options }
error-option-whole-number = option { $option }={ $value } for { $game } must be a whole number from 0 to { $high }
error-option-choice = option { $option }={ $value } is not allowed for { $game }: choose one of { $choices }
error-players-type = players={ $players } for { $game } must be a whole number
error-players-range = { $game } is for { $low }-{ $high } players, not { $players }
error-seed = seed={ $seed } must be a whole number from { $low } to { $high }

## Refusals of the play server that a person can meet at a table.

error-table-not-started = the game has not started
error-table-spectator-chat = spectators cannot chat
error-table-spectator-act = spectators cannot act
error-table-not-joined = send a join message first
error-table-already-joined = this connection has joined
error-table-too-large = message too large
error-table-binary-message = messages are JSON text: a binary frame was refused
error-table-rate-limited = too many messages: slow down
error-table-stale = this decision does not answer the seat's current question (sent at seq { $seq }, the table is at seq { $current }): look at the table and decide anew
error-table-unavailable = the table's server is out of reach for a moment: try again in a few seconds
error-table-crowded = this table already has { $limit ->
    [one] { $limit } connection
   *[other] { $limit } connections
  }: no more spectators can watch it now
error-too-many-connections = your address already holds { $limit ->
    [one] { $limit } open connection
   *[other] { $limit } open connections
  }: close a table page first
error-unknown-seat = unknown seat { $seat }: each seat is one of { $seats }
error-no-save = saved game { $path } does not exist
error-save-runs-code = { $path } seats { $seat }, a program or Python code; a saved game may seat only people and relicbox's own bots. To play with that bot, name it yourself: relicbox play --resume FILE --reseat -s SEATS
error-save-bad-seat = { $path } seats { $seat }, which is not one of relicbox's bots ({ $bots }). To seat another bot, name it yourself: relicbox play --resume FILE --reseat -s SEATS
error-save-bot-limit = { $path } seats { $seat }, whose { $setting } is over the { $limit } a saved game may ask for. To seat a bigger search, name it yourself: relicbox play --resume FILE --reseat -s SEATS
error-table-unknown-bot = unknown bot { $bot } for { $game }: choose one of { $bots }
error-table-bot-limit = bot { $bot }: { $setting } is at most { $limit } online
error-table-file-option = option { $option } takes a file: not online
error-table-seat-count = { $seats ->
    [one] { $seats } seat given
   *[other] { $seats } seats given
} for { $players ->
    [one] { $players } player
   *[other] { $players } players
}
error-table-one-seat-yours = only one seat can be yours
error-table-seat-kind = seat { $seat } must be open, bot or me
error-table-takeover-bot = unknown takeover bot { $bot }
error-table-started = this table has already started
error-table-full = every seat at this table is taken
error-table-seat-taken = seat { $seat } is not open
error-table-not-host = only the person who made the table can start it
error-table-rematch-player = only a player of this table can ask for a rematch
error-table-rematch-early = a rematch can start once the game is over
error-table-rematch-exists = a rematch already exists: join it
error-table-bad-link = this seat link is not valid for this table
error-table-none = there is no table { $table }
error-table-record-early = the record is public once the game is over
error-record-object = a game record is a JSON object, got { $kind }
error-record-format = not a relicbox game record: expected format { $format }
error-record-rules = record was made with rules { $saved }; this relicbox plays { $game } with rules { $current }, so it cannot be replayed exactly
error-state-format = not a relicbox state: expected format { $format }
error-state-game = state field 'game' is { $saved }, expected { $game }
error-state-rules = state was saved with rules { $saved }, this relicbox has { $current }
error-bad-message = the server could not handle that message
error-http-rate-limited = too many requests from your address: wait a moment and try again
error-http-too-large = the request is larger than { $limit } bytes
error-http-too-deep = the JSON is nested deeper than { $limit } levels
error-http-bad-host = this server does not answer to that host name
error-http-busy = the server holds as many connections as it can: try again in a few seconds
error-http-too-slow = the request took longer than { $seconds } seconds to arrive
error-table-expired = the table waited too long with nobody at it and was removed
error-quota-open = you already have { $limit ->
    [one] { $limit } table
   *[other] { $limit } tables
  } waiting for players: start one, or wait until one is removed
error-quota-hour = you have made { $limit ->
    [one] { $limit } table
   *[other] { $limit } tables
  } in the last hour: try again later
error-quota-bots-hour = you have made { $limit ->
    [one] { $limit } table
   *[other] { $limit } tables
  } of bots alone in the last hour: try again later, or take a seat yourself
error-quota-bots-playing = { $limit ->
    [one] { $limit } table of bots alone is
   *[other] { $limit } tables of bots alone are
  } playing on this server: try again later, or take a seat yourself
