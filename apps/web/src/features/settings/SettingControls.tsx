import { useMutationState, type QueryKey } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useImmediateValue } from '../../platform/use-immediate-value';
import { ErrorMessage } from '../../components/States';

/**
 * The state of the last save with this mutation key, kept in the query client's cache: it survives the
 * page re-mounting (switching the layout does that).
 */
function useLastSave(mutationKey: QueryKey) {
  const states = useMutationState({ filters: { mutationKey }, select: (mutation) => mutation.state });
  const last = states.at(-1);
  return { status: last?.status ?? 'idle', error: last?.error ?? null };
}

/** A titled part of the preferences page, with "Saving…", "Saved." or the error of its last save. */
export function SettingsSection(props: {
  title: ReactNode;
  hint?: ReactNode;
  saveKey: QueryKey;
  children: ReactNode;
}) {
  const id = useId();
  const save = useLastSave(props.saveKey);
  return (
    <section className="settings-section" aria-labelledby={id}>
      <div className="settings-section__head">
        <h2 id={id}>{props.title}</h2>
        <span className="settings-section__state" role="status">
          {save.status === 'pending' && <Msg id="preferences.saving" />}
          {save.status === 'success' && <Msg id="preferences.saved" />}
        </span>
      </div>
      {props.hint && <p className="field__hint settings-section__hint">{props.hint}</p>}
      {props.children}
      {save.status === 'error' && <ErrorMessage error={save.error} />}
    </section>
  );
}

/** Radio cards: one choice of several, each with a hint. */
export function ChoiceGroup<V extends string>(props: {
  legend: ReactNode;
  hint?: ReactNode;
  name: string;
  value: V;
  choices: { value: V; label: ReactNode; hint?: ReactNode }[];
  onChange: (value: V) => void;
}) {
  const [value, setValue] = useImmediateValue(props.value);
  return (
    <fieldset className="choice-group">
      <legend>{props.legend}</legend>
      {props.hint && <p className="field__hint">{props.hint}</p>}
      {props.choices.map((choice) => (
        <label key={choice.value} className={value === choice.value ? 'choice choice--selected' : 'choice'}>
          <input
            type="radio"
            name={props.name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => {
              setValue(choice.value);
              props.onChange(choice.value);
            }}
          />
          <span>
            <strong>{choice.label}</strong>
            {choice.hint && <small>{choice.hint}</small>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A setting that is on or off. */
export function CheckboxSetting(props: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  const [checked, setChecked] = useImmediateValue(props.checked);
  return (
    <label className="checkbox-field settings-checkbox">
      <input
        type="checkbox"
        checked={checked}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(event) => {
          setChecked(event.target.checked);
          props.onChange(event.target.checked);
        }}
      />
      <span>
        <strong>{props.label}</strong>
        {props.hint && (
          <span id={hintId} className="field__hint">
            {props.hint}
          </span>
        )}
      </span>
    </label>
  );
}
