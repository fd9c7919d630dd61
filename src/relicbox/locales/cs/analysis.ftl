# relicbox simulate a relicbox tournament.
simulate-help = Odehraje mnoho partií botů se zadaným seedem (střídání míst, všechna jádra) a vypíše podíl výher a body s 95% intervaly spolehlivosti.
tournament-help = Ohodnotí skupinu botů v mnoha partiích (všechny partie naráz, 95% intervaly z převzorkování rozdání), nebo postaví dva boty proti sobě v blocích; výsledky se ukládají průběžně, takže přerušený turnaj lze dokončit.
simulate-title = { $game }: { $games ->
    [one] jedna partie
    [few] { $games } partie
   *[other] { $games } partií
  }, hráčů: { $players }, seed { $seed }
tournament-title = Turnaj ve hře { $game }: { $played ->
    [one] jedna partie
    [few] { $played } partie
   *[other] { $played } partií
  } z { $games }, hráčů: { $players }, { $pairing }
progress = Hraje se
col-bot = Bot
col-seat-games = Partie na místech
col-win-rate = Podíl výher [95% IS]
col-mean-score = Průměr bodů [95% IS]
col-length = Rozhodnutí na partii
col-seat = Místo
col-rating = Hodnocení [95% IS]
col-ahead = Podíl střetnutí, kdy skončil před jiným botem
col-bloc-share = Podíl výher bloku [95% IS podle rozdání]
col-fair-share = Podíl při rovnocenných botech
col-games = Partie
seat-name = Místo { $seat }
seats-title = Podíl výher podle místa (všichni boti se střídají na všech místech)
intervals-by-deal = 95% intervaly počítají každé rozdání jen jednou, i když se hrálo ve více otočeních: { $deals ->
    [one] jedno nezávislé rozdání
    [few] { $deals } nezávislá rozdání
   *[other] { $deals } nezávislých rozdání
  }.
blocs-title = Bloky: každý bot drží polovinu stolu
resuming = Pokračuje se: { $done ->
    [one] jedna partie už je uložena
    [few] { $done } partie už jsou uloženy
   *[other] { $done } partií už je uloženo
  } v { $store }.
stored-in = Výsledky se ukládají do { $store }.
simulator-batch = Odehráno v dávkovém simulátoru (NumPy): každý bot je pravidlo odchodu. S --engine se partie odehrají v enginu pravidel.
plot-written = Graf uložen do { $path }.
error = Chyba: { $message }
