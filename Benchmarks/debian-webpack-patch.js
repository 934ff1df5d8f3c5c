// Preload (`node -r`) for Debian's webpack 5: its enhanced-resolve reads
// process.config.variables.node_relative_path, which the installed node does not define.
'use strict';
const config = JSON.parse(JSON.stringify(process.config));
config.variables.node_relative_path = 'share/nodejs';
config.variables.node_prefix = '/usr';
Object.defineProperty(process, 'config', { value: config, configurable: true });
