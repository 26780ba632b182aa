import { userInfo } from 'node:os';

/** The name of the OS user running this process (`USER`/`USERNAME` where the lookup fails). */
export function osUserName(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return process.env.USER || process.env.USERNAME || undefined;
  }
}
