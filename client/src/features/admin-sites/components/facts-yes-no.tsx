import { useTranslation } from 'react-i18next';
import type { FactsFormValues, YesNoFact, YesNoText } from '../model/facts-form.ts';
import { ChoiceGroup } from './facts-choice-group.tsx';

interface YesNoGroupProps {
  fact: YesNoFact;
  legend: string;
  values: FactsFormValues;
  set: <K extends keyof FactsFormValues>(key: K, value: FactsFormValues[K]) => void;
  fieldErrors: Record<string, string | undefined>;
}

/** Yes, no or not known: three radio buttons, so an untouched fact stays unknown (docs/product.md R535). */
export function YesNoGroup({ fact, legend, values, set, fieldErrors }: YesNoGroupProps) {
  const { t } = useTranslation('admin-facts');
  return (
    <ChoiceGroup
      legend={legend}
      name={`facts.${fact}`}
      value={values.yesNo[fact]}
      choices={[
        { value: '', label: t('unknown') },
        { value: 'yes', label: t('yes') },
        { value: 'no', label: t('no') },
      ]}
      onChange={(value) => set('yesNo', { ...values.yesNo, [fact]: value as YesNoText })}
      error={fieldErrors[`facts.${fact}`]}
    />
  );
}
