# tschak messages (cs)

tschak-player = Hráč { $seat }
tschak-board = deska na cestě
tschak-nobody = nikdo
tschak-tower = Věž { $tower }/{ $towers }
tschak-floor = patro { $floor }
tschak-phase_setup = příprava věže
tschak-phase_over = konec hry
tschak-choose_one = vyberte 1 kartu
tschak-choose_many = vyberte najednou { $need ->
    [one] { $need } kartu
    [few] { $need } karty
   *[other] { $need } karet
}
tschak-floor_label = Patro { $floor }
tschak-won_by = → { $who }
tschak-loot_piles = Kořist za 10. kartu: { $piles }
tschak-decks = Balíčky: { $monsters ->
    [one] { $monsters } nestvůra
    [few] { $monsters } nestvůry
   *[other] { $monsters } nestvůr
}, { $treasures ->
    [one] { $treasures } poklad
    [few] { $treasures } poklady
   *[other] { $treasures } pokladů
} (z každého balíčku 2 karty neviděné v krabici)
tschak-passing = Ruce se po každé věži předávají doleva: { $order }
tschak-loot_short = kořist { $piles }
tschak-passing_short = Ruce jdou po věži doleva: { $order }
tschak-gold = zlaťáky { $gold }
tschak-won_cards = { $monsters ->
    [one] { $monsters } nestvůra
    [few] { $monsters } nestvůry
   *[other] { $monsters } nestvůr
}, { $treasures ->
    [one] { $treasures } poklad
    [few] { $treasures } poklady
   *[other] { $treasures } pokladů
}
tschak-face_down = lícem dolů: { $count }
tschak-waiting = vybírá…
tschak-ready = připraven
tschak-party = družina
tschak-your_hand = Vaše ruka
tschak-your_picks = Vaše karty lícem dolů
tschak-your_won = Vaše zisky
tschak-last_floor = Poslední patro (věž { $tower }, patro { $floor }):
tschak-party_line = { $who }: { $cards } = { $strength }
tschak-took = { $monster } → { $loser }, { $treasure } → { $winner }
tschak-loot_line = Kořist: { $lines }
tschak-loot_entry = { $who } { $card } +{ $gold }
tschak-play = zahrát { $card }
tschak-wizard = čaroděj { $value }
tschak-wizard_wand = čaroděj { $value } s hůlkou
tschak-chameleon = čaroděj chameleón
tschak-warrior = válečník { $value }
tschak-warrior_axe = válečník { $value } s větší sekerou
tschak-dwarf = trpaslík { $value } holýma rukama
tschak-dwarf_axe = trpaslík { $value } se sekerou
tschak-artifact = artefakt (zdvojnásobí nejslabšího člena)
tschak-monster = nestvůra ☠{ $skulls }
tschak-troglodyte = troglodyt
tschak-chest = truhlice ●{ $coins }
tschak-cursed = prokletá truhlice ☠{ $skulls }
tschak-ring = Prsten moci
tschak-trophy = trofej
tschak-elixir = elixír
tschak-seat = Hráč
tschak-col_gold = Zlato
tschak-col_chests = Truhl.
tschak-col_rings = Prsteny
tschak-col_cursed = Prokl.
tschak-col_trophy = Trofej
tschak-col_monsters = Nestv.
tschak-col_trogs = Trogl.
tschak-col_elixir = Elixír
tschak-col_total = Celkem
tschak-col_winner = Vítěz
tschak-yes = ano
tschak-ev_tower = Věž { $tower }: { $floors }
tschak-ev_tower_floor = patro { $floor } { $monster } / { $treasure }
tschak-ev_floor = Věž { $tower }, patro { $floor }: { $parties }. { $took }.
tschak-ev_loot = Kořist věže { $tower }: { $lines }.
tschak-ev_no_loot = kořist nikdo nebere
# The words an action starts with, as shown in option lists and typed at the prompt.
tschak-verb-play = zahrát
tschak-aliases = napište kód karty (W4, R2+, D3a, A) nebo „zahrát W4“
tschak-rules =
    Cíl: po 4 věžích mít nejvíc bodů ze zlaťáků, truhlic a prstenů a co nejméně nestvůr.

    Každý hráč má v ruce 10 dobrodruhů: 3 čaroděje, 3 válečníky, 3 trpaslíky a 1 artefakt.
    Věž má 3 patra, na každém leží lícem nahoru nestvůra a poklad.
    V každém patře všichni tajně skládají družinu ze 3 karet 3 různých barev a karty
    se odhalují současně: v 1. patře po jedné (1+1+1), ve 2. jedna a pak dvě (1+2),
    ve 3. patře všechny tři najednou.

    Síla družiny je součet hodnot. Artefakt zdvojnásobí slabší ze dvou zbylých karet.
    Nejsilnější družina bere poklad (i prokletou truhlici), nejslabší nestvůru.
    Karta, která vám po 3. patře zůstane v ruce (vaše 10. karta), soupeří svou hodnotou
    o hromádky kořisti; chameleon ani artefakt kořist nezískají.
    Po každé věži se všechny ruce posílají doleva, takže každý hraje každou ruku jednou.

    Kódy karet: W = čaroděj, R = válečník, D = trpaslík, A = artefakt; číslo je hodnota.
    W4* = čaroděj s hůlkou, W? = chameleon (převezme hodnotu nejsilnějšího čaroděje
    s číslem, kterého v tomto patře ukáže soupeř, jinak 0), R3+ = válečník s větší
    sekerou, D2a = trpaslík se sekerou (D2 samotné je beze zbraně).

    Remíza v patře i o kořist: vyhrává vyšší čaroděj (hůlka porazí stejnou hodnotu,
    chameleon je vždy nejnižší čaroděj), pak vyšší válečník (dřív větší sekera), pak
    vyšší trpaslík (dřív ten se sekerou).

    Body: zlaťák +1; truhlice +2 až +5; prsteny: jejich počet na druhou; prokleté
    truhlice −1 nebo −2; každá nestvůra minus své lebky; troglodyti: minus jejich počet
    na druhou; trofej +2 za každou vaši nestvůru (+1 ve 2 hráčích); elixír odstraní
    jednu nestvůru. Remíza: vyhrává ten s méně nestvůrami; jinak se o výhru dělí.
tschak-tie_treasure = Remíza { $strength }–{ $strength }: { $player } vyhrává díky { $reason } a bere poklad.
tschak-tie_monster = Remíza { $strength }–{ $strength }: { $rival } vyhrává díky { $reason }; nestvůru bere { $player }.
tschak-tie_wizard = vyššímu čaroději
tschak-tie_wand = hůlce čaroděje
tschak-tie_warrior = vyššímu válečníkovi
tschak-tie_axe = větší sekeře válečníka
tschak-tie_dwarf = vyššímu trpaslíkovi
tschak-tie_dwarf_axe = sekeře trpaslíka
