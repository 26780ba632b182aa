import { z } from 'zod';
import { ServerStop } from '../../adapters/held-request';
import { ExecuteWaiters } from '../../adapters/tool-server-lite/execute-waiters';
import { HilAnnotations } from '../../adapters/tool-server-lite/hil-annotations';
import { findHilTask, listHilTasks, toHilTask } from '../../adapters/tool-server-lite/hil-task';
import type { RouteModule } from '../context';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import { executeRoute } from './tool-server-lite-execute';
import { TASK_REPLIES, TASKS_REPLIES } from './tool-server-lite-replies';
import { settleRoutes } from './tool-server-lite-settle';

const TAGS = ['Tool Server Lite'];
const TASKS = {
  summary: 'Every HIL task still known, oldest first',
  tags: TAGS,
  response: TASKS_REPLIES,
};
const TASK = {
  summary: 'One HIL task (unknown: 200 with found: false)',
  tags: TAGS,
  params: z.object({ hil_id: z.string() }),
  response: TASK_REPLIES,
};

/**
 * Tool Server Lite HIL API (docs/protocols.md#tool-server-lite-hil): the held execute call,
 * the task list / status / complete / cancel routes, and `POST /api/hil/annotate/{hil_id}`
 * through which `clarity-hitl run` forwards JSONL `human_in_loop` events.
 */
export const toolServerLiteRoutes: RouteModule = (
  app,
  { broker, fileRoots, toolServerUpstream: upstream },
) => {
  const checkRoot = (root: string) => fileRoots.check(root);
  const deps = {
    broker,
    checkRoot,
    annotations: new HilAnnotations(broker, 1000, checkRoot),
    stop: new ServerStop(app),
    waiters: new ExecuteWaiters(),
    ...(upstream ? { upstream } : {}),
  };
  executeRoute(app, deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/hil/tasks', { schema: TASKS }, async () => {
    const tasks = listHilTasks(broker);
    return { total: tasks.length, tasks };
  });
  api.get('/api/hil/:hil_id', { schema: TASK }, async (req) => {
    const request = findHilTask(broker, req.params.hil_id);
    if (!request)
      return {
        found: false as const,
        hil_id: req.params.hil_id,
        message: `HIL task ${req.params.hil_id} not found`,
      };
    return { found: true as const, ...toHilTask(request) };
  });
  settleRoutes(app, deps);
};
