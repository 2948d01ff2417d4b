import { StatusAccounts } from './StatusAccounts';

export const FavouritedByView = () => <StatusAccounts relation="favourited_by" />;
