export {
  DEFAULT_FERRETDB_PORT,
  embeddedServices,
  platformSettingsFromEnv,
  startPlatform,
  type PlatformHooks,
  type PlatformSettings,
  type RunningPlatform,
} from './platform';
