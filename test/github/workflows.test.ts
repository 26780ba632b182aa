import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.join(ROOT, '.github/workflows');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  uses?: string;
  needs?: string | string[];
  if?: string;
  strategy?: {
    matrix: { os: string[]; node?: number[]; include?: { os: string; node: number }[] };
  };
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (file: string) => load(readFileSync(path.join(DIR, file), 'utf8')) as Workflow;
const ci = read('ci.yml');
const release = read('release.yml');
const engines = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;
const OSES = ['ubuntu-latest', 'macos-latest', 'windows-latest'];
const stepRunning = (job: Job, text: string) => job.steps!.filter((s) => s.run?.includes(text));

describe('.github/workflows', () => {
  it('every workflow file parses, names its jobs, and pins its actions to a major version', () => {
    const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
    for (const file of files) {
      const workflow = read(file);
      expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
      for (const job of Object.values(workflow.jobs)) {
        expect(job['runs-on'] ?? job.uses).toBeTruthy();
        for (const step of job.steps ?? []) {
          expect(step.run ?? step.uses).toBeTruthy();
          if (step.uses) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
        }
      }
    }
  });

  it('ci runs on every push and pull request, and is reusable by the release', () => {
    expect(Object.keys(ci.on)).toEqual(
      expect.arrayContaining(['push', 'pull_request', 'workflow_call']),
    );
    expect(ci.on.push).toEqual({ branches: ['**'] });
    expect(ci.permissions).toEqual({ contents: 'read' });
  });

  it('ci tests on Linux, macOS and Windows with supported Node versions the engines allow', () => {
    const job = ci.jobs.test!;
    const { matrix } = job.strategy!;
    expect(matrix.os).toEqual(OSES);
    const nodes = [...(matrix.node ?? []), ...(matrix.include ?? []).map((i) => i.node)];
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) {
      expect(node).toBeGreaterThanOrEqual(22);
      expect(satisfies(`${node}.0.0`, engines)).toBe(true);
    }
    const setup = job.steps!.find((s) => s.uses?.startsWith('actions/setup-node'));
    expect(setup?.with?.['node-version']).toBe('${{ matrix.node }}');
  });

  it('ci runs the whole suite with the Electron runtime: xvfb on Linux, a check that it downloaded', () => {
    const job = ci.jobs.test!;
    const names = job.steps!.map((s) => s.run ?? s.uses);
    const install = names.indexOf('npm ci');
    const check = job.steps!.findIndex((s) => s.run?.includes("require('electron')"));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(check).toBeGreaterThan(install);
    expect(stepRunning(job, 'apt-get install')[0]!.run).toMatch(/\bxvfb\b/);
    expect(stepRunning(job, 'apt-get install')[0]!.if).toBe("runner.os == 'Linux'");
    const suites = job.steps!.filter((s) => /\bnpm test$/.test(s.run ?? ''));
    expect(suites.map((s) => [s.if, s.run])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a npm test'],
      ["runner.os != 'Linux'", 'npm test'],
    ]);
    for (const suite of suites) expect(suite.env?.CHROMIUM_PATH).toContain('steps.chrome.outputs');
    expect(job.steps!.some((s) => s.uses?.startsWith('browser-actions/setup-chrome'))).toBe(true);
    expect(stepRunning(job, 'npm run dist')).toHaveLength(1);
  });

  it('no workflow pins an unsupported Node version', () => {
    for (const file of ['ci.yml', 'release.yml'])
      expect(readFileSync(path.join(DIR, file), 'utf8')).not.toMatch(
        /node-version:\s*['"]?(1\d|20)\b/,
      );
  });

  it('release: on a version tag, the suite first, then a draft and signed builds on three OSes', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    expect(release.jobs.test!.uses).toBe('./.github/workflows/ci.yml');
    expect(release.jobs.draft!.needs).toBe('test');
    const publish = release.jobs.publish!;
    expect(publish.needs).toBe('draft');
    expect(publish.strategy!.matrix.os).toEqual(OSES);
    const steps = publish.steps!;
    const signing = steps.findIndex((s) => s.run === 'node scripts/signing-env.mjs');
    const builder = steps.findIndex((s) => s.run === 'npx electron-builder --publish always');
    expect(signing).toBeGreaterThan(0);
    expect(builder).toBeGreaterThan(signing);
    const env = steps[builder]!.env!;
    expect(env.GH_TOKEN).toBe('${{ github.token }}');
    for (const name of [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
    ])
      expect(env[name]).toBe(`\${{ secrets.${name} }}`);
    // Unsigned only when the secrets are missing: decided by the signing step, never hard-coded.
    expect(env.CSC_IDENTITY_AUTO_DISCOVERY).toBeUndefined();
    expect(steps[signing]!.env!.APPLE_API_KEY).toBe('${{ secrets.APPLE_API_KEY }}');
    const uploaded = String(steps.at(-1)!.with!.path);
    expect(uploaded).toContain('dist/latest*.yml');
  });
});
