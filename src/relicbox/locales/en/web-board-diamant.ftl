# Diamant board of the table page.
diamant-round = Round { $round } of { $rounds }
diamant-barricades = { $closed ->
    [0] Cave entrances: none closed yet, { $rounds } in all
   *[other] Cave entrances: { $closed } of { $rounds } closed
}
diamant-deck = { $count ->
    [one] { $count } card in the deck
   *[other] { $count } cards in the deck
}
diamant-next-relic = The next rescued relic is worth { $value } points
diamant-path = Cave path
diamant-path-empty = No card has been revealed in this round yet.
diamant-path-gems = { $gems ->
    [0] No rubies lie on the path.
    [one] { $gems } ruby lies on the path.
   *[other] { $gems } rubies lie on the path.
}
diamant-card-treasure = { $gems ->
    [0] Treasure of { $rubies } rubies, none left on the card
    [one] Treasure of { $rubies } rubies, { $gems } ruby left on the card
   *[other] Treasure of { $rubies } rubies, { $gems } rubies left on the card
}
diamant-gems-left = { $gems ->
    [one] { $gems } ruby left
   *[other] { $gems } rubies left
}
diamant-card-relic = Relic
diamant-card-relic-value = Relic worth { $value }
diamant-trap = { $trap ->
    [spiders] Spiders
    [snakes] Snakes
    [lava] Lava
    [boulders] Rockfall
   *[rams] Battering ram
}
diamant-traps-seen = Hazards on the path:
diamant-no-traps = No hazard on the path yet.
diamant-removed = Out of the game:
diamant-continue = Continue
diamant-leave = Leave
diamant-continue-hint = Go deeper into the cave
diamant-leave-hint = Return to camp with your rubies
diamant-you-chose = { $choice ->
    [continue] You go on. Waiting for the others…
   *[leave] You leave. Waiting for the others…
}
diamant-waiting-for = Waiting for: { $names }
diamant-at-camp = You are back at camp until the round ends.
diamant-spectating = You are watching this table.
diamant-chance-show = Chance that the next card ends the round
diamant-chance = { $percent } % — { $danger ->
    [one] { $danger } of the { $deck } cards in the deck would end the round
   *[other] { $danger } of the { $deck } cards in the deck would end the round
}
diamant-chance-none = No card can end the round yet: there is no hazard on the path.
diamant-chance-trap = { $left ->
    [0] { $trap }: no copy left in the deck
    [one] { $trap }: { $left } copy left in the deck
   *[other] { $trap }: { $left } copies left in the deck
}
diamant-explorers = Explorers
diamant-inside = in the cave
diamant-camp = at camp
diamant-chosen = has chosen
diamant-deciding = deciding…
diamant-pocket = { $gems ->
    [one] { $gems } ruby in hand
   *[other] { $gems } rubies in hand
}
diamant-chest = Chest: { $gems }
diamant-chest-hidden = Chest: closed
diamant-relics = { $count ->
    [0] no relic
    [one] { $count } relic
   *[other] { $count } relics
}
diamant-score = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
diamant-reveal-title = Choices revealed after card { $card } of round { $round }
diamant-reveal-leaves = leaves
diamant-reveal-continues = goes on
diamant-summary-title = Round { $round } is over
diamant-summary-trap = { $trap ->
    [spiders] Spiders struck twice: everyone still inside fled empty-handed.
    [snakes] Snakes struck twice: everyone still inside fled empty-handed.
    [lava] Lava struck twice: everyone still inside fled empty-handed.
    [boulders] A second rockfall: everyone still inside fled empty-handed.
   *[rams] A second battering ram: everyone still inside fled empty-handed.
}
diamant-summary-all-left = Everybody returned to camp safely.
diamant-summary-left = { $relics ->
    [0] { $gems ->
        [one] left with { $gems } ruby
       *[other] left with { $gems } rubies
    }
   *[other] { $gems ->
        [one] left with { $gems } ruby and a relic
       *[other] left with { $gems } rubies and a relic
    }
}
diamant-summary-caught = { $gems ->
    [0] caught in the cave with empty hands
    [one] caught in the cave, lost { $gems } ruby
   *[other] caught in the cave, lost { $gems } rubies
}
diamant-summary-relics-lost = { $count ->
    [one] A relic stays lost in the cave.
   *[other] { $count } relics stay lost in the cave.
}
diamant-final-title = Final scores
diamant-col-player = Player
diamant-col-points = Points
diamant-col-relics = Relics
diamant-col-winner = Result
diamant-winner = Winner
