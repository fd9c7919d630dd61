# Zprávy společné pro herní plány jednotlivých her na stránce stolu.
board-seat = Hráč { $seat }
board-you = vy
