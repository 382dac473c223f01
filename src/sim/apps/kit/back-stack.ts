// An app's back stack of screens. It is never empty: BACK on the bottom screen leaves the app instead.

/** A non-empty list of screens, bottom first. */
export type Screens<T> = readonly [T, ...T[]];

export class BackStack<T> {
  private screens: [T, ...T[]];

  constructor(screens: Screens<T>) {
    this.screens = [...screens];
  }

  get top(): T {
    return this.screens[this.screens.length - 1] ?? this.screens[0];
  }

  get depth(): number {
    return this.screens.length;
  }

  push(...screens: T[]): void {
    this.screens.push(...screens);
  }

  /** Removes the top screen unless it is the only one; says whether it did. */
  pop(): boolean {
    if (this.screens.length <= 1) return false;
    this.screens.pop();
    return true;
  }

  /** Puts an updated copy of the top screen in its place. */
  replaceTop(screen: T): void {
    this.screens[this.screens.length - 1] = screen;
  }

  /** Starts over with these screens, as an Intent with FLAG_ACTIVITY_CLEAR_TASK does. */
  reset(screens: Screens<T>): void {
    this.screens = [...screens];
  }
}
