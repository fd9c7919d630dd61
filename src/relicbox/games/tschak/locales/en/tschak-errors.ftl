## Why Tschak! refuses a card.

tschak-error-setup = the tower is still being set up
tschak-error-chosen = { $need ->
    [one] you have already chosen your card for this reveal
   *[other] you have already chosen your { $need } cards for this reveal
}
tschak-error-not-in-hand = { $card } is not in your hand
tschak-error-clash = { $kind ->
    [wizard] your party already has a wizard ({ $card })
    [warrior] your party already has a warrior ({ $card })
    [dwarf] your party already has a dwarf ({ $card })
   *[artifact] your party already has an artifact ({ $card })
}
