/** Every HTTP route of the broker with a valid example body, for fuzzing and probes. */
export interface PostSurface {
  path: (gen: { string(): string; bool(): boolean }) => string;
  valid: Record<string, unknown>;
}

/** Percent-encodes a path segment (lone surrogates replaced: they cannot be encoded). */
const seg = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));

export const POST_SURFACES: PostSurface[] = [
  {
    path: () => '/questions',
    valid: { key: 'fuzz-key', question: 'Proceed?', timestamp: 1, pid: 1 },
  },
  { path: () => '/answer', valid: { key: 'fuzz-key', response: 'yes' } },
  { path: () => '/cancel', valid: { key: 'fuzz-key' } },
  {
    path: (g) => `/api/requests/${seg(g.string() || 'x')}/answer`,
    valid: { text: 'yes', value: { kind: 'text', text: 'yes' } },
  },
  { path: (g) => `/api/requests/${seg(g.string() || 'x')}/cancel`, valid: { reason: 'no' } },
  {
    path: () => '/api/tool/execute',
    valid: {
      task_id: '/tmp',
      tool_name: 'human_in_loop',
      params: { hil_id: 'HIL-fuzz', instruction: 'do it', timeout: 5 },
    },
  },
  { path: (g) => `/api/hil/complete/${seg(g.string() || 'x')}`, valid: { result: 'done' } },
  { path: (g) => `/api/hil/cancel/${seg(g.string() || 'x')}`, valid: { reason: 'no' } },
  {
    path: (g) => `/api/hil/annotate/${seg(g.string() || 'x')}`,
    valid: { title: 't', message: 'm', ui: { type: 'confirm' } },
  },
  {
    path: () => '/api/cueme/join',
    valid: { agent_runtime: 'claude_code', project_dir: '/tmp', agent_terminal: 'tty' },
  },
  { path: () => '/api/cueme/recall', valid: { hints: 'claude' } },
  {
    path: () => '/api/cueme/cue',
    valid: { agent_id: 'agent-1', mode: 'cue', prompt: 'Pick', payload: null, timeout_sec: 5 },
  },
  {
    path: (g) => (g.bool() ? '/api/questfoundry/questions?wait=0' : '/api/questfoundry/questions'),
    valid: {
      protocol: 'questfoundry/1.0',
      id: 'q-1',
      sender: 'showrunner',
      receiver: 'human',
      intent: 'human.question',
      payload: {
        type: 'question',
        data: { question_text: 'Which?', options: [{ key: 'A', label: 'a' }] },
      },
    },
  },
  {
    path: () => '/api/mcp/ask',
    valid: { question: 'Proceed?', options: ['yes', 'no'], timeout_sec: 5 },
  },
];

/** GET paths with a hostile segment (traversal, encodings, markup). */
export const GET_SURFACES: Array<(segment: string) => string> = [
  (s) => `/questions/${seg(s)}`,
  (s) => `/questions/${seg(s)}?wait=${seg(s)}`,
  (s) => `/api/hil/${seg(s)}`,
  (s) => `/api/requests/${seg(s)}/files`,
  (s) => `/api/history?q=${seg(s)}&limit=${seg(s)}`,
  (s) => `/api/agents/${seg(s)}/messages`,
  (s) => `/api/questfoundry/questions/${seg(s)}`,
  (s) => `/${seg(s)}`,
  (s) => `/assets/${seg(s)}`,
  () => '/..%2f..%2f..%2fetc%2fpasswd',
  () => '/%2e%2e/%2e%2e/package.json',
  () => '/assets/..%2f..%2f..%2fpackage.json',
];
