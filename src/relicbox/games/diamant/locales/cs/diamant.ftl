# Diamant: stůl, akce, výsledky a veřejný průběh hry.

diamant-title = Diamant
diamant-round = Kolo { $round } z { $rounds }
diamant-deck = Balíček: { $size ->
    [one] { $size } karta
    [few] { $size } karty
   *[other] { $size } karet
}
diamant-barricades = Odehraná kola: { $tiles } (· teprve přijdou)
diamant-next_relic = další zachráněná relikvie má hodnotu { $value }
diamant-path = Cesta
diamant-path_empty = (zatím žádná karta)
diamant-path_gems = rubíny na cestě: { $gems }
diamant-seat = Hráč
diamant-player = Hráč { $seat }
diamant-status = Stav
diamant-pocket = U sebe
diamant-chest = Truhla
diamant-relics = Relikvie
diamant-inside = v jeskyni
diamant-camp = v táboře
diamant-committed = už zvolil
diamant-thinking = rozhoduje se
diamant-hidden = skrytá
diamant-removed = Vyřazeno ze hry: { $cards }
diamant-relic_pile = Relikvie, které teprve přijdou: { $cards }
diamant-traps = Pasti na cestě: { $traps }
diamant-your_choice = Vaše volba: { $choice }
diamant-continue = pokračovat hlouběji do jeskyně
diamant-leave = vrátit se s rubíny do tábora
diamant-score = Body
diamant-winner = Vítěz
diamant-yes = ano
diamant-card_treasure = { $rubies ->
    [one] { $rubies } rubín
    [few] { $rubies } rubíny
   *[other] { $rubies } rubínů
}
diamant-card_relic = relikvie
diamant-card_relic_value = relikvie { $value }
diamant-trap_spiders = pavouci
diamant-trap_snakes = hadi
diamant-trap_lava = láva
diamant-trap_boulders = balvany
diamant-trap_rams = padající klády
diamant-second_trap_spiders = Druhá past – pavouci!
diamant-second_trap_snakes = Druhá past – hadi!
diamant-second_trap_lava = Druhá past – láva!
diamant-second_trap_boulders = Druhá past – balvany!
diamant-second_trap_rams = Druhá past – padající klády!
diamant-list_two = { $first } a { $last }
diamant-ev_round = — Kolo { $round } —
diamant-ev_reveal_treasure = { $rubies ->
    [one] Odkryt { $rubies } rubín
    [few] Odkryty { $rubies } rubíny
   *[other] Odkryto { $rubies } rubínů
}: každý průzkumník v jeskyni dostává { $share ->
    [one] { $share } rubín
    [few] { $share } rubíny
   *[other] { $share } rubínů
}
diamant-ev_reveal = Odkryto: { $card }
diamant-ev_choices_none = Všichni pokračují
diamant-ev_leave_share = { $count ->
    [one] { $seats } odchází a bere z cesty { $share ->
        [one] { $share } rubín
        [few] { $share } rubíny
       *[other] { $share } rubínů
    }
   *[other] { $seats } odcházejí a každý bere z cesty { $share ->
        [one] { $share } rubín
        [few] { $share } rubíny
       *[other] { $share } rubínů
    }
}
diamant-ev_leave_share_relics = { $seats } odchází, bere z cesty { $share ->
    [one] { $share } rubín
    [few] { $share } rubíny
   *[other] { $share } rubínů
} a { $relic_count ->
    [one] relikvii { $relics }
   *[other] relikvie { $relics }
}
diamant-ev_leave_plain = { $count ->
    [one] { $seats } odchází z jeskyně
   *[other] { $seats } odcházejí z jeskyně
}
diamant-ev_leave_relics = { $seats } odchází z jeskyně a bere { $relic_count ->
    [one] relikvii { $relics }
   *[other] relikvie { $relics }
}
diamant-ev_round_end_trap = { $second } { $count ->
    [one] { $busted } ztrácí rubíny, které měl u sebe
   *[other] { $busted } ztrácejí rubíny, které měli u sebe
}
diamant-ev_round_end_all = Všichni jsou zpět v táboře
diamant-ev_lost_relics = { $count ->
    [one] V jeskyni zůstala jedna relikvie
    [few] V jeskyni zůstaly { $count } relikvie
   *[other] V jeskyni zůstalo { $count } relikvií
  }
diamant-nobody = nikdo
# The words an action starts with, as shown in option lists and typed at the prompt.
diamant-verb-continue = pokračovat
diamant-verb-leave = odejít
diamant-aliases = p = pokračovat, o = odejít
diamant-rules_relics = Tato hra se hraje s --variant relics: v každém kole přijde do balíčku jedna relikvie a zachráněná relikvie má svou vytištěnou hodnotu (5, 7, 8, 10, 12 v pořadí, jak přicházejí), ne 5 nebo 10.
diamant-rules =
    Cíl: za 5 kol donést domů do své truhly co nejvíc rubínů (a relikvií).

    V každém kole vstoupí průzkumníci do jeskyně a karty se otáčejí jedna po druhé.
    • Karta s rubíny se rovným dílem rozdělí mezi všechny, kdo jsou ještě uvnitř;
      co nejde rozdělit, zůstane ležet na kartě na cestě.
    • Past napoprvé nic nedělá. Když se objeví druhá past stejného druhu, všichni
      uvnitř prchají a přicházejí o rubíny, které mají u sebe; ta karta pasti
      odchází ze hry.
    • Relikvie čeká na cestě, dokud jeskyni neopustí jediný průzkumník sám.

    Po každé kartě se každý uvnitř tajně rozhodne: pokračovat, nebo odejít. Volby se
    odhalí najednou. Kdo odchází, rozdělí si rubíny ležící na cestě (zbytek zůstává),
    vše, co má u sebe, uloží do truhly a je pro toto kolo v bezpečí. Kdo odchází sám,
    vezme i relikvie z cesty: první tři zachráněné mají po 5 bodech, poslední dvě 10.

    Kolo končí, když všichni odešli nebo když udeří druhá past. Truhly jsou zavřené:
    obsah vidí jen majitel, ale každý podíl se oznamuje nahlas.
    Remíza: hráči se shodným součtem se o výhru dělí. Relikvie, která na konci kola zůstane na cestě, propadá.

    Volby: --variant relics (v každém kole jedna relikvie, počítá se její hodnota),
    --split per-card (odcházející si dělí rubíny karta po kartě).
