import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LoadRemotePage, RemotePageModule } from '../types';

export const loadFederatedPage: LoadRemotePage = async (remote, exposedModule) => {
  const loaded = await loadRemote<RemotePageModule>(`${remote}/${exposedModule}`);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`El módulo ${remote}/${exposedModule} no expone una página.`);
  }
  return loaded;
};
