import { useSearchParams } from 'react-router';

/** Only in builds made with VITE_E2E=1: throws while rendering so that the error views can be tested. */
export function E2ECrashView() {
  const [params] = useSearchParams();
  const error = new Error('Deliberate crash for the end-to-end tests');
  if (params.get('name')) error.name = params.get('name') ?? 'Error';
  throw error;
}
