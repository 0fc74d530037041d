"""Tables over the network: the protocol, the server that hosts the engine's tables, the
stores that keep them, and the client side of a connection.

The engine knows nothing of this layer; the server runs the same Match and the same computer
players as a local game, and sends each connection only its own seat's view.
"""
