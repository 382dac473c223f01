// Text typed as secret: known as a secret before anything is logged, and masked wherever a call is shown.
import { MASK, registerSecret } from '../../events/index.js';
import type { PrimitiveCall } from '../schema/registry.js';

/** The text `call` types as a secret, if it does. */
export function secretTextOf(call: PrimitiveCall): string | undefined {
  return call.name === 'input_text' && call.params.secret ? call.params.text : undefined;
}

/** Masks the call's secret text in every event written from now on. */
export function registerSecretText(call: PrimitiveCall): void {
  const text = secretTextOf(call);
  if (text !== undefined) registerSecret(text);
}

/** `call` with its secret text replaced by the mask (the same call when it types none): a logged plan never holds it, registered or not. */
export function withSecretTextMasked(call: PrimitiveCall): PrimitiveCall {
  if (call.name !== 'input_text' || !call.params.secret) return call;
  return { ...call, params: { ...call.params, text: MASK } };
}
