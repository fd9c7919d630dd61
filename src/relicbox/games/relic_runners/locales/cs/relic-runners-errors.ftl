## Proč Relic Runners akci odmítá. $seat se počítá od 0 (místo v enginu), $player od 1.

rr-error-chance = nejdřív se musí vyhodnotit náhoda (odkrývá se žeton nebo barva)
rr-error-turn = na tahu je Hráč { $player }
rr-error-first-place = nejdřív vyberte cestu pro svou stezku (path ...)
rr-error-first-lift = nejdřív vyberte, kterou ze svých stezek přesunete (lift ...)
rr-error-first-keep = nejdřív vyberte, který slonovinový žeton tohoto stupně si ponecháte (keep ...)
rr-error-first-pick = nejdřív vyberte, který žeton ze sloupku si vezmete (pick ...)
rr-error-first-target = nejdřív vyberte sousední ruiny nebo chrám k prozkoumání (target ...)
rr-error-first-flip = nejdřív vyberte žeton bedny, který otočíte (flip ...)
rr-error-first-steps = nejdřív posuňte své bedny o získané kroky (step ...)
rr-error-first-start = nejdřív vyberte své startovní místo (start ...)
rr-error-finish-move = nejdřív dokončete pohyb: musíte se pohnout a zastavit jinde, než jste začali
rr-error-no-choice = { $action } teď v tahu není na výběr ({ $phase })
rr-error-move-over = váš pohyb v tomto tahu už skončil
rr-error-move-over-rule = { rr-error-move-over }: { $rule ->
    [no-trail] { rr-error-no-trail }
    [not-at-end] { rr-error-not-at-end }
    [trail-used] { rr-error-trail-used }
    [own-pathways] { rr-error-own-pathways }
    [one-unexplored] { rr-error-one-unexplored }
    [camp-start] { rr-error-camp-start }
   *[start-end] { rr-error-start-end }
}
rr-error-move-not-now = tenhle pohyb teď není dovolen
rr-error-no-trail = mezi { $a } a { $b } na tomto plánu žádná cesta nevede
rr-error-not-at-end = váš průzkumník stojí na { $space }, ne na žádném konci té cesty
rr-error-trail-used = každou cestu smíte v jednom tahu použít jen jednou
rr-error-own-pathways = své stezky smíte použít před svou jedinou neprozkoumanou cestou, nebo za ní, ne na obou stranách
rr-error-one-unexplored = v jednom tahu smíte použít jen jednu neprozkoumanou cestu (cestu bez své stezky)
rr-error-camp-start = vstupem do tábora pohyb končí a skončit tam, kde jste začali, nesmíte
rr-error-start-end = odtud bys nemohl pokračovat a pohyb nesmí skončit tam, kde začal
rr-error-stop-over = váš pohyb už skončil
rr-error-must-move = musíte se pohnout: zůstat stát není dovoleno
rr-error-stop-start = pohyb nesmíte ukončit na místě, kde váš tah začal
rr-error-explore-after-move = zkoumat můžete až po pohybu: nejdřív ho ukončete
rr-error-explore-once = zkoumat smíte jen jednou za tah
rr-error-explore-ration = zkoumání stojí jednu dávku proviantu a vy žádnou nemáte
rr-error-explore-nothing = tady už není co zkoumat (zkoumat lze jen ruiny a chrámy, na kterých ještě leží žetony)
rr-error-ivory-missing = slonovinový žeton { $tile } nemáte
rr-error-ivory-not-now = slonovinový žeton { $tile } teď použít nejde
rr-error-toolbox-once = v jednom tahu smíte použít jen jednu bednu
rr-error-toolbox-mid-move = bednu nelze použít uprostřed pohybu
rr-error-toolbox-missing = na větvi { $branch ->
    [machete] mačeta
    [compass] kompas
   *[shovel] lopata
} nemáte na { $level }. stupni žádnou bednu
rr-error-toolbox-cannot = tuhle akci bedny tu nelze provést celou (třeba tu není žeton chrámu, na plánu je málo stezek nebo v rezervě chybí bedna)
rr-error-no-such-trail = taková cesta na tomto plánu není
rr-error-pathway-twice = na té cestě už vaše stezka leží (dvě vaše stezky na jedné cestě být nesmějí)
rr-error-pathway-new-trail = přesunutá stezka musí jít na jinou cestu
rr-error-pathway-touching = stezka musí ležet na cestě, která vede z { $space }
rr-error-choice-lift = nemáte tam stezku, kterou byste teď směli přesunout
rr-error-choice-keep = ponechte si jeden ze dvou slonovinových žetonů tohoto stupně: ten, co už máte, nebo nový
rr-error-pick-top = vezměte horní žeton (pick { $tile }), nebo si sloupek prohlédněte díky I2-b (use I2-b)
rr-error-pick-gone = ten stupeň už ve sloupku není
rr-error-choice-target = cílem musí být ruiny nebo chrám s žetony, vzdálené jednu cestu (ne tábor a ne sloupek, který už tento efekt použil)
rr-error-choice-flip = tento žeton už tento efekt otočil
rr-error-choice-steps = nemáte tam bednu, která by mohla postoupit výš (3. stupeň je nejvyšší)
rr-error-choice-start = toto místo není od tábora vzdálené jen jednu cestu
rr-error-jump-tile = k přenesení potřebuješ slonovinový žeton I2-f
rr-error-jump-first = přenesení díky I2-f nahrazuje celý pohyb, takže musí přijít před prvním krokem
rr-error-jump-where = přenést se smíte jen z chrámu s žetony na jiný chrám stejné barvy, na kterém neleží relikvie
