import { useParams } from 'react-router';
import { ProposalReview } from '#client/features/admin-proposals/components/proposal-review.tsx';
import { ProposalsScreen as Proposals } from '#client/features/admin-proposals/components/proposals-screen.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { parseId } from '#shared/ids.ts';
import { NotFoundScreen } from '../not-found.tsx';

addNamespace('admin');
addNamespace('admin-proposals');

/** /admin/proposals: the proposed changes waiting for staff, behind the admin guard (docs/product.md R597). */
export function ProposalsScreen() {
  return <Proposals />;
}

/** /admin/proposals/{id}: one proposal's review. */
export function ProposalScreen() {
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundScreen />;
  return <ProposalReview key={id} id={id} />;
}
