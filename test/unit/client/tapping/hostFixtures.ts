/** Configuration files as each host writes them, kept as exact text (comments, CRLF, tabs) for byte-level tests. */

/** VS Code `.vscode/mcp.json`: `servers`, `inputs`, comments and a trailing comma (JSONC). */
export const VSCODE_MCP_JSON = `{
  // Servers for this repository
  "inputs": [
    { "type": "promptString", "id": "api-key", "description": "Orders API key", "password": true }
  ],
  "servers": {
    "orders": {
      "type": "stdio",
      "command": "npx",
      "args": ["tsx", "\${workspaceFolder}/src/server.ts"], // dev entry point
      "env": { "ORDERS_API_KEY": "\${input:api-key}" }
    },
    /* a remote one */
    "remote-docs": {
      "type": "http",
      "url": "https://docs.example.test/mcp?tenant=a",
      "headers": { "Authorization": "Bearer \${input:api-key}" }
    },
    "legacy-events": { "type": "sse", "url": "http://localhost:9000/sse" },
  }
}
`;

/** Claude Code project scope `.mcp.json`, two-space JSON. */
export const CLAUDE_PROJECT_MCP_JSON = `{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-everything"
      ],
      "env": {}
    },
    "sentry": {
      "type": "http",
      "url": "https://mcp.sentry.test/mcp"
    }
  }
}
`;

/** `~/.claude.json`: other state, user-scope servers and per-project (local scope) servers. */
export const CLAUDE_USER_JSON = `{
  "numStartups": 12,
  "mcpServers": {
    "memory": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-memory"],
      "env": {}
    }
  },
  "projects": {
    "/home/dev/orders": {
      "allowedTools": [],
      "mcpServers": {
        "orders-local": {
          "type": "stdio",
          "command": "node",
          "args": ["/home/dev/orders/dist/server.js"],
          "env": { "LOG_LEVEL": "debug" }
        }
      }
    },
    "/home/dev/empty": { "mcpServers": {} }
  }
}
`;

/** Claude Desktop `claude_desktop_config.json`, written on Windows: CRLF line ends, four-space indent. */
export const CLAUDE_DESKTOP_JSON = [
  '{',
  '    "mcpServers": {',
  '        "filesystem": {',
  '            "command": "npx",',
  '            "args": ["-y", "@modelcontextprotocol/server-filesystem", "C:\\\\Users\\\\dev\\\\Desktop"]',
  '        }',
  '    },',
  '    "globalShortcut": ""',
  '}',
  '',
].join('\r\n');

/** Cursor `~/.cursor/mcp.json`, tab-indented, with a URL-only remote server and a URL-only SSE server. */
export const CURSOR_MCP_JSON = [
  '{',
  '\t"mcpServers": {',
  '\t\t"time": {',
  '\t\t\t"command": "uvx",',
  '\t\t\t"args": ["mcp-server-time"]',
  '\t\t},',
  '\t\t"linear": { "url": "http://127.0.0.1:7000/mcp" },',
  '\t\t"old-sse": { "url": "http://127.0.0.1:7001/sse" }',
  '\t}',
  '}',
  '',
].join('\n');
