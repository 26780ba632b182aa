import { setFlagsFromString } from 'node:v8';

// V8's own checks, compiled once while --allow-natives-syntax is on (it only matters at parse time).
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean;
setFlagsFromString('--no-allow-natives-syntax');

/** Whether V8 gives `a` and `b` the same hidden class (map): one shape shared, not one each. */
export function sameHiddenClass(a: object, b: object): boolean {
  return haveSameMap(a, b);
}

/** Whether `o` keeps fast (shape-described) properties rather than a hash table of its own. */
export function fastProperties(o: object): boolean {
  return hasFastProperties(o);
}
