"""Drawing: the house style, card art, suits, text with suit symbols, widgets, keyboard, tweens."""
