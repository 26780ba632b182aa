#!/usr/bin/env node
// Release builds: decide from the secrets present whether electron-builder signs (and notarizes)
// or builds unsigned, as on forks and developer machines. Appends to $GITHUB_ENV; prints notices.
import { appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const has = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';
const missing = (env, names) => names.filter((n) => !has(env, n));

/**
 * What a build on `platform` (process.platform) does with the environment `env`: variables to
 * set, files to write (an App Store Connect key given as text), and notices for the log.
 */
export function signingPlan(platform, env) {
  const plan = { set: {}, files: [], notices: [] };
  if (platform === 'linux') {
    plan.notices.push(
      'Linux: AppImage and deb are not code-signed; the update feed carries sha512 checksums.',
    );
    return plan;
  }
  const cert = platform === 'win32' ? ['WIN_CSC_LINK', 'CSC_LINK'] : ['CSC_LINK'];
  const certVar = cert.find((n) => has(env, n));
  if (!certVar) {
    // Without this, electron-builder on macOS would sign with any identity in the keychain.
    plan.set.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    plan.notices.push(`unsigned build: no ${cert.join(' or ')} secret`);
    return plan;
  }
  const password = certVar === 'WIN_CSC_LINK' ? 'WIN_CSC_KEY_PASSWORD' : 'CSC_KEY_PASSWORD';
  if (!has(env, password)) plan.notices.push(`${certVar} is set but ${password} is empty`);
  plan.notices.push(`signing with the certificate from ${certVar}`);
  if (platform === 'darwin') notarization(env, plan);
  return plan;
}

function notarization(env, plan) {
  const apiKey = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'];
  const appleId = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];
  if (missing(env, apiKey).length === 0) {
    // electron-builder wants a path to the .p8 key; a secret holds its text.
    if (env.APPLE_API_KEY.includes('BEGIN PRIVATE KEY')) {
      const path = join(env.RUNNER_TEMP || tmpdir(), `AuthKey_${env.APPLE_API_KEY_ID}.p8`);
      plan.files.push({ path, content: env.APPLE_API_KEY });
      plan.set.APPLE_API_KEY = path;
    }
    plan.notices.push('notarizing with the App Store Connect API key');
    return;
  }
  if (missing(env, appleId).length === 0) {
    plan.notices.push('notarizing with the Apple ID');
    return;
  }
  for (const trio of [apiKey, appleId]) {
    const absent = missing(env, trio);
    if (absent.length < trio.length)
      plan.notices.push(`not notarized: ${absent.join(', ')} missing for ${trio.join('/')}`);
  }
  if (!plan.notices.some((n) => n.startsWith('not notarized')))
    plan.notices.push('signed but not notarized: no APPLE_API_KEY or APPLE_ID secrets');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const plan = signingPlan(process.platform, process.env);
  for (const file of plan.files) writeFileSync(file.path, file.content, { mode: 0o600 });
  const lines = Object.entries(plan.set).map(([name, value]) => `${name}=${value}\n`);
  if (process.env.GITHUB_ENV) appendFileSync(process.env.GITHUB_ENV, lines.join(''));
  else process.stdout.write(lines.join(''));
  const unsigned = 'CSC_IDENTITY_AUTO_DISCOVERY' in plan.set;
  for (const notice of plan.notices)
    console.log(`${unsigned || notice.startsWith('not ') ? '::warning::' : ''}${notice}`);
}
