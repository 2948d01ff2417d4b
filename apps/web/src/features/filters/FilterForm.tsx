import type { Filter, FilterContext } from '@palchat/api';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { Button, ButtonLink, IconButton } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { ErrorMessage } from '../../components/States';
import {
  CONTEXT_CHOICES,
  EXPIRY_CHOICES,
  filterRequestBody,
  keywordRow,
  validateFilterForm,
  type FilterAction,
  type FilterFormValues,
  type KeywordRow,
} from './filter-form';
import { useSaveFilter } from './filters-api';

const ACTIONS: readonly [FilterAction, MessageId, MessageId][] = [
  ['warn', 'filters.action.warn', 'filters.action.warn_hint'],
  ['hide', 'filters.action.hide', 'filters.action.hide_hint'],
];

function KeywordRows({ rows, onChange }: { rows: KeywordRow[]; onChange: (rows: KeywordRow[]) => void }) {
  const t = useT();
  const update = (key: string, change: Partial<KeywordRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <>
      <ul className="filter-keywords">
        {rows.map((row, index) => (
          <li key={row.key} className="filter-keywords__row">
            <input
              dir="auto"
              value={row.keyword}
              maxLength={100}
              aria-label={t('filters.keyword_n', { n: index + 1 })}
              placeholder={t('filters.keyword_placeholder')}
              onChange={(event) => update(row.key, { keyword: event.target.value })}
            />
            <label className="filter-keywords__whole-word">
              <input
                type="checkbox"
                checked={row.whole_word}
                onChange={(event) => update(row.key, { whole_word: event.target.checked })}
              />
              <Msg id="filters.whole_word" />
            </label>
            <IconButton
              icon="close"
              label={t('filters.remove_keyword', { n: index + 1 })}
              onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
            />
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="filter-keywords__add"
        onClick={() => onChange([...rows, keywordRow()])}
      >
        <Icon name="add" size={18} />
        <Msg id="filters.add_keyword" />
      </Button>
    </>
  );
}

/** A fieldset of the form: legend, optional hint, the controls, and the group's error. */
function FormGroup({
  legend,
  hint,
  error,
  className,
  children,
}: {
  legend: MessageId;
  hint?: MessageId;
  error?: MessageId;
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <fieldset className={['filter-form__group', className ?? ''].filter(Boolean).join(' ')}>
      <legend>{t(legend)}</legend>
      {hint && <p className="field__hint">{t(hint)}</p>}
      {children}
      {error && (
        <span className="field__error" role="alert">
          {t(error)}
        </span>
      )}
    </fieldset>
  );
}

/** Create or edit a filter: title, keywords, contexts, action and expiry; saved in one request. */
export function FilterForm({ initial, saved }: { initial: FilterFormValues; saved?: Filter }) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveFilter(saved);
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateFilterForm(form) : {};
  const set = (change: Partial<FilterFormValues>) => setForm((current) => ({ ...current, ...change }));
  const toggleContext = (context: FilterContext, on: boolean) =>
    set({ context: on ? [...form.context, context] : form.context.filter((c) => c !== context) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateFilterForm(form)).length > 0) return;
    save.mutate(filterRequestBody(form, saved), { onSuccess: () => void navigate('/filters') });
  }

  return (
    <form className="form filter-form" onSubmit={submit} noValidate aria-label={t('filters.form')}>
      <Field
        label={t('filters.title_label')}
        hint={t('filters.title_hint')}
        error={errors.title && t(errors.title)}
      >
        {(control) => (
          <input
            dir="auto"
            {...control}
            value={form.title}
            maxLength={100}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </Field>

      <FormGroup legend="filters.keywords" hint="filters.keywords_hint" error={errors.keywords}>
        <KeywordRows rows={form.keywords} onChange={(keywords) => set({ keywords })} />
      </FormGroup>

      <FormGroup legend="filters.contexts" hint="filters.contexts_hint" error={errors.context}>
        <div className="filter-form__contexts">
          {CONTEXT_CHOICES.map(([context, label]) => (
            <label key={context} className="checkbox-field">
              <input
                type="checkbox"
                checked={form.context.includes(context)}
                onChange={(event) => toggleContext(context, event.target.checked)}
              />
              <span>{t(label)}</span>
            </label>
          ))}
        </div>
      </FormGroup>

      <FormGroup legend="filters.action" className="choice-group">
        {ACTIONS.map(([action, label, hint]) => (
          <label
            key={action}
            className={form.filter_action === action ? 'choice choice--selected' : 'choice'}
          >
            <input
              type="radio"
              name="filter_action"
              value={action}
              checked={form.filter_action === action}
              onChange={() => set({ filter_action: action })}
            />
            <span>
              <strong>{t(label)}</strong>
              <small>{t(hint)}</small>
            </span>
          </label>
        ))}
      </FormGroup>

      <Field label={t('filters.expires_label')}>
        {(control) => (
          <select
            {...control}
            value={String(form.expires_in)}
            onChange={(event) => {
              const value = event.target.value;
              set({ expires_in: value === 'keep' ? 'keep' : value === 'null' ? null : Number(value) });
            }}
          >
            {saved?.expires_at && <option value="keep">{t('filters.expires.keep')}</option>}
            {EXPIRY_CHOICES.map(([seconds, label]) => (
              <option key={String(seconds)} value={String(seconds)}>
                {t(label)}
              </option>
            ))}
          </select>
        )}
      </Field>

      {save.isError && <ErrorMessage error={save.error} />}
      <div className="form__actions">
        <ButtonLink to="/filters" variant="secondary">
          <Msg id="filters.cancel" />
        </ButtonLink>
        <Button type="submit" busy={save.isPending}>
          <Msg id={saved ? 'common.save' : 'filters.create'} />
        </Button>
      </div>
    </form>
  );
}
