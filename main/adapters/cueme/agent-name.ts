import { randomInt } from 'node:crypto';

const CONSONANTS = 'bcdfghjklmnpqrstvwxz';
const VOWELS = 'aeiou';
const CODAS = ['', 'n', 'r', 'l', 's', 'm', 'nd', 'st', 'rk', 'ld'];
const pick = <T>(items: ArrayLike<T>): T => items[randomInt(0, items.length)]!;

/**
 * A new agent_id in the original cueme's format: a pronounceable lowercase name of 8 to 12
 * letters made of 3 to 5 consonant-vowel(-coda) syllables, e.g. `bamorkelisu`.
 */
export function agentName(): string {
  for (;;) {
    let name = '';
    const syllables = pick([3, 4, 5]);
    for (let i = 0; i < syllables; i++) name += pick(CONSONANTS) + pick(VOWELS) + pick(CODAS);
    name = name.slice(0, 12);
    if (name.length >= 8) return name;
  }
}
