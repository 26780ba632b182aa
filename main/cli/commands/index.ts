import { registerMcpCommand } from './mcp';
import { registerRunCommand } from './run';
import { registerServe } from './serve';
import { registerAnswer } from './answer';
import { registerCancel } from './cancel';
import { registerList } from './list';
import { registerWatch } from './watch';
import { registerHook } from './hook';
import { registerRules } from './rules';
import { registerOpen } from './open';

import type { RegisterCommand } from './register-command';

export type { RegisterCommand };

/** Each module adds one subcommand to the program. Keep one import + one entry per command. */
export const commands: RegisterCommand[] = [
  registerWatch,
  registerList,
  registerAnswer,
  registerCancel,
  registerServe,
  registerMcpCommand,
  registerRunCommand,
  registerHook,
  registerRules,
  registerOpen,
];
