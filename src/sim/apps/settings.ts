// The Settings app lives in ./settings/; this is the name the phone's app registry imports.
export { settingsApp } from './settings/index.js';
