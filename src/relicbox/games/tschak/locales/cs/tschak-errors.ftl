## Proč Tschak! kartu odmítá.

tschak-error-setup = věž se ještě připravuje
tschak-error-chosen = { $need ->
    [one] pro toto odkrytí už máš kartu vybranou
    [few] pro toto odkrytí už máš vybrané { $need } karty
   *[other] pro toto odkrytí už máš vybraných { $need } karet
}
tschak-error-not-in-hand = { $card } nemáš v ruce
tschak-error-clash = { $kind ->
    [wizard] tvoje družina už má čaroděje ({ $card })
    [warrior] tvoje družina už má válečníka ({ $card })
    [dwarf] tvoje družina už má trpaslíka ({ $card })
   *[artifact] tvoje družina už má artefakt ({ $card })
}
