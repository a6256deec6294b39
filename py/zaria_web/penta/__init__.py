"""Penta on the page: its screen (the controller) and its view."""
