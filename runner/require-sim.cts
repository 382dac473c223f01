// `require('mobiletest/sim')`: the virtual phone's ES module entry, loaded by Node's require().
import { requireEntry } from './node-support.cjs';

module.exports = requireEntry(() => require('../src/sim/index.js'));
