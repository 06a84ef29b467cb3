import { z } from 'zod';
import { minutesOf } from '../hours.ts';
import {
  ACCESS_FEATURES,
  COST_KINDS,
  ELIGIBLE_COMPANIONS,
  FACT_NOTE_MAX,
  FACT_NOTES,
  type FactNotes,
  FIRST_VISIT_NEEDS,
  isSpokenLanguage,
  MAX_MEAL_PRICE,
  MAX_RESERVE_DAYS,
  MAX_RESERVE_HOURS,
  RESERVATION_POLICIES,
  type SiteFacts,
} from '../site-facts.ts';
import { TRANSLATION_LANGUAGES } from '../translations.ts';
import { coded, codedIssue } from '../validation.ts';
import { PhoneSchema, TimeSchema, WEEKDAY_ERROR, WebsiteSchema, WeekdaySchema } from './common.ts';

/**
 * A site's facts as a body carries them (docs/product.md R500–R506). Every fact may be left out, or
 * sent as null or "" — both mean "not known" and are stored as absent, so an unknown fact is one thing
 * everywhere. Unknown keys are ignored, as unknown body fields are.
 */

const blank = (value: unknown) => value === null || value === '' || value === undefined;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (blank(value) ? undefined : value), schema.optional());

const choice = <T extends readonly [string, ...string[]]>(choices: T) =>
  optional(z.enum(choices, coded('invalid_choice', { choices: [...choices] })));

/** Yes or no; "yes"/"no"/"true"/"false" as text too (spreadsheet cells and form values arrive as text). */
const YesNo = optional(
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const word = value.trim().toLowerCase();
      if (word === 'yes' || word === 'true') return true;
      if (word === 'no' || word === 'false') return false;
      return value;
    },
    z.boolean(coded('not_boolean')),
  ),
);

/** Dollars with at most two decimals, from 0 to MAX_MEAL_PRICE; "$3.50" and "3.5" read as 3.5. */
const Money = optional(
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(/^\$\s*/, '');
      return /^\d{1,6}(\.\d{1,2})?$/.test(text) ? Number(text) : value;
    },
    z
      .number(coded('invalid_amount', { max: MAX_MEAL_PRICE }))
      .min(0, coded('invalid_amount', { max: MAX_MEAL_PRICE }))
      .max(MAX_MEAL_PRICE, coded('invalid_amount', { max: MAX_MEAL_PRICE }))
      // Whole cents, within floating point's error (2.675 * 100 is 267.49999…).
      .refine(
        (amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
        coded('invalid_amount', { max: MAX_MEAL_PRICE }),
      ),
  ),
);

const wholeNumber = (max: number) =>
  optional(
    z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
      z
        .number(coded('invalid_lead_time', { max: MAX_RESERVE_DAYS }))
        .int(coded('invalid_lead_time', { max: MAX_RESERVE_DAYS }))
        .min(0, coded('invalid_lead_time', { max: MAX_RESERVE_DAYS }))
        .max(max, coded('invalid_lead_time', { max: MAX_RESERVE_DAYS })),
    ),
  );

const Time = optional(TimeSchema);

const Weekdays = optional(
  z
    .array(WeekdaySchema, WEEKDAY_ERROR)
    .max(7, WEEKDAY_ERROR)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .transform((days) => (days.length ? days : undefined)),
);

/** Language codes from the list, each once, in the order given (the main language first). */
const Languages = optional(
  z
    .array(
      z.string(coded('unknown_language', { codes: [] })),
      coded('invalid_choice', { choices: ['codes'] }),
    )
    .max(20, coded('list_too_long', { max: 20 }))
    .superRefine((codes, ctx) => {
      const unknown = codes.filter((code) => !isSpokenLanguage(code));
      if (unknown.length) ctx.addIssue(codedIssue('unknown_language', { codes: unknown }));
    })
    .transform((codes) => [...new Set(codes)])
    .transform((codes) => (codes.length ? codes : undefined)),
);

const Note = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string(coded('not_text'))
    .max(FACT_NOTE_MAX, coded('too_long', { max: FACT_NOTE_MAX }))
    .nullish()
    .transform((value) => (value ? value : undefined)),
);
const NotesSchema = optional(
  z
    .object(
      Object.fromEntries(FACT_NOTES.map((note) => [note, Note])) as Record<string, typeof Note>,
      coded('invalid_body'),
    )
    .transform((notes) => compact(notes) as FactNotes)
    .transform((notes) => (Object.keys(notes).length ? notes : undefined)),
);
const NoteTranslationsSchema = optional(
  z
    .object(
      Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, NotesSchema])) as Record<
        string,
        typeof NotesSchema
      >,
      coded('invalid_translations'),
    )
    .transform((translations) => compact(translations))
    .transform((translations) => (Object.keys(translations).length ? translations : undefined)),
);

function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const OptionalPhone = optional(PhoneSchema);
const OptionalUrl = optional(WebsiteSchema);

const yesNoFields = Object.fromEntries(
  [...ACCESS_FEATURES, ...ELIGIBLE_COMPANIONS, 'walkIns', 'transport'].map((key) => [key, YesNo]),
) as Record<string, typeof YesNo>;

/** `facts` on a site write: replaced whole when given; `null` or `{}` is "nothing known". */
export const SiteFactsSchema = z.preprocess(
  (value) => (value === null ? {} : value),
  z
    .object(
      {
        reservation: choice(RESERVATION_POLICIES),
        reserveHours: wholeNumber(MAX_RESERVE_HOURS),
        reserveDays: wholeNumber(MAX_RESERVE_DAYS),
        reserveBy: Time,
        reservePhone: OptionalPhone,
        reservePhoneDays: Weekdays,
        reservePhoneOpen: Time,
        reservePhoneClose: Time,
        reserveUrl: OptionalUrl,
        cost: choice(COST_KINDS),
        suggestedAmount: Money,
        guestPrice: Money,
        firstVisit: choice(FIRST_VISIT_NEEDS),
        languages: Languages,
        transportPhone: OptionalPhone,
        ...yesNoFields,
        notes: NotesSchema,
        translations: NoteTranslationsSchema,
      },
      coded('invalid_body'),
    )
    .superRefine((facts, ctx) => {
      if (facts.reserveHours !== undefined && facts.reserveDays !== undefined) {
        ctx.addIssue(codedIssue('lead_time_twice', undefined, ['reserveHours']));
      }
      if (facts.reserveBy !== undefined && facts.reserveDays === undefined) {
        ctx.addIssue(codedIssue('required', undefined, ['reserveDays']));
      }
      const open = facts.reservePhoneOpen as string | undefined;
      const close = facts.reservePhoneClose as string | undefined;
      if ((open === undefined) !== (close === undefined)) {
        ctx.addIssue(
          codedIssue('required', undefined, [open === undefined ? 'reservePhoneOpen' : 'reservePhoneClose']),
        );
      } else if (open !== undefined && close !== undefined && minutesOf(close) <= minutesOf(open)) {
        ctx.addIssue(codedIssue('close_not_after_open', undefined, ['reservePhoneClose']));
      }
      if (facts.suggestedAmount !== undefined && facts.cost === 'free') {
        ctx.addIssue(codedIssue('amount_when_free', undefined, ['suggestedAmount']));
      }
    })
    .transform((facts) => compact(facts) as SiteFacts),
) as unknown as z.ZodType<SiteFacts>;

/** How facts are answered: only what is known. */
const NotesAnswer = z.object(
  Object.fromEntries(FACT_NOTES.map((note) => [note, z.string().optional()])) as Record<
    string,
    z.ZodOptional<z.ZodString>
  >,
);
export const SiteFactsAnswerSchema = z.object({
  reservation: z.enum(RESERVATION_POLICIES).optional(),
  reserveHours: z.number().optional(),
  reserveDays: z.number().optional(),
  reserveBy: z.string().optional(),
  reservePhone: z.string().optional(),
  reservePhoneDays: z.array(z.number()).optional(),
  reservePhoneOpen: z.string().optional(),
  reservePhoneClose: z.string().optional(),
  reserveUrl: z.string().optional(),
  walkIns: z.boolean().optional(),
  cost: z.enum(COST_KINDS).optional(),
  suggestedAmount: z.number().optional(),
  guestPrice: z.number().optional(),
  spouse: z.boolean().optional(),
  caregiver: z.boolean().optional(),
  guests: z.boolean().optional(),
  firstVisit: z.enum(FIRST_VISIT_NEEDS).optional(),
  languages: z.array(z.string()).optional(),
  stepFree: z.boolean().optional(),
  restroom: z.boolean().optional(),
  elevator: z.boolean().optional(),
  hearingLoop: z.boolean().optional(),
  parking: z.boolean().optional(),
  seatingWithArms: z.boolean().optional(),
  transport: z.boolean().optional(),
  transportPhone: z.string().optional(),
  notes: NotesAnswer.optional(),
  translations: z.object({ es: NotesAnswer.optional(), zh: NotesAnswer.optional() }).optional(),
});

/** A phone extension: 1 to 6 digits ("x3", "ext. 12" are read as 3 and 12). */
export const PhoneExtensionSchema = z.preprocess(
  (value) => {
    if (blank(value)) return null;
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return value;
    return value.trim().replace(/^(?:x|ext\.?|extension)\s*/i, '');
  },
  z
    .string(coded('invalid_extension'))
    .regex(/^\d{1,6}$/, coded('invalid_extension'))
    .nullable(),
);
