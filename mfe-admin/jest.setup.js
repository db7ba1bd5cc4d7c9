// jsdom has no TextEncoder/TextDecoder; react-router reads them when it loads.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
