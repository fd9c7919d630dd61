## Proč Diamant volbu odmítá. $seat se počítá od 0 (místo v enginu), $player od 1.

diamant-error-left = Hráč { $player } už v tomto kole z jeskyně odešel
diamant-error-reveal-first = nejdřív se musí odkrýt další karta
diamant-error-chosen = Hráč { $player } už v tomto kroku zvolil
diamant-error-leavers = { $leavers } nelze přečíst jako odcházející hráče: zadejte bitovou masku, celé číslo od 0 výš (bit s pro místo s)
