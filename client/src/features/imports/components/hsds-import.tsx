import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '#shared/imports.ts';
import { readHsdsUrl, uploadHsdsPackage } from '../api/imports.ts';

/**
 * The import screen's section for another publisher's HSDS 3.0 data (docs/product.md R648), for
 * administrators: a datapackage.zip or an API's address, previewed and committed like a sheet.
 * `onLoad` runs the request as the screen runs a sheet's upload (busy, refusal, preview).
 */
export function HsdsImportForms({
  busy,
  onLoad,
  onMissing,
}: {
  busy: boolean;
  onLoad: (load: () => Promise<ImportPreview>) => void;
  onMissing: (message: string) => void;
}) {
  const { t } = useTranslation('admin-imports');
  const ids = { heading: useId(), file: useId(), url: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');

  const onPackage = (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      onMissing(t('hsds.choosePackage'));
      fileRef.current?.focus();
      return;
    }
    onLoad(() => uploadHsdsPackage(file));
  };
  const onUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      onMissing(t('hsds.giveUrl'));
      urlRef.current?.focus();
      return;
    }
    onLoad(() => readHsdsUrl(url.trim()));
  };

  return (
    <section aria-labelledby={ids.heading} className="import-hsds">
      <h2 id={ids.heading}>{t('hsds.title')}</h2>
      <p>{t('hsds.intro')}</p>
      <form onSubmit={onPackage} noValidate>
        <div className="field">
          <label htmlFor={ids.file}>{t('hsds.package')}</label>
          <input ref={fileRef} id={ids.file} type="file" accept=".zip,application/zip" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('hsds.previewPackage')}
        </button>
      </form>
      <form onSubmit={onUrl} noValidate>
        <div className="field">
          <label htmlFor={ids.url}>{t('hsds.url')}</label>
          <input
            ref={urlRef}
            id={ids.url}
            type="url"
            inputMode="url"
            placeholder="https://example.org/api/hsds"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t('hsds.previewUrl')}
        </button>
      </form>
    </section>
  );
}

/** What the source holds that the import cannot bring in, named by the standard, with how many (R642). */
export function UnmappedList({ unmapped }: { unmapped: NonNullable<ImportPreview['unmapped']> }) {
  const { t } = useTranslation('admin-imports');
  const id = useId();
  return (
    <section aria-labelledby={id} className="import-unmapped">
      <h3 id={id}>{t('hsds.unmapped')}</h3>
      <ul>
        {unmapped.map(({ what, count }) => (
          <li key={what}>{t('hsds.unmappedItem', { what, count })}</li>
        ))}
      </ul>
    </section>
  );
}
