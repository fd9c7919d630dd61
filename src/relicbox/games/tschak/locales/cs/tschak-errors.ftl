## Proč Tschak! kartu odmítá.

tschak-error-setup = věž se ještě připravuje
tschak-error-chosen = { $need ->
    [one] pro toto odkrytí už máte kartu vybranou
    [few] pro toto odkrytí už máte vybrané { $need } karty
   *[other] pro toto odkrytí už máte vybraných { $need } karet
}
tschak-error-not-in-hand = { $card } nemáte v ruce
tschak-error-clash = { $kind ->
    [wizard] vaše družina už má čaroděje ({ $card })
    [warrior] vaše družina už má válečníka ({ $card })
    [dwarf] vaše družina už má trpaslíka ({ $card })
   *[artifact] vaše družina už má artefakt ({ $card })
}
