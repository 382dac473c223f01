// The import directions of DESIGN.md's layout table, checked on every `npm test`.
// Each rule names a folder and the project folders it may import besides itself.
const PROJECT = '^(src|runner|reporters|bench|e2e)/';

// Tests beside a module may also start the virtual phone through its public entry: it stands
// in for a real device; it is not a dependency of the module under test.
const SIM_ENTRY = '^src/sim/index\\.ts$';

const rule = ({ name, from, fromNot, allowed, extra = [] }) => ({
  name,
  severity: 'error',
  comment: `${from} may import only: ${allowed.join(', ')}${extra.length ? ' (tests: also src/sim/index.ts)' : ''} (see DESIGN.md, Layout)`,
  from: { path: from, ...(fromNot ? { pathNot: fromNot } : {}) },
  to: { path: PROJECT, pathNot: [...allowed.map((a) => `^${a}/`), ...extra] },
});

/** A folder's rule for its code, and a looser one for its tests and the helpers only tests use (`*.testing.ts`). */
const layer = (name, folder, allowed) => [
  rule({ name, from: `^${folder}/`, fromNot: '\\.test(ing)?\\.ts$', allowed: [folder, ...allowed] }),
  rule({ name: `${name}-tests`, from: `^${folder}/.*\\.test(ing)?\\.ts$`, allowed: [folder, ...allowed], extra: [SIM_ENTRY] }),
];

// e2e specs and benchmarks use the package as a user would: only its exported entry points.
const PUBLIC_ENTRIES = ['^runner/index\\.ts$', SIM_ENTRY];
const publicApiOnly = (from, extra = []) => ({
  name: `${from}-public-api-only`,
  severity: 'error',
  comment: `${from} may import only the package's public entry points (runner/index.ts, src/sim/index.ts)${extra.length ? ' and the test harnesses under src/*/testing/' : ''}`,
  from: { path: `^${from}/` },
  to: { path: '^(src|runner|reporters)/', pathNot: [...PUBLIC_ENTRIES, ...extra] },
});

module.exports = {
  forbidden: [
    ...layer('drivers-stand-alone', 'src/drivers', []),
    rule({ name: 'sim-stand-alone', from: '^src/sim/', allowed: ['src/sim'] }),
    ...layer('observe-on-drivers', 'src/observe', ['src/drivers']),
    {
      name: 'observe-uses-driver-types-only',
      severity: 'error',
      comment: 'src/observe may import driver types, never driver code (DESIGN.md, Layout)',
      from: { path: '^src/observe/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/drivers/', dependencyTypesNot: ['type-only'] },
    },
    ...layer('primitives-on-observe-drivers-events', 'src/primitives', ['src/observe', 'src/drivers', 'src/events']),
    ...layer('agent-on-primitives-observe-llm-events', 'src/agent', ['src/primitives', 'src/observe', 'src/llm', 'src/events']),
    rule({ name: 'llm-stand-alone', from: '^src/llm/', allowed: ['src/llm'] }),
    rule({ name: 'events-stand-alone', from: '^src/events/', allowed: ['src/events'] }),
    ...layer('mcp-on-primitives-observe-drivers-events', 'src/mcp', ['src/primitives', 'src/observe', 'src/drivers', 'src/events']),
    rule({ name: 'runner-on-src', from: '^runner/', allowed: ['runner', 'src'] }),
    ...layer('reporters-on-events', 'reporters', ['src/events']),
    // The truth battery's model path drives the agent with the scripted model servers the tests use.
    publicApiOnly('e2e', ['^src/[^/]+/testing/']),
    // Benchmarks drive the agent with the scripted model servers the tests use.
    publicApiOnly('bench', ['^src/[^/]+/testing/']),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'circular imports make initialisation order fragile (type-only cycles erase at build time)',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'an import that resolves to nothing fails at run time',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
