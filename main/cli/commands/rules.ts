import type { Command } from 'commander';
import type { ApprovalRule } from '../../adapters/coding-agents/approval-rule';
import { describeRule } from '../../adapters/coding-agents/approval-rule';
import { BrokerReplyError, callBroker } from '../broker-client/broker-http';
import { BROKER_HELP, locateBroker, TOKEN_HELP } from '../broker-client/locate-broker';
import { CliError, ExitCode, action, withUsageExitCode } from '../options';
import type { RegisterCommand } from './register-command';

/** `clarity-hitl rules list|revoke <id>`: the coding agents' "always allow" rules of the running broker. */
export const registerRules: RegisterCommand = (program: Command) => {
  const rules = program
    .command('rules')
    .description('"always allow" rules of coding-agent hooks (in the running broker)');
  withUsageExitCode(
    rules
      .command('list')
      .description('list the rules')
      .option('--broker <url>', BROKER_HELP)
      .option('--token <token>', TOKEN_HELP)
      .option('--json', 'print JSON')
      .action(
        action(async (flags: { broker?: string; token?: string; json?: boolean }) => {
          const broker = locateBroker(flags.broker, undefined, flags.token, 'operator');
          const { rules: list } = await callBroker<{ rules: ApprovalRule[] }>(broker, '/api/rules');
          if (flags.json) return void process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
          if (!list.length) return void process.stdout.write('No rules: every request is asked.\n');
          for (const rule of list) {
            const used = rule.hits ? `used ${rule.hits}×` : 'not used yet';
            process.stdout.write(
              `${rule.id}  ${rule.agent.padEnd(11)} ${describeRule(rule)}  in ${rule.project}  (${used})\n`,
            );
          }
        }),
      ),
  );
  withUsageExitCode(
    rules
      .command('revoke <id>')
      .description('remove a rule: matching requests are asked again')
      .option('--broker <url>', BROKER_HELP)
      .option('--token <token>', TOKEN_HELP)
      .action(
        action(async (id: string, flags: { broker?: string; token?: string }) => {
          const broker = locateBroker(flags.broker, undefined, flags.token, 'operator');
          try {
            const { rule } = await callBroker<{ rule: ApprovalRule }>(
              broker,
              `/api/rules/${encodeURIComponent(id)}/revoke`,
              {},
            );
            process.stdout.write(`Revoked ${rule.id} (${describeRule(rule)})\n`);
          } catch (error) {
            if (error instanceof BrokerReplyError && error.status === 404)
              throw new CliError(`no rule ${id}`, ExitCode.notFound);
            throw error;
          }
        }),
      ),
  );
};
