import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CorrectionsForm } from '#client/features/admin-sites/components/partner-site-form.tsx';
import { proposeCorrections } from '#client/features/reports/api/confirmations.ts';
import {
  ConfirmScreen as Confirm,
  type CorrectionsSlot,
} from '#client/features/reports/components/confirm-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';

// The corrections form speaks with the site form's words.
addNamespace('admin');
addNamespace('validation');

/**
 * /confirm/{token}: a site contact checks the site's information (docs/product.md R199), or proposes
 * corrections with the site form's contact fields, hours editor and facts (R598a). Not for search
 * engines: the page says noindex (React places the tag in the head).
 */
export function ConfirmScreen() {
  const token = useParams().token ?? '';
  const { t } = useTranslation('reports');
  const corrections: CorrectionsSlot = ({ site, onProposed }) => (
    <CorrectionsForm
      site={site}
      submitLabel={t('confirm.proposeSend')}
      send={async (body) => {
        const { proposed } = await proposeCorrections(token, body);
        if (proposed) onProposed();
        return { message: proposed ? '' : t('confirm.nothingToPropose') };
      }}
    />
  );
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Confirm key={token} token={token} corrections={corrections} />
    </>
  );
}
