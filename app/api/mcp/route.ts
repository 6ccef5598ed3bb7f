import { mcpEndpoint } from "@/lib/mcp/http";

const handler = mcpEndpoint();
export { handler as GET, handler as POST, handler as DELETE };
