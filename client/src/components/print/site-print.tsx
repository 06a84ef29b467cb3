import { useTranslation } from 'react-i18next';
import { pageLanguage } from '#client/lib/localized.tsx';
import { apiPaths } from '#shared/api-paths.ts';
import { usePrintedAddress } from './page-address.ts';
import { PrintedOn } from './print-footer.tsx';
import './print.css';

/** The QR code's printed size: about 3 cm, easy for a phone camera at arm's length. */
const QR_SIZE = 116;

/**
 * What only a printed site page has (docs/product.md R153–R155): a QR code of this page's address in the
 * printed language, the address written short ('meals.example.org/sites/12'), the print date and the
 * general information phone. Hidden on screen (print.css), so it is neither seen nor heard there.
 *
 * The image is an ordinary, eager <img> (never loading="lazy"): a browser fetches it with the page even
 * while it is hidden, so it is there when the page prints; at low priority, so it never delays the
 * page itself (docs/decisions/025-printing-and-qr-codes.md).
 */
export function SitePrint({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation('print');
  const language = pageLanguage(i18n.resolvedLanguage);
  const address = usePrintedAddress(`/sites/${siteId}`);
  return (
    <section className="print-only print-site" aria-label={t('siteLabel')}>
      <img
        className="print-site__qr"
        src={apiPaths.siteQr(siteId, language)}
        alt={t('qrAlt')}
        width={QR_SIZE}
        height={QR_SIZE}
        fetchPriority="low"
      />
      <div>
        <p className="print-site__scan">
          {t('scan')} {address && <strong className="print-site__address">{address}</strong>}
        </p>
        <PrintedOn />
      </div>
    </section>
  );
}
