"""Play over the network: the protocol, the authoritative host, clients, discovery."""
