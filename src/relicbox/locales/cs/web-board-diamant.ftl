# Herní plán Diamantu na stránce stolu.
diamant-round = Kolo { $round } z { $rounds }
diamant-barricades = { $closed ->
    [0] Vchody do jeskyní: zatím žádný zavřený, celkem { $rounds }
   *[other] Vchody do jeskyní: zavřeno { $closed } z { $rounds }
}
diamant-deck = { $count ->
    [one] V balíčku je { $count } karta
    [few] V balíčku jsou { $count } karty
    [many] V balíčku je { $count } karty
   *[other] V balíčku je { $count } karet
}
diamant-next-relic = Další zachráněná relikvie má hodnotu { $value } bodů
diamant-path = Cesta jeskyní
diamant-path-empty = V tomto kole ještě nebyla odkryta žádná karta.
diamant-path-gems = { $gems ->
    [0] Na cestě neleží žádné rubíny.
    [one] Na cestě leží { $gems } rubín.
    [few] Na cestě leží { $gems } rubíny.
    [many] Na cestě leží { $gems } rubínu.
   *[other] Na cestě leží { $gems } rubínů.
}
diamant-card-treasure = { $gems ->
    [0] Poklad { $rubies } rubínů, na kartě už nic nezbylo
    [one] Poklad { $rubies } rubínů, na kartě zbyl { $gems } rubín
    [few] Poklad { $rubies } rubínů, na kartě zbyly { $gems } rubíny
    [many] Poklad { $rubies } rubínů, na kartě zbylo { $gems } rubínu
   *[other] Poklad { $rubies } rubínů, na kartě zbylo { $gems } rubínů
}
diamant-gems-left = { $gems ->
    [one] zbyl { $gems } rubín
    [few] zbyly { $gems } rubíny
    [many] zbylo { $gems } rubínu
   *[other] zbylo { $gems } rubínů
}
diamant-card-relic = Relikvie
diamant-card-relic-value = Relikvie za { $value }
diamant-trap = { $trap ->
    [spiders] Pavouci
    [snakes] Hadi
    [lava] Láva
    [boulders] Zával
   *[rams] Beranidlo
}
diamant-traps-seen = Nebezpečí na cestě:
diamant-no-traps = Na cestě zatím žádné nebezpečí není.
diamant-removed = Vyřazeno ze hry:
diamant-continue = Pokračovat
diamant-leave = Odejít
diamant-continue-hint = Jít hlouběji do jeskyně
diamant-leave-hint = Vrátit se s rubíny do tábora
diamant-you-chose = { $choice ->
    [continue] Pokračujete. Čeká se na ostatní…
   *[leave] Odcházíte. Čeká se na ostatní…
}
diamant-waiting-for = Čeká se na: { $names }
diamant-at-camp = Do konce kola jste zpět v táboře.
diamant-spectating = Sledujete tento stůl.
diamant-chance-show = Šance, že příští karta ukončí kolo
diamant-chance = { $percent } % — { $danger ->
    [one] kolo by ukončila { $danger } z { $deck } karet v balíčku
    [few] kolo by ukončily { $danger } z { $deck } karet v balíčku
    [many] kolo by ukončilo { $danger } z { $deck } karet v balíčku
   *[other] kolo by ukončilo { $danger } z { $deck } karet v balíčku
}
diamant-chance-none = Kolo zatím žádná karta ukončit nemůže: na cestě není žádné nebezpečí.
diamant-chance-trap = { $left ->
    [0] { $trap }: v balíčku už žádná karta
    [one] { $trap }: v balíčku ještě { $left } karta
    [few] { $trap }: v balíčku ještě { $left } karty
    [many] { $trap }: v balíčku ještě { $left } karty
   *[other] { $trap }: v balíčku ještě { $left } karet
}
diamant-explorers = Průzkumníci
diamant-inside = v jeskyni
diamant-camp = v táboře
diamant-chosen = už se rozhodl(a)
diamant-deciding = rozhoduje se…
diamant-pocket = { $gems ->
    [one] u sebe { $gems } rubín
    [few] u sebe { $gems } rubíny
    [many] u sebe { $gems } rubínu
   *[other] u sebe { $gems } rubínů
}
diamant-chest = Truhla: { $gems }
diamant-chest-hidden = Truhla: zavřená
diamant-relics = { $count ->
    [0] žádná relikvie
    [one] { $count } relikvie
    [few] { $count } relikvie
    [many] { $count } relikvie
   *[other] { $count } relikvií
}
diamant-score = { $points ->
    [one] { $points } bod
    [few] { $points } body
    [many] { $points } bodu
   *[other] { $points } bodů
}
diamant-reveal-title = Volby odkryté po { $card }. kartě { $round }. kola
diamant-reveal-leaves = odchází
diamant-reveal-continues = pokračuje
diamant-summary-title = Kolo { $round } skončilo
diamant-summary-trap = { $trap ->
    [spiders] Pavouci podruhé: kdo zůstal v jeskyni, utekl s prázdnou.
    [snakes] Hadi podruhé: kdo zůstal v jeskyni, utekl s prázdnou.
    [lava] Láva podruhé: kdo zůstal v jeskyni, utekl s prázdnou.
    [boulders] Druhý zával: kdo zůstal v jeskyni, utekl s prázdnou.
   *[rams] Druhé beranidlo: kdo zůstal v jeskyni, utekl s prázdnou.
}
diamant-summary-all-left = Všichni se v pořádku vrátili do tábora.
diamant-summary-left = { $relics ->
    [0] { $gems ->
        [one] odešel s { $gems } rubínem
       *[other] odešel s { $gems } rubíny
    }
   *[other] { $gems ->
        [one] odešel s { $gems } rubínem a relikvií
       *[other] odešel s { $gems } rubíny a relikvií
    }
}
diamant-summary-caught = { $gems ->
    [0] zůstal v jeskyni s prázdnýma rukama
    [one] zůstal v jeskyni a přišel o { $gems } rubín
    [few] zůstal v jeskyni a přišel o { $gems } rubíny
    [many] zůstal v jeskyni a přišel o { $gems } rubínu
   *[other] zůstal v jeskyni a přišel o { $gems } rubínů
}
diamant-summary-relics-lost = { $count ->
    [one] V jeskyni zůstává ztracená jedna relikvie.
    [few] V jeskyni zůstávají ztracené { $count } relikvie.
    [many] V jeskyni zůstává ztraceno { $count } relikvie.
   *[other] V jeskyni zůstává ztraceno { $count } relikvií.
}
diamant-final-title = Konečné pořadí
diamant-col-player = Hráč
diamant-col-points = Body
diamant-col-relics = Relikvie
diamant-col-winner = Výsledek
diamant-winner = Vítěz
