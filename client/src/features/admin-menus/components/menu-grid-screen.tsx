import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { MissingTranslations } from '#client/components/admin/translations.tsx';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { agencyTimeZone, useAgencyToday } from '#client/lib/agency-clock.ts';
import { ApiError } from '#client/lib/api.ts';
import { translateFieldError } from '#client/lib/field-errors.ts';
import { localizedName, Text } from '#client/lib/localized.tsx';
import { assertValid } from '#client/lib/schema-errors.ts';
import { agencyMoment } from '#shared/agency-time.ts';
import { formatCalendarDate, formatter, intlLocale } from '#shared/format-hours.ts';
import { parseId } from '#shared/ids.ts';
import { dietMarkList, orderDiets, PRINTED_MENU_MAX_BYTES, PRINTED_MENU_TYPES } from '#shared/menus.ts';
import { MenuDayInputSchema } from '#shared/schemas/menus.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { localized } from '#shared/translations.ts';
import {
  useAfterMenuWrite,
  useAgencyDietMarks,
  usePartnerMonth,
  usePartnerPrintedMenus,
  usePartnerSites,
  writePartnerDay,
  writePartnerPrintedMenu,
} from '../api/menus.ts';
import {
  applyPlan,
  type CopyChoice,
  type CopyStep,
  copyPlan,
  type DishDraft,
  dayPayload,
  draftsFromStored,
  emptyDish,
  hasMenu,
  type MealDraft,
  type MonthDrafts,
  mealsToSend,
  monthDates,
  monthWeeks,
  overwrittenDates,
  pastedDishes,
  shiftMonth,
  withPasted,
} from '../model/menu-grid.ts';
import { MenuImport } from './menu-import.tsx';
import '#client/components/admin/admin.css';
import '../admin-menus.css';

/** The months offered: the one before this one to a year ahead. */
const MONTHS_BEFORE = 1;
const MONTHS_AFTER = 12;

/** A message of the page's status region: what a save or a copy did. */
type Status = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** A date as staff read it: 'Thursday, Nov 26, 2026'. */
const formatDate = (date: string, language: string) => formatCalendarDate(date, language, { weekday: true });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /admin/menus (staff) and /my-sites/menus (a partner manager, `partners` = their own): a nutrition
 * partner's month of menus as a list of dates, each date edited and saved whole, and a week or a
 * cycle of weeks copied onto the following weeks (docs/product.md R665–R674).
 */
export function MenuGridScreen({
  partners,
  mealTypes,
  listsFailed,
}: {
  /** The partners one may choose: every one for staff, their own for a partner manager. */
  partners: ReferenceItem[] | undefined;
  mealTypes: ReferenceItem[] | undefined;
  /** The partners or the meal types could not be read. */
  listsFailed: boolean;
}) {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [params, setParams] = useSearchParams();
  const today = useAgencyToday() ?? agencyMoment(Date.now(), agencyTimeZone()).date;
  const thisMonth = today.slice(0, 7);
  const months = useMemo(
    () =>
      Array.from({ length: MONTHS_BEFORE + MONTHS_AFTER + 1 }, (_, i) =>
        shiftMonth(thisMonth, i - MONTHS_BEFORE),
      ),
    [thisMonth],
  );
  const monthParam = params.get('month') ?? '';
  const month = months.includes(monthParam) ? monthParam : thisMonth;
  const partnerParam = parseId(params.get('partner') ?? undefined);
  const partnerId =
    partners?.find((partner) => partner.id === partnerParam)?.id ??
    (partners?.length === 1 ? partners[0]?.id : undefined);
  const dates = useMemo(() => monthDates(month), [month]);
  const stored = usePartnerMonth(partnerId, dates[0] ?? '', dates.at(-1) ?? '');
  // The chosen partner's sites only: a sheet may be a site's own month (R675, R727).
  const sites = usePartnerSites(partnerId);
  const drafts = useMemo(() => draftsFromStored(stored.data?.days ?? []), [stored.data]);
  const [status, setStatus] = useState<Status>(null);

  const choose = (key: 'partner' | 'month', value: string) => {
    setStatus(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  const monthName = (value: string) =>
    formatter(intlLocale(language), { year: 'numeric', month: 'long' }).format(
      new Date(`${value}-01T12:00:00Z`),
    );

  return (
    <section className="admin-form menu-grid-screen" aria-labelledby="menus-title">
      <h1 id="menus-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      {partners && partners.length === 0 ? (
        <p>{t('noPartners')}</p>
      ) : (
        <div className="menu-grid__choice">
          <div className="field">
            <label htmlFor="menus-partner">{t('partner')}</label>
            <select
              id="menus-partner"
              value={partnerId ?? ''}
              onChange={(event) => choose('partner', event.target.value)}
            >
              <option value="">{t('choosePartner')}</option>
              {(partners ?? []).map((partner) => (
                <option key={partner.id} value={partner.id}>
                  {localizedName(partner, language).text}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="menus-month">{t('month')}</label>
            <select id="menus-month" value={month} onChange={(event) => choose('month', event.target.value)}>
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthName(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <div role="status" aria-live="polite" className="menu-grid__status">
        {status && status.kind !== 'error' && <p className={`alert alert--${status.kind}`}>{status.text}</p>}
      </div>
      <div role="alert" className="menu-grid__status">
        {status?.kind === 'error' && <p className="alert alert--error">{status.text}</p>}
      </div>
      {partnerId === undefined ? null : stored.error || sites.error || listsFailed ? (
        <FormAlert kind="error">{t('loadFailed')}</FormAlert>
      ) : !stored.data || !sites.data || !mealTypes ? (
        <p>{t('common:loading')}</p>
      ) : (
        <>
          <PrintedMenuFile
            partnerId={partnerId}
            month={month}
            monthName={monthName(month)}
            onStatus={setStatus}
          />
          <CopyWeeks
            partnerId={partnerId}
            month={month}
            drafts={drafts}
            mealTypes={mealTypes}
            onStatus={setStatus}
          />
          <MenuImport
            partner={partners!.find((partner) => partner.id === partnerId)!}
            sites={sites.data}
            mealTypes={mealTypes}
            onStatus={setStatus}
          />
          <h2 id="menus-dates">{t('dates', { month: monthName(month) })}</h2>
          <ol className="menu-grid" aria-labelledby="menus-dates">
            {dates.map((date) => (
              <MenuDate
                key={`${partnerId}-${date}`}
                partnerId={partnerId}
                date={date}
                meals={drafts[date] ?? []}
                mealTypes={mealTypes}
                onStatus={setStatus}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * The partner's printed menu of the month (docs/product.md R682): the file there is, linked, with
 * "Remove"; a file field to attach one (or replace it). The server checks the file's bytes and size.
 */
function PrintedMenuFile({
  partnerId,
  month,
  monthName,
  onStatus,
}: {
  partnerId: number;
  month: string;
  monthName: string;
  onStatus: (status: Status) => void;
}) {
  const { t } = useTranslation('admin-menus');
  const files = usePartnerPrintedMenus(partnerId);
  const afterWrite = useAfterMenuWrite();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const current = files.data?.find((file) => file.month === month);
  const fieldId = `printed-menu-${month}`;

  const write = async (file: File | null) => {
    setBusy(true);
    try {
      await writePartnerPrintedMenu(partnerId, month, file);
      if (input.current) input.current.value = '';
      onStatus({
        kind: 'success',
        text: t(file ? 'printed.saved' : 'printed.removed', { month: monthName }),
      });
    } catch (error) {
      // A refused file says why in the reader's language ("File type must be PDF, JPEG, PNG, WebP").
      const message =
        error instanceof ApiError && error.errors.length > 0
          ? error.errors.map((fieldError) => translateFieldError(fieldError, t)).join(' ')
          : errorText(error);
      onStatus({ kind: 'error', text: t('printed.failed', { month: monthName, message }) });
    } finally {
      setBusy(false);
      await afterWrite();
    }
  };

  const attach = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return onStatus({ kind: 'error', text: t('printed.choose') });
    if (file.size > PRINTED_MENU_MAX_BYTES)
      return onStatus({
        kind: 'error',
        text: t('printed.failed', { month: monthName, message: t('printed.tooLarge') }),
      });
    void write(file);
  };

  return (
    <section className="menu-grid__printed" aria-labelledby="printed-menu-heading">
      <h2 id="printed-menu-heading">{t('printed.heading', { month: monthName })}</h2>
      <p>{t('printed.intro')}</p>
      {current ? (
        <p>
          <a href={current.url} type={current.contentType}>
            {t(current.contentType === 'application/pdf' ? 'printed.currentPdf' : 'printed.currentImage', {
              month: monthName,
            })}
          </a>{' '}
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void write(null)}
          >
            {t('printed.remove', { month: monthName })}
          </button>
        </p>
      ) : (
        files.data && <p>{t('printed.none')}</p>
      )}
      <form onSubmit={attach} className="menu-grid__printed-form">
        <div className="field">
          <label htmlFor={fieldId}>{t('printed.file', { month: monthName })}</label>
          <input id={fieldId} ref={input} type="file" accept={PRINTED_MENU_TYPES.join(',')} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t(current ? 'printed.replace' : 'printed.attach')}
        </button>
      </form>
    </section>
  );
}

interface DateProps {
  partnerId: number;
  date: string;
  meals: MealDraft[];
  mealTypes: ReferenceItem[];
  onStatus: (status: Status) => void;
}

/** One date of the month: what it serves, and its editor when opened. */
function MenuDate({ partnerId, date, meals, mealTypes, onStatus }: DateProps) {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const dateText = formatDate(date, language);
  const headingId = `menu-date-${date}`;
  const served = mealsToSend(
    meals,
    mealTypes.map((type) => type.id),
  );
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  // Closing the editor (saved or cancelled) puts focus back on its button.
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  return (
    <li className="menu-grid__date" aria-labelledby={headingId}>
      <h3 id={headingId}>{dateText}</h3>
      {served.length === 0 ? (
        <p className="menu-grid__empty">{t('noMenu')}</p>
      ) : (
        <ul className="menu-grid__meals">
          {served.map((meal) => {
            const type = mealTypes.find((item) => item.id === meal.mealTypeId);
            return (
              <li key={meal.mealTypeId}>
                <strong>{type ? localizedName(type, language).text : meal.mealTypeId}</strong>:{' '}
                {meal.dishes.map((dish, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: dishes have no id and names may repeat (R650)
                  <span key={index}>
                    {index > 0 && ', '}
                    {dish.name}{' '}
                    <MissingTranslations
                      entity={{
                        name: dish.name,
                        translations: {
                          ...(dish.nameEs ? { es: { name: dish.nameEs } } : {}),
                          ...(dish.nameZh ? { zh: { name: dish.nameZh } } : {}),
                        },
                      }}
                      field="name"
                    />
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <DateEditor
          partnerId={partnerId}
          date={date}
          meals={meals}
          mealTypes={mealTypes}
          onStatus={onStatus}
          onClose={close}
        />
      ) : (
        <button
          ref={editButton}
          type="button"
          className="button button--secondary"
          onClick={() => setEditing(true)}
        >
          {t('edit', { date: dateText })}
        </button>
      )}
    </li>
  );
}

/** The form of one date: each meal type's dishes (three languages, diet marks) and note; saved whole. */
function DateEditor({
  partnerId,
  date,
  meals,
  mealTypes,
  onStatus,
  onClose,
}: DateProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const form = useRef<HTMLFormElement>(null);
  const dateText = formatDate(date, language);
  const order = mealTypes.map((type) => type.id);
  const [values, setValues] = useState<MealDraft[]>(() =>
    mealTypes.map(
      (type) =>
        structuredClone(meals.find((meal) => meal.mealTypeId === type.id)) ?? {
          mealTypeId: type.id,
          dishes: [],
          note: '',
          noteEs: '',
          noteZh: '',
        },
    ),
  );
  const [busy, setBusy] = useState(false);
  const after = useAfterMenuWrite();
  // The fixed marks, then the agency's own (R692, R694): each a one-click mark.
  const marks = dietMarkList(useAgencyDietMarks().data ?? []);
  const typeName = (id: number) => {
    const type = mealTypes.find((item) => item.id === id);
    return type ? localizedName(type, language).text : String(id);
  };
  // The fields as the PUT body names them: meals.{index among the meals sent}.dishes.{n}.name, …
  const sentIndex = new Map(mealsToSend(values, order).map((meal, index) => [meal.mealTypeId, index]));
  const { labels, required } = (() => {
    const labels: Record<string, string> = {};
    const required: Record<string, string> = {};
    for (const meal of mealsToSend(values, order)) {
      const i = sentIndex.get(meal.mealTypeId);
      const name = typeName(meal.mealTypeId);
      meal.dishes.forEach((_, j) => {
        const number = j + 1;
        labels[`meals.${i}.dishes.${j}.name`] = t('dish.name', { meal: name, number });
        labels[`meals.${i}.dishes.${j}.translations.es.name`] = t('dish.nameEs', { meal: name, number });
        labels[`meals.${i}.dishes.${j}.translations.zh.name`] = t('dish.nameZh', { meal: name, number });
        required[`meals.${i}.dishes.${j}.name`] = t('dish.required', { meal: name, number });
      });
      labels[`meals.${i}.note`] = t('note.en', { meal: name });
      labels[`meals.${i}.translations.es.note`] = t('note.es', { meal: name });
      labels[`meals.${i}.translations.zh.note`] = t('note.zh', { meal: name });
    }
    return { labels, required };
  })();
  const errors = useSaveErrors({ labels, required });

  const update = (mealTypeId: number, change: (meal: MealDraft) => MealDraft) =>
    setValues((current) => current.map((meal) => (meal.mealTypeId === mealTypeId ? change(meal) : meal)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    const payload = dayPayload(values, order);
    const remove = payload.meals.length === 0;
    if (remove && !hasMenu(meals)) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      if (!remove) assertValid(MenuDayInputSchema, payload);
      await writePartnerDay(partnerId, date, remove ? null : payload);
      onStatus({ kind: 'success', text: t(remove ? 'deleted' : 'saved', { date: dateText }) });
      await after();
      onClose();
    } catch (error) {
      errors.fail(error);
      if (!(error instanceof ApiError && error.status === 422))
        onStatus({ kind: 'error', text: t('failed', { date: dateText, message: errorText(error) }) });
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy} className="menu-grid__editor">
      <ErrorSummary
        title={t('admin:summary.title')}
        errors={errors.summary}
        form={form}
        attempt={errors.attempt}
      />
      {errors.summary.length === 0 && <FormAlert kind="error">{errors.general}</FormAlert>}
      {values.map((meal) => {
        const name = typeName(meal.mealTypeId);
        const i = sentIndex.get(meal.mealTypeId);
        return (
          <fieldset key={meal.mealTypeId} className="menu-grid__meal">
            <legend>{name}</legend>
            {meal.dishes.map((dish, j) => {
              const number = j + 1;
              const key = `meals.${i}.dishes.${j}`;
              const setDish = (change: Partial<typeof dish>) =>
                update(meal.mealTypeId, (m) => ({
                  ...m,
                  dishes: m.dishes.map((d, n) => (n === j ? { ...d, ...change } : d)),
                }));
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: dishes have no id of their own (R650)
                <fieldset key={j} className="menu-grid__dish">
                  <legend>{t('dish.legend', { meal: name, number })}</legend>
                  <TextField
                    label={t('dish.name', { meal: name, number })}
                    name={`${key}.name`}
                    value={dish.name}
                    autoComplete="off"
                    onChange={(event) => setDish({ name: event.target.value })}
                    error={errors.fields[`${key}.name`]}
                  />
                  <TextField
                    label={t('dish.nameEs', { meal: name, number })}
                    hint={t('admin:translations.hint')}
                    name={`${key}.translations.es.name`}
                    lang="es"
                    value={dish.nameEs}
                    autoComplete="off"
                    onChange={(event) => setDish({ nameEs: event.target.value })}
                    error={errors.fields[`${key}.translations.es.name`]}
                  />
                  <TextField
                    label={t('dish.nameZh', { meal: name, number })}
                    hint={t('admin:translations.hint')}
                    name={`${key}.translations.zh.name`}
                    lang="zh-Hant"
                    value={dish.nameZh}
                    autoComplete="off"
                    onChange={(event) => setDish({ nameZh: event.target.value })}
                    error={errors.fields[`${key}.translations.zh.name`]}
                  />
                  <fieldset className="menu-grid__diets" data-field={`${key}.diets`}>
                    <legend>{t('dish.diets', { meal: name, number })}</legend>
                    {marks.map(({ key: mark, agency }) => (
                      <label key={mark} className="menu-grid__diet">
                        <input
                          type="checkbox"
                          checked={dish.diets.includes(mark)}
                          onChange={(event) =>
                            setDish({
                              diets: orderDiets(
                                event.target.checked
                                  ? [...dish.diets, mark]
                                  : dish.diets.filter((m) => m !== mark),
                              ),
                            })
                          }
                        />{' '}
                        {agency ? (
                          <Text value={localized(agency, 'name', language)} language={language} />
                        ) : (
                          t(`site:menu.diets.${mark}`)
                        )}
                      </label>
                    ))}
                  </fieldset>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      update(meal.mealTypeId, (m) => ({ ...m, dishes: m.dishes.filter((_, n) => n !== j) }))
                    }
                  >
                    {t('dish.remove', { meal: name, number })}
                  </button>
                </fieldset>
              );
            })}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => update(meal.mealTypeId, (m) => ({ ...m, dishes: [...m.dishes, emptyDish()] }))}
            >
              {t('dish.add', { meal: name })}
            </button>
            <PasteDishes
              meal={name}
              onPaste={(pasted) => {
                update(meal.mealTypeId, (m) => ({ ...m, dishes: withPasted(m.dishes, pasted) }));
                onStatus({ kind: 'info', text: t('paste.done', { count: pasted.length, meal: name }) });
              }}
            />
            {meal.dishes.length > 0 && (
              <>
                <TextField
                  label={t('note.en', { meal: name })}
                  name={`meals.${i}.note`}
                  value={meal.note}
                  autoComplete="off"
                  onChange={(event) => update(meal.mealTypeId, (m) => ({ ...m, note: event.target.value }))}
                  error={errors.fields[`meals.${i}.note`]}
                />
                <TextField
                  label={t('note.es', { meal: name })}
                  name={`meals.${i}.translations.es.note`}
                  lang="es"
                  value={meal.noteEs}
                  autoComplete="off"
                  onChange={(event) => update(meal.mealTypeId, (m) => ({ ...m, noteEs: event.target.value }))}
                  error={errors.fields[`meals.${i}.translations.es.note`]}
                />
                <TextField
                  label={t('note.zh', { meal: name })}
                  name={`meals.${i}.translations.zh.note`}
                  lang="zh-Hant"
                  value={meal.noteZh}
                  autoComplete="off"
                  onChange={(event) => update(meal.mealTypeId, (m) => ({ ...m, noteZh: event.target.value }))}
                  error={errors.fields[`meals.${i}.translations.zh.note`]}
                />
              </>
            )}
          </fieldset>
        );
      })}
      {busy && (
        <p role="status" className="form-progress">
          {t('admin:saving')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button">
          {t('save', { date: dateText })}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('admin:cancel')}
        </button>
      </div>
    </form>
  );
}

interface CopyProps {
  partnerId: number;
  month: string;
  drafts: MonthDrafts;
  mealTypes: ReferenceItem[];
  onStatus: (status: Status) => void;
}

/** "Copy this week to the next week" and "Repeat a cycle", saved date by date (R667–R670). */
function CopyWeeks({ partnerId, month, drafts, mealTypes, onStatus }: CopyProps) {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const [kind, setKind] = useState<'week' | 'cycle'>('week');
  const [weekIndex, setWeekIndex] = useState(0);
  const [cycle, setCycle] = useState<4 | 5>(4);
  const [asking, setAsking] = useState<{ plan: CopyStep[]; replaced: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const after = useAfterMenuWrite();
  const order = mealTypes.map((type) => type.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new month starts from its first week
  useEffect(() => setWeekIndex(0), [month]);

  const choice = (): CopyChoice =>
    kind === 'week'
      ? { kind, monday: weeks[weekIndex]?.monday ?? weeks[0]?.monday ?? '' }
      : { kind, weeks: cycle };

  function start(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const plan = copyPlan(month, drafts, choice());
    if (plan.length === 0) {
      onStatus({ kind: 'info', text: t('copy.nothing') });
      return;
    }
    const replaced = overwrittenDates(plan, drafts);
    if (replaced.length > 0) setAsking({ plan, replaced });
    else void run(plan);
  }

  async function run(plan: CopyStep[]) {
    setAsking(null);
    setBusy(true);
    const copied = applyPlan(drafts, plan);
    let done = 0;
    try {
      for (const step of plan) {
        onStatus({ kind: 'info', text: t('copy.progress', { done, count: plan.length }) });
        await writePartnerDay(partnerId, step.to, dayPayload(copied[step.to] ?? [], order));
        done += 1;
      }
      onStatus({ kind: 'success', text: t('copy.done', { count: plan.length }) });
    } catch (error) {
      const failedAt = plan[done]?.to ?? '';
      onStatus({
        kind: 'error',
        text: t('copy.failed', {
          date: formatDate(failedAt, language),
          message: errorText(error),
          done,
          count: plan.length,
        }),
      });
    } finally {
      setBusy(false);
      await after();
    }
  }

  return (
    <form onSubmit={start} aria-busy={busy} className="menu-grid__copy">
      <fieldset>
        <legend>{t('copy.legend')}</legend>
        <div className="field field--check">
          <input
            id="menus-copy-week"
            type="radio"
            name="copy-kind"
            checked={kind === 'week'}
            onChange={() => setKind('week')}
          />
          <label htmlFor="menus-copy-week">{t('copy.week')}</label>
        </div>
        <div className="field">
          <label htmlFor="menus-copy-which">{t('copy.weekChoice')}</label>
          <select
            id="menus-copy-which"
            value={weekIndex}
            disabled={kind !== 'week'}
            onChange={(event) => setWeekIndex(Number(event.target.value))}
          >
            {weeks.slice(0, -1).map((week, index) => (
              <option key={week.monday} value={index}>
                {t('copy.weekOf', { date: formatDate(week.dates[0] ?? week.monday, language) })}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <input
            id="menus-copy-cycle"
            type="radio"
            name="copy-kind"
            checked={kind === 'cycle'}
            onChange={() => setKind('cycle')}
          />
          <label htmlFor="menus-copy-cycle">{t('copy.cycle')}</label>
        </div>
        <div className="field">
          <label htmlFor="menus-copy-weeks">{t('copy.cycleWeeks')}</label>
          <select
            id="menus-copy-weeks"
            value={cycle}
            disabled={kind !== 'cycle'}
            onChange={(event) => setCycle(Number(event.target.value) === 5 ? 5 : 4)}
          >
            <option value={4}>{t('copy.weeks', { count: 4 })}</option>
            <option value={5}>{t('copy.weeks', { count: 5 })}</option>
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('copy.submit')}
          </button>
        </div>
      </fieldset>
      <ConfirmDialog
        open={asking !== null}
        title={t('copy.confirmTitle')}
        confirmLabel={t('copy.confirm')}
        cancelLabel={t('admin:cancel')}
        onConfirm={() => asking && void run(asking.plan)}
        onCancel={() => setAsking(null)}
        busy={busy}
      >
        <p>
          {t('copy.confirmText', {
            count: asking?.replaced.length ?? 0,
            dates: (asking?.replaced ?? []).map((date) => formatDate(date, language)).join('; '),
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
}

/**
 * Several dishes at once (R679): one a line, or rows copied from a spreadsheet (English, Spanish,
 * Chinese columns), added after the meal's dishes.
 */
function PasteDishes({ meal, onPaste }: { meal: string; onPaste: (dishes: DishDraft[]) => void }) {
  const { t } = useTranslation('admin-menus');
  const id = useId();
  const [text, setText] = useState('');
  return (
    <div className="field menu-grid__paste">
      <label htmlFor={id}>{t('paste.label', { meal })}</label>
      <p id={`${id}-hint`} className="field-hint">
        {t('paste.hint')}
      </p>
      <textarea
        id={id}
        rows={3}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const pasted = pastedDishes(text);
          if (pasted.length === 0) return;
          onPaste(pasted);
          setText('');
        }}
      >
        {t('paste.add', { meal })}
      </button>
    </div>
  );
}
