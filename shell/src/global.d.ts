declare module '*.svg' {
  const url: string;
  export default url;
}

interface Window {
  __CINE_CONFIG__?: import('@cine/web-kit').CineRuntimeConfig;
}
