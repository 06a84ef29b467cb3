/**
 * What `use-sync-external-store/shim` resolves to in the client build (client/vite.config.ts): React's
 * own useSyncExternalStore, which every React this app runs on has, instead of the shim's copy for
 * React 17 that react-i18next imports (docs/decisions/003-client-bundle.md).
 */
export { useSyncExternalStore } from 'react';
