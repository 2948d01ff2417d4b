import { Permission } from '@palchat/api';
import type { ReactNode } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import type { IconName } from '../../components/icons';

/** Whether `permissions` hold `flag` (administrators hold every permission). */
export function hasPermission(permissions: number, flag: number): boolean {
  return (permissions & (Permission.administrator | flag)) !== 0;
}

/** Moderation and administration columns, shown only with the matching permission (SPEC §6). */
export function Gate({
  flag,
  icon,
  title,
  children,
}: {
  flag: number;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  const { identity } = useInitialState();
  return (
    <Column label={title}>
      <ColumnHeader icon={icon} title={title} showBack />
      {identity.signedIn && hasPermission(identity.permissions, flag) ? (
        children
      ) : (
        <ColumnBody padded>
          <div className="error-view" data-testid="forbidden">
            <h2>
              <Msg id="forbidden.heading" />
            </h2>
            <p>
              <Msg id="forbidden.body" />
            </p>
          </div>
        </ColumnBody>
      )}
    </Column>
  );
}
