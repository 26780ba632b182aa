import type { Command } from 'commander';

/** Each module adds one subcommand to the program. Keep one import + one entry per command. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [];
