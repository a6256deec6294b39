"""Farkle on the page: its screen (the controller), its table view and its new game dialog."""
