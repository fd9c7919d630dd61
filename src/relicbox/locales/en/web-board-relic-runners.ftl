# Relic Runners board of the table page.
rr-turn = Turn { $turn }
rr-over = The game is over.
rr-to-play = { $player } to play
rr-final-round = Final round
rr-extra-turn = Extra turn
rr-relics-progress = Relics collected: { $collected } of { $needed }
rr-camp-rations = { $count ->
    [one] { $count } ration left at camp
   *[other] { $count } rations left at camp
}
rr-space = { $kind ->
    [camp] Camp
    [ruin] Ruin { $id }
    [ivory] Ivory temple { $id }
    [blue] Blue temple { $id }
    [purple] Purple temple { $id }
   *[other] Space { $id }
}
rr-prompt-move = Your turn: click a highlighted space on the map to move there.
rr-prompt-post = Your move is over: explore here, use a toolbox, or end your turn.
rr-prompt-place = { $count ->
    [one] Place a pathway: click a highlighted trail next to { $space }.
   *[other] Place { $count } pathways: click highlighted trails next to { $space }.
}
rr-prompt-place-anywhere = { $count ->
    [one] Place a pathway: click any highlighted trail.
   *[other] Place { $count } pathways: click any highlighted trails.
}
rr-prompt-steps = { $count ->
    [one] Move a toolbox one step: click a highlighted box in your toolbox tree.
   *[other] Move toolboxes { $count } steps: click highlighted boxes in your toolbox tree.
}
rr-prompt-flip = Click a highlighted toolbox token on the map to turn it over.
rr-prompt-target = Choose where to go from { $space }: click a highlighted space.
rr-prompt-pick = Choose which tile to take from the stack at { $space }.
rr-prompt-keep = Keep { $held } or take { $new }?
rr-prompt-lift = Click one of your highlighted pathways to pick it up and place it again.
rr-prompt-start = Choose your starting space: click a highlighted space.
rr-waiting = Waiting for { $player }…
rr-this-turn = { $moved ->
    [one] This turn: { $route } (1 trail)
   *[other] This turn: { $route } ({ $moved } trails)
}
rr-map-label = Map of the jungle: spaces, trails and rivers; highlighted spaces and trails can be clicked
rr-legend = Squares: temples (stack bars on the right). Diamonds: ruins. Triangle: camp. Wavy blue: rivers. Lozenges on rivers: toolbox tokens (gold face up, grey face down). Coloured lines: pathways, one pattern per player.
rr-token-up = Toolbox token { $token }, face up
rr-token-down = Toolbox token { $token }, face down
rr-stack = { $count ->
    [one] 1 tile in the stack (level { $levels })
   *[other] { $count } tiles in the stack (levels { $levels })
}
rr-top = face up on top: { $tile }
rr-relic-here = { $relic ->
    [toad] a toad relic lies here
    [skull] a skull relic lies here
    [bird] a bird relic lies here
   *[juju] a juju relic lies here
}
rr-relic-letter = { $relic ->
    [toad] T
    [skull] S
    [bird] B
   *[juju] J
}
rr-explorer-at = { $player } at { $space }
rr-more-actions = Other actions
rr-toolboxes = Toolbox tree
rr-start-row = start
rr-reserve = reserve
rr-start-row-count = { $count ->
    [one] { $count } toolbox on the start row
   *[other] { $count } toolboxes on the start row
}
rr-reserve-count = { $count ->
    [one] { $count } toolbox in reserve
   *[other] { $count } toolboxes in reserve
}
rr-branch = { $branch ->
    [machete] Machete
    [compass] Compass
   *[shovel] Shovel
}
rr-branch-level = { $branch ->
    [machete] Machete
    [compass] Compass
   *[shovel] Shovel
} level { $level }: { $count ->
    [one] { $count } toolbox
   *[other] { $count } toolboxes
}
rr-rations-label = Rations:
rr-rations = { $count ->
    [one] { $count } ration
   *[other] { $count } rations
}
rr-pathways-left = { $count ->
    [one] { $count } pathway left
   *[other] { $count } pathways left
}
rr-coins = Victory coins: { $coins }
rr-coins-hidden = Victory coins: hidden
rr-blue-tiles = Blue tiles: { $tiles }
rr-ivory-tiles = Ivory tiles: { $tiles }
rr-relics = Relics: { $relics }
rr-relic-count = { $relic ->
    [toad] toad
    [skull] skull
    [bird] bird
   *[juju] juju
} ×{ $count }
rr-ability = Ability: { $ability }
rr-players = Explorers
rr-final = Final scores
rr-col = { $col ->
    [player] Player
    [coins] Coins
    [blue] Blue tiles
    [relics] Relic sets
    [ivory] Ivory tiles
   *[total] Total
}
rr-winners = { $count ->
    [one] Winner: { $names }
   *[other] Winners: { $names }
}
rr-tip-purple = purple level { $level } tile: { $effect }
rr-tip-blue = blue level { $level } tile: { $points ->
    [one] { $points } point
   *[other] { $points } points
  } at the end
rr-tip-blue-hidden = blue level { $level } tile, its points hidden until the end
rr-tip-ivory = ivory level { $level } tile
rr-tip-coins = Victory coins: points, earned by exploring temples, bringing relics to shrines and tile effects; hidden from the others until the end.
rr-tip-toolboxes = Toolboxes: the numbers count the toolboxes on each level of the machete, compass and shovel; flipping a river token moves a toolbox one step (from the start row into a tool, then up a level); using a toolbox gives its level's effect and sends it back to the start row. The reserve holds the ones not yet brought in.
rr-camp-name = camp
