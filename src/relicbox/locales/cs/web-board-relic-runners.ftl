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
rr-prompt-move = Jsi na tahu: klikni na zvýrazněné pole na mapě a přesuň se tam.
rr-prompt-post = Pohyb je u konce: prozkoumej toto místo, použij bednu s nářadím, nebo tah ukonči.
rr-prompt-place = { $count ->
    [one] Polož stezku: klikni na zvýrazněnou cestu u { $space }.
    [few] Polož { $count } stezky: klikni na zvýrazněné cesty u { $space }.
   *[other] Polož { $count } stezek: klikni na zvýrazněné cesty u { $space }.
}
rr-prompt-place-anywhere = { $count ->
    [one] Polož stezku: klikni na kteroukoli zvýrazněnou cestu.
    [few] Polož { $count } stezky: klikni na kterékoli zvýrazněné cesty.
   *[other] Polož { $count } stezek: klikni na kterékoli zvýrazněné cesty.
}
rr-prompt-steps = { $count ->
    [one] Posuň bednu o jeden krok: klikni na zvýrazněné místo ve stromu nářadí.
    [few] Posuň bedny o { $count } kroky: klikej na zvýrazněná místa ve stromu nářadí.
   *[other] Posuň bedny o { $count } kroků: klikej na zvýrazněná místa ve stromu nářadí.
}
rr-prompt-flip = Klikni na zvýrazněný žeton bedny na mapě a otoč ho.
rr-prompt-target = Vyber, kam se vydáš z { $space }: klikni na zvýrazněné pole.
rr-prompt-pick = Vyber, kterou destičku vezmeš z hromádky na { $space }.
rr-prompt-keep = Ponecháš si { $held }, nebo vezmeš { $new }?
rr-prompt-lift = Klikni na jednu ze svých zvýrazněných stezek, zvedni ji a polož jinam.
rr-prompt-start = Vyber výchozí pole: klikni na zvýrazněné pole.
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
rr-colour = { $colour ->
    [red] červená
    [green] zelená
    [blue] modrá
    [yellow] žlutá
   *[black] černá
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
