"""The server's routes, one router per concern: the pages, the lobby's and tables' JSON
API, the reviews, and the WebSocket of play."""
