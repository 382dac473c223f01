// The MCP server's public surface (runner/commands/mcp.ts starts it on stdio).
export { MobileMcpServer, type McpServerOptions } from './server.js';
export { adbDevices, type DeviceSource } from './devices.js';
export { mcpTools, QUERY_KINDS, type McpTool, type QueryKind } from './tools.js';
export { serveStdio } from './stdio.js';
