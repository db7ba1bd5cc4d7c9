export { BUILD_MESSAGE, ensureFerretBinary, findFerretSourceDir, type EnsureFerretBinaryOptions } from './ferret-binary';
export { findFreePort, startEmbeddedMongo, type EmbeddedMongo, type StartEmbeddedMongoOptions } from './embedded-mongo';
