/**
 * REAL BINARY: the real Claude Code (`@anthropic-ai/claude-code`, pinned, installed from the npm
 * registry into node_modules/.cache on first run), driven interactively in tmux
 * (AskUserQuestion is off in `-p` mode), talking to a local stand-in for the model API
 * (test/support/fake-anthropic.ts), with our hook installed by `clarity-hitl hook install` into
 * the temp project's .claude/settings.json and pointed at a broker this test started. The
 * operator answers through the broker's HTTP API. Skips with one line when the registry or the
 * binary is not available.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import {
  CLAUDE_CODE_VERSION,
  claudeCodeBinary,
  type ClaudeBinary,
} from '../../support/claude-code-binary';
import { startFakeModel, type FakeModel, type Turn } from '../../support/fake-anthropic';
import { makeTempDir } from '../../support/temp-dir';
import { findTmux, startTmuxPane, tmuxCannotServe, type TmuxPane } from '../../support/tmux-pane';
import { waitFor } from '../../support/wait-for';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const API_KEY = 'sk-ant-hitl-e2e-0000000000000000';
const tmux = await findTmux();
const tmuxProblem = tmux
  ? await tmuxCannotServe(tmux)
  : 'no tmux found (the test drives claude interactively in tmux)';
const claude: ClaudeBinary = tmuxProblem ? { skip: tmuxProblem } : await claudeCodeBinary();
if ('skip' in claude) console.warn(`skipped: the real Claude Code e2e (${claude.skip})`);

const DB = 'Which database should the orders service use?';
const CHECKS = 'Which checks should run before each deploy?';
const LOGS = 'Where should the logs go?';
const option = (label: string) => ({ label, description: `${label} it is` });
const ASK: Turn = {
  toolUse: {
    name: 'AskUserQuestion',
    input: {
      questions: [
        {
          question: DB,
          header: 'Database',
          multiSelect: false,
          options: ['Postgres', 'SQLite'].map(option),
        },
        {
          question: CHECKS,
          header: 'Checks',
          multiSelect: true,
          options: ['Unit tests', 'Lint', 'E2E'].map(option),
        },
        {
          question: LOGS,
          header: 'Logs',
          multiSelect: false,
          options: ['stdout', 'A file'].map(option),
        },
      ],
    },
  },
};
const BASH: Turn = {
  toolUse: {
    name: 'Bash',
    input: { command: 'echo original > out.txt', description: 'Write out.txt' },
  },
};

interface Session {
  pane: TmuxPane;
  model: FakeModel;
  broker: BrokerService;
  project: string;
  /** Answers a pending request as the operator, over HTTP with the operator secret. */
  answer(id: string, value: Record<string, unknown>): Promise<void>;
  /** The first pending request matching `which`, once the hook has put it in the inbox. */
  pending(which: (r: HitlRequest) => boolean, what: string): Promise<HitlRequest>;
}

const approvalOf = (tool: string) => (r: HitlRequest) =>
  r.input.kind === 'approval' && r.input.tool === tool;

describe.skipIf('skip' in claude)(
  `the real Claude Code ${CLAUDE_CODE_VERSION} with our hook`,
  () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    });

    /** A broker, the model stand-in, a temp HOME + project with our hook, and claude in tmux. */
    async function session(mainTool: string, turn: Turn): Promise<Session> {
      const temp = await makeTempDir('hitl-claude-e2e-');
      cleanups.push(temp.remove);
      const home = path.join(temp.path, 'home');
      const project = path.join(temp.path, 'project');
      await mkdir(home);
      await mkdir(project);
      const broker = await startBrokerService({
        port: 0,
        stateDir: path.join(temp.path, 'state'),
        rendererDir: null,
        token: '',
      });
      cleanups.push(() => broker.close());
      const model = await startFakeModel(mainTool, turn);
      cleanups.push(() => model.close());
      await writeClaudeHome(home, project);
      await promisify(execFile)(
        process.execPath,
        [path.join(ROOT, 'bin/clarity-hitl.js'), 'hook', 'install', 'claude-code', '--project'],
        {
          cwd: project,
          env: { ...process.env, HOME: home },
        },
      );
      const pane = await startTmuxPane(
        tmux!,
        [(claude as { path: string }).path, '--permission-mode', 'default'],
        project,
        {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: home,
          TERM: 'xterm-256color',
          LANG: 'C.UTF-8',
          ANTHROPIC_BASE_URL: model.url,
          ANTHROPIC_API_KEY: API_KEY,
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          // What the hook reads: the broker to ask, and its state dir with the broker's proof key.
          CLARITY_HITL_BROKER_URL: broker.url,
          CLARITY_HITL_STATE_DIR: broker.stateDir,
        },
      );
      cleanups.push(() => pane.kill());
      await pane.waitForText(/manual mode on/, 60_000);
      const secret = broker.server.context.operatorSecret;
      const api = (route: string, init?: RequestInit) =>
        fetch(new URL(route, broker.url), {
          ...init,
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        });
      return {
        pane,
        model,
        broker,
        project,
        async answer(id, value) {
          const response = await api(`/api/requests/${id}/answer`, {
            method: 'POST',
            body: JSON.stringify({ value: { kind: 'approval', ...value } }),
          });
          expect(response.status, await response.clone().text()).toBe(200);
        },
        pending: (which, what) =>
          waitFor(
            async () => {
              const { requests } = (await (await api('/api/requests')).json()) as {
                requests: HitlRequest[];
              };
              return requests.find(which);
            },
            `${what} in the inbox`,
            30_000,
          ),
      };
    }

    it('AskUserQuestion (single-select, multi-select, "Other" text) answered in the inbox: the tool result carries the chosen labels', async () => {
      const s = await session('AskUserQuestion', ASK);
      await s.pane.type('Ask me three things');
      const request = await s.pending(approvalOf('AskUserQuestion'), 'the AskUserQuestion request');
      expect(request.source).toBe('claude-code');
      await s.answer(request.id, {
        decision: 'allow',
        answers: {
          [DB]: { selected: ['Postgres'] },
          [CHECKS]: { selected: ['Unit tests', 'Lint'] },
          [LOGS]: { selected: [], other: 'journald, please' },
        },
      });
      const result = await s.model.toolResult();
      const text = JSON.stringify(result.content);
      expect(result.is_error ?? false).toBe(false);
      expect(text).toContain(JSON.stringify(`"${DB}"="Postgres"`).slice(1, -1));
      expect(text).toContain(JSON.stringify(`"${CHECKS}"="Unit tests, Lint"`).slice(1, -1));
      expect(text).toContain(JSON.stringify(`"${LOGS}"="journald, please"`).slice(1, -1));
      await s.pane.waitForText(/Allowed by PermissionRequest hook/);
    }, 120_000);

    it('edit, then allow: the edited Bash command is the one that runs; the turn ends as a Finished item', async () => {
      const s = await session('Bash', BASH);
      await s.pane.type('Write out.txt');
      const request = await s.pending(approvalOf('Bash'), 'the Bash request');
      expect(request.input).toMatchObject({
        edit: [{ field: 'command', value: 'echo original > out.txt' }],
      });
      await s.answer(request.id, {
        decision: 'allow',
        edited: { command: 'echo edited > out.txt' },
      });
      const result = await s.model.toolResult();
      expect(result.is_error ?? false).toBe(false);
      expect(await readFile(path.join(s.project, 'out.txt'), 'utf8')).toBe('edited\n');
      await s.pane.waitForText(/Allowed by PermissionRequest hook/);
      // The turn's end (Stop) is a Finished item of that session, with Claude's last message.
      const finished = await s.pending(
        (r) => r.input.kind === 'notice' && r.input.session === 'finished',
        'the Finished item',
      );
      expect(finished.title).toBe('Finished: Thanks, done.');
      expect(finished.agent?.id).toBe(request.agent?.id);
    }, 120_000);
  },
);

/**
 * A fresh HOME for claude: onboarding done, the project trusted, the stand-in's API key approved
 * (Claude Code keeps the last 20 characters of an approved key), so no dialog stands in the way.
 */
async function writeClaudeHome(home: string, project: string): Promise<void> {
  await writeFile(
    path.join(home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: 'dark',
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
      projects: {
        [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true },
      },
    }),
  );
}
