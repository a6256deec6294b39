"""What the app keeps in the browser's storage: saves, statistics, finished games,
settings, and the one guarded decoder all of them are read through."""
