import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LoadRemotePage, RemoteModule } from '@cine/web-kit';

export const loadFederatedPage: LoadRemotePage = async <Props extends object>(remote: string, exposedModule: string) => {
  const loaded = await loadRemote<RemoteModule<Props>>(`${remote}/${exposedModule}`);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`El módulo ${remote}/${exposedModule} no expone una página.`);
  }
  return loaded;
};
