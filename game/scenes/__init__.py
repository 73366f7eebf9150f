"""The shared scenes: menu, names, cover, pause, rules, end, crash apology, kiosk and online screens."""
