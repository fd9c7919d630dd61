# relicbox analyze: rozbor dohrané hry tah po tahu.
analyze-title = { $game }: { $decisions ->
    [one] rozebráno jedno rozhodnutí
    [few] rozebrána { $decisions } rozhodnutí
   *[other] rozebráno { $decisions } rozhodnutí
  }, možné průběhy dohrává bot { $bot }
analyze-progress = Rozbor
analyze-col-event = Událost
analyze-col-seat = Místo
analyze-col-taken = Zvoleno
analyze-col-best = Nejlepší
analyze-col-value = Hodnota zvoleného ±95% IS
analyze-col-best-value = Hodnota nejlepšího
analyze-col-loss = Ztráta
analyze-col-verdict = Hodnocení
analyze-col-decisions = Rozhodnutí
analyze-col-mistakes = Chyby
analyze-col-blunders = Hrubé chyby
analyze-col-mean-loss = Průměrná ztráta
analyze-verdict-good = dobře
analyze-verdict-mistake = chyba
analyze-verdict-blunder = hrubá chyba
analyze-seat-name = Místo { $seat }
analyze-thresholds = Hodnoty jsou očekávané podíly na výhře z pohledu daného místa. Chyba ztrácí alespoň { $mistake } výhry, hrubá chyba alespoň { $blunder }, obojí jen tehdy, když 95% interval ztráty leží nad nulou.
analyze-plot-title = Hodnota každého rozhodnutí
analyze-plot-x = Rozhodnutí hráče
analyze-plot-y = Očekávaný podíl na výhře
analyze-plot-taken = Zvolená možnost
analyze-plot-best = Nejlepší možnost
analyze-plot-written = Graf byl uložen do souboru { $path }
