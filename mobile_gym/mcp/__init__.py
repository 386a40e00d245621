"""The Model Context Protocol: offline tool servers, the env's tool client and the phone served to MCP hosts."""
