/** The Tool Server Lite routes this broker serves, as `GET /docs` lists them. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  [
    'POST /api/tool/execute',
    '{task_id, tool_name, params}: human_in_loop {hil_id, instruction, timeout?, ui?} is held until a human answers',
  ],
  ['GET /api/hil/tasks', 'every HIL task: {total, tasks}'],
  ['GET /api/hil/{hil_id}', "one task's status: waiting, completed, cancelled or timeout"],
  ['GET /api/hil/workspace/{task_id}', 'the waiting task of a workspace, if any'],
  ['POST /api/hil/complete/{hil_id}', '{result} (none: 完成) completes a waiting task'],
  ['POST /api/hil/respond/{hil_id}', '{response} completes a waiting task'],
  ['POST /api/hil/cancel/{hil_id}', '{reason?} cancels a waiting task'],
  ['GET /api/task/{task_id}/status', "a workspace's status"],
  ['POST /api/task/create', '?task_id=…: makes a workspace ready'],
  [
    'POST /api/tool-confirmation/create, GET /api/tool-confirmation/{id}, POST /api/tool-confirmation/respond/{id}, GET /api/tool-confirmation/workspace/{task_id}',
    'confirmations of dangerous tools: forwarded to your own tool server',
  ],
];

/** A small HTML page naming each route (InfiAgent's test probes `GET /docs` before it starts). */
export function toolServerDocsPage(forwarding: boolean): string {
  const rows = ROUTES.map(
    ([route, what]) => `<tr><td><code>${escape(route)}</code></td><td>${escape(what)}</td></tr>`,
  ).join('\n');
  const others = forwarding
    ? 'Every other tool, and the task routes, are forwarded to the operator’s own tool server.'
    : 'This broker runs human_in_loop only: other tools fail with {success: false, error} (start it with --tool-server-upstream &lt;url&gt; to forward them).';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HITL Broker: Tool Server Lite API</title></head>
<body><h1>Tool Server Lite API (HITL Broker)</h1>
<p>${others}</p>
<table>
${rows}
</table></body></html>
`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
