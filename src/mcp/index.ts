// The MCP server's public surface (runner/commands/mcp.ts starts it on stdio).
export { MobileMcpServer, type McpServerOptions } from './server.js';
export { adbDevices, iosDevices, type DeviceSource } from './devices.js';
export { mcpTools, type McpTool } from './tools.js';
export { QUERY_KINDS, type QueryKind } from './outputs.js';
export { serveStdio } from './stdio.js';
