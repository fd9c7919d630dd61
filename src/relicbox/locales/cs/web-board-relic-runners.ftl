# Herní plán hry Relic Runners na stránce stolu.
rr-turn = Tah { $turn }
rr-over = Hra skončila.
rr-to-play = Na tahu: { $player }
rr-final-round = Poslední kolo
rr-extra-turn = Tah navíc
rr-relics-progress = Sebrané relikvie: { $collected } z { $needed }
rr-camp-rations = { $count ->
    [one] V táboře zbývá { $count } příděl
    [few] V táboře zbývají { $count } příděly
   *[other] V táboře zbývá { $count } přídělů
}
rr-space = { $kind ->
    [camp] Tábor
    [ruin] Ruina { $id }
    [ivory] Slonovinový chrám { $id }
    [blue] Modrý chrám { $id }
    [purple] Fialový chrám { $id }
   *[other] Pole { $id }
}
rr-prompt-move = Jste na tahu: klikněte na zvýrazněné pole na mapě a přesuňte se tam.
rr-prompt-post = Pohyb je u konce: prozkoumejte toto místo, použijte bednu s nářadím, nebo tah ukončete.
rr-prompt-place = { $count ->
    [one] Položte stezku: klikněte na zvýrazněnou cestu u { $space }.
    [few] Položte { $count } stezky: klikněte na zvýrazněné cesty u { $space }.
   *[other] Položte { $count } stezek: klikněte na zvýrazněné cesty u { $space }.
}
rr-prompt-place-anywhere = { $count ->
    [one] Položte stezku: klikněte na kteroukoli zvýrazněnou cestu.
    [few] Položte { $count } stezky: klikněte na kterékoli zvýrazněné cesty.
   *[other] Položte { $count } stezek: klikněte na kterékoli zvýrazněné cesty.
}
rr-prompt-steps = { $count ->
    [one] Posuňte bednu o jeden krok: klikněte na zvýrazněné místo ve stromu nářadí.
    [few] Posuňte bedny o { $count } kroky: klikejte na zvýrazněná místa ve stromu nářadí.
   *[other] Posuňte bedny o { $count } kroků: klikejte na zvýrazněná místa ve stromu nářadí.
}
rr-prompt-flip = Klikněte na zvýrazněný žeton bedny na mapě a otočte ho.
rr-prompt-target = Vyberte, kam se vydáte z { $space }: klikněte na zvýrazněné pole.
rr-prompt-pick = Vyberte, kterou destičku vezmete z hromádky na { $space }.
rr-prompt-keep = Ponecháte si { $held }, nebo vezmete { $new }?
rr-prompt-lift = Klikněte na jednu ze svých zvýrazněných stezek, zvedněte ji a položte jinam.
rr-prompt-start = Vyberte výchozí pole: klikněte na zvýrazněné pole.
rr-waiting = Čeká se na: { $player }…
rr-this-turn = { $moved ->
    [one] Tento tah: { $route } (1 cesta)
    [few] Tento tah: { $route } ({ $moved } cesty)
   *[other] Tento tah: { $route } ({ $moved } cest)
}
rr-map-label = Mapa džungle: pole, cesty a řeky; na zvýrazněná pole a cesty lze kliknout
rr-legend = Čtverce: chrámy (vpravo sloupek hromádky). Kosočtverce: ruiny. Trojúhelník: tábor. Modrá vlnovka: řeka. Kosočtverečky na řekách: žetony beden (zlatý lícem nahoru, šedý rubem). Barevné čáry: stezky, každý hráč má svůj vzor.
rr-token-up = Žeton bedny { $token }, lícem nahoru
rr-token-down = Žeton bedny { $token }, rubem nahoru
rr-stack = { $count ->
    [one] v hromádce 1 destička (úroveň { $levels })
    [few] v hromádce { $count } destičky (úrovně { $levels })
   *[other] v hromádce { $count } destiček (úrovně { $levels })
}
rr-top = navrchu lícem nahoru: { $tile }
rr-relic-here = { $relic ->
    [toad] leží tu relikvie ropuchy
    [skull] leží tu relikvie lebky
    [bird] leží tu relikvie ptáka
   *[juju] leží tu relikvie džu-džu
}
rr-relic-letter = { $relic ->
    [toad] R
    [skull] L
    [bird] P
   *[juju] D
}
rr-explorer-at = { $player } na poli { $space }
rr-more-actions = Další akce
rr-toolboxes = Strom nářadí
rr-start-row = start
rr-reserve = zásoba
rr-start-row-count = { $count ->
    [one] na startovní řadě { $count } bedna
    [few] na startovní řadě { $count } bedny
   *[other] na startovní řadě { $count } beden
}
rr-reserve-count = { $count ->
    [one] v zásobě { $count } bedna
    [few] v zásobě { $count } bedny
   *[other] v zásobě { $count } beden
}
rr-branch = { $branch ->
    [machete] Mačeta
    [compass] Kompas
   *[shovel] Lopata
}
rr-branch-level = { $branch ->
    [machete] Mačeta
    [compass] Kompas
   *[shovel] Lopata
}, úroveň { $level }: { $count ->
    [one] { $count } bedna
    [few] { $count } bedny
   *[other] { $count } beden
}
rr-rations-label = Příděly:
rr-rations = { $count ->
    [one] { $count } příděl
    [few] { $count } příděly
   *[other] { $count } přídělů
}
rr-pathways-left = { $count ->
    [one] zbývá { $count } stezka
    [few] zbývají { $count } stezky
   *[other] zbývá { $count } stezek
}
rr-coins = Vítězné mince: { $coins }
rr-coins-hidden = Vítězné mince: skryté
rr-blue-tiles = Modré destičky: { $tiles }
rr-ivory-tiles = Slonovinové destičky: { $tiles }
rr-relics = Relikvie: { $relics }
rr-relic-count = { $relic ->
    [toad] ropucha
    [skull] lebka
    [bird] pták
   *[juju] džu-džu
} ×{ $count }
rr-ability = Schopnost: { $ability }
rr-players = Průzkumníci
rr-final = Konečné pořadí
rr-col = { $col ->
    [player] Hráč
    [coins] Mince
    [blue] Modré destičky
    [relics] Sady relikvií
    [ivory] Slonovinové destičky
   *[total] Celkem
}
rr-winners = { $count ->
    [one] Vítěz: { $names }
   *[other] Vítězové: { $names }
}
rr-tip-purple = fialový dílek úrovně { $level }: { $effect }
rr-tip-blue = modrý dílek úrovně { $level }: na konci { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
  }
rr-tip-blue-hidden = modrý dílek úrovně { $level }, body skryté až do konce
rr-tip-ivory = slonovinový dílek úrovně { $level }
rr-tip-coins = Vítězné mince: body za průzkum chrámů, relikvie donesené do svatyní a efekty dílků; ostatním skryté až do konce.
rr-tip-toolboxes = Bedny s nářadím: čísla udávají počet beden na každé úrovni mačety, kompasu a lopaty; otočení žetonu na řece posune bednu o krok (ze startovní řady do nástroje, pak o úroveň výš); použitím dá bedna efekt své úrovně a vrátí se do startovní řady. V zásobě jsou bedny, které ještě nejsou ve hře.
rr-camp-name = tábor
