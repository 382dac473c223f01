import { closest } from '../primitives/schema/suggest.js';

/** Bad arguments to a tool other than `do` (whose params InvalidPrimitiveCall explains). */
export class InvalidToolInput extends Error {
  override readonly name = 'InvalidToolInput';
}

/** The app given with --app did not come to the front when the server took the device. */
export class AppNotStarted extends Error {
  override readonly name = 'AppNotStarted';
}

/** ` (did you mean \`x\`?)` when a near name exists, else nothing. */
export function closestName(given: string, known: readonly string[]): string {
  const hint = closest(given, known);
  return hint ? ` (did you mean \`${hint}\`?)` : '';
}
