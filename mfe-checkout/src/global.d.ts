declare module '*.svg' {
  const url: string;
  export default url;
}

/** What the gateway's /config.js sets before the shell starts (see the shell's src/config.ts). */
interface CineRuntimeConfig {
  stripePublishableKey?: string | null;
}

interface Window {
  __CINE_CONFIG__?: CineRuntimeConfig;
}
