"""Discord components and presentation: custom ids, buttons and menus, embeds and pictures."""
