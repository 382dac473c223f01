// `npm run bench -- observe`: what the observed screen costs and keeps, over every sample-app
// screen and every real dump: tokens (text form vs raw XML), element recall, parse + compress time.
import os from 'node:os';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildScreen, parseUiautomatorXml, screenText, type Screen } from '../runner/index.js';
import { sampleScreens } from './observe-screens.js';
import { realDumps } from './real-dumps.js';
import { recall, type Miss } from './observe-recall.js';
import { quantile } from './stats.js';

interface Measured {
  name: string;
  nodes: number;
  tokens: number;
  rawTokens: number;
  eligible: number;
  misses: Miss[];
  ms: number;
}

/** Parse + compress + render, sorted durations of `runs` after a warm-up. */
function times(xml: string, runs = 40): number[] {
  const once = () => screenText(buildScreen(parseUiautomatorXml(xml)));
  for (let i = 0; i < Math.max(10, runs / 4); i++) once();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    once();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

function measure(name: string, xml: string): Measured {
  const hierarchy = parseUiautomatorXml(xml, { source: name });
  const screen: Screen = buildScreen(hierarchy);
  const { eligible, misses } = recall(hierarchy, screen);
  return {
    name,
    nodes: hierarchy.nodeCount,
    tokens: countTokens(screenText(screen)),
    rawTokens: countTokens(xml),
    eligible,
    misses,
    ms: quantile(times(xml), 0.5),
  };
}

function table(title: string, rows: Measured[]): void {
  console.log(`\n${title}`);
  console.log(
    `${'screen'.padEnd(30)} ${'nodes'.padStart(5)} ${'tokens'.padStart(6)} ${'raw'.padStart(6)} ${'ratio'.padStart(6)} ${'recall'.padStart(7)} ${'ms'.padStart(6)}`,
  );
  for (const r of rows) {
    const rec = r.eligible === 0 ? '-' : `${r.eligible - r.misses.length}/${r.eligible}`;
    console.log(
      `${r.name.padEnd(30)} ${String(r.nodes).padStart(5)} ${String(r.tokens).padStart(6)} ${String(r.rawTokens).padStart(6)} ${(r.rawTokens / r.tokens).toFixed(1).padStart(5)}x ${rec.padStart(7)} ${r.ms.toFixed(2).padStart(6)}`,
    );
  }
}

function summary(title: string, rows: Measured[], targetTokens: number): void {
  const sorted = (f: (r: Measured) => number) => rows.map(f).sort((a, b) => a - b);
  const tokens = sorted((r) => r.tokens);
  const raw = sorted((r) => r.rawTokens);
  const ratios = sorted((r) => r.rawTokens / r.tokens);
  const eligible = rows.reduce((n, r) => n + r.eligible, 0);
  const missed = rows.reduce((n, r) => n + r.misses.length, 0);
  const median = quantile(tokens, 0.5);
  const ratio = quantile(ratios, 0.5);
  const perThousand = (rows.reduce((t, r) => t + r.ms, 0) / rows.reduce((n, r) => n + r.nodes, 0)) * 1000;
  console.log(`\n${title} (${rows.length} screens)`);
  console.log(
    `  text form tokens   median ${median}, p90 ${quantile(tokens, 0.9)}   target median <= ${targetTokens}: ${median <= targetTokens ? 'met' : 'MISSED'}`,
  );
  console.log(`  raw XML tokens     median ${quantile(raw, 0.5)}, p90 ${quantile(raw, 0.9)}`);
  console.log(`  raw / text         median ${ratio.toFixed(1)}x, lowest ${ratios[0].toFixed(1)}x   target >= 8x: ${ratio >= 8 ? 'met' : 'MISSED'}`);
  console.log(
    `  element recall     ${eligible - missed}/${eligible} = ${((100 * (eligible - missed)) / Math.max(1, eligible)).toFixed(1)}%   target 100%: ${missed === 0 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  parse + compress   median ${quantile(
      sorted((r) => r.ms),
      0.5,
    ).toFixed(2)} ms per dump, ${perThousand.toFixed(2)} ms per 1,000 nodes`,
  );
  for (const r of rows) for (const m of r.misses) console.log(`  missed in ${r.name}: ${m.className} "${m.label}" at [${m.bounds.join(',')}]`);
}

/** One dump of about 1,000 real nodes: every real dump's windows side by side in one hierarchy. */
function thousandNodes(dumps: ReadonlyArray<{ xml: string }>): void {
  const bodies = dumps.map(({ xml }) => {
    const open = xml.indexOf('>', xml.indexOf('<hierarchy')) + 1;
    return xml.slice(open, xml.lastIndexOf('</hierarchy>'));
  });
  let big = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`;
  for (let i = 0; parseUiautomatorXml(`${big}</hierarchy>`).nodeCount < 1000; i++) big += bodies[i % bodies.length];
  big += '</hierarchy>';
  const nodes = parseUiautomatorXml(big).nodeCount;
  const bigTimes = times(big, 200);
  const ms = quantile(bigTimes, 0.5);
  const perThousand = (t: number) => ((t / nodes) * 1000).toFixed(2);
  console.log(`\nA ${nodes}-node dump of real nodes (${Math.round(big.length / 1024)} KB), parse + compress + text:`);
  console.log(
    `  median ${ms.toFixed(2)} ms (${perThousand(ms)} per 1,000 nodes), fastest ${bigTimes[0].toFixed(2)} ms, p90 ${quantile(bigTimes, 0.9).toFixed(2)} ms   target <= 5 ms per 1,000 nodes: ${(ms / nodes) * 1000 <= 5 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  (os.loadavg ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: other work on the machine slows every figure)`,
  );
}

export async function benchObserve(): Promise<void> {
  // First, while the heap is small: the time target is about the parser and compressor, not the GC of a long run.
  const dumps = realDumps();
  thousandNodes(dumps);
  const sample = (await sampleScreens()).map((s) => measure(s.name, s.xml));
  table('Sample apps on the virtual phone (1080x2400)', sample);
  const real = dumps.map((d) => measure(d.name, d.xml));
  table('Real uiautomator dumps (../shared/fixtures/android)', real);
  summary('Sample apps', sample, 300);
  summary('Real dumps', real, 400);
}
