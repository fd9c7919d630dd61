# The replay page's refusals (its other words are in web.ftl).
web-replay-budget = z této adresy už byl vyčerpán podíl času serveru na záznamy her: zkuste to znovu za { $minutes } min
web-replay-busy = server je vytížený a tento krok nestihl připravit; zkuste to prosím znovu
