import type { RouteModule } from '../context';
import { apiRoutes } from './api-routes';
import { clarityRoutes } from './clarity-routes';
import { cuemeRoutes } from './cueme';
import { eventsRoute } from './events-route';
import { hapiRoutes } from './hapi';
import { hookRoutes } from './hooks';
import { loginRoutes } from './login-routes';
import { mcpRoutes } from './mcp';
import { pairingRoutes } from './pairing-routes';
import { questfoundryRoutes } from './questfoundry';
import { runsRoutes } from './runs';
import { toolServerLiteRoutes } from './tool-server-lite';
import { toolServerLiteTaskRoutes } from './tool-server-lite-tasks';
import { unreadableRoutes } from './unreadable-routes';
import { webhookRoutes } from './webhook-routes';

/**
 * Every route module the server registers, in order. Protocol adapters add one import and one
 * entry here (Tool Server Lite, QuestFoundry, HAPI, ...).
 */
export const routeModules: RouteModule[] = [
  clarityRoutes,
  eventsRoute,
  apiRoutes,
  toolServerLiteRoutes,
  toolServerLiteTaskRoutes,
  cuemeRoutes,
  questfoundryRoutes,
  mcpRoutes,
  hapiRoutes,
  runsRoutes,
  unreadableRoutes,
  hookRoutes,
  loginRoutes,
  pairingRoutes,
  webhookRoutes,
];
