# The web server's pages and messages.
site-title = relicbox
