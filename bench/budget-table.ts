// The read budget's table: one row per run of the flow, mobiletest's and its peers' in the same columns.

export interface BudgetFigures {
  readsPerAction: number;
  screenshotsPerAction: number;
  otherPerAction: number;
  deviceSecondsPerAction: number;
  wallSeconds: number;
  floorSeconds: number;
}

const LABEL = 28;

export function budgetHeader(): string {
  return `${'run'.padEnd(LABEL)} ${'reads'.padStart(6)} ${'shots'.padStart(6)} ${'other'.padStart(6)} ${'device s'.padStart(9)} ${'wall s'.padStart(8)} ${'floor s'.padStart(8)} ${'wall ÷ floor'.padStart(13)}`;
}

export function budgetRow(label: string, r: BudgetFigures): string {
  return `${label.padEnd(LABEL)} ${r.readsPerAction.toFixed(2).padStart(6)} ${r.screenshotsPerAction.toFixed(2).padStart(6)} ${r.otherPerAction.toFixed(2).padStart(6)} ${r.deviceSecondsPerAction.toFixed(2).padStart(9)} ${r.wallSeconds.toFixed(1).padStart(8)} ${r.floorSeconds.toFixed(1).padStart(8)} ${`${(r.wallSeconds / r.floorSeconds).toFixed(2)}x`.padStart(13)}`;
}
