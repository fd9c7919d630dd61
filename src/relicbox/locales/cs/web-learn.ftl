# Herna slovy, jak hrát na stránce stolu a upozornění při odchodu.
web-summary-diamant = Riskujte v jeskyni: odneste rubíny do tábora dřív, než udeří druhá past.
web-summary-tschak = Stavte družinu patro po patře: nejsilnější bere poklad, nejslabší netvora.
web-summary-relic-runners = Prozkoumejte džungli, stavte stezky a závoďte o relikvie mezi svatyněmi.
web-option-diamant-variant = Relikvie
web-option-diamant-variant-help = Kolik bodů dávají karty relikvií.
web-choice-diamant-variant-base = Klasicky: 5, 5, 5, 10, 10 podle pořadí záchrany
web-choice-diamant-variant-relics = Jedna relikvie za kolo, boduje svou natištěnou hodnotou
web-option-diamant-split = Dělení rubínů z cesty
web-option-diamant-split-help = Jak se dělí rubíny na cestě, když odchází víc hráčů najednou.
web-choice-diamant-split-pooled = Všechny rubíny z cesty dohromady
web-choice-diamant-split-per-card = Karta po kartě
web-option-tschak-chameleon_rank = Chameleon při remíze
web-option-tschak-chameleon_rank-help = Jak se počítá chameleon, když jsou dvě družiny stejně silné.
web-choice-tschak-chameleon_rank-lowest-wizard = Jako nejslabší čaroděj
web-choice-tschak-chameleon_rank-no-wizard = Jako by čaroděj nebyl
web-option-tschak-elixir = Elixír
web-option-tschak-elixir-help = Zda elixír musí odstranit jednu z Vašich karet netvorů.
web-choice-tschak-elixir-mandatory = Vždy odstraní netvora (podle pravidel)
web-choice-tschak-elixir-optional = Jen když to pomůže
web-option-relic-runners-setup = Rozložení chrámů
web-option-relic-runners-setup-help = Jakou barvu dostane který chrám.
web-choice-relic-runners-setup-first = První hra: pevné barvy, bez pokročilých dílků
web-choice-relic-runners-setup-standard = Standardní: v každé čtvrtině jedna od každé barvy
web-choice-relic-runners-setup-random = Náhodně
web-option-relic-runners-abilities = Schopnosti průzkumníků
web-option-relic-runners-abilities-help = Hrát se stranami desek průzkumníků se schopnostmi.
web-choice-relic-runners-abilities-false = Vypnuto
web-choice-relic-runners-abilities-true = Zapnuto (tři z pěti jsou zástupné)
web-option-relic-runners-teleport_ends_turn = Teleport do tábora
web-option-relic-runners-teleport_ends_turn-help = Zda fialový dílek, který Vás přenese do tábora, ukončí tah.
web-choice-relic-runners-teleport_ends_turn-true = Ukončí tah jako vstup do tábora
web-choice-relic-runners-teleport_ends_turn-false = Tah pokračuje
web-option-relic-runners-shovel3 = Lopata, úroveň 3
web-option-relic-runners-shovel3-help = Které body třetí úroveň lopaty zdvojnásobí.
web-choice-relic-runners-shovel3-whole-turn = Všechny body toho tahu
web-choice-relic-runners-shovel3-after = Jen body získané po jejím použití
web-option-relic-runners-i2b = Slonovinový dílek „prohlédnout hromádku“
web-option-relic-runners-i2b-help = Kdy lze tento slonovinový dílek použít.
web-choice-relic-runners-i2b-any-exploration = Při každém průzkumu
web-choice-relic-runners-i2b-explore-only = Jen při běžném průzkumu
web-option-relic-runners-no_progress_rounds = Ukončit zaseknutou hru po
web-option-relic-runners-no_progress_rounds-help = Počet kol, kdy nikdo nezkoumá, nestaví ani nebere relikvii, než hra skončí (0 = nikdy).
web-option-relic-runners-max_turns = Limit tahů
web-option-relic-runners-max_turns-help = Ukončit hru po tolika tazích (prázdné = bez limitu).
web-bot-takeover-warning = Pokud tuto stránku zavřete, za { $seconds ->
    [one] { $seconds } sekundu
    [few] { $seconds } sekundy
   *[other] { $seconds } sekund
  } za Vás začne hrát bot.
web-bot-takeover-other = { $name } odešel/odešla: pokud se nevrátí, za { $seconds ->
    [one] { $seconds } sekundu
    [few] { $seconds } sekundy
   *[other] { $seconds } sekund
  } za něj/ni začne hrát bot.
web-bot-name = Bot { $seat } ({ $bot })
web-how-to-play = Jak hrát
web-key = Co znamenají kódy
web-busy = Odesílám…
web-no-moves-yet = Zatím se nic nestalo.
web-howto-diamant-1 = S ostatními prozkoumáváte jeskyni, kartu po kartě. V každém kroku se všichni, kdo jsou uvnitř, rozhodnou současně: pokračovat, nebo odejít do tábora.
web-howto-diamant-2 = Rubíny z karty se dělí rovným dílem mezi ty uvnitř; zbytek zůstává na cestě. Kdo odchází, sebere zbytky z cesty (dělí se s ostatními odcházejícími) a uloží je do bezpečí.
web-howto-diamant-3 = Druhá past stejného druhu ukončí kolo: kdo je ještě uvnitř, ztratí, co nese. Relikvie získá jen hráč, který odchází sám.
web-howto-diamant-4 = Hraje se pět kol; vyhrává ten, kdo má v truhle nejvíc rubínů.
web-howto-tschak-1 = Čtyři věže po třech patrech. Na každém patře si každý hráč sestaví družinu ze tří karet tří různých druhů (čaroděj, válečník, trpaslík, artefakt), vybraných tajně a odhalených společně: v 1. patře po jedné kartě, ve 2. patře jedna karta a pak dvě, ve 3. patře všechny tři najednou. Co je odhalené, zůstává na očích, takže další volby na to mohou reagovat.
web-howto-tschak-2 = Karty: W čaroděj, R válečník, D trpaslík, číslo je jejich síla; A artefakt, který zdvojí slabší ze dvou postav družiny. W? je chameleon: převezme sílu nejsilnějšího čaroděje s číslem v ostatních družinách na tomtéž patře. Přípona značí symbol, který rozhoduje remízy: * hůlka, + větší sekera, a sekera.
web-howto-tschak-3 = Nejsilnější družina bere poklad patra (C truhla s mincemi, C-1 prokletá truhla, Ring prsten moci, Trophy trofej, Elixir elixír), nejslabší bere netvora (M s lebkami, Trog troglodyt); družiny mezi nimi neberou nic. Stejně silné družiny rozhodne čaroděj, pak válečník, pak trpaslík (počítají se i symboly), nakonec nižší číslo místa.
web-howto-tschak-4 = Po 3. patře drží každý jednu kartu, desátou, a desáté karty soutěží o kořist: nejdřív vyšší hodnota, při stejné hodnotě čaroděj před válečníkem a válečník před trpaslíkem, pak symboly. Nejlepší bere 3 zlaté mince, druhý 2, třetí 1 (ve dvou hráčích jedna hromádka 2 mincí). Chameleon ani artefakt kořist neberou.
web-howto-tschak-5 = Potom se každá ruka předá dalšímu hráči, takže za čtyři věže zahraje každý každou ruku jednou. Ve dvou nebo třech hráčích drží desky na cestě ruce, které v této věži nikdo nehraje.
web-howto-tschak-6 = Body: 1 za každou zlatou minci, truhla své mince, prsteny počet prstenů na druhou; minus mince prokleté truhly, lebky každého netvora a počet troglodytů na druhou. Trofej dává 2 body za každou kartu netvora, kterou máte (ve dvou hráčích 1); elixír napřed odstraní jednu z Vašich karet netvorů.
web-howto-tschak-7 = Vyhrává nejvyšší součet; při stejném součtu vyhrává ten, kdo má méně karet netvorů.
web-howto-relic-runners-1 = V každém tahu posunete průzkumníka po cestách a pak smíte prozkoumat místo, kde skončíte. Jeden pohyb vede nejvýš jednou cestou, která je pro Vás nová, a libovolným počtem cest s Vašimi stezkami, a to buď všemi před ní, nebo všemi po ní; nesmí skončit tam, kde začal.
web-howto-relic-runners-2 = Průzkum stojí 1 příděl; vstup do tábora (CAMP) ukončí tah a dá Vám 3 příděly. Ruina (R) dá svou horní destičku a stezku, kterou položíte na cestu u ní; chrám (T) dá svou horní destičku: slonovinové (I) dávají efekty nebo body, modré (B) body na konci (vidíte je jen Vy), fialové (P) hned jednají. Kód destičky je barva, úroveň a písmeno, např. P3-b; najeďte na destičku myší a uvidíte, co dělá.
web-howto-relic-runners-3 = Cesta s Vaší stezkou je od té chvíle Vaše: další pohyby po ní vedou volně. Na řekách leží žetony beden: každý žeton lícem nahoru na řece, kterou jste prošli, se po pohybu otočí a posune jednu Vaši bednu o krok výš ve stromu mačety, kompasu nebo lopaty; použití bedny (jednou za tah, před pohybem nebo po něm) provede akci její úrovně.
web-howto-relic-runners-4 = Když se vezme poslední destička hromádky, z místa se stane svatyně s relikvií jeho barvy.
web-howto-relic-runners-5 = Výprava za relikvií: začněte tah na svatyni s relikvií a skončete pohyb na jiné svatyni s relikvií stejné barvy: vezmete si tu relikvii a 2 body za každou cestu, kterou jste v tomto tahu prošli.
web-howto-relic-runners-6 = Konec: jakmile hráči dohromady seberou 7, 8, 9 nebo 10 relikvií (ve 2, 3, 4 nebo 5 hráčích), tah se dohraje a každý další hráč má ještě jeden tah.
web-howto-relic-runners-7 = Body: Vaše mince, plus modré destičky, plus 5 bodů za každou barvu relikvií, kterou máte (druhá relikvie téže barvy nepřidá nic), plus bonus slonovinové destičky úrovně 1. Vyhrává nejvyšší součet; při rovnosti rozhoduje více relikvií, pak více barev relikvií.
