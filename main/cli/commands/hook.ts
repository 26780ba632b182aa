import type { Command } from 'commander';
import { HOOK_AGENTS, type HookAgent } from '../../adapters/coding-agents/hook-event';
import { installHook, installedEvents, uninstallHook } from '../hook/hook-install';
import { defaultHookCommand, settingsFile, type HookScope } from '../hook/hook-settings';
import { runHook } from '../hook/run-hook';
import { optionHelp } from '../../config/help-text';
import { CliError, ExitCode, action, parseSeconds, withUsageExitCode } from '../options';
import type { RegisterCommand } from './register-command';

interface ScopeFlags {
  project?: boolean;
  user?: boolean;
  command?: string;
}

/**
 * `clarity-hitl hook claude-code|codex` (the agent's command hook) and
 * `hook install|uninstall|status` (set-up in the agent's own settings file).
 */
export const registerHook: RegisterCommand = (program: Command) => {
  const hook = program
    .command('hook')
    .description(
      "coding agents' permission prompts in the inbox (Claude Code, Codex command hooks)",
    );
  registerAgentHooks(hook);
  registerInstall(hook);
  registerStatus(hook);
};

/** `hook claude-code|codex`, the command each agent runs, and the fallback for a mistyped one. */
function registerAgentHooks(hook: Command): void {
  for (const agent of HOOK_AGENTS) {
    hook
      .command(agent)
      .description(`${agent}'s command hook: reads the event on stdin, prints the decision`)
      .option(
        '--broker <url>',
        `${optionHelp('brokerUrl', 'running broker', 'the discovery file')}; verified with the state dir's hook-proof.key either way`,
      )
      .option(
        '--timeout <seconds>',
        optionHelp('hookTimeout', 'wait for the operator this long'),
        parseSeconds,
      )
      .action(async (flags: { broker?: string; timeout?: number }) => {
        const outcome = await runHook({
          agent,
          stdin: process.stdin,
          brokerUrl: flags.broker,
          timeoutSeconds: flags.timeout || undefined,
        });
        if ('stdout' in outcome) process.stdout.write(`${outcome.stdout}\n`);
        else if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
        process.exitCode = 0;
      });
  }
  // A hand-written hook command with a typo (`hook claude`) must not exit 2, which both agents
  // read as "deny": one stderr line and exit 0, so the agent asks in its own terminal.
  hook
    .argument('[agent]')
    .allowExcessArguments()
    .action(async (agent: string | undefined) => {
      if (agent === undefined) return hook.help({ error: true });
      const outcome = await runHook({ agent, stdin: process.stdin });
      if ('stderr' in outcome && outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
      process.exitCode = 0;
    });
}

/** `hook install|uninstall <agent>`: the hook in the agent's own settings file. */
function registerInstall(hook: Command): void {
  const scoped = (name: string, description: string) =>
    withUsageExitCode(
      hook
        .command(`${name} <agent>`)
        .description(description)
        .option('--project', "the project's settings file (in the current directory)")
        .option('--user', "the user's settings file (default)"),
    );

  scoped('install', "merge the hook into the agent's settings file (backs it up first)")
    .option(
      '--command <cmd>',
      'the command the agent runs (default: this node and this clarity-hitl)',
    )
    .action(
      action(async (name: string, flags: ScopeFlags) => {
        const agent = agentOf(name);
        const file = settingsFile(agent, scopeOf(flags));
        const result = installHook(file, agent, flags.command ?? defaultHookCommand(agent));
        const what = result.changed ? 'Installed' : 'Already installed';
        process.stdout.write(`${what}: ${agent} hook for ${result.events.join(', ')} in ${file}\n`);
        if (result.backup) process.stdout.write(`Backup of the previous file: ${result.backup}\n`);
      }),
    );

  scoped('uninstall', 'remove exactly the hook `hook install` added').action(
    action(async (name: string, flags: ScopeFlags) => {
      const agent = agentOf(name);
      const file = settingsFile(agent, scopeOf(flags));
      const result = uninstallHook(file, agent);
      if (!result.changed) process.stdout.write(`No ${agent} hook of clarity-hitl in ${file}\n`);
      else
        process.stdout.write(
          `Removed the ${agent} hook (${result.events.join(', ')}) from ${file}` +
            (result.backup ? `\nBackup of the previous file: ${result.backup}\n` : '\n'),
        );
    }),
  );
}

/** `hook status`: which agents have the hook installed, and where. */
function registerStatus(hook: Command): void {
  hook
    .command('status')
    .description('which agents have the hook installed, and where')
    .action(
      action(async () => {
        for (const agent of HOOK_AGENTS) {
          for (const scope of ['user', 'project'] as const) {
            const file = settingsFile(agent, scope);
            const events = installedEvents(file, agent);
            const state = events.length ? `installed (${events.join(', ')})` : 'not installed';
            process.stdout.write(`${agent.padEnd(11)} ${scope.padEnd(7)} ${state}  ${file}\n`);
          }
        }
      }),
    );
}

function agentOf(name: string): HookAgent {
  if ((HOOK_AGENTS as readonly string[]).includes(name)) return name as HookAgent;
  throw new CliError(
    `unknown agent ${JSON.stringify(name)}: use ${HOOK_AGENTS.join(' or ')}`,
    ExitCode.usage,
  );
}

function scopeOf(flags: ScopeFlags): HookScope {
  if (flags.project && flags.user)
    throw new CliError('choose --project or --user, not both', ExitCode.usage);
  return flags.project ? 'project' : 'user';
}
