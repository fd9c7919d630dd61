# Herní plán hry Tschak! na stránce stolu.
tschak-tower-of = Věž { $tower } ze { $towers }
tschak-over = Hra skončila.
tschak-setup = Věž se připravuje…
tschak-step = { $need ->
    [one] Patro { $floor }: vyberte jednu kartu
    [few] Patro { $floor }: vyberte naráz { $need } karty
   *[other] Patro { $floor }: vyberte naráz { $need } karet
}
tschak-tower-label = Věž { $tower }: tři patra, na každém netvor a poklad, nahoře kořist
tschak-loot = Hromádky kořisti: { $piles }
tschak-decks = Balíčky: netvoři { $monsters }, poklady { $treasures }
tschak-passing = Karty se předávají: { $order }
tschak-road-board = deska na cestě
tschak-kind-monster = netvor
tschak-kind-treasure = poklad
tschak-tower-unknown = ještě nevyložena
tschak-trog = Troglodyt
tschak-monster = { $skulls ->
    [one] Netvor s { $skulls } lebkou
   *[other] Netvor s { $skulls } lebkami
}
tschak-cursed = { $skulls ->
    [one] Prokletá truhla, { $skulls } lebka
    [few] Prokletá truhla, { $skulls } lebky
   *[other] Prokletá truhla, { $skulls } lebek
}
tschak-chest = { $coins ->
    [one] Truhla s { $coins } mincí
   *[other] Truhla s { $coins } mincemi
}
tschak-treasure = { $name ->
    [ring] Prsten moci
    [trophy] Trofej
   *[elixir] Elixír
}
tschak-won-by = { $card }, získává { $player }
tschak-card = { $cls ->
    [wizard] { $chameleon ->
        [yes] Chameleon (kouzelník)
       *[no] { $icon ->
            [yes] Kouzelník { $value } s hůlkou
           *[no] Kouzelník { $value }
        }
    }
    [warrior] { $icon ->
        [yes] Válečník { $value } s větší sekerou
       *[no] Válečník { $value }
    }
    [dwarf] { $icon ->
        [yes] Trpaslík { $value } se sekerou
       *[no] Trpaslík { $value }, holýma rukama
    }
   *[artifact] Artefakt (zdvojí slabší postavu)
}
tschak-face-down = karta lícem dolů
tschak-choosing = vybírá…
tschak-ready = připraven
tschak-floor-parties = Družiny v patře { $floor }
tschak-your-hand = Vaše ruka
tschak-your-picks = Vybráno lícem dolů:
tschak-prompt = { $left ->
    [one] Klikněte na kartu, kterou zahrajete.
    [few] Klikněte postupně na { $left } karty, které zahrajete.
   *[other] Klikněte postupně na { $left } karet, které zahrajete.
}
tschak-class = { $cls ->
    [wizard] Kouzelníci
    [warrior] Válečníci
    [dwarf] Trpaslíci
   *[artifact] Artefakt
} ({ $count })
tschak-play = Zahrát: { $card }
tschak-cannot-play = { $card } teď zahrát nelze: { $reason }
tschak-why-waiting = už jste vybrali, čeká se na ostatní
tschak-why-not-now = teď ji zahrát nelze
tschak-why-clash = { $cls ->
    [wizard] vaše družina už má kouzelníka ({ $card })
    [warrior] vaše družina už má válečníka ({ $card })
    [dwarf] vaše družina už má trpaslíka ({ $card })
   *[artifact] vaše družina už má artefakt ({ $card })
}
tschak-strength = síla { $strength }
tschak-floor-result = Věž { $tower }, patro { $floor }: družiny
tschak-took-treasure = Nejsilnější: { $player } bere { $card }.
tschak-took-monster = Nejslabší: { $player } bere { $card }.
tschak-tie-strongest = { $cls ->
    [wizard] { $player } a { $rival } mají shodně { $strength }: rozhoduje kouzelník ({ $mine } přebíjí { $theirs }).
    [warrior] { $player } a { $rival } mají shodně { $strength } i stejné kouzelníky: rozhoduje válečník ({ $mine } přebíjí { $theirs }).
    [dwarf] { $player } a { $rival } mají shodně { $strength }, stejné kouzelníky i válečníky: rozhoduje trpaslík ({ $mine } přebíjí { $theirs }).
   *[seat] { $player } a { $rival } se shodují ve všem: shodu vyhrává dřívější místo u stolu.
}
tschak-tie-weakest = { $cls ->
    [wizard] { $player } a { $rival } mají shodně { $strength }: netvora bere slabší kouzelník ({ $mine } proti { $theirs }).
    [warrior] { $player } a { $rival } mají shodně { $strength } i stejné kouzelníky: netvora bere slabší válečník ({ $mine } proti { $theirs }).
    [dwarf] { $player } a { $rival } mají shodně { $strength }, stejné kouzelníky i válečníky: netvora bere slabší trpaslík ({ $mine } proti { $theirs }).
   *[seat] { $player } a { $rival } se shodují ve všem: netvora bere pozdější místo u stolu.
}
tschak-loot-result = Kořist věže { $tower }: desáté karty
tschak-loot-gold = { $gold ->
    [0] žádné zlato
    [one] { $gold } zlatá mince
    [few] { $gold } zlaté mince
   *[other] { $gold } zlatých mincí
}
tschak-hands-passed = Všechny ruce se předaly doleva pro další věž.
tschak-players = Hráči
tschak-gold = { $gold ->
    [one] { $gold } zlatá mince
    [few] { $gold } zlaté mince
   *[other] { $gold } zlatých mincí
}
tschak-won-cards = { $monsters ->
    [one] 1 netvor
    [few] { $monsters } netvoři
   *[other] { $monsters } netvorů
}, { $treasures ->
    [one] 1 poklad
    [few] { $treasures } poklady
   *[other] { $treasures } pokladů
}
tschak-final = Konečné pořadí
tschak-col-player = Hráč
tschak-col = { $col ->
    [gold] Zlato
    [chests] Truhly
    [rings] Prsteny
    [cursed] Prokletí
    [trophy] Trofej
    [monsters] Netvoři
    [troglodytes] Troglodyti
    [elixir] Elixír odebral
   *[total] Celkem
}
tschak-winners = { $count ->
    [one] Vítěz: { $names }
   *[other] Vítězové: { $names }
}
tschak-short = { $code ->
    [Ring] Prsten
    [Trog] Troglodyt
    [Trophy] Trofej
    [Elixir] Elixír
   *[other] { $code }
  }
tschak-decision-hint = Družina, kterou na tomto patře skládáte: nejsilnější bere poklad, nejslabší netvora; vyšší číslo je silnější, artefakt zdvojí Vaši slabší postavu.
