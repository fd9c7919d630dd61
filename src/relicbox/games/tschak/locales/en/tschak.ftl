# tschak messages (en)

tschak-player = Player { $seat }
tschak-board = on-the-road board
tschak-nobody = nobody
tschak-tower = Tower { $tower }/{ $towers }
tschak-floor = floor { $floor }
tschak-phase_setup = setting up the tower
tschak-phase_over = game over
tschak-choose_one = choose 1 card
tschak-choose_many = choose { $need ->
    [one] { $need } card
   *[other] { $need } cards
} at once
tschak-floor_label = Floor { $floor }
tschak-won_by = → { $who }
tschak-loot_piles = Loot for the 10th card: { $piles }
tschak-decks = Decks: { $monsters ->
    [one] { $monsters } monster
   *[other] { $monsters } monsters
}, { $treasures ->
    [one] { $treasures } treasure
   *[other] { $treasures } treasures
} (2 of each removed unseen)
tschak-passing = After each tower, hands pass left: { $order }
tschak-loot_short = loot { $piles }
tschak-passing_short = Hands pass left after each tower: { $order }
tschak-gold = gold { $gold }
tschak-won_cards = { $monsters ->
    [one] { $monsters } monster
   *[other] { $monsters } monsters
}, { $treasures ->
    [one] { $treasures } treasure
   *[other] { $treasures } treasures
}
tschak-face_down = { $count } face down
tschak-waiting = choosing…
tschak-ready = ready
tschak-party = party
tschak-your_hand = Your hand
tschak-your_picks = Your face-down picks
tschak-your_won = You won
tschak-last_floor = Last floor (tower { $tower }, floor { $floor }):
tschak-party_line = { $who }: { $cards } = { $strength }
tschak-took = { $monster } to { $loser }, { $treasure } to { $winner }
tschak-loot_line = Loot: { $lines }
tschak-loot_entry = { $who } { $card } +{ $gold }
tschak-play = play { $card }
tschak-wizard = wizard { $value }
tschak-wizard_wand = wizard { $value } with wand
tschak-chameleon = chameleon wizard
tschak-warrior = warrior { $value }
tschak-warrior_axe = warrior { $value } with bigger axe
tschak-dwarf = dwarf { $value }, bare-handed
tschak-dwarf_axe = dwarf { $value } with axe
tschak-artifact = artifact (doubles the weakest member)
tschak-monster = monster ☠{ $skulls }
tschak-troglodyte = troglodyte
tschak-chest = chest ●{ $coins }
tschak-cursed = cursed chest ☠{ $skulls }
tschak-ring = Ring of Power
tschak-trophy = trophy
tschak-elixir = elixir
tschak-seat = Player
tschak-col_gold = Gold
tschak-col_chests = Chests
tschak-col_rings = Rings
tschak-col_cursed = Cursed
tschak-col_trophy = Trophy
tschak-col_monsters = Monst.
tschak-col_trogs = Trogs
tschak-col_elixir = Elixir
tschak-col_total = Total
tschak-col_winner = Won
tschak-yes = yes
tschak-ev_tower = Tower { $tower }: { $floors }
tschak-ev_tower_floor = floor { $floor } { $monster } / { $treasure }
tschak-ev_floor = Tower { $tower }, floor { $floor }: { $parties }. { $took }.
tschak-ev_loot = Tower { $tower } loot: { $lines }.
tschak-ev_no_loot = nobody takes loot
# The words an action starts with, as shown in option lists and typed at the prompt.
tschak-verb-play = play
tschak-aliases = type a card code (W4, R2+, D3a, A) or "play W4"
tschak-rules =
    Goal: after 4 towers, have the most points from gold, chests and rings, and the
    fewest monsters.

    Every seat holds a hand of 10 adventurers: 3 wizards, 3 warriors, 3 dwarves and
    1 artifact. A tower has 3 floors, each with a monster and a treasure face up.
    On each floor everyone secretly builds a party of 3 cards of 3 different colours,
    and the cards are revealed together: floor 1 one card at a time (1+1+1), floor 2
    one then two (1+2), floor 3 all three at once.

    Party strength is the sum of its values. The artifact doubles the weaker of the
    other two cards. The strongest party takes the treasure (even a cursed chest);
    the weakest takes the monster.
    The card left in your hand after floor 3 (your 10th card) competes for the loot
    piles by its value; a chameleon or an artifact gets no loot.
    After each tower every hand passes to the left, so everyone plays each hand once.

    Card codes: W = wizard, R = warrior, D = dwarf, A = artifact; the number is the
    value. W4* = wizard with a wand, W? = chameleon (it copies the strongest valued
    wizard an opponent shows on this floor, 0 if none), R3+ = warrior with the bigger
    axe, D2a = dwarf with an axe (D2 alone is bare-handed).

    Ties on a floor or for loot: the higher wizard wins (a wand beats the same value,
    a chameleon is always the lowest wizard), then the higher warrior (bigger axe
    first), then the higher dwarf (axe first).

    Scoring: gold +1 each; chests +2 to +5; rings: the number of rings squared;
    cursed chests −1 or −2; each monster minus its skulls; troglodytes: minus their
    number squared; the trophy +2 per monster you hold (+1 with 2 players); the elixir
    discards one monster. Ties: fewer monster cards wins; still tied, the win is shared.
tschak-tie_treasure = Tie { $strength }–{ $strength }: { $player } wins on the { $reason } and takes the treasure.
tschak-tie_monster = Tie { $strength }–{ $strength }: { $rival } wins on the { $reason }; { $player } takes the monster.
tschak-tie_wizard = higher wizard
tschak-tie_wand = wizard's wand
tschak-tie_warrior = higher warrior
tschak-tie_axe = warrior's bigger axe
tschak-tie_dwarf = higher dwarf
tschak-tie_dwarf_axe = dwarf's axe
