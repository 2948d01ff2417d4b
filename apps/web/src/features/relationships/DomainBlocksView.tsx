import { Icon } from '../../components/Icon';
import { domainBlocks } from './api';
import { RemovableItemList } from './relationship-lists';

export function DomainBlocksView() {
  return (
    <RemovableItemList<string>
      icon="block"
      title="column.domain_blocks"
      listKey="domain-blocks"
      path="/api/v1/domain_blocks"
      empty="empty.domain_blocks"
      itemKey={(domain) => domain}
      renderLabel={(domain) => (
        <span className="account-row__link">
          <Icon name="public" size={20} />
          <strong>{domain}</strong>
        </span>
      )}
      removal={(domain) => domainBlocks.remove(domain)}
      removeLabel="domain_blocks.unblock"
    />
  );
}
