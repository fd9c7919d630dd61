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
