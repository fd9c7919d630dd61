# Terminálový program (relicbox play, replay, rules, games).

cli-player = Hráč { $n }
cli-player-bot = Hráč { $n } (bot:{ $bot })
cli-player-reseated = Hráč { $n } ({ $before } do události { $events }, potom { $after })
cli-col-game = Hra
cli-col-players = Hráči
cli-col-options = Volby
cli-col-bots = Boti
cli-games-players = { $low }–{ $high } hráčů
cli-games-default = (výchozí: { $value })
cli-games-bots = boti: { $bots }
cli-games-hint = Volby se píšou za název hry: relicbox play diamant --variant relics
cli-your-turn = { $player }, rozhodněte se
cli-options-title = Vaše možnosti
cli-prompt = Zadejte číslo nebo název akce
cli-prompt-forced = Enter zvolí jedinou možnost ({ $action })
cli-bad-answer = { $answer } není mezi možnostmi: zadejte číslo od 1 do { $count } nebo název akce.
cli-illegal = Nelze: { $reason }
cli-did-you-mean = { $refusal } (Mysleli jste { $action }?)
cli-aliases = Zkratky: { $aliases }
cli-help-hint = Zadejte číslo nebo název akce; 'b' znovu ukáže stůl, '?' pravidla, 'q' nebo 'exit' hru ukončí.
cli-hotseat-pass = Předejte klávesnici: { $player } (ostatní se nedívají), pak stiskněte Enter, nebo napište q pro ukončení.
cli-hotseat-hide = Volba zadána. Stiskněte Enter, obrazovka se skryje.
cli-reveal-wait = Všichni zvolili. Pokračujte stisknutím klávesy Enter.
cli-round-over = Kolo skončilo. Pokračujte stisknutím klávesy Enter.
cli-last-round = Poslední kolo:
cli-game-over = Konec hry
cli-winners = { $count ->
    [one] Vítěz: { $players }
   *[other] Vítězové: { $players }
}
cli-seating = Místa: { $seats }
cli-saved = Hra uložena do { $path }
cli-save-prompt = Uložit hru, abyste v ní mohli později pokračovat?
cli-yes-no = [A/n]
cli-yes-words = a ano y yes
cli-no-words = n ne no
cli-yes-no-hint = Odpovězte a (ano), nebo n (ne).
cli-save-path = Soubor pro uložení
cli-save-refused = Tam uložit nelze: { $reason }. Zadejte jiný název (Ctrl-C skončí bez uložení).
cli-save-failed = Pozor: hru se nepodařilo uložit: { $reason }
cli-interrupted = Hra přerušena.
cli-not-saved = Hra nebyla uložena.
cli-quit-unsaved = Konec bez uložení: hra nebyla uložena.
cli-resume-hint = Pokračujte příkazem: relicbox play --resume { $path }
cli-resumed = { $events ->
    [one] Pokračuje hra { $game } po { $events } zaznamenané události.
   *[other] Pokračuje hra { $game } po { $events } zaznamenaných událostech.
}
cli-finished = Tato hra už skončila; její soubor { $path } zůstává beze změny.
cli-unfinished = Tato hra ještě neskončila, počet rozhodnutí zatím: { $count }. Pokračujte příkazem: relicbox play --resume { $path }
cli-transcript-title = { $players ->
    [one] { $game } — seed { $seed }, { $players } hráč
    [few] { $game } — seed { $seed }, { $players } hráči
   *[other] { $game } — seed { $seed }, { $players } hráčů
}
cli-record-events = { $count ->
    [one] { $count } zaznamenaná událost
    [few] { $count } zaznamenané události
   *[other] { $count } zaznamenaných událostí
}
cli-chance-event = náhoda: { $outcome }
cli-decision-event = { $player }: { $action }
cli-error = Chyba: { $message }
cli-bad-record = Uloženou hru nelze použít: { $detail }
cli-seat-count = { $seats ->
    [one] { $seats } místo zadáno, ale hra má hráčů: { $players }
    [few] { $seats } místa zadána, ale hra má hráčů: { $players }
   *[other] { $seats } míst zadáno, ale hra má hráčů: { $players }
}
cli-no-game = Zadejte hru (jednu z: { $games }) nebo použijte --resume SOUBOR.
cli-save-exists = { $path } už existuje a není uloženou pozicí této hry: zvolte jiný soubor, nebo přidejte --force a soubor se nahradí.
cli-bad-save-path = do { $path } nelze uložit: { $reason }
cli-resume-conflict = --resume pokračuje v uložené hře beze změn: { $option } je v { $path } { $saved }, ne { $given }.
cli-resume-seats = --resume zachovává uložené obsazení míst ({ $saved }); přidejte --reseat, chcete-li hrát s { $given }.
cli-unknown-lang = { $language } není k dispozici: zvolte jeden z jazyků { $langs }
cli-rules-title = { $game }: pravidla ve zkratce
cli-help-title = Nápověda
cli-help-keys = Klávesy: číslo nebo ↑/↓ a Enter volí; samotný Enter vezme jedinou možnost; Ctrl-P a Ctrl-N vrátí dřívější odpovědi; b ukáže stůl; ? otevře tuto nápovědu; q nebo exit hru ukončí (nabídne uložení). Escape nápovědu zavře.
cli-tui-options = Možnosti
cli-tui-log = Poslední události
cli-tui-own = Ty
cli-tui-waiting = Čeká se na: { $player }…
cli-tui-playing = hra pokračuje…
cli-tui-type = napište číslo, akci, ?, q
cli-tui-small = Terminál má { $width }x{ $height }; tato hra se nejlépe hraje na { $needed } nebo větším (PageUp a PageDown posouvají plán).
cli-quit-offer = Hra zastavena. Následuje dotaz na uložení.
cli-version = relicbox { $version }
cli-tui-chosen = Volba zadána.
cli-option-form = volba { $option } musí mít tvar název=hodnota
cli-empty-name = název souboru je prázdný
cli-reseat-needs-seats = --reseat potřebuje nové obsazení míst v -s
cli-reseat-needs-resume = --reseat mění obsazení míst uložené hry: použijte ho s --resume SOUBOR
cli-unexpected-argument = nečekaný argument { $word }: volby hry se píší jako --NÁZEV HODNOTA
cli-option-needs-value = volba --{ $option } potřebuje hodnotu: --{ $option } HODNOTA
