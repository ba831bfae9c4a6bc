import type { Services } from '../../server/services';

/** What page loaders receive as `context`: the server's services, read in-process. */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
  }
}

export {};
