import './settings.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedDate } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Field } from '../../components/Field';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import {
  migrationErrorMessage,
  useAddAlias,
  useAliases,
  useMigration,
  useMove,
  useRemoveAlias,
} from './migration-api';

/** A refusal in the catalogue's words when the server names it, else as the server says it. */
function MigrationError({ error }: { error: unknown }) {
  const t = useT();
  const known = migrationErrorMessage(error);
  return <ErrorMessage error={known ? t(known) : error} />;
}

/** A titled part of the page, named by its heading for assistive technology. */
function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <div className="settings-section__head">
        <h2 id={id}>{title}</h2>
      </div>
      <p className="field__hint settings-section__hint">{hint}</p>
      {children}
    </section>
  );
}

/** "Moving from a different account": the old accounts this one names in its alsoKnownAs. */
/** The `username@domain` of another account, typed in full. */
function HandleField(props: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <Field label={props.label} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('migration.handle_placeholder')}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function AliasesSection() {
  const t = useT();
  const aliases = useAliases();
  const add = useAddAlias();
  const remove = useRemoveAlias();
  const [handle, setHandle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(handle.trim(), { onSuccess: () => setHandle('') });
  };
  return (
    <Section title={t('migration.aliases')} hint={t('migration.aliases_hint')}>
      {aliases.isPending && <LoadingIndicator inline />}
      {aliases.isError && <ErrorMessage error={aliases.error} onRetry={() => void aliases.refetch()} />}
      {aliases.data &&
        (aliases.data.aliases.length === 0 ? (
          <p className="migration__empty">{t('migration.aliases_empty')}</p>
        ) : (
          <ul className="migration__aliases">
            {aliases.data.aliases.map((alias) => (
              <li key={alias.uri}>
                <span>{alias.acct ? `@${alias.acct}` : alias.uri}</span>
                <Button
                  variant="secondary"
                  busy={remove.isPending && remove.variables === alias.uri}
                  onClick={() => remove.mutate(alias.uri)}
                  aria-label={t('migration.alias_remove', { acct: alias.acct ?? alias.uri })}
                >
                  <Msg id="migration.remove" />
                </Button>
              </li>
            ))}
          </ul>
        ))}
      {remove.isError && <MigrationError error={remove.error} />}
      <form className="settings-fields" onSubmit={submit}>
        <HandleField
          label={t('migration.alias_handle')}
          hint={t('migration.handle_hint')}
          value={handle}
          onChange={setHandle}
        />
        <div>
          <Button type="submit" busy={add.isPending} disabled={!handle.trim()}>
            <Msg id="migration.alias_add" />
          </Button>
        </div>
        {add.isError && <MigrationError error={add.error} />}
      </form>
    </Section>
  );
}

/** "Moving to a different account": the form, the cool-down, and the redirect once moved. */
function MoveSection() {
  const t = useT();
  const { identity, server } = useInitialState();
  const state = useMigration();
  const move = useMove();
  const [handle, setHandle] = useState('');
  const [password, setPassword] = useState('');
  // the whole page changes once the account moved (or stops being moved): read it again from the server
  const reload = () => window.location.assign('/settings/migration');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate({ acct: handle.trim(), current_password: password }, { onSuccess: reload });
  };
  const movedTo = state.data?.moved_to;
  const cooldown = state.data?.cooldown_until;
  return (
    <Section title={t('migration.move')} hint={t('migration.move_hint')}>
      {state.isPending && <LoadingIndicator inline />}
      {state.isError && <ErrorMessage error={state.error} onRetry={() => void state.refetch()} />}
      {movedTo && (
        <div className="migration__moved" role="status">
          <p>
            <Msg id="migration.redirected" />
          </p>
          <AccountRow
            account={movedTo}
            actions={
              <Button
                variant="secondary"
                busy={move.isPending}
                onClick={() => move.mutate(null, { onSuccess: reload })}
              >
                <Msg id="migration.cancel" />
              </Button>
            }
          />
        </div>
      )}
      {cooldown && (
        <p className="migration__cooldown">
          <Msg
            id="migration.cooldown"
            values={{ date: <FormattedDate value={cooldown} dateStyle="long" timeStyle="short" /> }}
          />
        </p>
      )}
      {state.data && !cooldown && (
        <form className="settings-fields" onSubmit={submit}>
          <HandleField
            label={t('migration.move_handle')}
            hint={t('migration.move_handle_hint', { acct: `${identity.username ?? ''}@${server.domain}` })}
            value={handle}
            onChange={setHandle}
          />
          <Field label={t('migration.current_password')}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <div>
            <Button
              type="submit"
              variant="danger"
              busy={move.isPending}
              disabled={!handle.trim() || !password}
            >
              <Msg id="migration.move_submit" />
            </Button>
          </div>
        </form>
      )}
      {move.isError && <MigrationError error={move.error} />}
    </Section>
  );
}

/** /settings/migration: Mastodon's aliases and account migration settings, on one page. */
export function MigrationView() {
  const t = useT();
  return (
    <RequireSignIn icon="tune" title={t('migration.title')}>
      <Column label={t('migration.title')}>
        <ColumnHeader icon="tune" title={t('migration.title')} showBack />
        <ColumnBody padded>
          <div className="preferences">
            <MoveSection />
            <AliasesSection />
          </div>
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}
