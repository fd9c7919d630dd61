## Proč Tschak! kartu odmítá.

tschak-error-setup = věž se ještě připravuje
tschak-error-chosen = { $need ->
    [one] pro toto odkrytí už jste svou kartu vybrali
    [few] pro toto odkrytí už jste své { $need } karty vybrali
   *[other] pro toto odkrytí už jste svých { $need } karet vybrali
}
tschak-error-not-in-hand = { $card } nemáte v ruce
tschak-error-clash = { $kind ->
    [wizard] vaše družina už má kouzelníka ({ $card })
    [warrior] vaše družina už má válečníka ({ $card })
    [dwarf] vaše družina už má trpaslíka ({ $card })
   *[artifact] vaše družina už má artefakt ({ $card })
}
