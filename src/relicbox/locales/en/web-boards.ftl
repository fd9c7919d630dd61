# Messages shared by the per-game boards of the table page.
board-seat = Player { $seat }
board-you = you
