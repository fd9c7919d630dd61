"""Running games between agents: seat specs, matches and saved games."""
