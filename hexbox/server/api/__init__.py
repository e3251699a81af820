"""The server's HTTP and websocket API: routers per area (routes.py, socket.py) over the hub's parts."""
