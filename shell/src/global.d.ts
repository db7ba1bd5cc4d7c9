declare module '*.svg' {
  const url: string;
  export default url;
}

interface CineRuntimeConfig {
  remotes?: Partial<Record<'catalog' | 'checkout' | 'admin', string>>;
  stripePublishableKey?: string | null;
}

interface Window {
  __CINE_CONFIG__?: CineRuntimeConfig;
}
