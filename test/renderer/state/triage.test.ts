import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import {
  compareRequests,
  defaultTriageView,
  matchesView,
  triageOptions,
  triageRows,
  type TriageView,
} from '../../../renderer/src/state/triage';

const req = (id: string, createdAt: number, extra: Partial<HitlRequest> = {}): HitlRequest => ({
  id,
  source: 'clarity-file',
  key: id,
  prompt: `question ${id}`,
  input: { kind: 'text' },
  createdAt,
  status: 'pending',
  ...extra,
});
const ids = (rows: ReturnType<typeof triageRows>) =>
  rows.map((r) => (r.kind === 'group' ? `[${r.groupKey} ${r.count}]` : r.request.id));
const view = (patch: Partial<TriageView> = {}): TriageView => ({ ...defaultTriageView, ...patch });

const claude = { id: 'a1', name: 'claude' };
const codex = { id: 'a2', name: 'codex' };
const sample = [
  req('new-no-deadline', 500),
  req('old-no-deadline', 100),
  req('late-deadline', 400, { expiresAt: 10_000_000 }),
  req('soon-deadline', 450, { expiresAt: 2_000, agent: claude }),
  req('mid', 300, { agent: codex, source: 'tool-server-lite' }),
];

describe('triage order', () => {
  it('defaults to soonest deadline first, then the rest oldest first', () => {
    expect(defaultTriageView.order).toBe('urgent');
    expect(ids(triageRows(sample, view(), 0))).toEqual([
      'soon-deadline',
      'late-deadline',
      'old-no-deadline',
      'mid',
      'new-no-deadline',
    ]);
  });

  it('switches to oldest first or newest first, ignoring deadlines', () => {
    expect(ids(triageRows(sample, view({ order: 'oldest' }), 0))).toEqual([
      'old-no-deadline',
      'mid',
      'late-deadline',
      'soon-deadline',
      'new-no-deadline',
    ]);
    expect(ids(triageRows(sample, view({ order: 'newest' }), 0))).toEqual([
      'new-no-deadline',
      'soon-deadline',
      'late-deadline',
      'mid',
      'old-no-deadline',
    ]);
  });

  it('breaks ties by id so the order never flickers', () => {
    const a = req('a', 1);
    const b = req('b', 1);
    expect(compareRequests(a, b, 'urgent')).toBeLessThan(0);
    expect(compareRequests(b, a, 'newest')).toBeGreaterThan(0);
  });
});

describe('triage grouping', () => {
  it('groups by agent (else source) in the order of each group’s first request', () => {
    expect(ids(triageRows(sample, view({ groupByAgent: true }), 0))).toEqual([
      '[agent:a1 1]',
      'soon-deadline',
      '[source:clarity-file 3]',
      'late-deadline',
      'old-no-deadline',
      'new-no-deadline',
      '[agent:a2 1]',
      'mid',
    ]);
  });
});

describe('triage search and filters', () => {
  it('searches text, key, title and agent, case-insensitively', () => {
    const rows = (text: string) => ids(triageRows(sample, view({ text }), 0));
    expect(rows('QUESTION MID')).toEqual(['mid']);
    expect(rows('soon-dead')).toEqual(['soon-deadline']);
    expect(rows('codex')).toEqual(['mid']);
    expect(rows('  ')).toHaveLength(5);
    expect(matchesView(req('x', 1, { title: 'Deploy prod' }), view({ text: 'deploy' }), 0)).toBe(
      true,
    );
  });

  it('filters by protocol, agent and urgency', () => {
    expect(ids(triageRows(sample, view({ source: 'tool-server-lite' }), 0))).toEqual(['mid']);
    expect(ids(triageRows(sample, view({ group: 'agent:a1' }), 0))).toEqual(['soon-deadline']);
    expect(ids(triageRows(sample, view({ urgency: 'none' }), 0))).toEqual([
      'old-no-deadline',
      'mid',
      'new-no-deadline',
    ]);
    expect(ids(triageRows(sample, view({ urgency: 'any-deadline' }), 0))).toEqual([
      'soon-deadline',
      'late-deadline',
    ]);
    // At 1,500 ms soon-deadline has 500 ms left (urgent); late-deadline nearly 3 h (not).
    expect(ids(triageRows(sample, view({ urgency: 'urgent' }), 1_500))).toEqual(['soon-deadline']);
    expect(ids(triageRows(sample, view({ urgency: 'deadline' }), 1_500))).toEqual([
      'late-deadline',
    ]);
  });

  it('lists the agents and protocols present, for the filter menus', () => {
    expect(triageOptions(sample)).toEqual({
      groups: [
        { key: 'source:clarity-file', label: 'clarity-file' },
        { key: 'agent:a1', label: 'claude' },
        { key: 'agent:a2', label: 'codex' },
      ],
      sources: ['clarity-file', 'tool-server-lite'],
    });
  });

  it('orders and filters 1,000 requests', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      req(`r${i}`, i, i % 10 === 0 ? { expiresAt: 100_000 - i } : {}),
    );
    const rows = triageRows(many, view(), 0);
    expect(rows).toHaveLength(1000);
    expect(ids(rows).slice(0, 2)).toEqual(['r990', 'r980']);
    expect(ids(rows)[100]).toBe('r1');
  });
});
