# The replay page's refusals (its other words are in web.ftl).
web-replay-budget = this address has used its share of the server's time for replays: try again in { $minutes } min
web-replay-busy = the server is busy and could not make this step in time; please try again
