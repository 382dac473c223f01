// `require('mobiletest')`: the ES module build, loaded by Node's require(), or one line saying which Node to use.
import { requireEntry } from './node-support.cjs';

module.exports = requireEntry(() => require('./index.js'));
