import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import { useAddClosures } from '../api/closures.ts';
import { type Closure, formatDate, holidaySuggestions } from '../model/closures.ts';

/**
 * The year's usual holidays (shared/holidays.ts), worked out by rule, that are still to come and not
 * yet listed as closures of all sites: all ticked, for the clerk to review and add in one step. Each
 * is added in all three languages, whichever language the clerk reads.
 */
export function HolidaySuggestions({
  closures,
  today,
  onAdded,
}: {
  closures: readonly Closure[];
  today: string;
  onAdded: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const add = useAddClosures();
  const errors = useFormErrors();
  const offered = holidaySuggestions(year, today, closures);
  const chosen = offered.filter((h) => !unticked.has(h.date));

  /** The holiday's name in English as the reason, with its Spanish and Chinese names as translations. */
  const holidayReason = (key: string) => {
    const name = (lng: string) => i18n.getFixedT(lng, 'admin')(`closures.holidays.${key}`);
    return { reason: name('en'), translations: { es: { reason: name('es') }, zh: { reason: name('zh') } } };
  };

  async function addChosen() {
    if (add.isPending || chosen.length === 0) return;
    errors.clear();
    try {
      const added = await add.mutateAsync(
        chosen.map((h) => ({
          startDate: h.date,
          endDate: h.date,
          ...holidayReason(h.key),
          allSites: true,
        })),
      );
      setUnticked(new Set());
      onAdded(t('closures.holidaysAdded', { count: added.length }));
    } catch (error) {
      errors.capture(error);
    }
  }

  return (
    <section className="holiday-suggestions" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('closures.holidaysHeading')}</h2>
      <p>{t('closures.holidaysIntro')}</p>
      <FormAlert kind="error">{errors.general}</FormAlert>
      <div className="field">
        <label htmlFor={`${id}-year`}>{t('closures.year')}</label>
        <select id={`${id}-year`} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {[thisYear, thisYear + 1].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {offered.length === 0 ? (
        <p>{t('closures.holidaysNone', { year })}</p>
      ) : (
        <fieldset className="checklist">
          <legend>{t('closures.holidaysLegend', { year })}</legend>
          <ul className="checklist__items">
            {offered.map((h) => (
              <li key={h.date}>
                <input
                  id={`${id}-${h.date}`}
                  type="checkbox"
                  checked={!unticked.has(h.date)}
                  onChange={(event) =>
                    setUnticked((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.delete(h.date);
                      else next.add(h.date);
                      return next;
                    })
                  }
                />
                <label htmlFor={`${id}-${h.date}`}>
                  {t('closures.holidayLabel', {
                    name: t(`closures.holidays.${h.key}`),
                    date: formatDate(h.date, language),
                  })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {offered.length > 0 && (
        <button
          type="button"
          className="button"
          onClick={() => void addChosen()}
          disabled={chosen.length === 0}
          aria-busy={add.isPending}
        >
          {add.isPending ? t('closures.adding') : t('closures.addHolidays')}
        </button>
      )}
    </section>
  );
}
