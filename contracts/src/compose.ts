/**
 * The keys a composition's groups declare (each feature's errors, channels, permissions or plan flags), in order; a key
 * two groups declare is refused, naming `what` it is.
 */
export function composeKeys<K extends string>(groups: readonly Readonly<Record<string, unknown>>[], what: string): K[] {
  const keys: K[] = [];
  for (const group of groups) {
    for (const key of Object.keys(group) as K[]) {
      if (keys.includes(key)) throw new Error(`${what} ${key} is declared twice`);
      keys.push(key);
    }
  }
  return keys;
}
