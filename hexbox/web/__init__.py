"""The browser client, served by ``hexbox serve``: static files only (no build step)."""
