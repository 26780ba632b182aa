import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { OPERATOR, printed, useHookBroker } from '../../../support/hook-broker';
import { hookEvent, schemaErrors } from '../../../support/hook-fixtures';

const CLAUDE_CODE = '2.1.197';
const CACHE = path.resolve(
  import.meta.dirname,
  `../../../../node_modules/.cache/claude-code-${CLAUDE_CODE}`,
);
const ASK_SCHEMA = 'claude-code-ask-user-question.schema.json';

/**
 * The package's own `sdk-tools.d.ts` (npm `@anthropic-ai/claude-code`, pinned), packed once into
 * node_modules/.cache; undefined (and one line saying so) when the registry cannot be reached.
 */
function sdkTools(): string | undefined {
  const file = path.join(CACHE, 'package', 'sdk-tools.d.ts');
  if (existsSync(file)) return file;
  try {
    mkdirSync(CACHE, { recursive: true });
    const tgz = execFileSync(
      'npm',
      ['pack', `@anthropic-ai/claude-code@${CLAUDE_CODE}`, '--silent', '--pack-destination', CACHE],
      { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    execFileSync('tar', ['xzf', path.join(CACHE, tgz), '-C', CACHE, 'package/sdk-tools.d.ts']);
    return existsSync(file) ? file : undefined;
  } catch (error) {
    console.log(
      `skipped: the sdk-tools.d.ts typecheck (npm pack @anthropic-ai/claude-code@${CLAUDE_CODE} failed: ${(error as Error).message.split('\n')[0]})`,
    );
    return undefined;
  }
}
const DB = 'Which database should the orders service use?';
const CHECKS = 'Which checks should run before each deploy?';
const isAsk = (r: HitlRequest) => r.input.kind === 'approval' && r.input.tool === 'AskUserQuestion';

/**
 * TypeScript's verdict on each value typed as its type of Claude Code's own `sdk-tools.d.ts` (the
 * package's AskUserQuestionInput / AskUserQuestionOutput): the diagnostics, none when all fit.
 */
function typecheck(sdk: string, ...fixtures: Array<[type: string, value: unknown]>): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hitl-sdk-types-'));
  try {
    copyFileSync(sdk, path.join(dir, 'sdk-tools.d.ts'));
    const file = path.join(dir, 'fixture.ts');
    writeFileSync(
      file,
      `import type { AskUserQuestionInput, AskUserQuestionOutput } from './sdk-tools';\n` +
        fixtures
          .map(([type, value], i) => `export const f${i}: ${type} = ${JSON.stringify(value)};\n`)
          .join(''),
    );
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('AskUserQuestion is answered from the inbox', () => {
  const h = useHookBroker();

  async function answered(value: Record<string, unknown>) {
    const event = hookEvent('claude-ask-user-question');
    const outcome = h.hook('claude-code', event);
    const request = await h.pendingFor(isAsk);
    h.service.broker.answer(
      request.id,
      { value: { kind: 'approval', ...value } as never },
      'ui',
      OPERATOR,
    );
    const json = printed(await outcome, 'claude-code', 'PermissionRequest');
    return { event, request, json, decision: json.hookSpecificOutput.decision };
  }

  it('the card gets the questions, no "always", no edit', async () => {
    const event = hookEvent('claude-ask-user-question');
    const outcome = h.hook('claude-code', event, { timeoutSeconds: 1 });
    const request = await h.pendingFor(isAsk);
    expect(request.input).toMatchObject({
      kind: 'approval',
      scopes: [],
      questions: [
        { question: DB, header: 'Database', multiSelect: false },
        { question: CHECKS, multiSelect: true },
      ],
    });
    expect(request.input.kind === 'approval' && request.input.edit).toBeFalsy();
    expect(request.title).toBe(`${DB} (+1)`);
    expect(request.prompt).toContain('`Postgres` — Relational');
    await outcome;
  });

  it('single-select, multi-select and Other: allow with the input plus answers, valid for sdk-tools.d.ts', async () => {
    const { event, json, decision } = await answered({
      decision: 'allow',
      answers: {
        [DB]: { selected: ['Postgres'] },
        [CHECKS]: { selected: ['Unit tests', 'Lint'], other: 'a smoke test' },
      },
    });
    expect(decision).toEqual({
      behavior: 'allow',
      updatedInput: {
        ...(event.tool_input as object),
        answers: { [DB]: 'Postgres', [CHECKS]: 'Unit tests, Lint, a smoke test' },
      },
    });
    expect(schemaErrors(ASK_SCHEMA, decision.updatedInput)).toEqual([]);
    const sdk = sdkTools();
    if (!sdk) return;
    expect(
      typecheck(
        sdk,
        ['AskUserQuestionInput', decision.updatedInput],
        ["AskUserQuestionOutput['answers']", decision.updatedInput.answers],
      ),
    ).toEqual([]);
    expect(json.hookSpecificOutput.hookEventName).toBe('PermissionRequest');
  }, 30_000);

  it('"Other" text alone answers a single-select question', async () => {
    const { decision } = await answered({
      decision: 'allow',
      answers: { [DB]: { selected: [], other: 'CockroachDB' }, [CHECKS]: { selected: ['E2E'] } },
    });
    expect(decision.updatedInput.answers).toEqual({ [DB]: 'CockroachDB', [CHECKS]: 'E2E' });
    expect(schemaErrors(ASK_SCHEMA, decision.updatedInput)).toEqual([]);
  });

  it('control: the schema and the typecheck bite (answers as arrays, a question without options)', () => {
    const input = hookEvent('claude-ask-user-question').tool_input as Record<string, unknown>;
    const wrong = { ...input, answers: { [DB]: ['Postgres'] } };
    expect(schemaErrors(ASK_SCHEMA, wrong)).toEqual([
      '/answers/Which database should the orders service use? must be string',
    ]);
    const sdk = sdkTools();
    if (!sdk) return;
    const errors = typecheck(
      sdk,
      ['AskUserQuestionInput', { ...input, answers: { [DB]: ['Postgres'] } }],
      ['AskUserQuestionInput', { questions: [{ question: DB, header: 'x', multiSelect: false }] }],
    );
    expect(errors.join('\n')).toMatch(/Type 'string\[\]' is not assignable to type 'string'/);
    expect(errors.join('\n')).toMatch(/'options' is missing/);
  }, 30_000);

  it('labels not among the options, two picks for a single-select, a missing answer, or a bare allow: 400, still pending', async () => {
    const outcome = h.hook('claude-code', hookEvent('claude-ask-user-question'), {
      timeoutSeconds: 2,
    });
    const request = await h.pendingFor(isAsk);
    const tries = [
      { decision: 'allow' },
      {
        decision: 'allow',
        answers: { [DB]: { selected: ['MySQL'] }, [CHECKS]: { selected: ['Lint'] } },
      },
      {
        decision: 'allow',
        answers: { [DB]: { selected: ['Postgres', 'SQLite'] }, [CHECKS]: { selected: ['Lint'] } },
      },
      { decision: 'allow', answers: { [DB]: { selected: ['Postgres'] } } },
      {
        decision: 'allow',
        answers: { [DB]: { selected: ['Postgres'] }, [CHECKS]: { selected: [] } },
      },
      {
        decision: 'always',
        answers: { [DB]: { selected: ['Postgres'] }, [CHECKS]: { selected: ['Lint'] } },
      },
      { decision: 'allow', edited: { command: 'rm -rf ~' } },
    ];
    const messages = tries.map((value) => {
      try {
        h.service.broker.answer(
          request.id,
          { value: { kind: 'approval', ...value } as never },
          'ui',
          OPERATOR,
        );
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(messages).toEqual([
      expect.stringMatching(/answer each question/),
      expect.stringMatching(/"MySQL" is not an option/),
      expect.stringMatching(/takes one option/),
      expect.stringMatching(/is not answered/),
      expect.stringMatching(/is not answered/),
      expect.stringMatching(/never remembered|answers and edits go with "allow" only/),
      expect.stringMatching(/nothing to edit/),
    ]);
    expect(h.service.broker.get(request.id)!.status).toBe('pending');
    await outcome;
  });

  it('the terminal: one line per question ("Postgres", "lint, e2e"), or Other text; deny declines', async () => {
    const event = hookEvent('claude-ask-user-question');
    const outcome = h.hook('claude-code', event);
    const request = await h.pendingFor(isAsk);
    h.service.broker.answer(request.id, { text: 'postgres\nlint, e2e' }, 'cli', OPERATOR);
    const decision = printed(await outcome, 'claude-code', 'PermissionRequest').hookSpecificOutput
      .decision;
    expect(decision.updatedInput.answers).toEqual({ [DB]: 'Postgres', [CHECKS]: 'Lint, E2E' });
    expect(h.service.broker.get(request.id)!.answer!.text).toBe(
      `${DB} → Postgres\n${CHECKS} → Lint, E2E`,
    );

    const second = h.hook('claude-code', event);
    const next = await h.pendingFor((r) => isAsk(r) && r.id !== request.id);
    expect(() => h.service.broker.answer(next.id, { text: 'Postgres' }, 'cli', OPERATOR)).toThrow(
      /asks 2 questions; answer one line each/,
    );
    h.service.broker.answer(next.id, { text: 'deny: ask me later' }, 'cli', OPERATOR);
    expect(
      printed(await second, 'claude-code', 'PermissionRequest').hookSpecificOutput.decision,
    ).toEqual({
      behavior: 'deny',
      message: 'ask me later',
    });
  });
});
