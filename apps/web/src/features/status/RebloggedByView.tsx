import { StatusAccounts } from './StatusAccounts';

export const RebloggedByView = () => <StatusAccounts relation="reblogged_by" />;
