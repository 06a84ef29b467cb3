import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallUs } from '#client/components/ui/call-us.tsx';
import { lazyChunk } from '#client/lib/lazy.ts';
import '../report-problem.css';

/** The form arrives when first opened: the site page's first bundle carries only this button. */
const ReportForm = lazyChunk(
  'report-form',
  () => import('./report-form.tsx'),
  (m) => m.ReportForm,
);

/**
 * The report form wherever a page shows it open from the start (/contact, without a site): its code
 * and words still come in their own chunk, after the page (docs/product.md R192).
 */
export function ReportFormLoader({ siteId, labelledBy }: { siteId?: number; labelledBy?: string }) {
  const { t } = useTranslation('site');
  return (
    <Suspense fallback={<p role="status">{t('report.loading')}</p>}>
      <ReportForm siteId={siteId} labelledBy={labelledBy} />
    </Suspense>
  );
}

/**
 * "Report a problem" under a site's details (docs/product.md R192): a heading whose button shows or
 * hides the form (a disclosure), so the page stays short for those who do not need it. Without scripts
 * the button stays disabled and the agency's phone follows (report-problem.css).
 */
export function ReportProblem({ siteId }: { siteId: number }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  // Disabled until the app has started: a tap before then (or with scripts off) would do nothing.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const panel = useId();
  const heading = useId();
  return (
    <section className="report-problem" aria-labelledby={heading}>
      <h2 id={heading} className="report-problem__heading">
        <button
          type="button"
          className="button button--secondary report-problem__toggle"
          disabled={!started}
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((value) => !value)}
        >
          {t('report.open')}
        </button>
      </h2>
      {/* Without scripts the form cannot be sent: say so, and give the phone (report-problem.css). */}
      <div className="report-problem__without-scripts">
        <p>{t('report.noScript')}</p>
        <CallUs />
      </div>
      <div id={panel} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{t('report.loading')}</p>}>
            <ReportForm siteId={siteId} labelledBy={heading} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
