import { useTranslation } from 'react-i18next';
import { MissingTranslations } from '#client/components/admin/translations.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import type { FactNote } from '#shared/site-facts.ts';
import type { NoteTexts } from '../model/facts-form.ts';

interface FactNoteFieldsProps {
  note: FactNote;
  notes: NoteTexts;
  onChange: (notes: NoteTexts) => void;
  fieldErrors: Record<string, string | undefined>;
}

const PATHS = {
  en: (note: FactNote) => `facts.notes.${note}`,
  es: (note: FactNote) => `facts.translations.es.${note}`,
  zh: (note: FactNote) => `facts.translations.zh.${note}`,
};
const LANG = { en: undefined, es: 'es', zh: 'zh-Hant' } as const;

/** A note in English with its Spanish and Chinese texts, marked when a translation is missing. */
export function FactNoteFields({ note, notes, onChange, fieldErrors }: FactNoteFieldsProps) {
  const { t } = useTranslation('admin-facts');
  const entity = {
    [note]: notes.en[note],
    translations: { es: { [note]: notes.es[note] }, zh: { [note]: notes.zh[note] } },
  } as Record<FactNote, string> & { translations: Record<'es' | 'zh', Record<string, string>> };
  return (
    <div className="fact-note">
      {(['en', 'es', 'zh'] as const).map((language) => (
        <TextField
          key={language}
          name={PATHS[language](note)}
          label={t(`notes.${note}.${language}`)}
          lang={LANG[language]}
          value={notes[language][note]}
          autoComplete="off"
          onChange={(event) =>
            onChange({ ...notes, [language]: { ...notes[language], [note]: event.target.value } })
          }
          error={fieldErrors[PATHS[language](note)]}
        />
      ))}
      {notes.en[note].trim() !== '' && <MissingTranslations entity={entity} field={note} />}
    </div>
  );
}
