import { Suspense } from 'react';
import { lazyChunk } from '#client/lib/lazy.ts';

const ExportLinks = lazyChunk(
  'sites-export',
  () => import('./components/export-links.tsx'),
  (m) => m.ExportLinks,
);

/** The administrators' export links on /sites, fetched only when shown (docs/product.md R236). */
export function SitesExport() {
  return (
    <Suspense fallback={null}>
      <ExportLinks />
    </Suspense>
  );
}
