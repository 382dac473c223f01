/** A frame could not be drawn: names what was wrong with it and what to do. */
export class RenderError extends Error {
  override name = 'RenderError';
}
