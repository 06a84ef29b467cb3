import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { ApiError } from '#client/lib/api.ts';
import { holidayName } from '#shared/holidays.ts';
import type { HolidayDecision, HolidayOccurrence } from '#shared/schemas/closures.ts';
import { useDecideHoliday, useHolidays } from '../api/closures.ts';
import { formatDate } from '../model/closures.ts';

type Choice = 'closed' | 'open' | 'some';

/** An occurrence's name in the reader's language (its English name when there is no other). */
export function occurrenceName(occurrence: HolidayOccurrence, language: string | undefined): string {
  return holidayName(
    {
      en: occurrence.name,
      es: occurrence.translations.es?.name,
      zh: occurrence.translations.zh?.name,
    },
    language ?? 'en',
  );
}

/**
 * The agency's holiday calendar (docs/product.md R440–R443): the next twelve months' holidays, which
 * close every site on their observed day with no one doing anything. For each, staff can keep every
 * site or some sites open, and mark the decision reviewed.
 */
export function HolidayCalendar({
  sites,
  onSaved,
}: {
  sites: readonly { id: number; name: string }[] | undefined;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const holidays = useHolidays();
  const id = useId();
  return (
    <section className="holiday-calendar" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('closures.calendar.heading')}</h2>
      <p>{t('closures.calendar.intro')}</p>
      {holidays.error ? (
        <FormAlert kind="error">{t('closures.calendar.loadFailed')}</FormAlert>
      ) : !holidays.data ? (
        <p>{t('common:loading')}</p>
      ) : (
        <ul className="holiday-calendar__list">
          {holidays.data.map((occurrence) => (
            <HolidayItem
              key={`${occurrence.key} ${occurrence.date}`}
              occurrence={occurrence}
              sites={sites}
              onSaved={onSaved}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What will happen on the day, in words: closed everywhere, open everywhere, or open at N sites. */
export function holidayOutcome(
  occurrence: Pick<HolidayOccurrence, 'openEverywhere' | 'openSiteIds'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (occurrence.openEverywhere) return t('closures.calendar.openEverywhere');
  if (occurrence.openSiteIds.length)
    return t('closures.calendar.openAt', { count: occurrence.openSiteIds.length });
  return t('closures.calendar.closedEverywhere');
}

function HolidayItem({
  occurrence,
  sites,
  onSaved,
}: {
  occurrence: HolidayOccurrence;
  sites: readonly { id: number; name: string }[] | undefined;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const decide = useDecideHoliday();
  const [editing, setEditing] = useState(false);
  const initial: Choice = occurrence.openEverywhere
    ? 'open'
    : occurrence.openSiteIds.length
      ? 'some'
      : 'closed';
  const [choice, setChoice] = useState<Choice>(initial);
  const [openSiteIds, setOpenSiteIds] = useState<number[]>(occurrence.openSiteIds);
  const [error, setError] = useState('');
  const name = occurrenceName(occurrence, language);
  const label = t('closures.holidayLabel', { name, date: formatDate(occurrence.date, language) });

  async function save(decision: HolidayDecision) {
    setError('');
    try {
      await decide.mutateAsync({ occurrence, decision });
      setEditing(false);
      onSaved(t('closures.calendar.saved', { name }));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 409
          ? t('closures.calendar.conflict')
          : failure instanceof ApiError && failure.status === 422 && choice === 'some'
            ? t('closures.calendar.sitesRequired')
            : t('common:errors.generic'),
      );
    }
  }

  const chosen = (): HolidayDecision => ({
    openEverywhere: choice === 'open',
    openSiteIds: choice === 'some' ? openSiteIds : [],
    reviewed: true,
  });

  return (
    <li className="holiday-calendar__item">
      <p className="holiday-calendar__name">
        <strong>{label}</strong>
        {occurrence.actualDate !== occurrence.date && (
          <> {t('closures.calendar.observed', { date: formatDate(occurrence.actualDate, language) })}</>
        )}
      </p>
      <p>
        {holidayOutcome(occurrence, t)} ·{' '}
        {occurrence.reviewed ? (
          t('closures.calendar.reviewed')
        ) : (
          <em>{t('closures.calendar.notReviewed')}</em>
        )}
      </p>
      <FormAlert kind="error">{error}</FormAlert>
      {!editing && (
        <p className="holiday-calendar__actions">
          {!occurrence.reviewed && (
            <button
              type="button"
              className="button"
              aria-busy={decide.isPending}
              aria-label={t('closures.calendar.markReviewedFor', { name: label })}
              onClick={() =>
                void save({
                  openEverywhere: occurrence.openEverywhere,
                  openSiteIds: occurrence.openSiteIds,
                  reviewed: true,
                })
              }
            >
              {t('closures.calendar.markReviewed')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('closures.calendar.changeFor', { name: label })}
            onClick={() => setEditing(true)}
          >
            {t('closures.calendar.change')}
          </button>
        </p>
      )}
      {editing && (
        <fieldset className="holiday-calendar__form">
          <legend>{t('closures.calendar.legend', { name: label })}</legend>
          {(['closed', 'open', 'some'] as const).map((value) => (
            <p className="closure-adder__check" key={value}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-choice`}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <label htmlFor={`${id}-${value}`}>{t(`closures.calendar.choice.${value}`)}</label>
            </p>
          ))}
          {choice === 'some' && (
            <fieldset className="checklist">
              <legend>{t('closures.calendar.openSitesLegend')}</legend>
              {!sites && <p className="checklist__note">{t('closures.sitesLoading')}</p>}
              {sites && (
                <ul className="checklist__items">
                  {sites.map((site) => (
                    <li key={site.id}>
                      <input
                        id={`${id}-site-${site.id}`}
                        type="checkbox"
                        checked={openSiteIds.includes(site.id)}
                        onChange={(event) =>
                          setOpenSiteIds((current) =>
                            event.target.checked
                              ? [...current, site.id]
                              : current.filter((other) => other !== site.id),
                          )
                        }
                      />
                      <label htmlFor={`${id}-site-${site.id}`}>{site.name}</label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          )}
          <p className="holiday-calendar__actions">
            <button
              type="button"
              className="button"
              aria-busy={decide.isPending}
              disabled={choice === 'some' && openSiteIds.length === 0}
              onClick={() => void save(chosen())}
            >
              {decide.isPending ? t('closures.calendar.saving') : t('closures.calendar.save')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setEditing(false);
                setChoice(initial);
                setOpenSiteIds(occurrence.openSiteIds);
              }}
            >
              {t('closures.calendar.cancel')}
            </button>
          </p>
        </fieldset>
      )}
    </li>
  );
}
