site-title = relicbox
