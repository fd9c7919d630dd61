# rr messages (en)

rr-title = Relic Runners
rr-turn = Turn { $turn }
rr-to_play = { $player } to play
rr-final_round = final round
rr-extra_turn = extra turn
rr-truncated = stopped at the turn limit
rr-truncated_no_progress = ended by the no-progress rule
rr-relics_line = Relics collected: { $collected } (the final round starts at { $needed })
rr-camp_rations = Rations at camp: { $count }
rr-tokens_line = Toolbox tokens face up: { $tokens }
rr-none = none
rr-hidden = hidden
rr-player = Player { $seat }
rr-seat = Seat
rr-colour = Colour
rr-score = Total
rr-coins = Points
rr-blue = Blue
rr-relic_bonus = Relics
rr-ivory_bonus = Ivory
rr-relic_count = Relics held
rr-winner = Winner
rr-yes = yes
rr-legend =
    Legend: [bold white]T[/] ivory, [bold blue]T[/] blue, [bold magenta]T[/] purple temple, [green]R[/] ruin, [bold cyan]CAMP[/] base camp,
    { "[" }bold yellow]*[/] relic on a shrine, ☻ explorer; · jungle trail, [cyan]~[/] river trail;
    • a pathway, ≈ a pathway on a river, = pathways of several players (in the players' colours);
    { "[" }bold yellow]◆[/] toolbox token face up, ◇ toolbox token grey
rr-spaces = Spaces
rr-kind_camp = base camp
rr-kind_ruin = ruin
rr-kind_ivory = ivory temple
rr-kind_blue = blue temple
rr-kind_purple = purple temple
rr-kind_temple = temple
rr-stack = stack { $levels }
rr-shrine = shrine
rr-top = top: { $tile }
rr-relic_here = relic: { $relic }
rr-explorers_here = explorers: { $who }
rr-board_of = { $player } ({ $colour }{ $ability }) at { $position }
rr-you = you
rr-rations = rations { $bar }
rr-pathways_left = pathways in supply { $count }
rr-toolboxes = toolboxes: reserve { $reserve }, start { $start } | { $branches }
rr-toolboxes_short = toolboxes: reserve { $reserve }, start { $start }
rr-branch_line = { $branch } { $levels }
rr-ivory_tiles = ivory: { $tiles }
rr-blue_tiles = blue tiles: { $tiles }
rr-relics_held = relics: { $relics }
rr-coins_held = points: { $coins }
rr-this_turn = This turn: from { $start }, route { $route }, { $moved ->
    [one] { $moved } trail
   *[other] { $moved } trails
}{ $flags }
rr-flag_unexplored = , unexplored trail used
rr-flag_explored = , explored
rr-flag_tool = , toolbox used
rr-flag_double = , points doubled
rr-decision_keep = Keep one ivory tile: { $held } or { $new }
rr-decision_place = Place a pathway ({ $count } left){ $where }
rr-decision_place_near = { " " }on a trail touching { $near }
rr-decision_place_any = { " " }on any trail
rr-decision_lift = Pick up one of your pathways to move it
rr-decision_steps = Advance your toolboxes: { $count ->
    [one] { $count } step
   *[other] { $count } steps
}
rr-decision_flip = Flip a toolbox token ({ $left } left)
rr-decision_target = Explore a ruin or temple next to { $space }
rr-decision_pick = Take the tile you want from { $space }
rr-decision_start = Choose where your explorer starts
rr-relic_toad = toad
rr-relic_skull = skull
rr-relic_bird = bird
rr-relic_juju = juju
rr-branch_machete = machete
rr-branch_compass = compass
rr-branch_shovel = shovel
rr-colour_red = red
rr-colour_green = green
rr-colour_blue = blue
rr-colour_yellow = yellow
rr-colour_black = black
rr-act_move = → { $b }, { $how }
rr-how_pathway = your pathway
rr-how_unexplored = unexplored trail
rr-how_river = , river
rr-how_token = , toolbox token up
rr-act_stop = stop the move here, at { $space }
rr-act_explore = explore { $space } for 1 ration
rr-act_end = end your turn
rr-act_done = flip no more tokens
rr-act_done_place = place no pathway (keep your ivory tile)
rr-act_path = place a pathway on { $a }–{ $b }
rr-act_lift = pick up your pathway from { $a }–{ $b }
rr-act_jump = jump to { $space } instead of moving (I2-f)
rr-act_start = start on { $space }
rr-act_target = explore { $space } from here
rr-act_flip = flip toolbox token { $token } on the river { $trail } ({ $state })
rr-token_up_to_down = face up → grey
rr-token_down_to_up = grey → face up
rr-act_keep = keep { $tile }: { $effect }
rr-act_pick = take the level { $level } tile{ $seen }
rr-act_step_start = move a toolbox from the start row to { $branch } level 1
rr-act_step_up = move a toolbox from { $branch } level { $level } to level { $next }
rr-act_use = use the toolbox at { $branch } { $level }: { $effect }
rr-act_use_ivory = use { $tile }: { $effect }
rr-tool_machete_1 = temple action here without a ration
rr-tool_machete_2 = take 2 rations
rr-tool_machete_3 = 4 points per relic you hold
rr-tool_compass_1 = move 1 of your pathways anywhere
rr-tool_compass_2 = move 2 of your pathways anywhere
rr-tool_compass_3 = 2 points per pathway in your longest line
rr-tool_shovel_1_toolbox = bring a toolbox from your reserve
rr-tool_shovel_1_vp = gain 2 points
rr-tool_shovel_2 = place a pathway touching your space
rr-tool_shovel_3 = double your points for the rest of the turn
rr-I3-a = +1 point whenever you place a pathway
rr-I3-b = +1 point whenever you are first to explore a ruin or temple
rr-I3-c = +1 point whenever you gain points exploring a temple
rr-I3-d = +1 ration whenever an opponent moves a pathway
rr-I3-e = +1 ration whenever you arrive at camp
rr-I3-f = flip a toolbox token whenever you leave camp
rr-I2-a = once: unexplored trail between your pathways
rr-I2-b = once: look through a temple stack, take any tile
rr-I2-c = once: at the start of your turn, refill to 5 rations
rr-I2-d = once: place two pathways instead of one
rr-I2-e = once: place a pathway on any trail
rr-I2-f = once: jump to a temple of the same colour
rr-I1-a = end: 3 points per ivory tile
rr-I1-b = end: 2 points per ration
rr-I1-c = end: 5 points per duplicate relic
rr-I1-d = end: 1 point per pathway on the board
rr-I1-e = end: 4 points per toolbox on your table
rr-I1-f = end: one extra turn
rr-P-a = gain 3 points
rr-P-b = advance a toolbox one level
rr-P-c = take 2 rations
rr-P-d = bring a toolbox from your reserve
rr-P-e = teleport to camp, take 3 rations, end the turn
rr-P-f = move one of your pathways anywhere
rr-P-g = explore an adjacent ruin or temple
rr-P-h = flip up to 2 toolbox tokens
rr-ability_extra-toolbox = second toolbox on the start row
rr-ability_head-start = may start one trail away from camp
rr-ability_camp-pathway = starts with a pathway by the camp (placeholder)
rr-ability_full-pack = starts with 5 rations (placeholder)
rr-ability_big-refill = takes 4 rations at camp (placeholder)
rr-ev_turn = — Turn { $turn }: { $player } —
rr-ev_move = { $player } walks { $route }
rr-ev_jump = { $player } jumps from { $a } to { $b }
rr-ev_tokens = { $player } flips toolbox tokens { $tokens } to grey
rr-ev_reset = All toolbox tokens turn face up again; { $player } earns a bonus step
rr-ev_relic = { $player } completes an expedition to { $space } and takes the { $relic } ({ $trails ->
    [one] { $trails } trail
   *[other] { $trails } trails
})
rr-ev_coins = { $player } gains { $amount ->
    [one] { $amount } point
   *[other] { $amount } points
} ({ $reason })
rr-ev_rations = { $player } takes { $amount ->
    [one] { $amount } ration
   *[other] { $amount } rations
} ({ $reason })
rr-ev_shrine = A shrine appears at { $space } with a { $relic }
rr-ev_final = { $player } collected the relic that starts the final round
rr-ev_ruin = { $player } explores the ruin at { $space }
rr-ev_ivory = { $player } takes ivory tile { $tile } at { $space }
rr-ev_blue = { $player } takes a blue tile (level { $level }) at { $space }
rr-ev_show = { $player } shows blue tile { $tile }
rr-ev_purple = { $player } takes purple tile { $tile } at { $space }
rr-ev_teleport = { $player } is teleported to the camp
rr-ev_toolbox = { $player } brings a toolbox onto the start row
rr-ev_target = { $player } explores { $space } from a purple temple
rr-ev_relocate = { $player } moves a pathway from { $a } to { $b }
rr-ev_pathway = { $player } places a pathway on { $trail }
rr-ev_keep = { $player } keeps { $tile } and discards { $dropped }
rr-ev_flip = { $player } flips token { $token } { $state }
rr-ev_step = { $player } advances a toolbox ({ $toolbox })
rr-ev_use_ivory = { $player } uses ivory tile { $tile }
rr-ev_tool = { $player } uses a toolbox: { $toolbox }
rr-ev_start = { $player } starts on { $space }
rr-ev_extra = { $player } discards I1-f and takes an extra turn
rr-ev_stall = No relic can be collected any more: the game ends
rr-ev_no_progress = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} without exploring, a new pathway or a relic: the game ends (no-progress rule)
rr-ev_truncated = The game stops at the limit of { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}
rr-ev_over = The game is over
rr-up = face up
rr-down = grey
rr-reason_first = first explorer
rr-reason_compensation = compensation
rr-reason_blue = blue temple bonus
rr-reason_shown = blue tile shown
rr-reason_purple = purple temple
rr-reason_pathway = pathway placed
rr-reason_machete = machete
rr-reason_compass = compass
rr-reason_shovel = shovel
rr-reason_expedition = expedition
rr-reason_camp = camp
rr-reason_I2-c = I2-c
rr-reason_I3-d = I3-d
# The words an action starts with, as shown in option lists and typed at the prompt.
rr-verb-move = move
rr-verb-stop = stop
rr-verb-explore = explore
rr-verb-end = end
rr-verb-done = done
rr-verb-path = path
rr-verb-lift = lift
rr-verb-jump = jump
rr-verb-start = start
rr-verb-target = target
rr-verb-flip = flip
rr-verb-keep = keep
rr-verb-pick = pick
rr-verb-step = step
rr-verb-use = use
rr-aliases-move = type a number, an action such as "{ $move }", or just the space to move to, such as "{ $space }"
rr-aliases-one = type 1 or the action "{ $example }"
rr-aliases = type a number or an action's name, such as "{ $example }"
rr-aliases-any = type a number or an action's name
rr-rules =
    Goal: the most points when the game ends, from expeditions, temples, relics and
    your ivory tiles.

    A turn: you must move, then you may explore where you stopped.
    • Move: you may use at most one trail without your own pathway (an unexplored
      trail), plus any number of your own pathways all before it or all after it.
      Entering the base camp ends your move and your turn and gives you 3 rations
      (never more than 5 on your board).
    • Explore (costs 1 ration): a ruin lets you place a pathway on a trail touching it;
      an ivory temple gives a tile with a lasting or one-time power (one per level);
      a blue temple gives a secret tile worth 2–5 points; a purple temple gives an
      immediate effect.
    • Once per turn you may use one toolbox from your progression table. Toolbox tokens
      lie only on river trails: walking one whose token is face up turns it grey, and
      each token turned grey moves a toolbox up one level.

    Shrines: when the last tile of a ruin or temple is taken, a shrine appears there
    with a relic of its colour. Relic expedition: start your turn on a shrine with a
    relic and end your move on another shrine with a relic of the same colour: you
    take that relic and 2 points per trail you walked.

    The end: once the players together hold 7/8/9/10 relics (2/3/4/5 players), the
    others get one last turn each. Score: points earned during play, blue tiles,
    5 points per different relic colour, ivory end bonuses.
    Ties: most relics wins, then most different relics; still tied, the win is shared.

    On the map: temples are T (white ivory, blue, purple), ruins R, the base camp
    CAMP, a relic *, an explorer ☻; ~ is a river; a trail drawn in a player's colour
    (•, ≈) is that player's pathway; ◆ and ◇ are toolbox tokens (face up, grey).
rr-ev_end = { $player } ends the turn
rr-ev_end_camp = { $player }'s turn ends: walking into the base camp ends the move and the turn
rr-ev_end_teleport = { $player }'s turn ends with the teleport to the camp
rr-expedition_hint = Expedition: you began on a shrine with a { $relic }; end your move on { $spaces } to take that { $relic } and 2 points per trail walked.
