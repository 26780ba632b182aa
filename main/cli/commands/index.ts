import type { Command } from 'commander';
import { registerMcpCommand } from './mcp';
import { registerRunCommand } from './run';
import { registerServe } from './serve';

/** Each module adds one subcommand to the program. Keep one import + one entry per command. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [registerServe, registerMcpCommand, registerRunCommand];
