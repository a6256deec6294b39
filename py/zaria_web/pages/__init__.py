"""The pages around the games: home, the rules, the statistics."""
