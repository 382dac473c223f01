// The two things the driver itself reads off WebDriverAgent's XML source when the server answers no
// element queries: whether a keyboard is up, and where the navigation bar's back button is.

/** A rectangle in points, as WebDriverAgent's x, y, width and height attributes give it. */
export interface PointRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const TAG = /<(\/?)(XCUIElementType\w+)([^>]*?)(\/?)>/g;

/** Whether the source holds a software keyboard. */
export function sourceHasKeyboard(xml: string): boolean {
  return /<XCUIElementTypeKeyboard[\s>/]/.test(xml);
}

/** The first button directly inside the first navigation bar: where UIKit puts the back button. */
export function navigationBarFirstButton(xml: string): PointRect | undefined {
  let depth = 0;
  let barDepth: number | undefined;
  for (const [, closing, type, attributes, selfClosing] of xml.matchAll(TAG)) {
    if (closing) {
      depth--;
      if (barDepth !== undefined && depth === barDepth) return undefined;
      continue;
    }
    if (barDepth === undefined && type === 'XCUIElementTypeNavigationBar' && !selfClosing) barDepth = depth;
    else if (barDepth !== undefined && depth === barDepth + 1 && type === 'XCUIElementTypeButton') return rectOf(attributes);
    if (!selfClosing) depth++;
  }
  return undefined;
}

function rectOf(attributes: string): PointRect | undefined {
  const number = (name: string) => Number(new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(attributes)?.[1] ?? NaN);
  const rect = { x: number('x'), y: number('y'), width: number('width'), height: number('height') };
  return Object.values(rect).every(Number.isFinite) ? rect : undefined;
}
