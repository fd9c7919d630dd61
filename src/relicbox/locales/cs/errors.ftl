## Odmítnutí enginu: co hráč napsal nebo zvolil a nelze to použít.

error-unknown-action = neznámý tah { $action } ve hře { $game }: možnosti jsou například { $examples }
error-action-index = číslo tahu { $index } je mimo rozsah hry { $game } (0..{ $last })
error-action-form = tah { $action } nelze přečíst: čeká se { $by_text } nebo { $by_index }
error-foreign-action = tah { $action } s číslem { $index } nepatří ke hře { $game }: jeho číslo musí být celé číslo od 0 do { $last } odpovídající jeho textu
error-action-type = tah { $action } ve hře { $game } nelze přečíst: zadejte jeho text, číslo nebo Action
error-seat-type = místo { $seat } neexistuje: místo je celé číslo (int) od 0 do { $last }
error-no-seat = místo { $seat } neexistuje (místa jsou 0..{ $last })
error-not-now = to teď není dovoleno
error-game-over = hra skončila
error-joint-type = act_joint očekává slovník, který každému místu přiřazuje jeho volbu, ne { $choices }
error-joint-empty = nic není zvoleno: zadejte tah alespoň pro jedno místo
error-joint-chance = nyní nemůže volit nikdo: nejdřív se musí vyhodnotit náhodná událost
error-joint-no-part = místo { $seat } nemá zadaný žádný tah
error-unknown-game = neznámá hra { $game }: k dispozici jsou { $games }
error-unknown-option = neznámá volba { $option } pro hru { $game }: její volby jsou { $options }
error-option-whole-number = volba { $option }={ $value } pro hru { $game } musí být celé číslo od 0 do { $high }
error-option-choice = volba { $option }={ $value } není pro hru { $game } dovolena: vyberte jednu z možností { $choices }
error-players-type = players={ $players } pro hru { $game } musí být celé číslo
error-players-range = { $game }: počet hráčů musí být od { $low } do { $high }, ne { $players }
error-seed = seed={ $seed } musí být celé číslo od { $low } do { $high }

## Odmítnutí herního serveru, na která člověk u stolu může narazit.

error-table-not-started = hra ještě nezačala
error-table-spectator-chat = diváci nemohou psát do chatu
error-table-spectator-act = diváci nemohou hrát
error-table-not-joined = nejdřív pošlete zprávu join
error-table-already-joined = toto spojení už se připojilo
error-table-too-large = zpráva je příliš dlouhá
error-table-binary-message = zprávy jsou text ve formátu JSON: binární rámec byl odmítnut
error-table-rate-limited = příliš mnoho zpráv: zpomalte
error-table-stale = toto rozhodnutí neodpovídá tomu, na co se místo právě ptá (odesláno u kroku { $seq }, stůl je u kroku { $current }): podívejte se na stůl a rozhodněte se znovu
error-table-unavailable = server tohoto stolu je na chvíli nedostupný: zkuste to prosím znovu za několik sekund
error-table-crowded = tento stůl už má { $limit ->
    [one] { $limit } otevřené spojení
    [few] { $limit } otevřená spojení
   *[other] { $limit } otevřených spojení
  }: další diváci se teď dívat nemohou
error-too-many-connections = vaše adresa už má { $limit ->
    [one] { $limit } otevřené spojení
    [few] { $limit } otevřená spojení
   *[other] { $limit } otevřených spojení
  }: nejdřív zavřete některou stránku se stolem
error-unknown-seat = neznámé místo { $seat }: povolené hodnoty jsou { $seats }
error-no-save = uložená hra { $path } neexistuje
error-save-runs-code = { $path } usazuje { $seat }, tedy program nebo kód v Pythonu; uložená hra smí usadit jen lidi a vestavěné boty relicboxu. Chcete-li hrát s tímto botem, zadejte ho sami: relicbox play --resume SOUBOR --reseat -s MÍSTA
error-save-bad-seat = { $path } usazuje { $seat }, což není žádný z botů relicboxu ({ $bots }). Chcete-li usadit jiného bota, zadejte ho sami: relicbox play --resume SOUBOR --reseat -s MÍSTA
error-save-bot-limit = { $path } usazuje { $seat }, jehož { $setting } přesahuje { $limit }, víc uložená hra žádat nesmí. Chcete-li usadit větší hledání, zadejte ho sami: relicbox play --resume SOUBOR --reseat -s MÍSTA
error-table-unknown-bot = neznámý bot { $bot } pro hru { $game }: zvolte jednoho z { $bots }
error-table-bot-limit = bot { $bot }: { $setting } smí být online nejvýš { $limit }
error-table-file-option = volba { $option } potřebuje soubor: online nejde
error-table-seat-count = { $seats ->
    [one] zadáno { $seats } místo
    [few] zadána { $seats } místa
   *[other] zadáno { $seats } míst
}, ale hráčů je { $players }
error-table-one-seat-yours = Vaše může být jen jedno místo
error-table-seat-kind = místo { $seat } musí být volné, bot, nebo Vaše
error-table-takeover-bot = neznámý bot pro zástup { $bot }
error-table-started = hra u tohoto stolu už začala
error-table-full = všechna místa u tohoto stolu jsou obsazená
error-table-seat-taken = místo { $seat } není volné
error-table-not-host = hru může spustit jen ten, kdo stůl založil
error-table-rematch-player = odvetu může chtít jen hráč tohoto stolu
error-table-rematch-early = odveta může začít až po konci hry
error-table-rematch-exists = odveta už existuje: připoj se k ní
error-table-bad-link = tento odkaz na místo u tohoto stolu neplatí
error-table-none = stůl { $table } neexistuje
error-table-record-early = záznam je veřejný až po konci hry
error-record-object = záznam hry má být objekt JSON, ne { $kind }
error-record-format = není to záznam hry relicbox: očekává se formát { $format }
error-record-rules = záznam vznikl podle pravidel { $saved }; tento relicbox hraje { $game } podle pravidel { $current }, takže záznam nelze přesně přehrát
error-state-format = není to stav hry relicbox: očekává se formát { $format }
error-state-game = pole stavu 'game' je { $saved }, očekává se { $game }
error-state-rules = stav byl uložen podle pravidel { $saved }, tento relicbox má { $current }
error-bad-message = server tuto zprávu nedokázal zpracovat
error-http-rate-limited = z vaší adresy přišlo příliš mnoho požadavků: chvíli počkejte a zkuste to znovu
error-http-too-large = požadavek je delší než { $limit } bajtů
error-http-too-deep = JSON je vnořený hlouběji než do { $limit } úrovní
error-http-bad-host = tento server na takové jméno hostitele neodpovídá
error-http-busy = server má otevřeno tolik spojení, kolik zvládne: zkuste to za pár sekund znovu
error-http-too-slow = požadavek přicházel déle než { $seconds } s
error-table-expired = u stolu příliš dlouho nikdo nebyl, a tak byl zrušen
error-quota-open = na hráče už čekají { $limit ->
    [one] { $limit } váš stůl
    [few] { $limit } vaše stoly
   *[other] { $limit } vašich stolů
  }: jeden spusťte, nebo počkejte, až bude některý zrušen
error-quota-hour = za poslední hodinu jste založili { $limit ->
    [one] { $limit } stůl
    [few] { $limit } stoly
   *[other] { $limit } stolů
  }: zkuste to prosím později
error-quota-bots-hour = za poslední hodinu jste založili { $limit ->
    [one] { $limit } stůl
    [few] { $limit } stoly
   *[other] { $limit } stolů
  } jen s boty: zkuste to později, nebo si k novému stolu přisedněte
error-quota-bots-playing = na tomto serveru už { $limit ->
    [one] hraje { $limit } stůl
    [few] hrají { $limit } stoly
   *[other] hraje { $limit } stolů
  } jen s boty: zkuste to později, nebo si k novému stolu přisedněte
