import { useParams } from 'react-router';
import { ConfirmScreen as Confirm } from '#client/features/reports/components/confirm-screen.tsx';

/**
 * /confirm/{token}: a site contact checks the site's information (docs/product.md R199). Not for
 * search engines: the page says noindex (React places the tag in the head).
 */
export function ConfirmScreen() {
  const token = useParams().token ?? '';
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Confirm key={token} token={token} />
    </>
  );
}
