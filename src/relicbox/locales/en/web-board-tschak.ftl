# Tschak! board of the table page.
tschak-tower-of = Tower { $tower } of { $towers }
tschak-over = The game is over.
tschak-setup = The tower is being set up…
tschak-step = { $need ->
    [one] Floor { $floor }: choose one card
   *[other] Floor { $floor }: choose { $need } cards at once
}
tschak-tower-label = Tower { $tower }: three floors, each with a monster and a treasure, and the loot above
tschak-loot = Loot piles: { $piles }
tschak-decks = Decks: { $monsters } monsters, { $treasures } treasures
tschak-passing = Hands pass: { $order }
tschak-road-board = on-the-road board
tschak-kind-monster = monster
tschak-kind-treasure = treasure
tschak-tower-unknown = not drawn yet
tschak-trog = Troglodyte
tschak-monster = { $skulls ->
    [one] Monster with { $skulls } skull
   *[other] Monster with { $skulls } skulls
}
tschak-cursed = { $skulls ->
    [one] Cursed chest, { $skulls } skull
   *[other] Cursed chest, { $skulls } skulls
}
tschak-chest = { $coins ->
    [one] Chest of { $coins } coin
   *[other] Chest of { $coins } coins
}
tschak-treasure = { $name ->
    [ring] Ring of Power
    [trophy] Trophy
   *[elixir] Elixir
}
tschak-won-by = { $card }, taken by { $player }
tschak-card = { $cls ->
    [wizard] { $chameleon ->
        [yes] Chameleon wizard
       *[no] { $icon ->
            [yes] Wizard { $value } with a wand
           *[no] Wizard { $value }
        }
    }
    [warrior] { $icon ->
        [yes] Warrior { $value } with the bigger axe
       *[no] Warrior { $value }
    }
    [dwarf] { $icon ->
        [yes] Dwarf { $value } with an axe
       *[no] Dwarf { $value }, bare-handed
    }
   *[artifact] Artifact (doubles the weaker character)
}
tschak-face-down = a card face down
tschak-choosing = choosing…
tschak-ready = ready
tschak-floor-parties = Parties on floor { $floor }
tschak-your-hand = Your hand
tschak-your-picks = Chosen, face down:
tschak-prompt = { $left ->
    [one] Click the card to play.
   *[other] Click { $left } cards to play, one after the other.
}
tschak-class = { $cls ->
    [wizard] Wizards
    [warrior] Warriors
    [dwarf] Dwarves
   *[artifact] Artifact
} ({ $count })
tschak-play = Play { $card }
tschak-cannot-play = { $card } cannot be played: { $reason }
tschak-why-waiting = you have chosen; waiting for the others
tschak-why-not-now = not playable now
tschak-why-clash = { $cls ->
    [wizard] your party already has a wizard ({ $card })
    [warrior] your party already has a warrior ({ $card })
    [dwarf] your party already has a dwarf ({ $card })
   *[artifact] your party already has an artifact ({ $card })
}
tschak-strength = strength { $strength }
tschak-floor-result = Tower { $tower }, floor { $floor }: the parties
tschak-took-treasure = Strongest: { $player } takes { $card }.
tschak-took-monster = Weakest: { $player } takes { $card }.
tschak-tie-strongest = { $cls ->
    [wizard] { $player } and { $rival } tied at { $strength }: the wizard decides ({ $mine } beats { $theirs }).
    [warrior] { $player } and { $rival } tied at { $strength } with equal wizards: the warrior decides ({ $mine } beats { $theirs }).
    [dwarf] { $player } and { $rival } tied at { $strength } with equal wizards and warriors: the dwarf decides ({ $mine } beats { $theirs }).
   *[seat] { $player } and { $rival } tied in every respect: the earlier seat wins the tie.
}
tschak-tie-weakest = { $cls ->
    [wizard] { $player } and { $rival } tied at { $strength }: the weaker wizard takes the monster ({ $mine } against { $theirs }).
    [warrior] { $player } and { $rival } tied at { $strength } with equal wizards: the weaker warrior takes the monster ({ $mine } against { $theirs }).
    [dwarf] { $player } and { $rival } tied at { $strength } with equal wizards and warriors: the weaker dwarf takes the monster ({ $mine } against { $theirs }).
   *[seat] { $player } and { $rival } tied in every respect: the later seat takes the monster.
}
tschak-loot-result = Loot of tower { $tower }: the tenth cards
tschak-loot-gold = { $gold ->
    [0] no gold
    [one] { $gold } gold coin
   *[other] { $gold } gold coins
}
tschak-hands-passed = Every hand has been passed to the left for the next tower.
tschak-players = Players
tschak-gold = { $gold ->
    [one] { $gold } gold coin
   *[other] { $gold } gold coins
}
tschak-won-cards = { $monsters ->
    [one] 1 monster
   *[other] { $monsters } monsters
}, { $treasures ->
    [one] 1 treasure
   *[other] { $treasures } treasures
}
tschak-final = Final scores
tschak-col-player = Player
tschak-col = { $col ->
    [gold] Gold
    [chests] Chests
    [rings] Rings
    [cursed] Cursed
    [trophy] Trophy
    [monsters] Monsters
    [troglodytes] Troglodytes
    [elixir] Elixir removed
   *[total] Total
}
tschak-winners = { $count ->
    [one] Winner: { $names }
   *[other] Winners: { $names }
}
tschak-short = { $code ->
    [Ring] Ring
    [Trog] Trog
    [Trophy] Trophy
    [Elixir] Elixir
   *[other] { $code }
  }
tschak-decision-hint = The party you build on this floor: the strongest takes the treasure, the weakest the monster; a higher number is stronger, an artifact doubles your weaker character.
