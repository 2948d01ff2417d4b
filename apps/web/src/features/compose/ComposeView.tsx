import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import ComposeForm from './ComposeForm';

/** /publish and /statuses/new. */
export function ComposeView() {
  const t = useT();
  return (
    <RequireSignIn icon="edit" title={t('column.compose')}>
      <Column label={t('column.compose')}>
        <ColumnHeader icon="edit" title={t('column.compose')} showBack />
        <ColumnBody padded>
          <ComposeForm autoFocus />
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}
