import type { List, RepliesPolicy } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { useList } from './use-list';
import { lists, type ListSettings } from './api';
import { listKeys } from './query-keys';

export function ListEditView() {
  const t = useT();
  const { id } = useParams();
  const list = useList(id);
  const title = id ? t('column.edit_list') : t('column.new_list');
  return (
    <RequireSignIn icon="list" title={title}>
      <Column label={title}>
        <ColumnHeader icon="list" title={title} showBack />
        <ColumnBody padded>
          {id && list.isPending ? (
            <LoadingIndicator />
          ) : id && list.isError ? (
            <ErrorMessage error={list.error} />
          ) : (
            <ListForm key={list.data?.id ?? 'new'} list={list.data} />
          )}
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}

function ListForm({ list }: { list: List | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [title, setTitle] = useState(list?.title ?? '');
  const [repliesPolicy, setRepliesPolicy] = useState<RepliesPolicy>(list?.replies_policy ?? 'list');
  const [exclusive, setExclusive] = useState(list?.exclusive ?? false);
  const [asking, setAsking] = useState(false);
  const save = useMutation({
    mutationFn: (settings: ListSettings) => (list ? lists.update(list.id, settings) : lists.create(settings)),
    onSuccess: async (saved) => {
      client.setQueryData(listKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: queryKeys.lists });
      await navigate(list ? `/lists/${saved.id}` : `/lists/${saved.id}/members`);
    },
  });
  const remove = useMutation({
    mutationFn: () => lists.remove(list?.id ?? ''),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.lists });
      await navigate('/lists');
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ title: title.trim(), replies_policy: repliesPolicy, exclusive });
  }
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span className="field__label">
          <Msg id="lists.title_label" />
        </span>
        <input
          dir="auto"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          maxLength={100}
        />
      </label>
      <label className="field">
        <span className="field__label">
          <Msg id="lists.replies_policy" />
        </span>
        <select
          value={repliesPolicy}
          onChange={(event) => setRepliesPolicy(event.target.value as RepliesPolicy)}
        >
          <option value="list">{t('lists.replies_policy.list')}</option>
          <option value="followed">{t('lists.replies_policy.followed')}</option>
          <option value="none">{t('lists.replies_policy.none')}</option>
        </select>
      </label>
      <label className="checkbox-field">
        <input type="checkbox" checked={exclusive} onChange={(event) => setExclusive(event.target.checked)} />
        <span>
          <strong>
            <Msg id="lists.exclusive" />
          </strong>
          <span className="field__hint">
            <Msg id="lists.exclusive_hint" />
          </span>
        </span>
      </label>
      {save.isError && <ErrorMessage error={save.error} />}
      {remove.isError && <ErrorMessage error={remove.error} />}
      <div className="form__actions">
        {list && (
          <>
            <ButtonLink to={`/lists/${list.id}/members`} variant="secondary">
              <Msg id="lists.manage_members" />
            </ButtonLink>
            <Button variant="danger" busy={remove.isPending} onClick={() => setAsking(true)}>
              <Msg id="lists.delete" />
            </Button>
            {asking && (
              <ConfirmDialog
                title={t('lists.delete_confirm_title')}
                confirmLabel={t('lists.delete')}
                onClose={() => setAsking(false)}
                onConfirm={() => remove.mutate()}
              >
                {t('lists.delete_confirm', { title: list.title })}
              </ConfirmDialog>
            )}
          </>
        )}
        <Button type="submit" busy={save.isPending} disabled={title.trim() === ''}>
          {list ? <Msg id="common.save" /> : <Msg id="lists.create" />}
        </Button>
      </div>
    </form>
  );
}
