// jsdom has no TextEncoder/TextDecoder; react-router reads them when it loads.
const util = require('node:util');

Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
