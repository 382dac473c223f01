// run-as on a user build: it enters only debuggable apps, and no app on this phone is debuggable.
import type { CommandContext, CommandTable } from '../registry.js';
import { uidOf } from './names.js';

function runAs(ctx: CommandContext): number {
  const [pkg, flag, user] = ctx.args;
  if (pkg === undefined) {
    ctx.stderr('run-as: usage: run-as <package-name> [--user <uid>] <command> [<args>]\n\n');
    return 1;
  }
  if (flag === '--user' && user !== undefined && Number.parseInt(user, 10) < 0) {
    ctx.stderr(`run-as: negative user id: ${Number.parseInt(user, 10)}\n`);
    return 1;
  }
  const installed = ctx.phone.packages.get(pkg);
  if (!installed) {
    ctx.stderr(`run-as: unknown package: ${pkg}\n`);
    return 1;
  }
  if (uidOf(pkg, installed.system) < 10000) {
    ctx.stderr(`run-as: package not an application: ${pkg}\n`);
    return 1;
  }
  // The sample apps and every installed APK are release builds (no android:debuggable).
  ctx.stderr(`run-as: package not debuggable: ${pkg}\n`);
  return 1;
}

export const runAsCommands: CommandTable = { 'run-as': runAs };
