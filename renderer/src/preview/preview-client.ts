import { FakeInboxClient } from '../client/fake-inbox-client';
import { addPreviewRuns } from './preview-runs';

const MIN = 60_000;

/**
 * The dev preview (`/?preview`, `?preview=empty`, `?preview=10000`): a fake broker filled with one
 * request of every input kind and an agent with HAPI context, so the UI can be worked on without
 * a server. Never used in production paths.
 */
export function createPreviewClient(mode: string): FakeInboxClient {
  const now = Date.now();
  const client = new FakeInboxClient();
  if (mode === 'empty') return client;
  const bulk = Number(mode);
  if (Number.isInteger(bulk) && bulk > 0) {
    addBulk(client, bulk, now);
    return client;
  }
  addRequests(client, now);
  addAgentMessages(client, now);
  addPreviewRuns(client, now);
  return client;
}

const agent = {
  id: 'agent-7',
  name: 'claude-code',
  runtime: 'claude-code',
  projectDir: '~/src/shop',
  terminal: 'tty3',
};

/** `n` plain requests from two sources, a second apart (the 10,000-row preview). */
function addBulk(client: FakeInboxClient, n: number, now: number): void {
  for (let i = 0; i < n; i++) {
    client.add({
      key: `bulk-${i}`,
      prompt: `Question **${i}**: proceed?`,
      createdAt: now - i * 1000,
      source: i % 2 ? 'clarity-file' : 'clarity-http',
    });
  }
}

/** One request of every input kind. */
function addRequests(client: FakeInboxClient, now: number): void {
  client.add({
    key: 'review-step-3',
    source: 'clarity-file',
    prompt:
      'Does this summary look correct?\n\n- Migrates `orders` to the new schema\n- Drops the `legacy_id` column\n\n```sql\nALTER TABLE orders DROP COLUMN legacy_id;\n```\n\n| table | rows |\n|---|---|\n| orders | 1.2M |',
    createdAt: now - 12 * MIN,
  });
  client.add({
    key: 'deploy-prod',
    source: 'cueme',
    agent,
    prompt: 'Deploy **v1.2.0** to production?',
    input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
    createdAt: now - 3 * MIN,
    expiresAt: now + 10 * MIN,
  });
  client.add({
    key: 'msg-20251112-093000-sr123',
    source: 'questfoundry',
    title: 'Which worldbuilding did you mean?',
    context: 'The Showrunner is planning the next TU; scope depends on this.',
    prompt: "I see you want to work on 'worldbuilding.' Which did you mean?",
    input: {
      kind: 'choice',
      multiple: false,
      recommended: 'B',
      options: [
        {
          value: 'A',
          label: 'Proactively build a new part of the world (World Genesis)',
          description: 'Larger scope: new regions and factions.',
        },
        {
          value: 'B',
          label: 'Fleshen out an existing idea (Lore Deepening)',
          description: 'Safe default: stays within the current canon.',
        },
      ],
    },
    createdAt: now - 40 * 1000,
  });
  client.add({
    key: 'release-form',
    source: 'cueme',
    agent,
    prompt: 'Fill in the release details.',
    input: {
      kind: 'form',
      fields: [
        { label: 'Version', kind: 'text', multiple: false },
        { label: 'Channel', kind: 'text', options: ['stable', 'beta'], multiple: false },
        { label: 'Platforms', kind: 'text', options: ['linux', 'mac', 'windows'], multiple: true },
      ],
    },
    createdAt: now - 60 * 1000,
  });
  const pick = client.add({
    key: 'pick-data',
    source: 'mcp',
    prompt: 'Which CSV should I import?',
    input: { kind: 'file', pattern: '**/*.csv', root: '/home/me/project' },
    createdAt: now - 5 * 1000,
    // Urgent within half a minute: the preview shows a countdown turning red.
    expiresAt: now + 90 * 1000,
  });
  client.setFiles(pick.id, ['data/2024.csv', 'data/2025.csv', 'exports/customers.csv']);
}

/** The agent's transcript so far (thinking, tool calls and results, text), for its context. */
function addAgentMessages(client: FakeInboxClient, now: number): void {
  client.postAgentMessage(agent.id, {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'The user wants a deploy; check the build first.' },
      { type: 'tool_use', id: 'call_1', name: 'ls', input: { path: './dist' } },
    ],
    at: now - 4 * MIN,
  });
  client.postAgentMessage(agent.id, {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'app.js\napp.css' }],
    at: now - 4 * MIN + 500,
  });
  client.postAgentMessage(agent.id, {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Build looks good. Running the **smoke tests** now.' },
      { type: 'tool_use', id: 'call_2', name: 'npm test', input: { args: ['--smoke'] } },
    ],
    at: now - 3 * MIN,
  });
}
