export { buildGateway } from './gateway';
export {
  DEFAULT_AUTH_RATE_LIMIT,
  DEFAULT_UPSTREAM_TIMEOUTS,
  defaultClientConfig,
  defaultServiceUrls,
  gatewayOptionsFromEnv,
  remoteNames,
  repositoryWebRoots,
  webRootsIn,
  type ClientConfig,
  type GatewayListenOptions,
  type GatewayOptions,
  type RateLimitSettings,
  type RemoteName,
  type UpstreamTimeouts,
  type WebRoots,
} from './options';
export { rateLimitedAuthPaths, requiresToken, resolveRoute, routeTable, type ApiRoute, type GatewayAuth } from './route-table';
