import type { SiteFormValues } from './site-form.ts';

/**
 * The site form's unsaved values, kept for one trip: an admin who follows an 'add' or 'edit' link to
 * a list item comes back to the form as they left it. Written only on those links, read once on the
 * next visit; `version` is the version the values were based on, so a stale copy still meets a 409.
 */
interface SiteDraft {
  version?: number;
  values: SiteFormValues;
}

const keyOf = (siteId: number | undefined) => `admin-draft:site:${siteId ?? 'new'}`;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled: the form works, drafts are not kept
  }
}

export function saveDraft(siteId: number | undefined, draft: SiteDraft) {
  try {
    storage()?.setItem(keyOf(siteId), JSON.stringify(draft));
  } catch {
    // full or disabled storage: nothing to keep
  }
}

export function peekDraft(siteId: number | undefined): SiteDraft | undefined {
  try {
    const text = storage()?.getItem(keyOf(siteId));
    const draft = text ? (JSON.parse(text) as SiteDraft) : undefined;
    // A copy from before the facts were on the form is not restored (it would lack them).
    return draft?.values && Array.isArray(draft.values.hours) && draft.values.facts ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(siteId: number | undefined) {
  try {
    storage()?.removeItem(keyOf(siteId));
  } catch {
    // nothing stored
  }
}
