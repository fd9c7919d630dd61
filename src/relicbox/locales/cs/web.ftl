# Webové stránky (ze serveru i v prohlížeči).
web-language = Jazyk
web-unofficial = relicbox je neoficiální implementace. Názvy her jsou ochranné známky svých vydavatelů.
web-lobby = Herna
web-your-name = Vy
web-name = Jméno
web-name-placeholder = Vaše jméno u stolu
web-new-table = Nový stůl
web-game = Hra
web-players = Počet hráčů
web-options = Volby
web-seats = Místa
web-seat-n = Místo { $seat }
web-seat-me = Já
web-seat-open = Volné (pozvěte někoho)
web-seat-bot = Bot: { $bot }
web-clock = Hodiny
web-clock-mode = Časový limit
web-clock-none = Žádný
web-clock-move = Na každé rozhodnutí
web-clock-game = Na hráče za celou hru
web-clock-seconds = Sekundy
web-grace = Za kolik sekund převezme bot hráče, který odešel
web-create = Založit stůl
web-open-tables = Volné stoly
web-playing-tables = Rozehrané hry
web-finished-tables = Dohrané hry
web-no-tables = Zatím žádné.
web-join = Přisednout
web-watch = Dívat se
web-replay = Záznam hry
web-need-name = Nejdřív prosím zadejte své jméno.
web-table-line = { $title }, { $players ->
    [one] { $players } hráč
    [few] { $players } hráči
   *[other] { $players } hráčů
  }: { $seats }
web-open-seats = { $count ->
    [0] žádné volné místo
    [one] { $count } volné místo
    [few] { $count } volná místa
   *[other] { $count } volných míst
  }
web-invite = Odkaz pro pozvání:
web-copy = Kopírovat
web-copied = Zkopírováno.
web-start-now = Začít hned (volná místa obsadí boti)
web-your-move = Váš tah
web-result = Výsledek
web-rematch = Odveta
web-join-rematch = Přisednout k odvetě
web-download-record = Stáhnout záznam
web-board-text = Hrací plán jako text
web-log = Co se stalo
web-chat = Chat
web-send = Odeslat
web-seat-link = Odkaz na vaše místo (otevřete ho na jiném zařízení a hrajte odtamtud):
web-status-open = Čeká se, až přisednou hráči.
web-status-waiting = Čeká se na: { $names }.
web-status-your-turn = Jste na tahu.
web-status-your-turn-waiting = Jste na tahu. Čeká se také na: { $names }.
web-status-done-waiting = Vaše volba je zadaná. Čeká se na: { $names }.
web-status-over = Hra skončila.
web-status-watching = Díváte se.
web-status-reconnecting = Spojení se přerušilo, připojuji znovu…
web-winner = { $count ->
    [one] Vítěz: { $names }
   *[other] Vítězové: { $names }
  }
web-you = vy
web-host = zakladatel
web-bot = bot: { $bot }
web-offline = odpojen
web-away = pryč, hraje za něj bot
web-abandoned = hru opustil
web-open = volné
web-clock-left = { $seconds ->
    [one] zbývá { $seconds } sekunda
    [few] zbývají { $seconds } sekundy
   *[other] zbývá { $seconds } sekund
  }
web-error = Nelze: { $message }
web-error-bad-token = Tento odkaz na místo k tomuto stolu nepatří.
web-replay-first = První krok
web-replay-prev = Předchozí krok
web-replay-next = Další krok
web-replay-last = Poslední krok
web-replay-step = Krok { $step } z { $steps }
web-replay-as = Pohled
web-replay-public = Všichni (veřejné)
web-back-to-table = Zpět ke stolu
web-watchers = { $count ->
    [one] { $count } divák se dívá
    [few] { $count } diváci se dívají
   *[other] { $count } diváků se dívá
  }
web-player = Hráč { $seat }
web-tie-shared = Shoda na { $score } mezi: { $names }. { $rule } O vítězství se dělí.
web-tie-broken = Shoda na { $score } mezi: { $names }. { $rule } Vítězí { $winners }.
web-tiebreak-diamant = Diamant shodu nerozhoduje.
web-tiebreak-tschak = Při shodě vyhrává ten, kdo má méně karet nestvůr.
web-tiebreak-relic-runners = Při shodě rozhoduje více relikvií, pak více barev relikvií.
web-player-bot = Hráč { $seat } (bot:{ $bot })
web-bot-choice-random = Bot: náhodné tahy
web-bot-choice-rule = Bot: hraje podle osvědčených pravidel
web-bot-choice-rule-v1 = Bot: osvědčená pravidla, první verze
web-bot-choice-cautious = Bot: opatrný
web-bot-choice-expert = Bot: počítá všechny truhly a poslední kolo hraje na výhru
web-bot-choice-search = Bot: propočítává tahy dopředu, nejvýš { $seconds } s na tah
