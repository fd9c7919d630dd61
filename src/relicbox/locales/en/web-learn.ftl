# The lobby in words, how to play on the table page, and notices about leaving.
web-summary-diamant = Push your luck in a cave: take the rubies home before a second trap strikes.
web-summary-tschak = Build a party floor by floor: the strongest takes the treasure, the weakest the monster.
web-summary-relic-runners = Explore the jungle, build pathways and race for relics between shrines.
web-option-diamant-variant = Relics
web-option-diamant-variant-help = How relic cards score.
web-choice-diamant-variant-base = Classic: worth 5, 5, 5, 10, 10 in the order rescued
web-choice-diamant-variant-relics = One relic added per round, scoring its printed value
web-option-diamant-split = Sharing the path's rubies
web-option-diamant-split-help = How several players leaving together share the rubies left on the path.
web-choice-diamant-split-pooled = All the path's rubies together
web-choice-diamant-split-per-card = Card by card
web-option-tschak-chameleon_rank = Chameleon in a tie
web-option-tschak-chameleon_rank-help = How a chameleon wizard counts when two parties are equally strong.
web-choice-tschak-chameleon_rank-lowest-wizard = As the lowest wizard
web-choice-tschak-chameleon_rank-no-wizard = As no wizard at all
web-option-tschak-elixir = Elixir
web-option-tschak-elixir-help = Whether the elixir must remove one of your monster cards.
web-choice-tschak-elixir-mandatory = Always removes a monster (rulebook)
web-choice-tschak-elixir-optional = Only when that helps
web-option-relic-runners-setup = Temple layout
web-option-relic-runners-setup-help = Which colour each temple gets.
web-choice-relic-runners-setup-first = First game: fixed colours, no advanced tiles
web-choice-relic-runners-setup-standard = Standard: one of each colour per quarter
web-choice-relic-runners-setup-random = Random
web-option-relic-runners-abilities = Explorer abilities
web-option-relic-runners-abilities-help = Play the ability sides of the explorer boards.
web-choice-relic-runners-abilities-false = Off
web-choice-relic-runners-abilities-true = On (three of five are placeholders)
web-option-relic-runners-teleport_ends_turn = Teleport to camp
web-option-relic-runners-teleport_ends_turn-help = Whether the purple tile that teleports you to camp ends your turn.
web-choice-relic-runners-teleport_ends_turn-true = Ends the turn, like walking into camp
web-choice-relic-runners-teleport_ends_turn-false = The turn goes on
web-option-relic-runners-shovel3 = Shovel, level 3
web-option-relic-runners-shovel3-help = Which points the third shovel level doubles.
web-choice-relic-runners-shovel3-whole-turn = Every point of that turn
web-choice-relic-runners-shovel3-after = Only points gained after using it
web-option-relic-runners-i2b = Ivory tile “look through a stack”
web-option-relic-runners-i2b-help = When that ivory tile may be used.
web-choice-relic-runners-i2b-any-exploration = On any exploration
web-choice-relic-runners-i2b-explore-only = Only on a normal explore
web-option-relic-runners-no_progress_rounds = Stop a stalled game after
web-option-relic-runners-no_progress_rounds-help = Rounds in which nobody explores, builds or takes a relic before the game ends (0 = never).
web-option-relic-runners-max_turns = Turn limit
web-option-relic-runners-max_turns-help = End the game after this many turns (empty = no limit).
web-bot-takeover-warning = If you close this page, a bot plays your seat after { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
  }.
web-bot-takeover-other = { $name } has left: a bot plays for them in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
  } unless they come back.
web-bot-name = Bot { $seat } ({ $bot })
web-how-to-play = How to play
web-key = What the codes mean
web-busy = Sending…
web-no-moves-yet = Nothing has happened yet.
web-howto-diamant-1 = You explore a cave with the others, one card at a time. Each turn everyone still inside decides at once: go on or leave for camp.
web-howto-diamant-2 = Rubies on a card are shared equally among those inside; what is left over stays on the path. Whoever leaves picks up what is left on the path (shared among those leaving) and banks it safely.
web-howto-diamant-3 = A second trap of the same kind ends the round: everyone still inside loses what they carry. Relics go only to a single player leaving alone.
web-howto-diamant-4 = Five rounds; the most rubies in the chest wins.
web-howto-tschak-1 = Four towers of three floors. On every floor each player builds a party of three cards of three different kinds (wizard, warrior, dwarf, artifact), chosen in secret and shown together: on floor 1 one card at a time, on floor 2 one card and then two, on floor 3 all three at once. What is shown stays in view, so later picks can answer it.
web-howto-tschak-2 = Cards: W wizard, R warrior, D dwarf, the number being its strength; A an artifact, which doubles the weaker of the party's two characters. W? is a chameleon: it copies the strongest valued wizard in the other parties on that floor. A suffix marks an icon that breaks ties: * the wand, + the bigger axe, a an axe.
web-howto-tschak-3 = The strongest party takes the floor's treasure (C a chest of coins, C-1 a cursed chest, Ring, Trophy, Elixir), the weakest takes the monster (M with its skulls, Trog a troglodyte); parties in between take nothing. Equal parties are ordered by their wizard, then their warrior, then their dwarf (icons count), then the lower seat.
web-howto-tschak-4 = After floor 3 everyone holds one card, the tenth, and the tenth cards compete for the loot: the higher value first, at equal value a wizard over a warrior over a dwarf, then the icons. The best takes 3 gold, the second 2, the third 1 (with 2 players one pile of 2). A chameleon or an artifact takes no loot.
web-howto-tschak-5 = Then every hand passes to the next player, so over the four towers everyone plays each hand once. With 2 or 3 players, on-the-road boards hold the hands that nobody plays this tower.
web-howto-tschak-6 = Scoring: 1 point per gold, a chest its coins, rings the number of rings squared; minus a cursed chest's coins, each monster's skulls, and the number of troglodytes squared. The trophy gives 2 points per monster card you hold (1 with 2 players); the elixir first removes one of your monster cards.
web-howto-tschak-7 = The highest total wins; among equal totals, fewer monster cards wins.
web-howto-relic-runners-1 = Each turn you move your explorer along trails, then may explore the space where you stop. One move walks at most one trail that is new to you, plus any number of trails carrying your own pathways, all before it or all after it; it may not end where it began.
web-howto-relic-runners-2 = Exploring costs 1 ration; entering the camp (CAMP) ends your turn and gives you 3 rations. A ruin (R) gives its top tile and a pathway you place on a trail touching it; a temple (T) gives its top tile: ivory (I) tiles give effects or points, blue (B) tiles points at the end (only you see them), purple (P) tiles act at once. A tile's code is colour, level and letter, e.g. P3-b; hover over a tile to see what it does.
web-howto-relic-runners-3 = A trail with your pathway is yours from then on: later moves walk it freely. Toolbox tokens lie on rivers: each face-up token on a river you walked turns over when your move ends and moves one of your toolboxes a step up your machete, compass or shovel tree; using a toolbox (once a turn, before or after the move) does that level's action.
web-howto-relic-runners-4 = When the last tile of a stack is taken, the space becomes a shrine with a relic of its colour.
web-howto-relic-runners-5 = Relic expedition: start your turn on a shrine with a relic and end your move on another shrine with a relic of the same colour: you take that relic and 2 points for each trail walked this turn.
web-howto-relic-runners-6 = The end: once the players have collected 7, 8, 9 or 10 relics together (with 2, 3, 4 or 5 players), the turn is finished and every other player has one more turn.
web-howto-relic-runners-7 = Score: your coins, plus your blue tiles, plus 5 points for each relic colour you hold (a second relic of a colour adds nothing), plus your ivory level 1 bonus. The highest total wins; ties go to more relics, then more relic colours.
