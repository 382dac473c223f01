import type { CommandContext, CommandTable } from '../registry.js';

/** `test` / `[`: the file and string checks scripts use to decide what to run. */
function evaluate(ctx: CommandContext, args: string[]): boolean | string {
  if (args.length === 0) return false;
  if (args[0] === '!') {
    const inner = evaluate(ctx, args.slice(1));
    return typeof inner === 'string' ? inner : !inner;
  }
  const and = args.indexOf('-a');
  if (and > 0) return both(evaluate(ctx, args.slice(0, and)), evaluate(ctx, args.slice(and + 1)), (a, b) => a && b);
  const or = args.indexOf('-o');
  if (or > 0) return both(evaluate(ctx, args.slice(0, or)), evaluate(ctx, args.slice(or + 1)), (a, b) => a || b);
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, operand] = args;
    const stat = ctx.phone.fs.stat(ctx.resolve(operand));
    switch (op) {
      case '-e':
        return stat !== undefined;
      case '-f':
        return stat?.type === 'file';
      case '-d':
        return stat?.type === 'dir';
      case '-s':
        return (stat?.size ?? 0) > 0;
      case '-r':
      case '-w':
      case '-x':
        return stat !== undefined;
      case '-z':
        return operand === '';
      case '-n':
        return operand !== '';
      default:
        return `${op}: unknown operand`;
    }
  }
  if (args.length === 3) {
    const [a, op, b] = args;
    const [x, y] = [Number(a), Number(b)];
    switch (op) {
      case '=':
      case '==':
        return a === b;
      case '!=':
        return a !== b;
      case '-eq':
        return x === y;
      case '-ne':
        return x !== y;
      case '-gt':
        return x > y;
      case '-ge':
        return x >= y;
      case '-lt':
        return x < y;
      case '-le':
        return x <= y;
      default:
        return `${op}: unknown operand`;
    }
  }
  return 'syntax error';
}

function both(a: boolean | string, b: boolean | string, join: (a: boolean, b: boolean) => boolean): boolean | string {
  if (typeof a === 'string') return a;
  if (typeof b === 'string') return b;
  return join(a, b);
}

function run(ctx: CommandContext, args: string[]): number {
  const result = evaluate(ctx, args);
  if (typeof result === 'string') {
    ctx.stderr(`${ctx.name}: ${result}\n`);
    return 2;
  }
  return result ? 0 : 1;
}

export const testCommands: CommandTable = {
  test: (ctx) => run(ctx, ctx.args),
  '[': (ctx) => {
    if (ctx.args[ctx.args.length - 1] !== ']') {
      ctx.stderr('[: missing ]\n');
      return 2;
    }
    return run(ctx, ctx.args.slice(0, -1));
  },
};
