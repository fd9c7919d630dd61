# Rozbor dohrané hry na stránce záznamu (static/replay.js).
web-analysis = Rozbor
web-analysis-button = Rozebrat
web-analysis-of = Rozhodnutí hráče
web-analysis-running = Hru rozebíráme; může to trvat až minutu…
web-analysis-title = Rozhodnutí: { $seat }
web-analysis-col-decision = Rozhodnutí
web-analysis-col-taken = Zvoleno
web-analysis-col-best = Nejlepší
web-analysis-col-value = Hodnota zvoleného [95% IS]
web-analysis-col-best-value = Hodnota nejlepšího
web-analysis-col-loss = Ztráta
web-analysis-col-verdict = Hodnocení
web-analysis-verdict-good = dobře
web-analysis-verdict-mistake = chyba
web-analysis-verdict-blunder = hrubá chyba
web-analysis-summary = { $decisions ->
    [one] Rozebráno jedno rozhodnutí
    [few] Rozebrána { $decisions } rozhodnutí
   *[other] Rozebráno { $decisions } rozhodnutí
  }: { $mistakes ->
    [one] jedna chyba
    [few] { $mistakes } chyby
   *[other] { $mistakes } chyb
  }, { $blunders ->
    [one] jedna hrubá chyba
    [few] { $blunders } hrubé chyby
   *[other] { $blunders } hrubých chyb
  }.
web-analysis-explained = Hodnoty jsou očekávané podíly na výhře z pohledu tohoto hráče (vylosované možné stavy hry, dohrané botem { $bot }, nejvýše { $worlds } na jedno rozhodnutí). Chyba ztrácí alespoň { $mistake } výhry, hrubá chyba alespoň { $blunder }, obojí jen tehdy, když 95% interval ztráty leží nad nulou.
web-analysis-plot = Hodnota každého rozhodnutí: zvolená možnost (čára s 95% pásmem) a nejlepší možnost (body)
web-analysis-plot-taken = zvolená možnost
web-analysis-plot-best = nejlepší možnost
web-analysis-early = hru lze rozebrat, až skončí
web-analysis-hidden = tento stůl ani po hře neukazuje karty hráčů, proto jeho rozhodnutí nelze rozebrat
web-analysis-seat = zvolte místo od 0 do { $last }
web-analysis-failed = rozbor nebyl včas hotov; zkuste to prosím později
web-analysis-budget = z této adresy už byl vyčerpán podíl času serveru na rozbory: zkuste to znovu za { $minutes } min
web-analysis-busy = pro tuto adresu se už rozbory dělají: počkejte, až bude některý hotov
