import { createContext, useContext } from 'react';
import type { InitialState } from '@palchat/api';

export const InitialStateContext = createContext<InitialState | null>(null);

export function useInitialState(): InitialState {
  const state = useContext(InitialStateContext);
  if (!state) throw new Error('useInitialState outside <InitialStateContext>');
  return state;
}
