# rr messages (cs)

rr-title = Relic Runners
rr-turn = Tah { $turn }
rr-to_play = Hraje { $player }
rr-final_round = poslední kolo
rr-extra_turn = tah navíc
rr-truncated = ukončeno limitem tahů
rr-truncated_no_progress = ukončeno pravidlem o hře bez pokroku
rr-relics_line = Získané relikvie: { $collected } (poslední kolo začne při { $needed })
rr-camp_rations = Proviant v táboře: { $count }
rr-tokens_line = Žetony beden lícem vzhůru: { $tokens }
rr-none = žádné
rr-hidden = skryto
rr-player = Hráč { $seat }
rr-seat = Hráč
rr-colour = Barva
rr-score = Celkem
rr-coins = Body
rr-blue = Modré
rr-relic_bonus = Relikvie
rr-ivory_bonus = Slonovina
rr-relic_count = Počet relikvií
rr-winner = Vítěz
rr-yes = ano
rr-legend =
    Legenda: [bold white]T[/] slonovinový, [bold blue]T[/] modrý, [bold magenta]T[/] fialový chrám, [green]R[/] ruiny, [bold cyan]CAMP[/] základní tábor,
    { "[" }bold yellow]*[/] relikvie na svatyni, ☻ průzkumník; · cesta džunglí, [cyan]~[/] cesta přes řeku;
    • stezka, ≈ stezka přes řeku, = stezky více hráčů (v barvách hráčů);
    { "[" }bold yellow]◆[/] žeton bedny lícem nahoru, ◇ šedý žeton bedny
rr-spaces = Místa
rr-kind_camp = tábor
rr-kind_ruin = ruiny
rr-kind_ivory = slonovinový chrám
rr-kind_blue = modrý chrám
rr-kind_purple = fialový chrám
rr-kind_temple = chrám
rr-stack = sloupek { $levels }
rr-shrine = svatyně
rr-top = navrchu: { $tile }
rr-relic_here = relikvie: { $relic }
rr-explorers_here = průzkumníci: { $who }
rr-board_of = { $player } ({ $colour }{ $ability }) na { $position }
rr-you = vy
rr-rations = proviant { $bar }
rr-pathways_left = stezek v zásobě { $count }
rr-toolboxes = bedny: rezerva { $reserve }, okraj { $start } | { $branches }
rr-toolboxes_short = bedny: rezerva { $reserve }, okraj { $start }
rr-branch_line = { $branch } { $levels }
rr-ivory_tiles = slonovina: { $tiles }
rr-blue_tiles = modré žetony: { $tiles }
rr-relics_held = relikvie: { $relics }
rr-coins_held = body: { $coins }
rr-this_turn = Tento tah: z { $start }, trasa { $route }, { $moved ->
    [one] { $moved } cesta
    [few] { $moved } cesty
   *[other] { $moved } cest
}{ $flags }
rr-flag_unexplored = , neprozkoumaná cesta použita
rr-flag_explored = , prozkoumáno
rr-flag_tool = , bedna použita
rr-flag_double = , body zdvojeny
rr-decision_keep = Ponechte si jeden slonovinový žeton: { $held } nebo { $new }
rr-decision_place = Položte stezku (zbývá { $count }){ $where }
rr-decision_place_near = { " " }na cestu u { $near }
rr-decision_place_any = { " " }na libovolnou cestu
rr-decision_lift = Zvedněte jednu ze svých stezek a přesuňte ji
rr-decision_steps = Posuň své bedny s nářadím: { $count ->
    [one] { $count } krok
    [few] { $count } kroky
   *[other] { $count } kroků
}
rr-decision_flip = Otočte žeton bedny (zbývá { $left })
rr-decision_target = Prozkoumejte ruiny nebo chrám vedle { $space }
rr-decision_pick = Vezměte si z { $space } žeton dle své volby
rr-decision_start = Vyberte, kde váš průzkumník začne
rr-relic_toad = ropucha
rr-relic_skull = lebka
rr-relic_bird = rajka
rr-relic_juju = žužu
rr-branch_machete = mačeta
rr-branch_compass = kompas
rr-branch_shovel = lopata
rr-colour_red = červený
rr-colour_green = zelený
rr-colour_blue = modrý
rr-colour_yellow = žlutý
rr-colour_black = černý
rr-act_move = → { $b }, { $how }
rr-how_pathway = vaše stezka
rr-how_unexplored = neprozkoumaná cesta
rr-how_river = , řeka
rr-how_token = , žeton bedny vzhůru
rr-act_stop = zastavit zde, na { $space }
rr-act_explore = prozkoumat { $space } za 1 proviant
rr-act_end = ukončit tah
rr-act_done = už žádné žetony neotáčej
rr-act_done_place = nepokládat žádnou stezku (slonovinový žeton si ponechat)
rr-act_path = položit stezku na { $a }–{ $b }
rr-act_lift = zvednout svou stezku z { $a }–{ $b }
rr-act_jump = přenést se na { $space } místo pohybu (I2-f)
rr-act_start = začít na { $space }
rr-act_target = prozkoumat odsud { $space }
rr-act_flip = otočit žeton bedny { $token } na řece { $trail } ({ $state })
rr-token_up_to_down = barevný → šedý
rr-token_down_to_up = šedý → barevný
rr-act_keep = ponechat si { $tile }: { $effect }
rr-act_pick = vzít žeton { $level }. stupně{ $seen }
rr-act_step_start = posuň bednu z dolního okraje na { $branch }, 1. stupeň
rr-act_step_up = posuň bednu na větvi { $branch } z { $level }. na { $next }. stupeň
rr-act_use = použít bednu { $branch } { $level }: { $effect }
rr-act_use_ivory = použít { $tile }: { $effect }
rr-tool_machete_1 = akce chrámu zde bez proviantu
rr-tool_machete_2 = vzít 2 balíčky proviantu
rr-tool_machete_3 = 4 body za každou svou relikvii
rr-tool_compass_1 = přesunout 1 svou stezku kamkoliv
rr-tool_compass_2 = přesunout 2 své stezky kamkoliv
rr-tool_compass_3 = 2 body za každou stezku nejdelší linie
rr-tool_shovel_1_toolbox = přidat bednu z rezervy
rr-tool_shovel_1_vp = získej 2 body
rr-tool_shovel_2 = položit stezku u svého místa
rr-tool_shovel_3 = zbytek tahu zdvojnásob zisk bodů
rr-I3-a = +1 bod za každou položenou stezku
rr-I3-b = +1 bod, když první zkoumáš ruiny či chrám
rr-I3-c = +1 bod, když získáte body při průzkumu chrámu
rr-I3-d = +1 proviant, když soupeř přesune stezku
rr-I3-e = +1 proviant při návratu do tábora
rr-I3-f = při odchodu z tábora otočit žeton bedny
rr-I2-a = jednou: neprozkoumaná cesta mezi stezkami
rr-I2-b = jednou: prohlédnout sloupek chrámu a vzít libovolný žeton
rr-I2-c = jednou: na začátku tahu doplň proviant na 5
rr-I2-d = jednou: položit dvě stezky místo jedné
rr-I2-e = jednou: položit stezku na libovolnou cestu
rr-I2-f = jednou: přenést se na chrám stejné barvy
rr-I1-a = konec: 3 body za každý slonovinový žeton
rr-I1-b = konec: 2 body za každý proviant
rr-I1-c = konec: 5 bodů za každou relikvii stejné barvy navíc
rr-I1-d = konec: 1 bod za každou stezku na plánu
rr-I1-e = konec: 4 body za každou bednu na tabulce
rr-I1-f = konec: jeden tah navíc
rr-P-a = získej 3 body
rr-P-b = posuň bednu o stupeň
rr-P-c = vzít 2 balíčky proviantu
rr-P-d = přidat bednu z rezervy
rr-P-e = přenést se do tábora, vzít 3 proviant, konec tahu
rr-P-f = přesunout jednu svou stezku kamkoliv
rr-P-g = prozkoumat sousední ruiny nebo chrám
rr-P-h = otočit až 2 žetony beden
rr-ability_extra-toolbox = druhá bedna na dolním okraji
rr-ability_head-start = může začít o cestu dál od tábora
rr-ability_camp-pathway = začíná se stezkou u tábora (zástupná)
rr-ability_full-pack = začíná s 5 proviantu (zástupná)
rr-ability_big-refill = v táboře bere 4 proviant (zástupná)
rr-ev_turn = — Tah { $turn }: { $player } —
rr-ev_move = { $player } jde { $route }
rr-ev_jump = { $player } se přenáší z { $a } na { $b }
rr-ev_tokens = { $player } otáčí žetony beden { $tokens } na šedou
rr-ev_reset = Všechny žetony beden jsou opět lícem vzhůru; { $player } získává krok navíc
rr-ev_relic = { $player } dokončuje expedici na { $space } a bere relikvii { $relic } ({ $trails ->
    [one] { $trails } cesta
    [few] { $trails } cesty
   *[other] { $trails } cest
})
rr-ev_coins = { $player } získává { $amount ->
    [one] { $amount } bod
    [few] { $amount } body
   *[other] { $amount } bodů
} ({ $reason })
rr-ev_rations = { $player } bere { $amount ->
    [one] { $amount } dávku proviantu
    [few] { $amount } dávky proviantu
   *[other] { $amount } dávek proviantu
} ({ $reason })
rr-ev_shrine = Na { $space } se objevila svatyně s relikvií { $relic }
rr-ev_final = { $player } získal relikvii, která spouští poslední kolo
rr-ev_ruin = { $player } zkoumá ruiny na { $space }
rr-ev_ivory = { $player } bere slonovinový žeton { $tile } na { $space }
rr-ev_blue = { $player } bere modrý žeton ({ $level }. stupeň) na { $space }
rr-ev_show = { $player } ukazuje modrý žeton { $tile }
rr-ev_purple = { $player } bere fialový žeton { $tile } na { $space }
rr-ev_teleport = { $player } se přenáší do tábora
rr-ev_toolbox = { $player } přidává bednu na dolní okraj tabulky
rr-ev_target = { $player } zkoumá { $space } z fialového chrámu
rr-ev_relocate = { $player } přesouvá stezku z { $a } na { $b }
rr-ev_pathway = { $player } pokládá stezku na { $trail }
rr-ev_keep = { $player } si nechává { $tile } a odhazuje { $dropped }
rr-ev_flip = { $player } otáčí žeton { $token } na { $state }
rr-ev_step = { $player } posouvá bednu ({ $toolbox })
rr-ev_use_ivory = { $player } používá slonovinový žeton { $tile }
rr-ev_tool = { $player } používá bednu: { $toolbox }
rr-ev_start = { $player } začíná na { $space }
rr-ev_extra = { $player } odhazuje I1-f a hraje tah navíc
rr-ev_stall = Už nelze získat žádnou relikvii: hra končí
rr-ev_no_progress = { $rounds ->
    [one] { $rounds } kolo
    [few] { $rounds } kola
   *[other] { $rounds } kol
} bez průzkumu, nové stezky či relikvie: hra končí (pravidlo o hře bez pokroku)
rr-ev_truncated = Hra končí na limitu { $turns ->
    [one] { $turns } tahu
   *[other] { $turns } tahů
}
rr-ev_over = Konec hry
rr-up = barevnou stranu
rr-down = šedou stranu
rr-reason_first = první průzkumník
rr-reason_compensation = kompenzace
rr-reason_blue = bonus modrého chrámu
rr-reason_shown = ukázaný modrý žeton
rr-reason_purple = fialový chrám
rr-reason_pathway = položená stezka
rr-reason_machete = mačeta
rr-reason_compass = kompas
rr-reason_shovel = lopata
rr-reason_expedition = expedice
rr-reason_camp = tábor
rr-reason_I2-c = I2-c
rr-reason_I3-d = I3-d
# The words an action starts with, as shown in option lists and typed at the prompt.
rr-verb-move = jít
rr-verb-stop = zastavit
rr-verb-explore = prozkoumat
rr-verb-end = ukončit
rr-verb-done = hotovo
rr-verb-path = položit
rr-verb-lift = zvednout
rr-verb-jump = přenést
rr-verb-start = začít
rr-verb-target = cíl
rr-verb-flip = otočit
rr-verb-keep = ponechat
rr-verb-pick = vzít
rr-verb-step = krok
rr-verb-use = použít
rr-aliases-move = napište číslo, akci, např. „{ $move }“, nebo jen místo, kam jít, např. „{ $space }“
rr-aliases-one = napište 1 nebo akci „{ $example }“
rr-aliases = napište číslo nebo název akce, např. „{ $example }“
rr-aliases-any = napište číslo nebo název akce
rr-rules =
    Cíl: mít na konci nejvíc bodů z výprav, chrámů, relikvií a slonovinových žetonů.

    Tah: musíte se pohnout, pak smíte prozkoumat místo, kde jste skončili.
    • Pohyb: smíte použít nejvýš jednu cestu bez vlastní stezky (neprozkoumanou) a
      libovolně mnoho svých stezek, všechny před ní, nebo všechny po ní. Vstup do
      základního tábora ukončí pohyb i tah a dá vám 3 dávky proviantu (nikdy víc než 5).
    • Průzkum (stojí 1 proviant): ruiny vám dovolí položit stezku na sousední cestu;
      slonovinový chrám dá žeton s trvalou nebo jednorázovou schopností (jeden na
      stupeň); modrý chrám dá tajný žeton za 2–5 bodů; fialový chrám okamžitý účinek.
    • Jednou za tah smíte použít jednu bednu s nářadím ze své tabulky postupu. Žetony
      beden leží jen na cestách přes řeku: přejdete-li takovou cestu se žetonem lícem
      nahoru, žeton se otočí na šedou a každý otočený žeton posune bednu o stupeň.

    Svatyně: když se z ruin nebo chrámu vezme poslední žeton, vznikne tam svatyně
    s relikvií jeho barvy. Výprava za relikvií: začněte tah na svatyni s relikvií a skončete
    pohyb na jiné svatyni s relikvií stejné barvy: vezmete si ji a 2 body za každou
    cestu, kterou jste v tahu prošli.

    Konec: jakmile hráči dohromady získají 7/8/9/10 relikvií (2/3/4/5 hráčů), ostatní
    mají ještě po jednom tahu. Body: získané během hry, modré žetony, 5 bodů za každou
    jinou barvu relikvie, koncové bonusy slonoviny.
    Remíza: vyhrává víc relikvií, pak víc různých relikvií; jinak se o výhru dělí.

    Na mapě: chrámy jsou T (bílý slonovinový, modrý, fialový), ruiny R, základní
    tábor CAMP, relikvie *, průzkumník ☻; ~ je řeka; cesta v barvě hráče (•, ≈) je
    jeho stezka; ◆ a ◇ jsou žetony beden (lícem nahoru, šedý).
rr-ev_end = { $player } končí tah
rr-ev_end_camp = { $player } končí tah: vstup do základního tábora ukončuje pohyb i tah
rr-ev_end_teleport = { $player } končí tah přesunem do tábora
rr-expedition_hint = Výprava: začali jste na svatyni s relikvií ({ $relic }); skončete pohyb na { $spaces } a vezmete tamní relikvii a 2 body za každou prošlou cestu.
