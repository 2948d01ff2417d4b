import { useParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { linkHost } from '../../components/link-host';
import { FILTER_SCOPES } from '../filters';
import { LinkHeader } from './LinkHeader';
import { Timeline } from './Timeline';

/** /links/:url: the posts that share a link, under the link's card. */
export function LinkView() {
  const t = useT();
  const { url = '' } = useParams();
  return (
    <Timeline
      timelineId={`link:${url}`}
      path="/api/v1/timelines/link"
      filterScope={FILTER_SCOPES.public}
      query={{ url }}
      icon="link"
      title={t('column.link', { host: linkHost(url) })}
      showBack
      prepend={<LinkHeader url={url} />}
      empty={<Msg id="empty.link" />}
    />
  );
}
