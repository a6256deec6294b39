"""The play framework both games share: the game screen, the seat form, the dice."""
