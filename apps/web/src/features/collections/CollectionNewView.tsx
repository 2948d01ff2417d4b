import './collections.css';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage } from '../../components/States';
import { collections } from './api';
import { collectionKeys } from './query-keys';

/** `/collections/new`: name, description, sensitive, listed (Mastodon's Collection fields). */
export function CollectionNewView() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [sensitive, setSensitive] = useState(false);
  const [discoverable, setDiscoverable] = useState(true);
  const create = useMutation({
    mutationFn: () =>
      collections.create({
        name: name.trim(),
        description,
        sensitive,
        discoverable,
      }),
    onSuccess: async ({ collection }) => {
      await client.invalidateQueries({ queryKey: collectionKeys.all });
      await navigate(`/collections/${collection.id}`);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  const title = t('collections.new');
  return (
    <RequireSignIn icon="list" title={title}>
      <Column label={title}>
        <ColumnHeader icon="list" title={title} showBack />
        <ColumnBody padded>
          <form className="form" onSubmit={submit}>
            <label className="field">
              <span className="field__label">
                <Msg id="collections.name_label" />
              </span>
              <input
                dir="auto"
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                maxLength={COLLECTION_NAME_MAX}
              />
            </label>
            <label className="field">
              <span className="field__label">
                <Msg id="collections.description_label" />
              </span>
              <textarea
                dir="auto"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={COLLECTION_DESCRIPTION_MAX}
              />
            </label>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={sensitive}
                onChange={(event) => setSensitive(event.target.checked)}
              />
              <span>
                <Msg id="collections.sensitive" />
              </span>
            </label>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={discoverable}
                onChange={(event) => setDiscoverable(event.target.checked)}
              />
              <span>
                <strong>
                  <Msg id="collections.discoverable" />
                </strong>
                <span className="field__hint">
                  <Msg id="collections.discoverable_hint" />
                </span>
              </span>
            </label>
            {create.isError && <ErrorMessage error={create.error} />}
            <div className="form__actions">
              <Button type="submit" busy={create.isPending} disabled={name.trim() === ''}>
                <Msg id="collections.create" />
              </Button>
            </div>
          </form>
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}
