"""Online play: the protocol, the authoritative server, the client thread and the remote match."""
